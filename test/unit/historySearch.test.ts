import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { newChat, reduceChat, type Chat, type ChatAction } from '../../src/conversation';
import { chatSearchText, matchContent, matchesTitle, searchWords } from '../../src/conversation/historySearch';
import { ChatStore } from '../../src/host/chatStore';
import { HistoryContentSearch } from '../../src/host/historyContentSearch';

const ev = (event: Record<string, unknown>): ChatAction => ({ type: 'event', line: 1, event: { schemaVersion: 2, runId: 'r', ...event } } as unknown as ChatAction);

/** A chat with one finished turn: the prompt, some reasoning, a tool's output and the answer. */
function chat(id: string, at: number, prompt: string, answer: string, extra: { reasoning?: string; toolOutput?: string } = {}): Chat {
  let c = reduceChat(newChat(id, at), { type: 'turn_started', turnId: `t-${id}`, prompt, origin: 'prompt', at });
  const actions: ChatAction[] = [
    ev({ type: 'run_start', sessionId: `zero_${id}` }),
    ...(extra.reasoning ? [ev({ type: 'reasoning', delta: extra.reasoning })] : []),
    ...(extra.toolOutput ? [ev({ type: 'tool_call', id: 'c1', name: 'read_file', args: {} }), ev({ type: 'tool_result', id: 'c1', name: 'read_file', ok: true, output: extra.toolOutput })] : []),
    ev({ type: 'text', delta: answer }),
    ev({ type: 'final', text: answer }),
  ];
  for (const a of actions) c = reduceChat(c, a);
  return c;
}

describe('history search (pure)', () => {
  it('folds the query into distinct words, case- and accent-insensitive', () => {
    assert.deepEqual(searchWords('  Café  CAFE  Résumé '), ['cafe', 'resume']);
    assert.deepEqual(searchWords('   '), []);
  });

  it('searches the prompts and answers, not reasoning or tool output', () => {
    const c = chat('c1', 1000, 'Why is the build slow?', 'Because webpack rebuilds the vendor bundle.', { reasoning: 'thinking about giraffes', toolOutput: 'package.json says zebra' });
    const text = chatSearchText(c);
    assert.ok(text.includes('why is the build slow?'));
    assert.ok(text.includes('webpack rebuilds the vendor bundle'));
    assert.ok(!text.includes('giraffes'), 'reasoning is not searched');
    assert.ok(!text.includes('zebra'), 'tool output is not searched');
  });

  it('a chat matches when every word is in its title or content, with an excerpt around the first word found in the content', () => {
    const c = chat('c1', 1000, 'Fix the login page', 'The session cookie lacked the SameSite attribute, so Safari dropped it.');
    const text = chatSearchText(c);
    assert.equal(matchContent(c.title, text, searchWords('safari')) !== null, true);
    assert.match(matchContent(c.title, text, searchWords('safari'))!.excerpt!, /safari dropped it/);
    assert.ok(matchContent(c.title, text, searchWords('login safari')), 'one word in the title, one in the answer');
    assert.equal(matchContent(c.title, text, searchWords('safari firefox')), null, 'every word must be found');
    assert.equal(matchContent(c.title, text, []), null);
    assert.ok(matchesTitle('Fix the login page', searchWords('LOGIN fix')));
    assert.ok(!matchesTitle('Fix the login page', searchWords('cookie')));
  });

  it('cuts a chat\'s text at the limit it is given', () => {
    const c = chat('c1', 1000, 'short', 'x'.repeat(10_000));
    assert.ok(chatSearchText(c, 100).length <= 100);
  });
});

describe('history content search (chat files)', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-search-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds chats by a word from an answer in files another window wrote, newest first, and sees a chat changed since', async () => {
    const writer = new ChatStore(dir, () => undefined);
    writer.save(chat('a', 1000, 'first question', 'The answer mentions a pelican.'), true);
    writer.save(chat('b', 2000, 'second question', 'Nothing about birds here.'), true);
    writer.save(chat('c', 3000, 'third question', 'A pelican again, and a heron.'), true);
    await writer.idle();

    const reader = new ChatStore(dir, () => undefined);
    const search = new HistoryContentSearch({ inMemory: () => undefined, fileOf: (id) => reader.fileOf(id) });
    const found: string[] = [];
    assert.equal(await search.search('Pelican', reader.summaries(), (h) => found.push(h.id)), true);
    assert.deepEqual(found, ['c', 'a']);

    // The first window answers again in chat b: the reader's cached text of b must not hide it.
    const before = writer.load('b')!;
    const after = reduceChat(before, ev({ type: 'text', delta: ' Except one pelican.' }));
    writer.record(before, ev({ type: 'text', delta: ' Except one pelican.' }), after);
    await writer.idle();
    const again: string[] = [];
    await search.search('pelican', reader.summaries(), (h) => again.push(h.id));
    assert.deepEqual(again.sort(), ['a', 'b', 'c']);
  });

  it('a newer search cancels the older one, and an unreadable file is skipped', async () => {
    const store = new ChatStore(dir, () => undefined);
    for (let i = 0; i < 20; i++) store.save(chat(`c${i}`, 1000 + i, `question ${i}`, `answer with the word otter ${i}`), true);
    await store.idle();
    fs.writeFileSync(store.fileOf('c5'), 'not json at all\n');
    const search = new HistoryContentSearch({ inMemory: () => undefined, fileOf: (id) => store.fileOf(id) });
    const first: string[] = [];
    const older = search.search('otter', store.summaries(), (h) => first.push(h.id));
    const second: string[] = [];
    const newer = search.search('otter', store.summaries(), (h) => second.push(h.id));
    assert.equal(await older, false, 'the older scan stopped');
    assert.equal(await newer, true);
    assert.equal(second.length, 19, 'every readable chat, not the broken one');
    assert.ok(!second.includes('c5'));
    assert.ok(first.length < 20);
  });
});
