// Accessibility in a real VS Code: an independent checker (axe-core, WCAG 2.1 A and AA rules) runs
// inside the chat webview after a turn that draws every kind of card — reasoning, tool calls (one
// with a changed file), a permission request (waiting, then denied), a code block and an error — in
// each of VS Code's built-in default themes (the four current ones and Light+/Dark+). And the whole
// flow by keyboard alone. On both transports: exec asks in a modal, ACP in a quick pick with Zero's
// own choices.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator } from 'playwright-core';
import {
  acpDialog,
  CHAT_WEBVIEW_IFRAME,
  chatWebviewFrame,
  describeViolations,
  escapeDialog,
  FAKE_ZERO,
  E2E_DIR,
  modalDialog,
  openZeroView,
  runAxe,
  runCommand,
  seriousViolations,
  useVSCode,
} from '../lib';
import { describeEachTransport } from '../lib/transports';
import {
  eventually,
  messageBox,
  setSideBarWidth,
  turnStatus,
  turnWithPrompt,
  turns,
  typeAndSend,
} from '../lib/userFlows';

/** `sideBar`: the theme's side bar colour, which tells the webview's variables have arrived. */
const THEMES = [
  { name: 'Default Light Modern', bodyClass: 'vscode-light', sideBar: '#f8f8f8' },
  { name: 'Default Dark Modern', bodyClass: 'vscode-dark', sideBar: '#181818' },
  { name: 'Default High Contrast', bodyClass: 'vscode-high-contrast', sideBar: '#000000' },
  { name: 'Default High Contrast Light', bodyClass: 'vscode-high-contrast-light', sideBar: '#ffffff' },
  // The pre-2023 defaults, still offered and still used.
  { name: 'Default Light+', bodyClass: 'vscode-light', sideBar: '#f3f3f3' },
  { name: 'Default Dark+', bodyClass: 'vscode-dark', sideBar: '#252526' },
] as const;

interface Focused {
  readonly tag: string;
  readonly cls: string;
  readonly text: string;
  /** The computed outline style ('none' when focus would be invisible). */
  readonly outline: string;
}

// A string: tsx would wrap a function in helpers the webview does not have.
const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!document.hasFocus() || !el || el === document.body) return null;
  return { tag: el.tagName, cls: el.className || '', text: (el.textContent || '').trim(), outline: getComputedStyle(el).outlineStyle };
})()`;

const SIDEBAR_COLOUR = `getComputedStyle(document.documentElement).getPropertyValue('--vscode-sideBar-background').trim()`;

const README = '# Demo project\n\nA tiny project for the accessibility tests.\n';
const PROMPT = 'scenario:a11y Tidy up the notes';

describeEachTransport('Accessibility: WCAG 2.1 AA in every built-in theme', (transport) => {
  const vs = useVSCode({
    name: `ui-a11y-${transport}`,
    settings: { 'zero.path': FAKE_ZERO, 'zero.transport': transport, 'workbench.colorTheme': 'Default Dark Modern' },
    env: { FAKE_ZERO_SCENARIO: undefined, FAKE_ZERO_DELAY_MS: undefined },
    workspaceFiles: { 'README.md': README },
  });
  /** Where the refused web_fetch asks: a modal on exec, a quick pick on ACP. */
  const approval = () => (transport === 'acp' ? acpDialog(vs.page, 'web_fetch') : modalDialog(vs.page));
  /** What the card says once Escape has answered: exec denies; ACP picks Zero's reject option. */
  const refused = transport === 'acp' ? 'You chose: Reject' : 'You denied this';

  /** Switches the colour theme and waits until the webview has its class and its colours. */
  async function useTheme(chat: FrameLocator, theme: (typeof THEMES)[number]): Promise<void> {
    vs.server.updateSettings({ 'workbench.colorTheme': theme.name });
    await chat.locator(`body.${theme.bodyClass}`).waitFor({ timeout: 30_000 });
    const sideBar = async () =>
      ((await (await chatWebviewFrame(vs.page)).evaluate(SIDEBAR_COLOUR)) as string).toLowerCase();
    await eventually(async () => (await sideBar()) === theme.sideBar, `the webview has the colours of ${theme.name}`);
  }

  /** Runs axe; returns a report of the serious and critical violations ('' when there are none). */
  async function check(what: string): Promise<string> {
    const violations = await runAxe(await chatWebviewFrame(vs.page));
    if (violations.length)
      console.log(`      axe (${what}): ${violations.length} violation(s)\n${describeViolations(violations)}`);
    const serious = seriousViolations(violations);
    return serious.length ? `${what}:\n${describeViolations(serious)}\n` : '';
  }

  /** What has the keyboard focus in the chat view (null: the focus is not in the view). */
  async function focused(): Promise<Focused | null> {
    if ((await vs.page.locator(CHAT_WEBVIEW_IFRAME).count()) === 0) return null;
    const frame = await chatWebviewFrame(vs.page, 5_000);
    return (await frame.evaluate(FOCUSED)) as Focused | null;
  }

  /** Presses `key` until the focus is on what `match` accepts; returns it. */
  async function pressUntil(key: string, match: (f: Focused) => boolean, what: string, max = 60): Promise<Focused> {
    const seen: string[] = [];
    for (let i = 0; i < max; i++) {
      await vs.page.keyboard.press(key);
      const f = await focused();
      seen.push(
        f ? `${f.tag}${f.cls ? `.${f.cls.split(' ').join('.')}` : ''} "${f.text.slice(0, 30)}"` : '(outside the view)',
      );
      if (f && match(f)) return f;
    }
    throw new Error(`${key} never reached ${what}; the focus went:\n  ${seen.join('\n  ')}`);
  }

  /** "Zero: Focus Chat" by its key, Ctrl+Alt+Z: the view opens with the cursor in the message box. */
  async function focusComposerByKey(): Promise<void> {
    // Right after start-up the extension's keybindings may not be registered yet: press again.
    for (let attempt = 1; attempt <= 6; attempt++) {
      await vs.page.keyboard.press('Control+Alt+KeyZ');
      const inBox = await eventually(
        async () => (await focused().catch(() => null))?.tag === 'TEXTAREA',
        'the focus in the message box',
        8_000,
      ).catch(() => false);
      if (inBox) return;
    }
    throw new Error('Ctrl+Alt+Z did not put the focus in the message box');
  }

  it('works by keyboard alone: send, open a tool card, copy code, open history', async function () {
    // No mouse from here on: keys only (reading the page to check is fine).
    await vs.page.keyboard.press('Escape'); // whatever the workbench had open
    await focusComposerByKey();
    const chat = vs.chat();
    if ((await turns(chat).count()) > 0) {
      // A retry: start again from an empty chat (the palette is keys too).
      await runCommand(vs.page, 'Zero: New Chat');
      await eventually(async () => (await turns(chat).count()) === 0, 'the new chat is empty');
      await focusComposerByKey();
    }
    await vs.page.keyboard.type('scenario:echo Say hello');
    await vs.page.keyboard.press('Enter');
    await turnStatus(turnWithPrompt(chat, 'Say hello')).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    assert.equal(await messageBox(chat).inputValue(), '', 'Enter sent the message');
    assert.equal((await focused())?.tag, 'TEXTAREA', 'after sending, the focus stays in the message box');

    await vs.page.keyboard.type(PROMPT);
    await vs.page.keyboard.press('Enter');
    const turn = turnWithPrompt(chat, 'Tidy up the notes');

    // The approval dialog takes the focus; Esc answers it (Deny), and the focus comes back to the box.
    await escapeDialog(vs.page, approval());
    await turnStatus(turn).waitFor({ timeout: 60_000 });
    await turn.locator('.permission-card .approval-state', { hasText: refused }).waitFor();
    await eventually(
      async () => (await focused().catch(() => null))?.tag === 'TEXTAREA',
      'after the dialog the focus is back in the message box',
      15_000,
    );

    // Back through the transcript to the read_file card; Enter opens it.
    const toolSummary = await pressUntil(
      'Shift+Tab',
      (f) => f.tag === 'SUMMARY' && f.text.includes('read_file'),
      'the read_file card',
    );
    assert.notEqual(toolSummary.outline, 'none', 'the focused card title has a visible focus outline');
    await vs.page.keyboard.press('Enter');
    const card = turn.locator('details.tool-card[open]', { has: chat.locator('.tool-name', { hasText: 'read_file' }) });
    await card
      .locator('.tool-output', { hasText: 'A tiny project for the accessibility tests.' })
      .waitFor({ state: 'visible' });
    // Esc closes it again and leaves the focus on its title.
    await vs.page.keyboard.press('Tab');
    await vs.page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    assert.match((await focused())?.text ?? '', /read_file/, 'Esc left the focus on the card title');

    // On to the code block's Copy button; Enter copies.
    const copy = await pressUntil(
      'Tab',
      (f) => f.tag === 'BUTTON' && f.text === 'Copy',
      "the code block's Copy button",
    );
    assert.notEqual(copy.outline, 'none', 'the focused button has a visible focus outline');
    await vs.page.keyboard.press('Enter');
    await turn.locator('.code-block button', { hasText: 'Copied' }).waitFor();
    // Paste it into the message box to see what was copied.
    await focusComposerByKey();
    await vs.page.keyboard.press('Control+V');
    await eventually(
      async () => (await messageBox(chat).inputValue()).includes('return a + b; // the sum'),
      'the code is pasted in the message box',
      10_000,
    );
    await vs.page.keyboard.press('Control+A');
    await vs.page.keyboard.press('Delete');

    // Up to the header's History button; Enter opens the chat history in the workbench.
    const history = await pressUntil(
      'Shift+Tab',
      (f) => f.tag === 'BUTTON' && f.text === 'History',
      'the History button',
    );
    assert.notEqual(history.outline, 'none');
    await vs.page.keyboard.press('Enter');
    const picker = vs.page.locator('.quick-input-widget');
    await picker.waitFor({ state: 'visible', timeout: 30_000 });
    await picker
      .locator('.quick-input-list .monaco-list-row', { hasText: /Say hello.*2 turns/ })
      .first()
      .waitFor();
    console.log(`      screenshot: ${await vs.screenshot('keyboard-history')}`);
    await vs.page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden' });
  });

  for (const theme of THEMES) {
    it(`${theme.name}: no serious or critical violations with every kind of card on screen`, async function () {
      const dialog = approval();
      if (await dialog.isVisible()) await vs.page.keyboard.press('Escape'); // left open by a failed test
      const chat = await openZeroView(vs.page);
      await messageBox(chat).waitFor({ timeout: 90_000 });
      if ((await turns(chat).count()) > 0) {
        await runCommand(vs.page, 'Zero: New Chat');
        await eventually(async () => (await turns(chat).count()) === 0, 'the new chat is empty');
      }
      await useTheme(chat, theme);
      await dumpThemeVariables(theme.name);

      await typeAndSend(chat, PROMPT);
      const turn = turnWithPrompt(chat, 'Tidy up the notes');
      // The refused web_fetch asks in a modal; meanwhile its card waits for the decision.
      await dialog.waitFor({ state: 'visible', timeout: 60_000 });
      await turn.locator('.permission-card', { hasText: 'Waiting for your decision' }).waitFor({ timeout: 30_000 });
      // exec: Zero has refused the call and ended the run by now; ACP: the turn waits for the answer.
      if (transport === 'exec') await turnStatus(turn).waitFor({ timeout: 60_000 });
      let report = await check(`${theme.name}, approval waiting`);

      await escapeDialog(vs.page, dialog);
      await turn.locator('.permission-card .approval-state', { hasText: refused }).waitFor({ timeout: 30_000 });
      // exec: Zero's error event, a notice in the turn; ACP: the turn's error, under its footer.
      await turn
        .locator(transport === 'acp' ? '.turn-explanation.tone-error' : '.notice-error', {
          hasText: 'provider stream error',
        })
        .waitFor();
      await turn.locator('.code-block', { hasText: 'return a + b' }).waitFor();
      // Open what is closed, so its contents are checked too.
      const closed = turn.locator('details:not([open]) > summary');
      for (let left = 10; left > 0 && (await closed.count()) > 0; left--) await closed.first().click();
      await turn.locator('details.tool-card[open] .changed-files').waitFor();
      await setSideBarWidth(vs.page, 560);
      await vs.page.mouse.move(1000, 600); // off the sash, and no hover highlight in the picture
      await turn
        .locator('.permission-card', { hasText: 'web_fetch' })
        .evaluate((el) => el.scrollIntoView({ block: 'center' }));
      report += await check(`${theme.name}, turn ended`);
      console.log(`      screenshot: ${await vs.screenshot(theme.name)}`);
      assert.equal(report, '', `serious or critical axe violations:\n${report}`);
    });
  }

  /** What VS Code gave the webview for this theme (body classes, --vscode-* variables), for reference. */
  async function dumpThemeVariables(name: string): Promise<void> {
    const frame = await chatWebviewFrame(vs.page);
    const dump = (await frame.evaluate(
      '({ bodyClass: document.body.className, style: document.documentElement.getAttribute("style") })',
    )) as Record<string, string>;
    const dir = path.join(E2E_DIR, 'themes');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name.replace(/\W+/g, '-')}.json`), JSON.stringify(dump, null, 2));
  }
});
