/** ACP chats in the view: the transport switch, mode and model, the plan list, the waiting status and what ACP does not show. */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import type { ComposerState } from '../../src/messages/protocol';
import { chatOf, emptyChat, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';
import { zeroEvent } from '../support/builders';

const session: ChatAction = {
  type: 'acp_session',
  sessionId: 'zero_1',
  info: {
    modes: [
      { id: 'auto', name: 'Auto' },
      { id: 'ask', name: 'Ask' },
      { id: 'plan', name: 'Plan' },
    ],
    mode: 'auto',
    models: [
      { id: 'gpt-4.1', name: 'gpt-4.1' },
      { id: 'o3', name: 'o3' },
    ],
    model: 'gpt-4.1',
    commands: [],
  },
};
/** What the host publishes for an ACP chat before its session opens (ComposerService). */
const COMPOSER: ComposerState = {
  modes: [
    { id: 'auto', label: 'Auto', dangerous: false },
    { id: 'ask', label: 'Ask', dangerous: false },
    { id: 'plan', label: 'Plan', dangerous: false },
  ],
  models: [{ id: 'gpt-4.1', displayName: 'GPT-4.1', apiModel: 'gpt-4.1', contextWindow: 1047576 }],
  modelsProblem: null,
  currentFile: { on: false, label: null },
};
const started: ChatAction = {
  type: 'turn_started',
  turnId: 'turn-1',
  prompt: 'Fetch the page',
  origin: 'prompt',
  at: T_START,
  transport: 'acp',
};

describe('webview: ACP chats', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));

  it('a new chat offers exec | ACP; the choice is posted; the default comes from the setting', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { defaultTransport: 'acp' }) });
    const acp = chat.page.getByRole('button', { name: 'Transport: ACP' });
    assert.equal(await acp.getAttribute('aria-pressed'), 'true');
    await chat.page.getByRole('button', { name: 'Transport: exec' }).click();
    assert.deepEqual(
      (await chat.posted()).filter((m) => m.type === 'setTransport'),
      [{ type: 'setTransport', transport: 'exec' }],
    );
  });

  it('an ACP chat shows its mode and model in the header only; choosing posts them; Restricted Mode offers only plan', async () => {
    const c = chatOf([started, session, zeroEvent({ type: 'run_start', sessionId: 'zero_1' })]);
    await chat.send({ type: 'snapshot', state: viewState(c, { composer: COMPOSER }) });
    await chat.page.getByRole('combobox', { name: 'Mode for this chat' }).selectOption('plan');
    await chat.page.getByRole('combobox', { name: 'Model for this chat' }).selectOption('o3');
    const posted = (await chat.posted()).filter((m) => m.type === 'setAcpMode' || m.type === 'setAcpModel');
    assert.deepEqual(posted, [
      { type: 'setAcpMode', mode: 'plan' },
      { type: 'setAcpModel', model: 'o3' },
    ]);
    // One control per concept: the composer's per-message pickers are exec's.
    for (const name of ['Mode for the next message', 'Model for the next message'])
      assert.equal(await chat.page.getByRole('combobox', { name }).count(), 0, name);
    assert.equal((await chat.page.locator('.context-meter').innerText()).trim(), 'Context: not reported over ACP');
    await chat.send({ type: 'snapshot', state: viewState(c, { trusted: false, composer: COMPOSER }) });
    const modes = await chat.page
      .getByRole('combobox', { name: 'Mode for this chat' })
      .locator('option')
      .allTextContents();
    assert.deepEqual(modes, ['Plan']);
  });

  it("/model goes to the chat's model picker: the header's on ACP, the composer's on exec; words after /export make it a message", async () => {
    const box = chat.page.getByRole('textbox', { name: /message/i });
    const focused = (name: string) =>
      chat.page.getByRole('combobox', { name }).evaluate((el) => el === document.activeElement);
    await chat.send({
      type: 'snapshot',
      state: viewState(chatOf([started, session, zeroEvent({ type: 'run_start', sessionId: 'zero_1' })]), {
        composer: COMPOSER,
      }),
    });
    await box.fill('/model');
    await box.press('Enter');
    assert.equal(await focused('Model for this chat'), true, "ACP: the header's picker");
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    await box.fill('/model');
    await box.press('Enter');
    assert.equal(await focused('Model for the next message'), true, "exec: the composer's picker");
    await box.fill('/export this chat please');
    await box.press('Enter');
    assert.deepEqual((await chat.posted()).filter((m) => m.type === 'send' || m.type === 'exportChat').at(-1), {
      type: 'send',
      text: '/export this chat please',
    });
  });

  it("a new ACP chat offers Zero's ACP modes and the registry models before its session opens; an exec chat has none in the header", async () => {
    await chat.send({
      type: 'snapshot',
      state: viewState(emptyChat(), { defaultTransport: 'acp', composer: COMPOSER }),
    });
    const mode = chat.page.getByRole('combobox', { name: 'Mode for this chat' });
    assert.deepEqual(await mode.locator('option').allTextContents(), ["Zero's default", 'Auto', 'Ask', 'Plan']);
    assert.deepEqual(
      await chat.page.getByRole('combobox', { name: 'Model for this chat' }).locator('option').allTextContents(),
      ["Zero's default", 'GPT-4.1 (gpt-4.1)'],
    );
    await mode.selectOption('plan');
    assert.deepEqual(
      (await chat.posted()).filter((m) => m.type === 'setAcpMode'),
      [{ type: 'setAcpMode', mode: 'plan' }],
    );
    await chat.send({
      type: 'snapshot',
      state: viewState(emptyChat(), { defaultTransport: 'exec', composer: COMPOSER }),
    });
    assert.equal(await chat.page.getByRole('combobox', { name: 'Mode for this chat' }).count(), 0);
    await chat.page.getByRole('combobox', { name: 'Mode for the next message' }).waitFor();
    await chat.page.getByRole('combobox', { name: 'Model for the next message' }).waitFor();
  });

  it('a pending permission says Zero waits; the plan is a list; the footer says what ACP does not report', async () => {
    const pending = chatOf([
      started,
      session,
      zeroEvent({ type: 'run_start', sessionId: 'zero_1' }),
      zeroEvent({ type: 'tool_call', id: 't1', name: 'web_fetch', args: { url: 'https://example.com/' } }),
      {
        type: 'acp_permission',
        toolCallId: 't1',
        name: 'web_fetch',
        title: 'web_fetch https://example.com/',
        toolKind: 'fetch',
        rawInput: {},
        options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }],
      },
    ]);
    await chat.send({ type: 'snapshot', state: viewState(pending) });
    assert.match(await chat.page.locator('.run-status').innerText(), /Waiting for your approval/);
    assert.match(
      await chat.page.locator('.permission-card').innerText(),
      /Zero is waiting for your decision in the dialog/,
    );
    const done = chatOf(
      [
        { type: 'acp_permission_answered', toolCallId: 't1', approval: 'allowed-once', optionId: 'allow' },
        {
          type: 'acp_plan',
          entries: [
            { content: 'Read it', priority: 'medium', status: 'completed' },
            { content: 'Summarise', priority: 'medium', status: 'in_progress' },
          ],
        },
        zeroEvent({ type: 'text', delta: 'Done.' }),
        { type: 'acp_turn_ended', status: 'success', explanation: null, stderrTail: null, at: T_START + 3000 },
      ],
      pending,
    );
    await chat.send({ type: 'snapshot', state: viewState(done) });
    assert.match(await chat.page.locator('.permission-card').innerText(), /You chose: Allow/);
    assert.deepEqual(await chat.page.locator('.plan-entry').allInnerTexts(), ['done Read it', 'in progress Summarise']);
    const footer = await chat.page.locator('.turn-footer').innerText();
    assert.match(footer, /success/);
    assert.match(footer, /no token usage and keeps no checkpoints/);
    assert.doesNotMatch(footer, /0 tokens/);
    assert.equal(await chat.page.getByRole('button', { name: /Undo Changes/ }).count(), 0);
  });
});
