// Fork in the chat model (forkTurns.ts): which turns may be forked and why not, the copy of the turns up to
// one (bound to the fork's session, checkpoints at their sequences in the fork), the reducer's `forked`
// and the chat file's schema.
import * as assert from 'node:assert/strict';
import type { ChatAction } from '../../../src/conversation/actions';
import { readChat } from '../../../src/conversation/chatSchema';
import { FORK_ACP_WHY, forkedChatAction, forkRefusal } from '../../../src/conversation/forkTurns';
import type { Chat, ToolItem } from '../../../src/conversation/model';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import { zeroEvent } from '../../support/builders';
import { processExited } from '../../support/builders';

const SESSION = 'zero_original_1';
const FORK = 'zero_fork_1';

/** A chat of finished exec turns; the second wrote a file (checkpoint at sequence 9). */
function chat(): Chat {
  const actions: ChatAction[] = [];
  const turn = (id: string, prompt: string, at: number, extra: ChatAction[] = []) =>
    actions.push(
      { type: 'turn_started', turnId: id, prompt, origin: 'prompt', at },
      zeroEvent({ type: 'run_start', sessionId: SESSION, cwd: '/w' }),
      ...extra,
      zeroEvent({ type: 'usage', promptTokens: 10, completionTokens: 2, totalTokens: 12 }),
      zeroEvent({ type: 'final', text: `answer to ${prompt}` }),
      zeroEvent({ type: 'run_end', status: 'success', exitCode: 0 }),
      processExited(0, at + 1),
    );
  turn('t1', 'first', 100);
  turn('t2', 'second', 200, [
    zeroEvent({ type: 'tool_call', id: 'c1', name: 'write_file', args: { path: 'a.txt' }, sideEffect: 'write' }),
    zeroEvent({ type: 'checkpoint', checkpoint: { sequence: 9, tool: 'write_file', files: ['a.txt'] } }),
    zeroEvent({
      type: 'tool_result',
      id: 'c1',
      name: 'write_file',
      status: 'ok',
      truncated: false,
      changedFiles: ['a.txt'],
    }),
  ]);
  turn('t3', 'third', 300);
  return actions.reduce(reduceChat, newChat('c1', 0));
}
const tool = (c: Chat, turn: number): ToolItem => c.turns[turn]!.items.find((i): i is ToolItem => i.kind === 'tool')!;

describe('Fork: which turns may be forked', () => {
  it('a finished exec turn of an idle chat with a session: yes', () => {
    assert.equal(forkRefusal(chat(), 't1', false), null);
    assert.equal(forkRefusal(chat(), 't3', false), null);
  });

  it('says why not: busy, running, ACP, isolated, no session, another session, gone', () => {
    const c = chat();
    assert.match(forkRefusal(c, 't2', true)!, /still working in this chat/);
    const running = reduceChat(c, { type: 'turn_started', turnId: 't4', prompt: 'x', origin: 'prompt', at: 400 });
    assert.match(forkRefusal(running, 't4', false)!, /once Zero has finished it/);
    assert.equal(forkRefusal({ ...c, transport: 'acp' }, 't1', false), FORK_ACP_WHY);
    assert.match(FORK_ACP_WHY, /zero acp has no session\/fork/);
    assert.match(forkRefusal({ ...c, isolated: true }, 't1', false)!, /isolated chat cannot be forked/);
    assert.match(forkRefusal({ ...c, sessionId: null }, 't1', false)!, /never reached a Zero session/);
    const other = {
      ...c,
      turns: c.turns.map((t, i) => (i === 0 ? { ...t, run: { ...t.run, sessionId: 'zero_other' } } : t)),
    };
    assert.match(forkRefusal(other, 't2', false)!, /more than one Zero session/);
    assert.match(forkRefusal(c, 'nope', false)!, /no longer in this chat/);
  });
});

describe('Fork: the copy of the turns', () => {
  const sequences = new Map([
    [1, 1],
    [9, 7],
  ]);

  it('copies the turns up to and with the one forked from, bound to the fork, checkpoints renumbered', () => {
    const source = chat();
    const frozen = JSON.stringify(source);
    const action = forkedChatAction(source, 't2', { sessionId: FORK, sequences, at: 500 })!;
    assert.equal(action.type, 'forked');
    const fork = reduceChat(newChat('c2', 400), action);
    assert.deepEqual(
      fork.turns.map((t) => [t.id, t.prompt, t.run.sessionId, t.status]),
      [
        ['t1', 'first', FORK, 'success'],
        ['t2', 'second', FORK, 'success'],
      ],
    );
    assert.deepEqual(
      tool(fork, 1).checkpoint,
      { sequence: 7, files: ['a.txt'] },
      "the checkpoint's sequence in the fork",
    );
    assert.deepEqual(
      [fork.title, fork.sessionId, fork.transport, fork.usage.totalTokens, fork.updatedAt],
      [`${source.title} (fork)`, FORK, 'exec', 24, 500],
    );
    assert.deepEqual(fork.forkedFrom, {
      chatId: 'c1',
      turnId: 't2',
      title: source.title,
      sessionId: SESSION,
      at: 500,
      turns: 2,
    });
    assert.equal(JSON.stringify(source), frozen, 'the original chat is not changed');
    assert.equal(forkedChatAction(source, 'gone', { sessionId: FORK, sequences, at: 1 }), null);
  });

  it("a cut-off turn's Resume continues the fork; a checkpoint the copy does not hold keeps its number", () => {
    const source = reduceChat(
      reduceChat(chat(), { type: 'turn_started', turnId: 't4', prompt: 'cut', origin: 'prompt', at: 400 }),
      { type: 'run_cut_off', at: 401, cause: 'reload' },
    );
    const cut = source.turns[3]!;
    const withSession = {
      ...source,
      turns: [...source.turns.slice(0, 3), { ...cut, cutOff: { ...cut.cutOff!, sessionId: SESSION } }],
    };
    const fork = reduceChat(
      newChat('c2', 0),
      forkedChatAction(withSession, 't4', { sessionId: FORK, sequences: new Map(), at: 1 })!,
    );
    assert.equal(fork.turns[3]!.cutOff?.sessionId, FORK);
    assert.equal(tool(fork, 1).checkpoint?.sequence, 9);
  });

  it('only a new empty chat takes a fork: a chat with turns or a session is left as it is', () => {
    const action = forkedChatAction(chat(), 't1', { sessionId: FORK, sequences, at: 1 })!;
    const busy = chat();
    assert.equal(reduceChat(busy, action), busy);
    const bound = { ...newChat('c3', 0), sessionId: 'zero_x' };
    assert.equal(reduceChat(bound, action), bound);
  });

  it('the chat file keeps where a fork came from, and refuses a malformed origin', () => {
    const fork = reduceChat(newChat('c2', 0), forkedChatAction(chat(), 't1', { sessionId: FORK, sequences, at: 9 })!);
    const back = readChat(JSON.parse(JSON.stringify(fork)));
    assert.ok(back.ok);
    assert.deepEqual(back.chat.forkedFrom, fork.forkedFrom);
    const bad = readChat({ ...JSON.parse(JSON.stringify(fork)), forkedFrom: { chatId: 1 } });
    assert.equal(bad.ok, false);
  });
});
