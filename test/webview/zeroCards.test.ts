/**
 * Zero's own tools as cards, in real Chromium: the plan checklist drawn from exec's update_plan calls
 * (and ACP's plan updates), in place of the calls' cards.
 */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import { CHAT_ID, emptyChat, ev, eventActions, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';

const STEPS = ['Inspect the workspace layout', 'Read the README', 'Summarise the project'];
const planArgs = (...statuses: string[]) => ({ plan: STEPS.map((content, i) => ({ content, status: statuses[i] })) });
/** One update_plan call and its result, as the real Zero 0.8.0 streams them. */
const planCall = (id: string, statuses: string[], status = 'ok'): string[] => [
  ev({ type: 'tool_call', id, name: 'update_plan', args: planArgs(...statuses), sideEffect: 'read' }),
  ev({ type: 'tool_result', id, name: 'update_plan', status, output: 'Current Plan:\n…', truncated: false }),
];
const started = (transport?: 'acp'): ChatAction => ({
  type: 'turn_started',
  turnId: 'turn-1',
  prompt: 'Plan the work',
  origin: 'prompt',
  at: T_START,
  ...(transport ? { transport } : {}),
});

describe('Zero tool cards: the plan checklist', () => {
  let chat: ChatPage;
  useChatPage((c) => (chat = c));

  /** Sends actions as the host batches them; returns what the live region said after each batch. */
  const said: string[] = [];
  const send = async (actions: ChatAction[]): Promise<void> => {
    await chat.send({ type: 'actions', chatId: CHAT_ID, actions });
    const text = (await chat.page.getByRole('status').textContent()) ?? '';
    if (text && text !== said.at(-1)) said.push(text);
  };
  beforeEach(() => (said.length = 0));
  const heard = (words: string): boolean => said.some((s) => s.includes(words));

  it('exec: one checklist per turn, updated in place, with no update_plan card beside it; each change is spoken', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await send([started()]);
    await send(eventActions([ev({ type: 'run_start', sessionId: 's1' }), ev({ type: 'text', delta: 'Planning.' })]));
    await send(eventActions(planCall('c1', ['completed', 'in_progress', 'pending'])));
    const plan = chat.page.getByRole('group', { name: /^Plan/ });
    assert.equal(await plan.getAttribute('aria-label'), 'Plan, 1 of 3 done');
    assert.deepEqual(await chat.page.locator('.plan-entry').allInnerTexts(), [
      'done Inspect the workspace layout',
      'in progress Read the README',
      'to do Summarise the project',
    ]);
    const first = await plan.elementHandle();
    await send(eventActions([ev({ type: 'text', delta: 'Updating.' })]));
    await send(eventActions(planCall('c2', ['completed', 'completed', 'in_progress'])));
    await send(eventActions(planCall('c3', ['completed', 'completed', 'completed'])));
    // The same element, updated: one checklist for the turn.
    assert.equal(await chat.page.locator('.plan-card').count(), 1);
    assert.ok(await first!.evaluate((el) => el.isConnected), 'the checklist was updated in place');
    assert.equal(await plan.getAttribute('aria-label'), 'Plan, 3 of 3 done');
    assert.deepEqual(
      await chat.page.getByRole('listitem').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
      STEPS.map((s, i) => `Step ${i + 1} of 3, done: ${s}`),
    );
    // No update_plan card is drawn: nothing a user or a screen reader reaches.
    assert.equal(await chat.page.locator('.tool-card:visible').count(), 0);
    assert.equal(await chat.page.getByRole('group', { name: /update_plan/ }).count(), 0);
    assert.equal(await chat.page.locator('.tool-name:visible', { hasText: 'update_plan' }).count(), 0);
    assert.ok(
      heard(
        'Plan, 3 steps, 1 of 3 done. Step 1 of 3, done: Inspect the workspace layout. Step 2 of 3, in progress: Read the README. Step 3 of 3, to do: Summarise the project',
      ),
      said.join(' | '),
    );
    assert.ok(
      heard('Plan: Step 2 of 3, done: Read the README. Step 3 of 3, in progress: Summarise the project. 2 of 3 done.'),
      said.join(' | '),
    );
    assert.ok(heard('Plan: Step 3 of 3, done: Summarise the project. 3 of 3 done.'), said.join(' | '));
  });

  it('exec: a call Zero refused keeps its card (the error) and the checklist as Zero kept it', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await send([started()]);
    await send(eventActions([ev({ type: 'run_start', sessionId: 's1' })]));
    await send(eventActions(planCall('c1', ['in_progress', 'pending', 'pending'])));
    await send(
      eventActions([
        ev({ type: 'tool_call', id: 'c2', name: 'update_plan', args: { plan: 'not a list' } }),
        ev({
          type: 'tool_result',
          id: 'c2',
          name: 'update_plan',
          status: 'error',
          output: 'Error: Invalid arguments for update_plan: plan must be an array',
        }),
      ]),
    );
    await send(eventActions(planCall('c3', ['completed', 'failed', 'in_progress'], 'error')));
    assert.deepEqual(
      await chat.page.locator('.tool-card:visible .tool-name').allInnerTexts(),
      ['update_plan', 'update_plan'],
      'the two refused calls are drawn',
    );
    assert.deepEqual(await chat.page.locator('.plan-entry .plan-status').allInnerTexts(), [
      'in progress',
      'to do',
      'to do',
    ]);
  });

  it("exec: a failed step says failed; ACP: Zero's plan updates draw it and the update_plan card is not drawn", async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await send([started()]);
    await send(eventActions(planCall('c1', ['completed', 'failed', 'in_progress'])));
    assert.deepEqual(await chat.page.locator('.plan-entry .plan-status').allInnerTexts(), [
      'done',
      'failed',
      'in progress',
    ]);

    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await send([started('acp')]);
    await send(eventActions(planCall('c1', ['completed', 'in_progress', 'pending'])));
    await send([
      {
        type: 'acp_plan',
        entries: STEPS.map((content, i) => ({
          content,
          priority: 'medium',
          status: ['completed', 'in_progress', 'pending'][i]!,
        })),
      },
    ]);
    assert.equal(await chat.page.locator('.plan-card').count(), 1);
    assert.equal(await chat.page.locator('.tool-card:visible').count(), 0, 'no update_plan card beside the checklist');
    assert.deepEqual(await chat.page.locator('.plan-entry .plan-status').allInnerTexts(), [
      'done',
      'in progress',
      'to do',
    ]);
  });
});

const QUESTION = {
  question: 'Which format should the report use?',
  header: 'Format',
  options: ['Markdown', 'Plain text', 'JSON'],
  optionDescriptions: ['Headings and lists', 'No markup at all', 'For other programs'],
  recommended: 'Markdown',
};
/** Zero 0.8.0's own answer to ask_user when nobody can answer (exec and ACP alike). */
const ZERO_ANSWER =
  'No interactive user is available to answer questions. Proceed with your best assumption, explicitly stating the assumptions you are making.';
const askCall = (args: unknown, output = ZERO_ANSWER): string[] => [
  ev({ type: 'tool_call', id: 'q1', name: 'ask_user', args, sideEffect: 'read' }),
  ev({ type: 'tool_result', id: 'q1', name: 'ask_user', status: 'ok', output, truncated: false }),
];

describe("Zero tool cards: the model's questions (ask_user)", () => {
  let chat: ChatPage;
  useChatPage((c) => (chat = c));

  const show = async (args: unknown, transport?: 'acp', readOnly = false): Promise<void> => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { readOnly }) });
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [started(transport), ...eventActions([ev({ type: 'run_start', sessionId: 's1' }), ...askCall(args)])],
    });
  };
  const card = () => chat.page.getByRole('region', { name: /^Zero asks/ });
  const sent = async (): Promise<string[]> => (await chat.posted()).flatMap((m) => (m.type === 'send' ? [m.text] : []));

  it('shows the question, its header and options as buttons, the recommended one marked, and says Zero answered itself', async () => {
    await show({ questions: [QUESTION] });
    await card().waitFor();
    assert.equal(await card().getAttribute('aria-label'), 'Zero asks: Which format should the report use?');
    assert.match(await card().innerText(), /FORMAT\s+Which format should the report use\?/i);
    const group = card().getByRole('group', { name: 'Which format should the report use?' });
    assert.deepEqual(
      await group
        .getByRole('button')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent)),
      [
        'Markdown (recommended): Headings and lists',
        'Plain text: No markup at all',
        'JSON: For other programs',
        'Send',
      ],
    );
    assert.equal(await card().locator('.ask-option.recommended .ask-recommended').innerText(), 'recommended');
    const note = await card().locator('.ask-status').innerText();
    assert.match(note, /runs without an interactive user here \(zero exec\), so it answered this itself/);
    assert.match(note, /No interactive user is available/);
    assert.doesNotMatch(note, /waiting for your answer/i);
    // Not drawn as a tool card.
    assert.equal(await chat.page.locator('.tool-card').count(), 0);
  });

  it('a click sends the option as the next message, quoted with its question; then the card says it was sent', async () => {
    await show({ questions: [QUESTION] });
    await chat.clearPosted();
    await card()
      .getByRole('button', { name: /^Plain text/ })
      .click();
    assert.deepEqual(await sent(), ['> Which format should the report use?\n\nPlain text']);
    assert.ok(
      await card()
        .getByRole('button', { name: /^Markdown/ })
        .isDisabled(),
      'answered once',
    );
    assert.match(await card().locator('.ask-status').innerText(), /sent to Zero as your next message/);
    assert.equal(await chat.page.evaluate(() => document.activeElement?.className), 'ask-status muted');
    await card().getByRole('button', { name: /^JSON/ }).click({ force: true });
    assert.equal((await sent()).length, 1, 'a second click sends nothing');
    assert.match((await chat.page.getByRole('status').textContent()) ?? '', /Answer sent to Zero/);
  });

  it('an answer of your own: typed, then Enter', async () => {
    await show({ questions: [QUESTION] });
    await chat.clearPosted();
    const box = card().getByRole('textbox', { name: /^Your answer to: Which format/ });
    await box.fill('CSV, with a header row');
    await box.press('Enter');
    assert.deepEqual(await sent(), ['> Which format should the report use?\n\nCSV, with a header row']);
  });

  it('several questions (one of them several choices): picks and words go together with Send Answers', async () => {
    await show({
      header: 'Two things',
      questions: [
        QUESTION,
        { question: 'Which sections?\nPick any.', options: ['Intro', 'Usage', 'API'], multiSelect: true },
        'Anything else?',
      ],
    });
    await chat.clearPosted();
    assert.match(await card().locator('.ask-head').innerText(), /Two things/);
    await card().getByRole('button', { name: /^JSON/ }).click();
    await card().getByRole('button', { name: 'Intro' }).click();
    await card().getByRole('button', { name: 'API' }).focus();
    await chat.page.keyboard.press('Enter');
    assert.equal(await card().getByRole('button', { name: 'API' }).getAttribute('aria-pressed'), 'true');
    assert.equal(
      await chat.page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'API',
      'the focus stays on the option picked with the keyboard',
    );
    assert.deepEqual(await sent(), [], 'nothing sent before Send Answers');
    await card().getByRole('button', { name: 'Send Answers' }).click();
    assert.deepEqual(await sent(), [
      '> Which format should the report use?\n\nJSON\n\n> Which sections?\n> Pick any.\n\nIntro, API',
    ]);
  });

  it('ACP says Zero passes no question to the editor; a transcript offers no answer buttons', async () => {
    await show({ questions: [QUESTION] }, 'acp');
    assert.match(await card().locator('.ask-status').innerText(), /Zero's ACP server passes no question to the editor/);
    await show({ questions: [QUESTION] }, undefined, true);
    assert.equal(await card().getByRole('button').count(), 0, 'read-only: nothing to send');
  });

  it("the model's words are text, and clamped: no markup, at most 10 questions of 10 options", async () => {
    const hostile = {
      questions: Array.from({ length: 40 }, (_, i) => ({
        question: `<img src=x onerror=alert(1)> question ${i} ${'long '.repeat(2000)}`,
        options: Array.from({ length: 50 }, (_, j) => `<b>option ${j}</b>`),
        recommended: '<b>option 3</b>',
      })),
    };
    await show(hostile);
    assert.equal(await chat.page.locator('.ask-card img, .ask-card b').count(), 0);
    assert.equal(await card().locator('.ask-question').count(), 10);
    assert.equal(await card().locator('.ask-question').first().locator('.ask-option').count(), 10);
    assert.ok((await card().locator('.ask-text').first().innerText()).length <= 2000);
    assert.equal(
      await card().locator('.ask-question').first().locator('.recommended').innerText(),
      '<b>option 3</b>\nrecommended',
    );
  });
});

describe('Zero tool cards: full output of a cut result', () => {
  let chat: ChatPage;
  useChatPage((c) => (chat = c));
  const SPILL = '/tmp/zero-tool-output-1000/exec_command-1300091352.txt';
  const STREAMED =
    `output:\n${Array.from({ length: 2500 }, (_, i) => i + 1).join('\n')}`.slice(0, 10240) + '\n[truncated]';
  const show = async (result: Record<string, unknown>, transport?: 'acp'): Promise<void> => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        started(transport),
        ...eventActions([
          ev({ type: 'run_start', sessionId: 's1' }),
          ev({ type: 'tool_call', id: 'c1', name: 'exec_command', args: { cmd: 'seq 1 12000' }, sideEffect: 'shell' }),
          ev({ type: 'tool_result', id: 'c1', name: 'exec_command', status: 'ok', ...result }),
        ]),
      ],
    });
    await chat.page.locator('.tool-card summary').click();
  };

  it('says how much Zero cut and how much the card shows; Open Full Output asks the host for that call, never a path', async () => {
    await show({
      output: STREAMED,
      truncated: true,
      meta: { truncated: 'true', raw_bytes: '60914', output_budget_retained_bytes: '40000', spill_path: SPILL },
    });
    const card = chat.page.locator('.tool-card');
    assert.equal(await card.locator('.badge.truncated').count(), 1);
    assert.equal(
      await card.locator('.tool-cut-words').innerText(),
      'Zero cut this output: the tool produced 60,914 bytes and the model got 40,000 of them. This card shows the first 10,240 bytes.',
    );
    await chat.clearPosted();
    const open = card.getByRole('button', { name: 'Open full output of exec_command' });
    assert.match((await open.getAttribute('title'))!, /\/tmp\/zero-tool-output-1000\/exec_command-1300091352\.txt/);
    await open.click();
    assert.deepEqual(await chat.posted(), [{ type: 'openToolOutput', turnId: 'turn-1', key: 'c1' }]);
  });

  it('only the stream copy cut: Zero kept it all; nothing cut: no note; ACP: no sizes, and it says so', async () => {
    await show({ output: STREAMED, truncated: true, meta: { output_budget_original_bytes: '15000' } });
    assert.equal(
      await chat.page.locator('.tool-cut-words').innerText(),
      'This card shows the first 10,240 bytes of 15,000 bytes; Zero kept the whole output in its session.',
    );
    await show({ output: 'zero-shell-ok', truncated: false, meta: { output_budget_original_bytes: '13' } });
    assert.equal(await chat.page.locator('.tool-cut').count(), 0);
    assert.equal(await chat.page.locator('.badge.truncated').count(), 0);
    await show(
      {
        output: `output:\n1\n12000\nexit_code: 0\n[zero] full output received by budgeting layer saved to ${SPILL} (grep or read_file it instead of re-running)`,
      },
      'acp',
    );
    assert.match(
      await chat.page.locator('.tool-cut-words').innerText(),
      /said no sizes \(over ACP, Zero reports none\)/,
    );
    assert.equal(await chat.page.getByRole('button', { name: 'Open full output of exec_command' }).count(), 1);
  });
});

describe('Zero tool cards: a call to an MCP server', () => {
  let chat: ChatPage;
  useChatPage((c) => (chat = c));
  const call = ev({
    type: 'tool_call',
    id: 'm1',
    name: 'mcp_local_echo',
    args: { text: 'test MCP round trip' },
    sideEffect: 'network',
  });

  it('names the server and the tool from the result, with the arguments and the result', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await chat.send({ type: 'actions', chatId: CHAT_ID, actions: [started(), ...eventActions([call])] });
    const card = chat.page.locator('.tool-card');
    // Before the result: only Zero's prefixed name, marked MCP (a server name may hold "_": not split).
    assert.equal(await card.locator('.tool-name').innerText(), 'mcp_local_echo');
    assert.equal(await card.locator('.badge.mcp').innerText(), 'MCP');
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: eventActions([
        ev({
          type: 'tool_result',
          id: 'm1',
          name: 'mcp_local_echo',
          status: 'ok',
          output: 'echo: test MCP round trip\nECHO-OK',
          truncated: false,
          meta: { 'mcp.server': 'local', 'mcp.tool': 'echo', 'mcp.identity': '33d92a0126225082d516b8c0aa9b509d' },
        }),
      ]),
    });
    assert.equal(await card.locator('.tool-name').innerText(), 'echo');
    assert.equal(await card.locator('.badge.mcp').innerText(), 'MCP local');
    assert.equal(
      await card.getAttribute('aria-label'),
      'Tool call MCP tool echo on server local {"text":"test MCP round trip"}, network: ok',
    );
    await card.locator('summary').click();
    assert.equal(await card.locator('.tool-mcp').innerText(), 'MCP server local, tool echo');
    assert.match(await card.locator('.tool-json').innerText(), /"text": "test MCP round trip"/);
    assert.equal(await card.locator('.tool-output').innerText(), 'echo: test MCP round trip\nECHO-OK');
  });

  it("the server's words are text, cleaned of controls and direction overrides", async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        started(),
        ...eventActions([
          call,
          ev({
            type: 'tool_result',
            id: 'm1',
            status: 'ok',
            output: '<img src=x onerror=alert(1)>',
            meta: { 'mcp.server': '<b>lo\u202ecal</b>', 'mcp.tool': 'ec\u0000ho' },
          }),
        ]),
      ],
    });
    const card = chat.page.locator('.tool-card');
    assert.equal(await card.locator('.badge.mcp').innerText(), 'MCP <b>local</b>');
    assert.equal(await card.locator('.tool-name').innerText(), 'echo');
    assert.equal(await chat.page.locator('.tool-card img, .tool-card b').count(), 0);
  });
});
