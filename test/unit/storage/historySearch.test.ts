import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { newChat, reduceChat, type Chat, type ChatAction } from '../../../src/conversation';
import {
  chatSearchText,
  fold,
  matchContent,
  matchesTitle,
  originalIndex,
  searchWords,
} from '../../../src/conversation/readouts/historySearch';
import { ChatStore } from '../../../src/storage/chatStore';
import { HistoryContentSearch } from '../../../src/storage/historyContentSearch';
import { zeroEvent } from '../../support/builders';
import { useTempDir } from '../../support/tempDir';

/** A chat with one finished turn: the prompt, some reasoning, a tool's output and the answer. */
function chat(
  id: string,
  at: number,
  prompt: string,
  answer: string,
  extra: { reasoning?: string; toolOutput?: string } = {},
): Chat {
  let c = reduceChat(newChat(id, at), { type: 'turn_started', turnId: `t-${id}`, prompt, origin: 'prompt', at });
  const actions: ChatAction[] = [
    zeroEvent({ type: 'run_start', sessionId: `zero_${id}` }),
    ...(extra.reasoning ? [zeroEvent({ type: 'reasoning', delta: extra.reasoning })] : []),
    ...(extra.toolOutput
      ? [
          zeroEvent({ type: 'tool_call', id: 'c1', name: 'read_file', args: {} }),
          zeroEvent({ type: 'tool_result', id: 'c1', name: 'read_file', ok: true, output: extra.toolOutput }),
        ]
      : []),
    zeroEvent({ type: 'text', delta: answer }),
    zeroEvent({ type: 'final', text: answer }),
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
    const c = chat('c1', 1000, 'Why is the build slow?', 'Because webpack rebuilds the vendor bundle.', {
      reasoning: 'thinking about giraffes',
      toolOutput: 'package.json says zebra',
    });
    const { text, folded } = chatSearchText(c);
    assert.ok(folded.includes('why is the build slow?'));
    assert.ok(text.includes('Why is the build slow?'), 'the text as said is kept for excerpts');
    assert.ok(folded.includes('webpack rebuilds the vendor bundle'));
    assert.ok(!folded.includes('giraffes'), 'reasoning is not searched');
    assert.ok(!folded.includes('zebra'), 'tool output is not searched');
  });

  it('a chat matches when every word is in its title or content, with an excerpt around the first word found in the content', () => {
    const c = chat(
      'c1',
      1000,
      'Fix the login page',
      'The session cookie lacked the SameSite attribute, so Safari dropped it.',
    );
    const text = chatSearchText(c);
    assert.equal(matchContent(c.title, text, searchWords('safari')) !== null, true);
    assert.match(
      matchContent(c.title, text, searchWords('safari'))!.excerpt!,
      /SameSite attribute, so Safari dropped it\.$/,
      'the excerpt is the text as said',
    );
    assert.ok(matchContent(c.title, text, searchWords('login safari')), 'one word in the title, one in the answer');
    assert.equal(matchContent(c.title, text, searchWords('safari firefox')), null, 'every word must be found');
    assert.equal(matchContent(c.title, text, []), null);
    assert.ok(matchesTitle('Fix the login page', searchWords('LOGIN fix')));
    assert.ok(!matchesTitle('Fix the login page', searchWords('cookie')));
  });

  it("cuts a chat's text at the limit it is given", () => {
    const c = chat('c1', 1000, 'short', 'x'.repeat(10_000));
    const cut = chatSearchText(c, 100);
    assert.ok(cut.text.length <= 100 && cut.folded.length <= 100);
  });

  it('an excerpt keeps the case and accents of what was said, whatever folding did to lengths before the hit', () => {
    const decomposed = 'Re\u0301sume\u0301'; // "Résumé" written as e + combining accent: folds shorter
    const before = `İstanbul ${decomposed} ﬁle 🙂 `.repeat(600); // over one 4096-unit chunk; İ folds longer
    const c = chat('c1', 1000, 'A question', `${before}Then the Café on Rue Élysée closed.`);
    const found = matchContent(c.title, chatSearchText(c), searchWords('ELYSEE cafe'))!;
    assert.match(found.excerpt!, /🙂 Then the Café on Rue Élysée closed\.$/u, found.excerpt!);
    const accented = matchContent(c.title, chatSearchText(c), searchWords('resume'))!;
    assert.ok(accented.excerpt!.startsWith(`İstanbul ${decomposed}`), accented.excerpt!);
  });

  it('originalIndex maps every folded position back to the code point it came from', () => {
    const pieces = ['a', 'É', 'e\u0301', 'İ', 'ß', '🙂', 'ﬁ', 'Σ', ' ', '\n', 'x'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let round = 0; round < 40; round++) {
      let text = '';
      for (let i = 0; i < 300 + (next() % 9000); i++) text += pieces[next() % pieces.length];
      const folded = fold(text);
      for (let k = 0; k < 30; k++) {
        const at = next() % folded.length;
        const from = originalIndex(text, at);
        // Folding the text up to the code point found gives at most `at` characters, and with it more.
        assert.ok(fold(text.slice(0, from)).length <= at, `round ${round}: ${at} → ${from}`);
        const cp = String.fromCodePoint(text.codePointAt(from)!);
        assert.ok(fold(text.slice(0, from + cp.length)).length > at, `round ${round}: ${at} → ${from}`);
      }
    }
  });
});

describe('history content search (chat files)', () => {
  const dir = useTempDir('zero-search-');

  it('finds chats by a word from an answer in files another window wrote, newest first, and sees a chat changed since', async () => {
    const writer = new ChatStore(dir(), () => undefined);
    writer.save(chat('a', 1000, 'first question', 'The answer mentions a pelican.'), true);
    writer.save(chat('b', 2000, 'second question', 'Nothing about birds here.'), true);
    writer.save(chat('c', 3000, 'third question', 'A pelican again, and a heron.'), true);
    await writer.idle();

    const reader = new ChatStore(dir(), () => undefined);
    const search = new HistoryContentSearch({ inMemory: () => undefined, fileOf: (id) => reader.fileOf(id) });
    const found: string[] = [];
    assert.equal(await search.search('Pelican', reader.summaries(), (h) => found.push(h.id)), true);
    assert.deepEqual(found, ['c', 'a']);

    // The first window answers again in chat b: the reader's cached text of b must not hide it.
    const before = writer.load('b')!;
    const after = reduceChat(before, zeroEvent({ type: 'text', delta: ' Except one pelican.' }));
    writer.record(before, zeroEvent({ type: 'text', delta: ' Except one pelican.' }), after);
    await writer.idle();
    const again: string[] = [];
    await search.search('pelican', reader.summaries(), (h) => again.push(h.id));
    assert.deepEqual(again.sort(), ['a', 'b', 'c']);
  });

  it('a newer search cancels the older one, and an unreadable file is skipped', async () => {
    const store = new ChatStore(dir(), () => undefined);
    for (let i = 0; i < 20; i++)
      store.save(chat(`c${i}`, 1000 + i, `question ${i}`, `answer with the word otter ${i}`), true);
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
