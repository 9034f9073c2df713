// Fork in the chat core (chats/chatFork.ts), on the controller with a fake exec transport and a Zero store
// laid out as Zero 0.8 writes it: the new chat holds the copied turns bound to the fork, its next message
// resumes the fork; the original chat and session are not changed; a fork Zero does not read back is
// removed and no chat is made; what is refused says why.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ChatController } from '../../../src/chats/chatController';
import { forkChat, type ChatForkEnv } from '../../../src/chats/chatFork';
import { ChatStore } from '../../../src/storage/chatStore';
import { FakeTransport } from '../support/fakeTransport';
import { shim } from '../shim/vscode';
import { until } from '../../support/until';
import { zeroEvent } from '../../support/builders';
import { chatCore } from '../../support/chatCore';

const SESSION = 'zero_20260101120000_1_1';
const stamp = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('Fork in the chat core', () => {
  let dir: string;
  let root: string;
  let exec: FakeTransport;
  let controller: ChatController;
  let lines: string[];
  let checked: string[];
  let answer: string | null;
  const env: ChatForkEnv = {
    sessionsRoot: () => root,
    check: async (f) => (checked.push(f.sessionId), answer),
  };
  /** Zero's record of a run: its user message, usage, a checkpoint when it wrote, the answer. */
  const record = (prompt: string, write: boolean): number => {
    const at = stamp(Date.now());
    const add = (type: string, payload: string): number => {
      const seq = lines.length + 1;
      lines.push(
        `{"id":"${SESSION}:${seq}","sessionId":"${SESSION}","sequence":${seq},"type":"${type}","createdAt":"${at}","payload":${payload}}`,
      );
      return seq;
    };
    add('message', JSON.stringify({ content: prompt, role: 'user' }));
    add('provider_usage', '{"totalTokens":3}');
    const checkpoint = write
      ? add('session_checkpoint', '{"files":[{"absent":true,"path":"new.txt"}],"tool":"write_file"}')
      : 0;
    add('message', '{"content":"ok","role":"assistant"}');
    fs.writeFileSync(path.join(root, SESSION, 'events.jsonl'), lines.map((l) => `${l}\n`).join(''));
    return checkpoint;
  };
  const turn = async (prompt: string, write = false): Promise<void> => {
    controller.send(prompt);
    const t = exec.last;
    const seq = record(prompt, write);
    t.emit(zeroEvent({ type: 'run_start', sessionId: SESSION, cwd: dir }));
    if (write)
      t.emit(
        zeroEvent({ type: 'tool_call', id: 'c1', name: 'write_file', args: {}, sideEffect: 'write' }),
        zeroEvent({ type: 'checkpoint', checkpoint: { sequence: seq, tool: 'write_file', files: ['new.txt'] } }),
      );
    t.succeed('ok');
    await until(() => !controller.runs.isBusy(controller.focus.workingChatId), 'the turn to end');
  };

  beforeEach(() => {
    shim.reset();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-chatfork-'));
    root = path.join(dir, 'sessions');
    fs.mkdirSync(path.join(root, SESSION), { recursive: true });
    fs.writeFileSync(
      path.join(root, SESSION, 'metadata.json'),
      JSON.stringify({ sessionId: SESSION, title: 'first', cwd: dir, eventCount: 0 }),
    );
    lines = [];
    checked = [];
    answer = null;
    exec = new FakeTransport(undefined, 'exec');
    controller = chatCore({
      dir: path.join(dir, 'chats'),
      folder: () => dir,
      transport: exec,
      defaultTransport: () => 'exec',
    });
  });
  afterEach(async () => {
    controller.dispose();
    await ChatStore.settled();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('from the 1st of 3 turns: a new chat with that turn, bound to the checked fork; its next message resumes the fork', async () => {
    await turn('first');
    await turn('second', true);
    await turn('third');
    const original = controller.focus.workingChat;
    const frozen = JSON.stringify(original);
    const events = fs.readFileSync(path.join(root, SESSION, 'events.jsonl'), 'utf8');

    const outcome = await forkChat(controller, env, original.id, original.turns[0]!.id);
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.why);
    assert.deepEqual(checked, [outcome.sessionId], 'Zero was asked to read the fork back');
    const fork = controller.chats.wholeChat(outcome.chatId)!;
    assert.deepEqual(
      fork.turns.map((t) => [t.prompt, t.run.sessionId]),
      [['first', outcome.sessionId]],
    );
    assert.equal(fork.title, 'first (fork)');
    const copied = fs
      .readFileSync(path.join(root, outcome.sessionId, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n');
    assert.deepEqual(
      copied.map((l) => (JSON.parse(l) as { type: string }).type),
      ['message', 'message', 'session_fork'],
      "turn 1's run without its usage, then the marker",
    );
    assert.equal(JSON.stringify(controller.chats.wholeChat(original.id)), frozen, 'the original chat is as it was');
    assert.equal(fs.readFileSync(path.join(root, SESSION, 'events.jsonl'), 'utf8'), events, 'and so is its session');

    controller.openChat(outcome.chatId);
    controller.send('in the fork');
    assert.deepEqual(
      [exec.last.request.sessionId, 'title' in exec.last.request],
      [outcome.sessionId, false],
      'the fork is resumed (--resume=<fork>), never named again',
    );
    exec.last.succeed('ok');
  });

  it("from a turn that wrote: its checkpoint is at the fork's sequence, so Undo there rewinds the fork", async () => {
    await turn('first');
    await turn('second', true);
    const original = controller.focus.workingChat;
    const outcome = await forkChat(controller, env, original.id, original.turns[1]!.id);
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.why);
    const tool = controller.chats.wholeChat(outcome.chatId)!.turns[1]!.items.find((i) => i.kind === 'tool');
    // Original: message 1, usage 2, message 3, | message 4, usage 5, checkpoint 6, message 7. Fork: no usage.
    assert.deepEqual(tool?.kind === 'tool' && tool.checkpoint, { sequence: 4, files: ['new.txt'] });
    const copied = fs
      .readFileSync(path.join(root, outcome.sessionId, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n');
    assert.equal((JSON.parse(copied[3]!) as { type: string }).type, 'session_checkpoint');
  });

  it('a fork Zero does not read back is removed, and no chat is made', async () => {
    await turn('first');
    answer = 'zero sessions rewind-plan failed (exit 2): nope';
    const chats = controller.chats.summaries().length;
    const outcome = await forkChat(
      controller,
      env,
      controller.focus.workingChatId,
      controller.focus.workingChat.turns[0]!.id,
    );
    assert.equal(outcome.ok, false);
    assert.match(outcome.ok ? '' : outcome.why, /Zero did not take the forked session, so it was removed\. .*nope/);
    assert.deepEqual(fs.readdirSync(root), [SESSION]);
    assert.equal(controller.chats.summaries().length, chats);
  });

  it('refused while the chat runs, with why; nothing is copied', async () => {
    await turn('first');
    const chatId = controller.focus.workingChatId;
    const first = controller.focus.workingChat.turns[0]!.id;
    controller.send('running');
    const outcome = await forkChat(controller, env, chatId, first);
    assert.deepEqual(outcome, {
      ok: false,
      why: 'Zero is still working in this chat: fork it once the run has ended.',
    });
    assert.deepEqual(fs.readdirSync(root), [SESSION]);
    exec.last.succeed('ok');
  });
});
