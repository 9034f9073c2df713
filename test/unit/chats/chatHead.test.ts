/**
 * Activation and the view's first paint read only the tail of a big current chat (chatTail.ts);
 * anything that changes the chat reads it whole first, so nothing is ever saved from the part.
 */
import { strict as assert } from 'node:assert';
import fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { newChat, reduceChat, type Chat, type ChatAction } from '../../../src/conversation';
import type { Transport } from '../../../src/conversation/transport';
import { ChatController } from '../../../src/chats/chatController';
import { ChatStore } from '../../../src/storage/chatStore';
import { countingReads as reads } from '../support/countingReads';
import { zeroEvent } from '../../support/builders';
import { processExited } from '../../support/builders';
import { chatCore } from '../../support/chatCore';

const TURNS = 60;
const PARA = 'Words of an answer, long enough to make a big chat quickly. '.repeat(40);
const log = { info: () => undefined, warn: () => undefined, error: () => undefined, append: () => undefined };

function turn(i: number, done = true): ChatAction[] {
  const out: ChatAction[] = [
    { type: 'turn_started', turnId: `turn-${i}`, prompt: `Question ${i}`, origin: 'prompt', at: 1000 + i },
    zeroEvent({ type: 'run_start', sessionId: 's' }),
  ];
  for (let k = 0; k < 12; k++) out.push(zeroEvent({ type: 'text', delta: `Part ${k} of answer ${i}. ${PARA}\n\n` }));
  if (done) out.push(zeroEvent({ type: 'run_end', status: 'success', exitCode: 0 }), processExited(0, 2000 + i));
  return out;
}

describe('a big current chat: activation reads its tail only', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-head-'))));
  afterEach(async () => {
    await ChatStore.settled();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const logFile = (id: string): string => path.join(dir, 'chats', `${id}.jsonl`);
  const controller = (store = new ChatStore(dir, () => undefined)): ChatController =>
    chatCore({ store, folder: () => '/w', transportFor: () => ({}) as Transport, log });

  /** Writes a chat of `turns` finished turns (a snapshot), then `streamed` more as appended lines. */
  async function write(streamed: ChatAction[] = turn(TURNS)): Promise<Chat> {
    const store = new ChatStore(dir, () => undefined);
    let chat = newChat('big', 1000, 'Big chat');
    for (let i = 0; i < TURNS; i++) for (const a of turn(i)) chat = reduceChat(chat, a);
    store.save(chat, true);
    await store.idle();
    for (const a of streamed) {
      const next = reduceChat(chat, a);
      store.record(chat, a, next);
      chat = next;
    }
    store.currentId = chat.id;
    await store.idle();
    return chat;
  }

  it('activation and the first snapshot read a small part of the file and show the latest turns', async () => {
    const chat = await write();
    const size = fs.statSync(logFile('big')).size;
    assert.ok(size > 1.5 * 1024 * 1024, `a big chat: ${size} bytes`);
    const { value: c, bytes } = reads(dir, () => controller());
    const view = reads(dir, () => c.viewState());
    assert.ok(bytes + view.bytes < size / 5, `read ${bytes + view.bytes} of ${size} bytes`);
    const shown = view.value.chat.turns;
    assert.ok(shown.length >= 1 && shown.length < chat.turns.length / 4, `shows ${shown.length} turns`);
    assert.deepEqual(shown, chat.turns.slice(-shown.length), 'exactly the latest turns, as the whole chat has them');
    assert.equal(view.value.olderTurns, chat.turns.length - shown.length);
    assert.equal(view.value.chat.title, chat.title);
    c.dispose();
  });

  it('activation reads nothing: the chat (and the history index) are read when first asked for', async () => {
    await write();
    const built = reads(dir, () => controller());
    assert.equal(built.bytes, 0, 'building the controller read nothing');
    const view = reads(dir, () => built.value.viewState());
    assert.ok(view.bytes > 0 && (view.value.olderTurns ?? 0) > 0, 'the first snapshot reads the head');
    built.value.dispose();
  });

  it('a chat of ten turns, under 1 MB, opens by its tail too', async () => {
    const store = new ChatStore(dir, () => undefined);
    let chat = newChat('mid', 1000, 'Mid chat');
    for (let i = 0; i < 10; i++) for (const a of turn(i)) chat = reduceChat(chat, a);
    store.save(chat, true);
    store.currentId = 'mid';
    await store.idle();
    const size = fs.statSync(logFile('mid')).size;
    assert.ok(size > 128 * 1024 && size < 1024 * 1024, `a chat of ${size} bytes`);
    const c = controller();
    const { value: state, bytes } = reads(dir, () => c.viewState());
    assert.ok(bytes < size / 2, `read ${bytes} of ${size} bytes`);
    assert.ok((state.olderTurns ?? 0) > 0, 'older turns not read yet');
    assert.deepEqual(state.chat.turns, chat.turns.slice(-state.chat.turns.length));
    c.dispose();
  });

  it('the turn streamed after the tail was written is replayed from the end of the log', async () => {
    const chat = await write(turn(TURNS, false)); // still running when the window went away
    const store = new ChatStore(dir, () => undefined);
    const head = store.loadHead('big');
    assert.ok(head, 'a head');
    assert.deepEqual(head.chat.turns.at(-1), chat.turns.at(-1));
    // A running turn needs the cut-off mark, which is saved in the whole chat: read whole.
    const c = controller(store);
    assert.equal(c.viewState().olderTurns, undefined);
    assert.equal(c.focus.workingChat.turns.length, TURNS + 1);
    assert.equal(c.focus.workingChat.turns.at(-1)?.status, 'cut-off');
    c.dispose();
  });

  it('a change reads the chat whole first: nothing is lost when it is saved, and the view gets it all', async () => {
    await write();
    const c = controller();
    const posted: string[] = [];
    c.chats.onDidChange((ch) => posted.push(ch.kind));
    assert.ok((c.viewState().olderTurns ?? 0) > 0);
    // An old turn, not among those the view was sent.
    c.chats.commit(c.focus.workingChat.id, [
      { type: 'turn_undone', turnId: 'turn-3', summary: 'Files restored', at: Date.now() },
    ]);
    assert.deepEqual(posted.slice(0, 2), ['snapshot', 'actions'], 'the view gets the whole chat, then the change');
    assert.equal(c.viewState().olderTurns, undefined);
    assert.equal(c.viewState().chat.turns.length, TURNS + 1);
    c.dispose(); // saves what is left, as deactivate does
    await ChatStore.settled();
    const again = new ChatStore(dir, () => undefined).load('big');
    assert.equal(again?.turns.length, TURNS + 1, 'every turn is still saved');
    assert.equal(again?.turns[3]?.undone?.summary, 'Files restored');
  });

  it('loadOlder (the view scrolled up) sends the whole chat', async () => {
    await write();
    const c = controller();
    const posted: string[] = [];
    c.chats.onDidChange((ch) => posted.push(ch.kind));
    c.focus.loadOlder();
    assert.deepEqual(posted, ['snapshot']);
    assert.equal(c.viewState().chat.turns.length, TURNS + 1);
    assert.equal(c.focus.workingChatWhole.turns.length, TURNS + 1);
    c.dispose();
  });

  it('a tail that does not fit the log (compacted since, or unreadable) falls back to reading it whole', async () => {
    await write();
    const tail = path.join(dir, 'chats', 'big.tail.json');
    // The log rewritten without the tail following it (a failed tail write).
    const store = new ChatStore(dir, () => undefined);
    const chat = store.load('big')!;
    const saved = fs.readFileSync(tail);
    store.save(reduceChat(chat, { type: 'renamed', title: 'Compacted' }), true);
    store.flush();
    await ChatStore.settled();
    fs.writeFileSync(tail, saved);
    let c = controller();
    assert.equal(c.viewState().olderTurns, undefined, 'read whole');
    assert.equal(c.focus.workingChat.title, 'Compacted');
    c.dispose();
    fs.writeFileSync(tail, '{"not": "a tail"');
    c = controller();
    assert.equal(c.viewState().olderTurns, undefined);
    assert.equal(c.focus.workingChat.turns.length, TURNS + 1);
    c.dispose();
  });

  it('a small chat has no tail file and is read whole', async () => {
    const store = new ChatStore(dir, () => undefined);
    let chat = newChat('small', 1000);
    for (const a of turn(0)) chat = reduceChat(chat, a);
    store.save(chat, true);
    store.currentId = 'small';
    await store.idle();
    assert.equal(fs.existsSync(path.join(dir, 'chats', 'small.tail.json')), false);
    const c = controller();
    assert.equal(c.viewState().olderTurns, undefined);
    assert.equal(c.focus.workingChat.turns.length, 1);
    c.dispose();
  });
});
