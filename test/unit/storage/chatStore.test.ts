import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { newChat, reduceChat, type Chat, type ChatAction } from '../../../src/conversation';
import { ChatStore } from '../../../src/storage/chatStore';

const withTurn = (id: string, at: number, prompt = 'hello'): Chat =>
  reduceChat(newChat(id, at), { type: 'turn_started', turnId: `t-${id}`, prompt, origin: 'prompt', at });
const text = (delta: string): ChatAction => ({
  type: 'event',
  line: 1,
  event: { type: 'text', schemaVersion: 2, runId: 'r', delta },
});

describe('chat store (workspace storage files)', () => {
  let dir: string;
  let logs: string[];
  let notices: string[];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-store-'));
    logs = [];
    notices = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const open = (): ChatStore =>
    new ChatStore(
      dir,
      (m) => logs.push(m),
      (m) => notices.push(m),
    );
  const chatsDir = (): string => path.join(dir, 'chats');

  it('a chat saved now is there for the next window (reload), newest first in the history', async () => {
    const a = open();
    a.save(withTurn('c1', 1000, 'first'), true);
    a.save(withTurn('c2', 2000, 'second'), true);
    a.currentId = 'c2';
    await a.idle();
    const b = open();
    assert.deepEqual(
      b.summaries().map((s) => [s.id, s.title, s.turns]),
      [
        ['c2', 'second', 1],
        ['c1', 'first', 1],
      ],
    );
    assert.equal(b.currentId, 'c2');
    assert.equal(b.load('c1')?.turns[0]?.prompt, 'first');
  });

  it('streamed actions are appended as lines, and reading replays them into the same chat', async () => {
    const a = open();
    let chat = withTurn('c1', 1000);
    a.save(chat, true);
    await a.idle();
    const snapshotSize = fs.statSync(path.join(chatsDir(), 'c1.jsonl')).size;
    for (const d of ['Hello', ', ', 'world']) {
      const next = reduceChat(chat, text(d));
      a.record(chat, text(d), next);
      chat = next;
    }
    await a.idle();
    const lines = fs.readFileSync(path.join(chatsDir(), 'c1.jsonl'), 'utf8').trim().split('\n');
    assert.equal(lines.length, 4, 'one snapshot line and three action lines');
    assert.ok(
      fs.statSync(path.join(chatsDir(), 'c1.jsonl')).size - snapshotSize < 400,
      'the snapshot was not rewritten',
    );
    assert.deepEqual(open().load('c1'), chat);
  });

  it('debounced saves land on flush (deactivate), synchronously, and an empty new chat is not recorded', () => {
    const a = open();
    a.save(withTurn('c1', 1000));
    a.save(newChat('empty', 1500));
    assert.equal(open().summaries().length, 0, 'not written yet');
    a.flush();
    assert.deepEqual(
      open()
        .summaries()
        .map((s) => s.id),
      ['c1'],
    );
    assert.equal(open().load('empty'), undefined);
  });

  it('flush while an append is in flight: the reloaded chat has every action exactly once', async () => {
    const a = open();
    let chat = withTurn('c1', 1000);
    a.save(chat, true);
    await a.idle();
    const step = (d: string): void => {
      const next = reduceChat(chat, text(d));
      a.record(chat, text(d), next);
      chat = next;
    };
    step('one ');
    void a.idle(); // starts the append and leaves it in flight
    step('two ');
    a.flush();
    await a.idle();
    await new Promise((r) => setTimeout(r, 50));
    const item = open().load('c1')?.turns[0]?.items[0];
    assert.equal(item?.kind === 'text' ? item.text : null, 'one two ');
  });

  it('a long log is compacted back to one snapshot line', async () => {
    const a = open();
    let chat = withTurn('c1', 1000);
    a.save(chat, true);
    const delta = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 80; i++) {
      const next = reduceChat(chat, text(delta));
      a.record(chat, text(delta), next);
      chat = next;
      if (i % 10 === 0) await a.idle();
    }
    await a.idle();
    const lines = fs.readFileSync(path.join(chatsDir(), 'c1.jsonl'), 'utf8').trim().split('\n');
    assert.ok(lines.length < 40, `compacted (${lines.length} lines)`);
    const item = open().load('c1')?.turns[0]?.items[0];
    assert.equal(item?.kind === 'text' ? item.text.length : 0, 80 * delta.length);
  });

  it('delete removes the chat and its file', async () => {
    const a = open();
    a.save(withTurn('c1', 1000), true);
    a.currentId = 'c1';
    await a.idle();
    a.delete('c1');
    const b = open();
    assert.deepEqual(b.summaries(), []);
    assert.equal(b.currentId, null);
    assert.equal(b.load('c1'), undefined);
    assert.deepEqual(fs.readdirSync(chatsDir()), []);
  });

  it("a deleted chat's Zero session is remembered as hidden, for this window and the next, and another window keeps it", async () => {
    const a = open();
    const other = open();
    a.save({ ...withTurn('c1', 1000), sessionId: 'zero_session_1' }, true);
    a.save({ ...withTurn('c2', 2000), sessionId: 'zero_session_2' }, true);
    await a.idle();
    a.delete('c1');
    assert.deepEqual([...a.hiddenSessions()], ['zero_session_1']);
    other.save(withTurn('c3', 3000), true);
    await other.idle();
    assert.deepEqual([...open().hiddenSessions()], ['zero_session_1'], "the other window's write kept it");
    assert.deepEqual(
      open()
        .summaries()
        .map((s) => s.id),
      ['c3', 'c2'],
    );
  });

  it('the chats open in editor tabs are written at once, read back by the next window, and a deleted one is dropped', async () => {
    const a = open();
    a.save(withTurn('c1', 1000), true);
    a.save(withTurn('c2', 2000), true);
    await a.idle();
    a.tabs = ['c2', 'c1'];
    assert.deepEqual(open().tabs, ['c2', 'c1'], 'on disk without waiting');
    a.delete('c1');
    assert.deepEqual(open().tabs, ['c2']);
  });

  it('a malformed chat file is set aside, reported once, dropped from the history, and the other chats load', async () => {
    const a = open();
    a.save(withTurn('good', 1000, 'good one'), true);
    a.save(withTurn('bad', 2000, 'bad one'), true);
    await a.idle();
    fs.writeFileSync(
      path.join(chatsDir(), 'bad.jsonl'),
      `${JSON.stringify({ format: 2, seq: 0, chat: { ...withTurn('bad', 2000), turns: [null] } })}\n`,
    );
    const b = open();
    assert.equal(b.load('bad'), undefined);
    assert.equal(b.load('good')?.turns[0]?.prompt, 'good one');
    assert.deepEqual(
      b.summaries().map((s) => s.id),
      ['good'],
    );
    const names = fs.readdirSync(chatsDir());
    assert.ok(
      names.some((n) => /^bad\.jsonl\.corrupt-/.test(n)),
      names.join(', '),
    );
    await Promise.resolve();
    assert.equal(notices.length, 1);
    assert.match(notices[0]!, /bad\.jsonl is unreadable \(turns\.0: .*\); it was set aside/);
  });

  for (const [what, content] of [
    ['not JSON', '{not json'],
    ['chats: [null]', JSON.stringify({ version: 1, currentId: 'c1', chats: [null] })],
    ['wrong types', JSON.stringify({ version: 1, currentId: 7, chats: 'x' })],
  ] as const) {
    it(`an index that is ${what} is set aside and the history is rebuilt from the chat files`, async () => {
      const a = open();
      a.save(withTurn('c1', 1000, 'first'), true);
      a.save(withTurn('c2', 2000, 'second'), true);
      await a.idle();
      fs.writeFileSync(path.join(dir, 'index.json'), content);
      const b = open();
      assert.deepEqual(
        b.summaries().map((s) => s.id),
        ['c2', 'c1'],
      );
      assert.ok(fs.readdirSync(dir).some((n) => /^index\.json\.corrupt-/.test(n)));
      await Promise.resolve();
      assert.match(notices.join('\n'), /index\.json is unreadable/);
      assert.deepEqual(
        open()
          .summaries()
          .map((s) => s.id),
        ['c2', 'c1'],
        'the rebuilt index was written',
      );
    });
  }

  it('reads a chat saved in the old one-file format, and the next save moves it to the log', async () => {
    fs.mkdirSync(chatsDir(), { recursive: true });
    const old = withTurn('c1', 1000, 'from before');
    fs.writeFileSync(path.join(chatsDir(), 'c1.json'), JSON.stringify(old));
    fs.writeFileSync(
      path.join(dir, 'index.json'),
      JSON.stringify({
        version: 1,
        currentId: 'c1',
        chats: [{ id: 'c1', title: 'from before', updatedAt: 1000, turns: 1 }],
      }),
    );
    const a = open();
    assert.deepEqual(a.load('c1'), old);
    const next = reduceChat(old, text('more'));
    a.record(old, text('more'), next);
    await a.idle();
    assert.deepEqual(fs.readdirSync(chatsDir()), ['c1.jsonl']);
    assert.deepEqual(open().load('c1'), next);
  });

  it("two windows sharing storage keep each other's history entries", async () => {
    const a = open();
    const b = open();
    a.save(withTurn('from-a', 1000, 'A'), true);
    await a.idle();
    b.save(withTurn('from-b', 2000, 'B'), true);
    await b.idle();
    a.save(withTurn('from-a2', 3000, 'A2'), true);
    await a.idle();
    assert.deepEqual(
      open()
        .summaries()
        .map((s) => s.id),
      ['from-a2', 'from-b', 'from-a'],
    );
    // A delete in one window is not undone by the other's next write.
    b.delete('from-a');
    a.currentId = 'from-a2';
    assert.deepEqual(
      open()
        .summaries()
        .map((s) => s.id),
      ['from-a2', 'from-b'],
    );
  });

  it('a deeply nested value saves and reads back (depth-clamped), never throwing', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    const chat = withTurn('c1', 1000);
    const call: ChatAction = {
      type: 'event',
      line: 2,
      event: { type: 'tool_call', schemaVersion: 2, runId: 'r', id: 'x', name: 'tool', args: deep },
    };
    const next = reduceChat(chat, call);
    const a = open();
    a.save(chat, true);
    assert.doesNotThrow(() => a.record(chat, call, next));
    a.flush();
    const loaded = open().load('c1');
    const tool = loaded?.turns[0]?.items[0];
    assert.equal(tool?.kind, 'tool');
    assert.match(JSON.stringify(tool), /nested deeper than 64 levels/);
  });

  it('a failing write is reported, not thrown, and the chat stays in memory', async () => {
    fs.writeFileSync(path.join(dir, 'chats'), 'a file where the folder should be');
    const a = open();
    const chat = withTurn('c1', 1000);
    assert.doesNotThrow(() => a.save(chat, true));
    await a.idle();
    assert.equal(a.load('c1'), chat);
    assert.match(notices.join('\n'), /Could not save the chat "hello"/);
  });

  it('chat ids cannot escape the storage folder', async () => {
    const a = open();
    a.save(withTurn('../../evil', 1000), true);
    await a.idle();
    assert.ok(fs.existsSync(path.join(dir, 'chats', '______evil.jsonl')));
    assert.ok(!fs.existsSync(path.join(dir, '..', '..', 'evil.jsonl')));
  });
});
