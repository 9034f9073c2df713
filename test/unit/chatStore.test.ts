import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { newChat, reduceChat, type Chat } from '../../src/conversation';
import { ChatStore } from '../../src/host/chatStore';

const withTurn = (id: string, at: number, prompt = 'hello'): Chat =>
  reduceChat(newChat(id, at), { type: 'turn_started', turnId: `t-${id}`, prompt, origin: 'prompt', at });

describe('chat store (workspace storage files)', () => {
  let dir: string;
  let logs: string[];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-store-'));
    logs = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const open = (): ChatStore => new ChatStore(dir, (m) => logs.push(m));

  it('a chat saved now is there for the next window (reload), newest first in the history', () => {
    const a = open();
    a.save(withTurn('c1', 1000, 'first'), true);
    a.save(withTurn('c2', 2000, 'second'), true);
    a.currentId = 'c2';
    const b = open();
    assert.deepEqual(b.summaries().map((s) => [s.id, s.title, s.turns]), [['c2', 'second', 1], ['c1', 'first', 1]]);
    assert.equal(b.currentId, 'c2');
    assert.equal(b.load('c1')?.turns[0]?.prompt, 'first');
  });

  it('debounced saves land on flush (deactivate) and an empty new chat is not recorded', () => {
    const a = open();
    a.save(withTurn('c1', 1000));
    a.save(newChat('empty', 1500));
    assert.equal(open().summaries().length, 0, 'not written yet');
    a.flush();
    assert.deepEqual(open().summaries().map((s) => s.id), ['c1']);
    assert.equal(open().load('empty'), undefined);
  });

  it('delete removes the chat and its file', () => {
    const a = open();
    a.save(withTurn('c1', 1000), true);
    a.currentId = 'c1';
    a.delete('c1');
    const b = open();
    assert.deepEqual(b.summaries(), []);
    assert.equal(b.currentId, null);
    assert.equal(b.load('c1'), undefined);
  });

  it('a corrupt index or chat file is reported and does not break the store', () => {
    fs.writeFileSync(path.join(dir, 'index.json'), '{not json');
    const a = open();
    assert.deepEqual(a.summaries(), []);
    assert.match(logs[0] ?? '', /index unreadable/);
    fs.mkdirSync(path.join(dir, 'chats'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'chats', 'bad.json'), '[');
    assert.equal(a.load('bad'), undefined);
    assert.match(logs[1] ?? '', /Could not read chat bad/);
  });

  it('chat ids cannot escape the storage folder', () => {
    const a = open();
    a.save(withTurn('../../evil', 1000), true);
    assert.ok(fs.existsSync(path.join(dir, 'chats', '______evil.json')));
    assert.ok(!fs.existsSync(path.join(dir, '..', '..', 'evil.json')));
  });
});
