/**
 * What the chat store holds in memory while a big chat streams: snapshots and tails are written in
 * pieces (never the chat as one string), no tail repeats a whole chat, and the appended lines not
 * yet on disk are bounded by backlog(), which pauses the runs feeding it.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { newChat, reduceChat, type Chat, type ChatAction } from '../../../src/conversation';
import { snapshotLine } from '../../../src/storage/chatLogFile';
import { ChatStore } from '../../../src/storage/chatStore';
import { safeStringify } from '../../../src/protocol/depth';
import { processExited } from '../../support/builders';

const text = (delta: string): ChatAction => ({
  type: 'event',
  line: 1,
  event: { type: 'text', schemaVersion: 2, runId: 'r', delta },
});
const started = (i: number): ChatAction => ({
  type: 'turn_started',
  turnId: `t${i}`,
  prompt: `Question ${i}`,
  origin: 'prompt',
  at: 1000 + i,
});
const ended: ChatAction = processExited(0, 5000);
/** Words with a pair, a lone surrogate, escapes and accents now and then, so pieces end in awkward places. */
const ANSWER = Array.from({ length: 40_000 }, (_, i) => `word ${i} ${i % 97 === 0 ? '😀 \ud800 "q" \\ é\n' : ''}`).join(
  '',
);

function chatOf(turns: readonly string[]): Chat {
  let chat = newChat('c1', 1000, 'Big');
  turns.forEach((answer, i) => {
    for (const a of [started(i), text(answer), ended]) chat = reduceChat(chat, a);
  });
  return chat;
}

/** The longest string JSON.stringify returned while `body` ran. */
async function longestStringify(body: () => Promise<void> | void): Promise<number> {
  const original = JSON.stringify;
  let longest = 0;
  JSON.stringify = ((...args: Parameters<typeof JSON.stringify>) => {
    const out = original(...args);
    if (typeof out === 'string') longest = Math.max(longest, out.length);
    return out;
  }) as typeof JSON.stringify;
  try {
    await body();
  } finally {
    JSON.stringify = original;
  }
  return longest;
}

describe('chat store memory on big chats', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-store-mem-'))));
  afterEach(async () => {
    await ChatStore.settled();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const open = (): ChatStore => new ChatStore(dir, () => undefined);
  const logFile = (): string => path.join(dir, 'chats', 'c1.jsonl');
  const tailFile = (): string => path.join(dir, 'chats', 'c1.tail.json');

  it('a snapshot is written in pieces: the bytes of the whole line, never the chat as one string, and a fresh store loads it', async () => {
    const chat = chatOf([ANSWER.repeat(8)]); // about 3 MB in one answer
    const store = open();
    const longest = await longestStringify(async () => {
      store.save(chat, true);
      await store.idle();
    });
    assert.ok(
      fs.readFileSync(logFile()).equals(Buffer.from(snapshotLine(chat, 0))),
      'the same bytes as the whole line',
    );
    assert.ok(longest < 256 * 1024, `the longest string stringified while saving: ${longest} characters`);
    assert.deepEqual(open().load('c1'), chat);
  });

  it('the synchronous flush (deactivate) writes the same bytes, in pieces too', async () => {
    const chat = chatOf(['Short question first.', ANSWER.repeat(4)]);
    const store = open();
    const longest = await longestStringify(() => {
      store.save(chat);
      store.flush();
    });
    assert.ok(fs.readFileSync(logFile()).equals(Buffer.from(snapshotLine(chat, 0))));
    assert.ok(longest < 256 * 1024, `${longest} characters`);
    assert.deepEqual(open().load('c1'), chat);
  });

  it('no tail file holds the whole chat: a big one-turn chat has none (an old one is removed) and is read whole', async () => {
    fs.mkdirSync(path.join(dir, 'chats'), { recursive: true });
    fs.writeFileSync(tailFile(), '{"logBytes":1,"tail":1,"seq":0,"older":0,"chat":{}}');
    const chat = chatOf([ANSWER.repeat(4)]);
    const store = open();
    store.save(chat, true);
    await store.idle();
    assert.ok(fs.statSync(logFile()).size > 1024 * 1024, 'big enough for a tail');
    assert.equal(fs.existsSync(tailFile()), false);
    const again = open();
    assert.equal(again.loadHead('c1'), undefined, 'no head: the log is read');
    assert.deepEqual(again.load('c1'), chat);
    // The synchronous flush does the same.
    fs.writeFileSync(tailFile(), 'stale');
    again.save(reduceChat(chat, { type: 'renamed', title: 'Renamed' }));
    again.flush();
    assert.equal(fs.existsSync(tailFile()), false);
  });

  it('a tail of the latest turns is the same text as before (the old whole-string format)', async () => {
    const chat = chatOf(Array.from({ length: 12 }, (_, i) => `Answer ${i}: ${ANSWER}`));
    const store = open();
    store.save(chat, true);
    await store.idle();
    const tail = fs.readFileSync(tailFile(), 'utf8');
    const { older } = JSON.parse(tail) as { older: number };
    assert.ok(older > 0 && older < chat.turns.length, `older ${older}`);
    const rest = safeStringify({ tail: 1, seq: 0, older, chat: { ...chat, turns: chat.turns.slice(older) } });
    assert.equal(tail, `{"logBytes":${fs.statSync(logFile()).size},${rest.slice(1)}`);
    assert.deepEqual(open().loadHead('c1')?.chat.turns, chat.turns.slice(older));
  });

  it('backlog: nothing while few lines wait; past 4 MB a promise that resolves once they are on disk', async () => {
    // A big snapshot first, so that 5 MB of lines are appended, not compacted.
    let chat = chatOf([ANSWER.repeat(30)]);
    const store = open();
    store.save(chat, true);
    await store.idle();
    chat = reduceChat(chat, started(1));
    store.save(chat, true);
    await store.idle();
    const before = fs.statSync(logFile()).size;
    const delta = 'x'.repeat(64 * 1024);
    const step = (): void => {
      const next = reduceChat(chat, text(delta));
      store.record(chat, text(delta), next);
      chat = next;
    };
    step();
    assert.equal(store.backlog(), undefined, 'one line: not behind');
    for (let i = 0; i < 80; i++) step();
    const waiting = store.backlog();
    assert.ok(waiting, 'behind: a promise');
    assert.ok(fs.statSync(logFile()).size - before < 1024 * 1024, 'the lines are not on disk yet');
    await waiting;
    assert.ok(fs.statSync(logFile()).size - before > 4 * 1024 * 1024, 'on disk when it resolves');
    assert.equal(
      fs.readFileSync(logFile(), 'utf8').trim().split('\n').length,
      82,
      'appended to the log (a snapshot and 81 lines), not compacted',
    );
    assert.equal(store.backlog(), undefined);
    await store.idle();
    assert.deepEqual(open().load('c1'), chat);
  });

  it('backlog over several chats: it resolves when the lines of all of them are down to 1 MB, not after the first write', async () => {
    const store = open();
    const chats = new Map<string, Chat>();
    for (const id of ['a', 'b']) {
      const chat = reduceChat(newChat(id, 1000), started(0));
      chats.set(id, chat);
      store.save(chat, true);
    }
    await store.idle();
    const size = (id: string): number => fs.statSync(path.join(dir, 'chats', `${id}.jsonl`)).size;
    const before = size('a') + size('b');
    const delta = 'y'.repeat(64 * 1024);
    for (let i = 0; i < 40; i++) {
      for (const [id, chat] of chats) {
        const next = reduceChat(chat, text(delta));
        store.record(chat, text(delta), next);
        chats.set(id, next);
      }
    }
    const waiting = store.backlog();
    assert.ok(waiting);
    await waiting;
    assert.ok(size('a') + size('b') - before > 4 * 1024 * 1024, "both chats' lines are on disk");
  });
});
