import { strict as assert } from 'node:assert';
import { currentTurn, isRunning, newChat, reduceChat, type Chat, type ChatAction } from '../../../src/conversation';
import { zeroEvent, permissionRequest } from '../../support/builders';

const start = (turnId: string, prompt = 'hi', origin: 'prompt' | 'retry' = 'prompt'): ChatAction => ({
  type: 'turn_started',
  turnId,
  prompt,
  origin,
  at: 1000,
});
const exited = (
  code: number | null,
  extra: Partial<Extract<ChatAction, { type: 'process_exited' }>> = {},
): ChatAction => ({
  type: 'process_exited',
  code,
  signal: null,
  spawnFailed: false,
  explanation: 'why',
  stderrTail: 'tail',
  at: 2000,
  ...extra,
});
const run = (...actions: ChatAction[]): Chat => actions.reduce(reduceChat, newChat('c1', 0));

describe('chat reducer', () => {
  it("an ACP mode or model picked before the session opens is kept, then the session's info takes over", () => {
    const picked = run(
      { type: 'transport_set', transport: 'acp' },
      { type: 'acp_mode', mode: 'plan' },
      { type: 'acp_model', model: 'o3' },
    );
    assert.deepEqual(picked.acp, { modes: [], mode: 'plan', models: [], model: 'o3', commands: [] });
    const info = { modes: [{ id: 'plan', name: 'Plan' }], mode: 'auto', models: [], model: 'gpt-4.1', commands: [] };
    assert.deepEqual(reduceChat(picked, { type: 'acp_session', sessionId: 'zero_1', info }).acp, info);
  });

  it('a turn starts, runs, and ends with run_end status; the title comes from the first prompt', () => {
    let chat = run(start('t1', 'Fix the   failing\ntest in parser.ts'));
    assert.equal(chat.title, 'Fix the failing test in parser.ts');
    assert.equal(currentTurn(chat)?.status, 'starting');
    assert.ok(isRunning(chat));
    chat = [
      zeroEvent({ type: 'run_start', sessionId: 's1', model: 'gpt-4.1' }),
      zeroEvent({ type: 'text', delta: 'ok' }),
      zeroEvent({ type: 'final', text: 'ok' }),
      zeroEvent({ type: 'run_end', status: 'success', exitCode: 0 }),
      exited(0),
    ].reduce(reduceChat, chat);
    const t = currentTurn(chat)!;
    assert.equal(t.status, 'success');
    assert.equal(t.exitCode, 0);
    assert.equal(t.explanation, null, 'a successful run needs no explanation');
    assert.equal(t.endedAt, 2000);
    assert.equal(chat.sessionId, 's1');
    assert.equal(t.run.model, 'gpt-4.1');
    assert.ok(!isRunning(chat));
  });

  it('keeps the first session id across turns and sums usage per turn and per chat', () => {
    const chat = run(
      start('t1'),
      zeroEvent({ type: 'run_start', sessionId: 's1' }),
      zeroEvent({ type: 'usage', promptTokens: 10, completionTokens: 2, totalTokens: 12 }),
      zeroEvent({ type: 'usage', promptTokens: 5, completionTokens: 1, totalTokens: 6 }),
      zeroEvent({ type: 'run_end', status: 'success', exitCode: 0 }),
      exited(0),
      start('t2', 'again'),
      zeroEvent({ type: 'run_start', sessionId: 's1' }),
      zeroEvent({ type: 'usage', promptTokens: 100, completionTokens: 20, totalTokens: 120, costUsd: 0.5 }),
      zeroEvent({ type: 'run_end', status: 'success', exitCode: 0 }),
      exited(0),
    );
    assert.equal(chat.turns.length, 2);
    assert.deepEqual(chat.turns[0]!.usage, { promptTokens: 15, completionTokens: 3, totalTokens: 18, costUsd: null });
    assert.deepEqual(chat.turns[1]!.usage, { promptTokens: 100, completionTokens: 20, totalTokens: 120, costUsd: 0.5 });
    assert.deepEqual(chat.usage, { promptTokens: 115, completionTokens: 23, totalTokens: 138, costUsd: 0.5 });
    assert.equal(chat.sessionId, 's1');
  });

  it('without run_end the exit decides: 1 is a crash, 130 or a signal is interrupted, spawn failure is failed', () => {
    assert.equal(currentTurn(run(start('a'), zeroEvent({ type: 'run_start' }), exited(1)))!.status, 'crashed');
    assert.equal(currentTurn(run(start('a'), exited(130)))!.status, 'interrupted');
    assert.equal(currentTurn(run(start('a'), exited(null, { signal: 'SIGKILL' })))!.status, 'interrupted');
    const failed = currentTurn(
      run(start('a'), exited(null, { spawnFailed: true, explanation: 'Zero CLI not found at /x' })),
    )!;
    assert.equal(failed.status, 'failed');
    assert.equal(failed.explanation, 'Zero CLI not found at /x');
    assert.equal(failed.stderrTail, 'tail');
  });

  it('run_end wins over the process exit code', () => {
    const t = currentTurn(
      run(start('a'), zeroEvent({ type: 'run_end', status: 'incomplete', exitCode: 4 }), exited(4)),
    )!;
    assert.equal(t.status, 'incomplete');
    assert.equal(t.exitCode, 4);
    assert.equal(t.explanation, 'why');
  });

  it('reasoning interleaved with text keeps the answer in one block and reasoning apart', () => {
    const t = currentTurn(
      run(
        start('a'),
        zeroEvent({ type: 'text', delta: 'Hel' }),
        zeroEvent({ type: 'reasoning', delta: 'hmm' }),
        zeroEvent({ type: 'text', delta: 'lo' }),
        zeroEvent({ type: 'reasoning', delta: '!' }),
      ),
    )!;
    assert.deepEqual(
      t.items.map((i) => [i.kind, 'text' in i ? i.text : '']),
      [
        ['text', 'Hello'],
        ['reasoning', 'hmm!'],
      ],
    );
  });

  it('an empty or missing delta changes nothing', () => {
    const a = run(start('a'), zeroEvent({ type: 'text', delta: 'x' }));
    assert.equal(reduceChat(a, zeroEvent({ type: 'text' })), a);
    assert.equal(reduceChat(a, zeroEvent({ type: 'text', delta: '' })), a);
  });

  it('final without streamed text adds the answer after the last tool', () => {
    const t = currentTurn(
      run(
        start('a'),
        zeroEvent({ type: 'text', delta: 'Reading' }),
        zeroEvent({ type: 'tool_call', id: 'c', name: 'read_file', sideEffect: 'read' }),
        zeroEvent({ type: 'tool_result', id: 'c', status: 'ok', truncated: false }),
        zeroEvent({ type: 'final', text: 'Answer' }),
      ),
    )!;
    assert.deepEqual(
      t.items.map((i) => i.kind),
      ['text', 'tool', 'text'],
    );
    const last = t.items[2]!;
    assert.ok(last.kind === 'text' && last.answer && last.text === 'Answer');
    assert.equal(t.finalText, 'Answer');
  });

  it('records the user decision on a permission card, and only on that card', () => {
    let chat = run(
      start('t1'),
      zeroEvent(permissionRequest()),
      zeroEvent(permissionRequest({ id: 'c2', name: 'web_search' })),
    );
    chat = reduceChat(chat, {
      type: 'approval_decided',
      turnId: 't1',
      key: 'permission_request:c2',
      approval: 'denied',
    });
    const states = currentTurn(chat)!.items.map((i) => (i.kind === 'permission' ? i.approval : ''));
    assert.deepEqual(states, ['pending', 'denied']);
  });

  it('a run cut off by a reload is marked, a finished one is left alone', () => {
    const cut = currentTurn(run(start('a'), zeroEvent({ type: 'text', delta: 'x' }), { type: 'run_cut_off', at: 5 }))!;
    assert.equal(cut.status, 'cut-off');
    assert.match(cut.explanation!, /reloaded or closed/);
    const done = run(start('a'), zeroEvent({ type: 'run_end', status: 'success', exitCode: 0 }), exited(0));
    assert.deepEqual(reduceChat(done, { type: 'run_cut_off', at: 5 }), done);
  });

  it('events with no turn are ignored rather than crashing', () => {
    const chat = newChat('c', 0);
    assert.equal(reduceChat(chat, zeroEvent({ type: 'text', delta: 'x' })), chat);
  });

  it('a retry turn is marked as such and does not rename the chat', () => {
    const chat = run(start('t1', 'first'), start('t2', 'The user approved web_fetch; retry it.', 'retry'));
    assert.equal(chat.title, 'first');
    assert.equal(chat.turns[1]!.origin, 'retry');
  });

  it('records an undone turn on that turn only', () => {
    const chat = reduceChat(run(start('t1'), exited(0), start('t2'), exited(0)), {
      type: 'turn_undone',
      turnId: 't1',
      summary: 'Undid the turn: 1 file restored, 0 deleted.',
      at: 9,
    });
    assert.deepEqual(chat.turns[0]!.undone, { at: 9, summary: 'Undid the turn: 1 file restored, 0 deleted.' });
    assert.equal(chat.turns[1]!.undone, undefined);
  });

  it('the state is plain JSON (persistable) and survives a round trip', () => {
    const chat = run(
      start('a'),
      zeroEvent({ type: 'tool_call', id: 'c', name: 'x', args: { b: [1, 'two'] } }),
      zeroEvent({ type: 'warning', message: 'w' }),
    );
    assert.deepEqual(JSON.parse(JSON.stringify(chat)), chat);
  });
});
