/**
 * The subagent card in the chat's DOM, from the real Zero's stream of a Task call (the fixtures were
 * recorded from Zero 0.8.0; test/real-zero/subagents.test.ts keeps them equal to a live run): its name,
 * status and answer, Open subagent transcript by keyboard, a running card that says nothing streams, a
 * refused worker, hostile words drawn as text; the Mode picker's subagent words; the ACP header's.
 */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import { ACP_NO_SUBAGENTS, ACP_NO_SUBAGENTS_WHY, NOT_STREAMED } from '../../src/conversation/subagent';
import { execChoices } from '../../src/chats/composerChoices';
import type { ComposerState } from '../../src/messages/protocol';
import { CHAT_ID, chatOf, emptyChat, ev, eventActions, runActions, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';

const started: ChatAction = {
  type: 'turn_started',
  turnId: 'turn-1',
  prompt: 'Ask a subagent',
  origin: 'prompt',
  at: T_START,
};
const call = (args: Record<string, unknown>) =>
  ev({ type: 'tool_call', id: 'call_1', name: 'Task', sideEffect: 'shell', args });

describe('webview: the subagent card', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));
  const card = () => chat.page.locator('details.subagent-card');
  const open = () => chat.page.getByRole('button', { name: 'Open subagent transcript: explorer' });

  it("a finished Task (real Zero's stream): specialist, task, status and answer; the button posts the call", async () => {
    await chat.send({
      type: 'snapshot',
      state: viewState(chatOf(runActions('subagent-task.jsonl', 'Ask a subagent'))),
    });
    assert.equal(await card().count(), 1);
    assert.equal(await card().getAttribute('aria-label'), 'Subagent explorer, Survey the README: finished');
    assert.deepEqual(await card().locator('summary > span').allTextContents(), [
      '',
      'Subagent',
      'explorer',
      'Survey the README',
      '',
      'finished',
    ]);
    await card().locator('summary').click();
    assert.match((await card().locator('.subagent-session').textContent()) ?? '', /^Session specialist_[0-9a-f]{24}$/);
    assert.equal(
      await card().locator('.subagent-result').textContent(),
      "The explorer found the README's title: # Demo project. SPECIALIST-DONE",
    );
    assert.equal(
      await card().locator('.tool-json').textContent(),
      'Read README.md and report its title. child-reads=1 child-delay=0',
    );
    await open().focus();
    await chat.page.keyboard.press('Enter');
    assert.deepEqual(
      (await chat.posted()).filter((m) => m.type === 'openSubagent'),
      [{ type: 'openSubagent', turnId: 'turn-1', toolId: 'call_1' }],
    );
  });

  it('a running Task: the card says Zero streams nothing of it, and the transcript can already be opened', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        started,
        ...eventActions([
          ev({ type: 'run_start', sessionId: 'zero_s_1' }),
          call({ name: 'explorer', description: 'Survey the README', prompt: 'Read it.' }),
        ]),
      ],
    });
    assert.equal(
      await card().getAttribute('aria-label'),
      'Subagent explorer, Survey the README: running: Zero shows nothing of the explorer until it ends',
    );
    await card().locator('summary').click();
    assert.equal(await card().locator('.subagent-note').textContent(), NOT_STREAMED);
    assert.equal(await open().count(), 1);
    assert.match((await open().getAttribute('title')) ?? '', /followed while it runs/);
  });

  it('a worker refused headless (real Zero): not started, no transcript to open', async () => {
    await chat.send({
      type: 'snapshot',
      state: viewState(chatOf(runActions('subagent-task-refused.jsonl', 'Ask a worker'))),
    });
    assert.equal(
      await card().getAttribute('aria-label'),
      'Subagent worker, Survey the README: not started: Zero needs your approval',
    );
    await card().locator('summary').click();
    assert.match((await card().locator('.subagent-note').textContent()) ?? '', /needs your approval/);
    assert.equal(await card().getByRole('button').count(), 0);
    assert.match(
      (await card().locator('.tool-output').textContent()) ?? '',
      /^Error: Sandbox approval required for Task: Spawns a Zero specialist sub-agent process\./,
    );
  });

  it('words from the model are text, never markup', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        started,
        ...eventActions([
          ev({ type: 'run_start', sessionId: 'zero_s_1' }),
          call({ name: '<img src=x onerror=alert(1)>', description: '<b>bold</b>', prompt: '<script>x()</script>' }),
          ev({
            type: 'tool_result',
            id: 'call_1',
            name: 'Task',
            status: 'ok',
            output: 'session_id: ../etc\n<i>hi</i>',
          }),
        ]),
      ],
    });
    assert.equal(await card().locator('img, b, script, i').count(), 0);
    assert.equal(await card().locator('.subagent-name').textContent(), '<img src=x onerror=alert(1)>');
    await card().locator('summary').click();
    assert.equal(await card().locator('.subagent-session').count(), 0, 'not a session id: not shown');
    assert.equal(await card().locator('.subagent-result').textContent(), 'session_id: ../etc\n<i>hi</i>');
  });

  it("the Mode picker says what each mode means for subagents (the host's words), as tooltip and description", async () => {
    const composer: ComposerState = {
      modes: execChoices(
        () => null,
        () => ({}),
        () => 'medium',
      ).modes(),
      models: [],
      modelsProblem: null,
      currentFile: { on: false, label: null },
    };
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer }) });
    const mode = chat.page.getByRole('combobox', { name: 'Mode for the next message' });
    for (const m of composer.modes) {
      await mode.selectOption(m.id);
      assert.equal(await mode.getAttribute('title'), m.description);
      assert.equal(await mode.getAttribute('aria-description'), m.description);
      assert.equal(await mode.locator(`option[value="${m.id}"]`).getAttribute('title'), m.description);
    }
    assert.match((await mode.getAttribute('title')) ?? '', /a worker runs unsafe too/);
    await mode.selectOption('plan');
    assert.match(
      (await mode.getAttribute('aria-description')) ?? '',
      /No subagents: Zero offers no Task tool in plan mode/,
    );
  });

  it('an ACP chat says it has no subagents, next to its mode', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { defaultTransport: 'acp' }) });
    const note = chat.page.locator('.transport-bar .acp-no-subagents');
    assert.equal(await note.textContent(), ACP_NO_SUBAGENTS);
    assert.equal(await note.getAttribute('title'), ACP_NO_SUBAGENTS_WHY);
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    assert.equal(await chat.page.locator('.acp-no-subagents').count(), 0, 'an exec chat does not say it');
  });
});
