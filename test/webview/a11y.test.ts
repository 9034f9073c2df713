/**
 * Accessibility of the chat view's DOM, quickly, without VS Code: axe-core (WCAG 2.1 A and AA) in
 * each default theme, with the theme variables exactly as VS Code gives them to a webview
 * (test/webview/themes, saved by the UI suite's accessibility test into .e2e/themes); keyboard
 * (Esc, focus after Send and Stop, visible focus); and what the live region says while Zero streams.
 * The real-VS-Code counterpart is test/e2e/ui/accessibility.test.ts.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { ChatAction } from '../../src/conversation/actions';
import type { ViewState } from '../../src/messages/protocol';
import { CHAT_ID, chatOf, emptyChat, ev, eventActions, runActions, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';
import { processExited } from '../support/builders';

interface Theme {
  readonly name: string;
  readonly bodyClass: string;
  readonly variables: Readonly<Record<string, string>>;
}

const THEME_DIR = path.join(__dirname, 'themes');
const THEMES: Theme[] = readdirSync(THEME_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(path.join(THEME_DIR, f), 'utf8')) as Theme);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

const MARKDOWN = [
  '## Summary',
  '',
  'See [the guide](https://example.com/guide) and `src/app.ts:12`.',
  '',
  '| file | change |',
  '|:--|--:|',
  '| `src/app.ts` | 12 lines |',
  '',
  '> Quoted note with **bold** and _emphasis_.',
  '',
  '```diff',
  '- old line',
  '+ new line',
  '```',
].join('\n');

/** A chat with every kind of item and state the view can draw. */
function everything(): ViewState {
  const t = (n: number) => `turn-${n}`;
  const actions: ChatAction[] = [
    ...runActions('every-card.jsonl', 'Tidy up the notes', t(1), 3),
    ...runActions('every-card.jsonl', 'Tidy up the notes again', t(2), 3),
    { type: 'approval_decided', turnId: t(2), key: keyOf('every-card.jsonl'), approval: 'denied' },
    ...runActions('unsafe-network-deny.jsonl', 'Check the API', t(3)),
    ...runActions('truncated-output.jsonl', 'Read the build log', t(4)),
    ...runActions('success-tools.jsonl', 'Write the notes', t(5)),
    { type: 'turn_started', turnId: t(6), prompt: 'Summarise the change', origin: 'prompt', at: T_START },
    ...eventActions([
      ev({ type: 'run_start', sessionId: 's6' }),
      ev({ type: 'text', delta: MARKDOWN }),
      ev({
        type: 'tool_call',
        id: 'ask1',
        name: 'ask_user',
        args: {
          questions: [
            { question: 'Which format?', header: 'Format', options: ['Markdown', 'JSON'], recommended: 'Markdown' },
          ],
        },
      }),
      ev({
        type: 'tool_result',
        id: 'ask1',
        name: 'ask_user',
        status: 'ok',
        output: 'No interactive user is available to answer questions.',
      }),
      ev({ type: 'warning', message: 'Context is almost full.' }),
      ev({ type: 'run_end', status: 'success', exitCode: 0 }),
    ]),
    {
      type: 'process_exited',
      code: 0,
      signal: null,
      spawnFailed: false,
      explanation: null,
      stderrTail: 'zero: note on stderr',
      at: T_START + 5000,
    },
    // A spec turn: its spec card (transcript/specCard.ts).
    {
      type: 'turn_started',
      turnId: t(8),
      prompt: 'Add a greeting',
      origin: 'prompt',
      at: T_START,
      composed: { text: 'Add a greeting', chips: [], images: 0, mode: 'spec' },
    },
    ...eventActions([
      ev({ type: 'run_start', sessionId: 's8' }),
      ev({
        type: 'final',
        text: 'Spec draft saved for review.',
        meta: {
          stopReason: 'spec_review_required',
          specId: '2026-12-03-add-a-greeting-file',
          specTitle: 'Add a greeting file',
          specFilePath: '/home/dev/acme-app/.zero/specs/2026-12-03-add-a-greeting-file.md',
          relativePath: '.zero/specs/2026-12-03-add-a-greeting-file.md',
          draftSessionId: 's8',
        },
      }),
      ev({ type: 'run_end', status: 'spec_review_required', exitCode: 0 }),
    ]),
    { type: 'turn_started', turnId: t(7), prompt: 'Keep going', origin: 'retry', at: T_START },
    {
      type: 'acp_plan',
      entries: [
        { content: 'Read the README', priority: 'high', status: 'completed' },
        { content: 'Write the notes', priority: 'medium', status: 'in_progress' },
        { content: 'Run the tests', priority: 'low', status: 'pending' },
      ],
    },
    ...eventActions([
      ev({ type: 'run_start', sessionId: 's7' }),
      ev({ type: 'tool_call', id: 'c9', name: 'exec_command', args: { cmd: 'npm test' }, sideEffect: 'shell' }),
    ]),
  ];
  return viewState(chatOf(actions), {
    binary: { ok: true, path: null, demo: true, problem: null },
    trusted: false,
    queued: ['Then update the README'],
    attachments: [{ id: 'a1', label: 'src/app.ts:L1-L9', languageId: 'typescript' }],
    history: [{ id: 'old', title: 'Earlier chat', updatedAt: T_START, turns: 2 }],
  });
}

function keyOf(file: string): string {
  const chat = chatOf(runActions(file, 'x'));
  const p = chat.turns[0]!.items.find((i) => i.kind === 'permission' && i.approval === 'pending');
  assert.ok(p && p.kind === 'permission', `${file} has a pending permission request`);
  return p.key;
}

async function useTheme(chat: ChatPage, theme: Theme): Promise<void> {
  // As VS Code does it: variables on <html>'s style (CSSOM, which the CSP allows), a class on <body>.
  await chat.page.evaluate(({ variables, bodyClass }) => {
    for (const [k, v] of Object.entries(variables)) document.documentElement.style.setProperty(k, v);
    document.body.className = bodyClass;
  }, theme);
}

async function axe(chat: ChatPage): Promise<Violation[]> {
  if ((await chat.page.evaluate('typeof window.axe')) !== 'object') await chat.page.evaluate(`${AXE}\n;void 0`);
  return (await chat.page
    .evaluate(`window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })
    .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })) })))`)) as Violation[];
}

function report(violations: readonly Violation[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
    )
    .join('\n');
}

describe('webview: accessibility', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));

  it('has the default themes as VS Code 1.100 gives them to a webview', () => {
    assert.deepEqual(THEMES.map((t) => t.name).sort(), [
      'Default Dark Modern',
      'Default Dark+',
      'Default High Contrast',
      'Default High Contrast Light',
      'Default Light Modern',
      'Default Light+',
    ]);
    for (const t of THEMES)
      assert.ok(t.variables['--vscode-foreground'] && t.variables['--vscode-sideBar-background'], t.name);
  });

  for (const theme of THEMES) {
    it(`${theme.name}: no serious or critical WCAG 2.1 AA violations with every card, banner and state`, async () => {
      await useTheme(chat, theme);
      await chat.send({ type: 'snapshot', state: everything() });
      assert.equal(await chat.page.locator('.plan-card .plan-entry').count(), 3, 'the plan list is drawn too');
      for (const d of await chat.page.locator('details').all())
        await d.evaluate((el) => ((el as HTMLDetailsElement).open = true));
      await chat.settle();
      const serious = (await axe(chat)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.equal(serious.length, 0, `${theme.name}:\n${report(serious)}`);

      // The CLI-problem banner and a read-only transcript, too.
      await chat.send({
        type: 'snapshot',
        state: {
          ...everything(),
          trusted: true,
          binary: { ok: false, path: null, demo: false, problem: 'zero was not found on PATH.' },
        },
      });
      await chat.send({ type: 'snapshot', state: { ...everything(), readOnly: true } });
      const more = (await axe(chat)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.equal(more.length, 0, `${theme.name}, read-only:\n${report(more)}`);
    });
  }

  it('in high contrast, focus is a focusBorder outline and cards have contrastBorder borders', async () => {
    const hc = THEMES.find((t) => t.bodyClass === 'vscode-high-contrast')!;
    await useTheme(chat, hc);
    await chat.send({ type: 'snapshot', state: everything() });
    const card = chat.page.locator('details.tool-card').first();
    const border = await card.evaluate((el) => getComputedStyle(el).borderTopColor);
    assert.equal(border, rgb(hc.variables['--vscode-contrastBorder']!), 'card border');
    await chat.page.keyboard.press('Tab'); // into the view: the header's first button
    const outline = await chat.page.evaluate(() => {
      const s = getComputedStyle(document.activeElement!);
      return { style: s.outlineStyle, color: s.outlineColor };
    });
    assert.equal(outline.style, 'solid');
    assert.equal(outline.color, rgb(hc.variables['--vscode-focusBorder']!));
  });

  it('follows the workbench and editor font sizes, and stops animating with reduced motion', async () => {
    const running = chatOf([
      { type: 'turn_started', turnId: 'turn-1', prompt: 'Run the tests', origin: 'prompt', at: T_START },
      ...eventActions([
        ev({ type: 'run_start', sessionId: 's' }),
        ev({ type: 'text', delta: 'Running:\n\n```sh\nnpm test\n```\n' }),
        ev({ type: 'tool_call', id: 'c1', name: 'exec_command', args: { cmd: 'npm test' }, sideEffect: 'shell' }),
      ]),
    ]);
    await chat.send({ type: 'snapshot', state: viewState(running) });
    const size = (selector: string) =>
      chat.page
        .locator(selector)
        .first()
        .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    await chat.page.evaluate(() => {
      document.documentElement.style.setProperty('--vscode-font-size', '20px');
      document.documentElement.style.setProperty('--vscode-editor-font-size', '22px');
    });
    assert.equal(await size('.user-message .prompt'), 20, 'text follows --vscode-font-size');
    assert.ok((await size('.tool-card')) > 16, 'smaller text scales with it too');
    assert.equal(await size('.code-block code'), 22, 'code follows --vscode-editor-font-size');

    const spinner = chat.page.locator('.status-running .tool-status-icon');
    const animation = () => spinner.evaluate((el) => getComputedStyle(el).animationName);
    assert.equal(await animation(), 'zero-spin');
    await chat.page.emulateMedia({ reducedMotion: 'reduce' });
    assert.equal(await animation(), 'none', 'prefers-reduced-motion stops the spinner');
    await chat.page.emulateMedia({ reducedMotion: 'no-preference' });
    assert.equal(await animation(), 'zero-spin');
    await chat.page.evaluate(() => document.body.classList.add('vscode-reduce-motion'));
    assert.equal(await animation(), 'none', "VS Code's workbench.reduceMotion stops it too");
  });

  it('Esc closes the open card the focus is in, then returns to the message box', async () => {
    await chat.send({
      type: 'snapshot',
      state: viewState(chatOf(runActions('every-card.jsonl', 'Tidy up the notes', 'turn-1', 3))),
    });
    const summary = chat.page.locator('details.tool-card > summary').first();
    await summary.focus();
    await chat.page.keyboard.press('Enter');
    const card = chat.page.locator('details.tool-card').first();
    assert.equal(await card.evaluate((d) => (d as HTMLDetailsElement).open), true, 'Enter opens the card');
    await chat.page.keyboard.press('Tab'); // into the card: its output
    await chat.page.keyboard.press('Escape');
    assert.equal(await card.evaluate((d) => (d as HTMLDetailsElement).open), false, 'Esc closed it');
    assert.equal(await summary.evaluate((s) => s === document.activeElement), true, 'the focus is back on its title');
    await chat.page.keyboard.press('Escape');
    assert.equal(
      await chat.page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Message Zero',
      'a second Esc goes to the message box',
    );
  });

  it('after Send or Stop by keyboard, the focus stays in the composer', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    const box = chat.page.getByRole('textbox', { name: 'Message Zero' });
    await box.fill('Explain the parser');
    await chat.page.getByRole('button', { name: 'Send' }).focus();
    await chat.page.keyboard.press('Enter');
    assert.equal(await box.evaluate((b) => b === document.activeElement), true, 'focus back in the box after Send');
    const running = chatOf([
      { type: 'turn_started', turnId: 'turn-1', prompt: 'Explain the parser', origin: 'prompt', at: T_START },
    ]);
    await chat.send({ type: 'snapshot', state: viewState(running) });
    await chat.page.getByRole('button', { name: 'Stop' }).focus();
    await chat.page.keyboard.press('Enter');
    assert.deepEqual((await chat.posted()).at(-1), { type: 'stop' });
    assert.equal(await box.evaluate((b) => b === document.activeElement), true, 'focus back in the box after Stop');
  });

  it('tells the host whether it has the focus: at start (it may have had it before its script ran), then as it moves', async () => {
    // After a dialog the host gives the focus back only to a view that said it had it.
    const focusReports = async () => (await chat.posted()).filter((m) => m.type === 'viewFocus');
    const hasFocus = await chat.page.evaluate(() => document.hasFocus());
    assert.deepEqual(await focusReports(), [{ type: 'viewFocus', focused: hasFocus }], 'said once, at start, as it is');
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await chat.clearPosted();
    await chat.page.evaluate(() => window.dispatchEvent(new Event('blur')));
    assert.deepEqual(await focusReports(), [{ type: 'viewFocus', focused: false }]);
    // Focus coming back inside the document, with no window focus event, is said too, once.
    await chat.page.getByRole('textbox', { name: 'Message Zero' }).click();
    await chat.page.getByRole('button', { name: 'Send' }).focus();
    assert.deepEqual(await focusReports(), [
      { type: 'viewFocus', focused: false },
      { type: 'viewFocus', focused: true },
    ]);
  });

  it('announces each finished block once (never per token), an approval waiting, an error and the end', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    const live = chat.page.getByRole('status');
    const said: string[] = [];
    const listen = async () => {
      const text = (await live.textContent()) ?? '';
      if (text && text !== said.at(-1)) said.push(text);
    };
    const send = async (actions: ChatAction[]) => {
      await chat.send({ type: 'actions', chatId: CHAT_ID, actions });
      await listen();
    };
    await send([{ type: 'turn_started', turnId: 'turn-1', prompt: 'Tidy up', origin: 'prompt', at: T_START }]);
    await send(eventActions([ev({ type: 'run_start', sessionId: 's' })]));
    const answer =
      '## Plan\n\nI will read the **README** first, then write [notes](notes.md).\n\n```ts\nconst x = 1;\n```\n\nDone with';
    for (const token of answer.match(/\S+\s*|\s+/g)!) await send(eventActions([ev({ type: 'text', delta: token })]));
    await send(
      eventActions([
        ev({
          type: 'tool_call',
          id: 'c1',
          name: 'web_fetch',
          args: { url: 'https://example.com/' },
          sideEffect: 'network',
        }),
      ]),
    );
    const lines = readFileSync(path.join(__dirname, '..', 'fixtures', 'transcripts', 'every-card.jsonl'), 'utf8').split(
      '\n',
    );
    const request = lines.find((l) => l.includes('"action":"prompt"'))!;
    await send(eventActions([request]));
    await send(eventActions([ev({ type: 'text', delta: ' the plan.' })]));
    await send(
      eventActions([
        ev({ type: 'error', code: 'provider_error', message: 'idle timeout', recoverable: false }),
        ev({ type: 'run_end', status: 'error', exitCode: 3 }),
      ]),
    );
    await send([processExited(3, T_START + 9000)]);
    assert.deepEqual(said, [
      'Zero is working…',
      'Plan',
      'I will read the README first, then write notes.',
      'Code block, ts. Done with', // the tool call closed the text: its unfinished tail is said
      'Zero needs your approval to use web_fetch.',
      'the plan. Error: idle timeout',
      'Zero stopped: error',
    ]);
  });
});

/** `#rrggbb` → `rgb(r, g, b)`, as getComputedStyle reports colours. */
function rgb(hex: string): string {
  const n = parseInt(hex.slice(1, 7), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
