/**
 * Streaming: actions applied by the webview's own reducer build the same DOM as a snapshot of the
 * same state; finished markdown blocks are not rebuilt; the view follows the bottom only when the
 * user is there.
 */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import { CHAT_ID, chatOf, emptyChat, ev, eventActions, T_START, viewState } from './fixtures';
import { Harness, type ChatPage } from './harness';
import { processExited } from '../support/builders';

const ANSWER = [
  '# Plan',
  '',
  'First paragraph with `src/app.ts:10` and **bold**.',
  'A second line of the same paragraph.',
  '',
  '1. Step one',
  '',
  '   ```bash',
  '   npm install',
  '',
  '   npm test',
  '   ```',
  '2. Step two',
  '   - nested',
  '',
  '     continued in the item',
  '',
  '```ts',
  'function f() {',
  '',
  '# not a heading',
  '',
  'return 1;',
  '}',
  '```',
  'Right after the fence.',
  '',
  '~~~',
  'tilde fence',
  '',
  '~~~',
  '',
  '    indented code',
  '',
  '    more indented code',
  '',
  '| a | b |',
  '|:--|--:|',
  '| 1 | 2 |',
  '',
  '> quoted',
  '',
  '---',
  '',
  'Last words without a newline',
].join('\n');

/** Deterministic cuts of `text` into pieces of 1..max characters. */
function pieces(text: string, seed: number, max = 9): string[] {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) >>> 0) % max) + 1;
  const out: string[] = [];
  for (let i = 0; i < text.length;) {
    const n = next();
    out.push(text.slice(i, i + n));
    i += n;
  }
  return out;
}

function streamedRun(answer: string, finalText: string, seed: number): ChatAction[] {
  return [
    { type: 'turn_started', turnId: 'turn-1', prompt: 'Plan it', origin: 'prompt', at: T_START },
    ...eventActions([
      ev({ type: 'run_start', sessionId: 's1' }),
      ...pieces('Thinking about the plan…', seed).map((delta) => ev({ type: 'reasoning', delta })),
      ev({ type: 'text', delta: 'Let me read the file.' }),
      ev({ type: 'usage', promptTokens: 10, completionTokens: 5, totalTokens: 15 }),
      ev({ type: 'tool_call', id: 'c1', name: 'read_file', args: { path: 'src/app.ts' }, sideEffect: 'read' }),
      ev({ type: 'tool_result', id: 'c1', name: 'read_file', status: 'ok', output: 'export {}' }),
      ...pieces(answer, seed).map((delta) => ev({ type: 'text', delta })),
      ev({ type: 'usage', promptTokens: 20, completionTokens: 30, totalTokens: 50 }),
      ev({ type: 'final', text: finalText }),
      ev({ type: 'run_end', status: 'success', exitCode: 0 }),
    ]),
    processExited(0, T_START + 3000),
  ];
}

describe('webview: streaming', () => {
  let harness: Harness;
  let streaming: ChatPage;
  let reference: ChatPage;

  before(async () => {
    harness = await Harness.start();
  });
  after(async () => harness?.close());
  beforeEach(async () => {
    streaming = await harness.open();
    reference = await harness.open();
  });
  afterEach(async () => {
    for (const page of [streaming, reference]) {
      assert.deepEqual(await page.cspViolations(), []);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });

  const transcript = (page: ChatPage) => page.page.locator('.transcript').evaluate((el) => el.innerHTML);

  async function streamAndCompare(actions: ChatAction[], checkpoints: number[]): Promise<void> {
    await streaming.send({ type: 'snapshot', state: viewState(emptyChat()) });
    let sent = 0;
    for (const upTo of [...checkpoints, actions.length]) {
      // Batches of uneven size, a frame apart, as the host posts them.
      while (sent < upTo) {
        const n = Math.min(upTo - sent, 1 + (sent % 7));
        await streaming.page.evaluate((m) => window.postMessage(m, '*'), {
          type: 'actions',
          chatId: CHAT_ID,
          actions: actions.slice(sent, sent + n),
        } as unknown);
        sent += n;
        if (sent % 3 === 0) await streaming.settle();
      }
      await streaming.settle();
      await reference.send({ type: 'snapshot', state: viewState(chatOf(actions.slice(0, upTo))) });
      assert.equal(
        await transcript(streaming),
        await transcript(reference),
        `same DOM after ${upTo} of ${actions.length} actions`,
      );
    }
  }

  it("draws a turn's first words as their message arrives, later words at the next frame", async () => {
    const begun = chatOf([
      { type: 'turn_started', turnId: 'turn-1', prompt: 'Hi', origin: 'prompt', at: T_START },
      ...eventActions([ev({ type: 'run_start', sessionId: 's1' })]),
    ]);
    await streaming.send({ type: 'snapshot', state: viewState(begun) });
    /** Posts the actions; what the turn's text shows right after the view's own listener has taken them. */
    const drawnOnArrival = (actions: ChatAction[]) =>
      streaming.page.evaluate(
        (m) =>
          new Promise<string>((resolve) => {
            // Added after the view's own listener, so it runs right after it, in the same task.
            window.addEventListener(
              'message',
              () => resolve(document.querySelector('article.turn .text-block')?.textContent ?? ''),
              { once: true },
            );
            window.postMessage(m, '*');
          }),
        { type: 'actions', chatId: CHAT_ID, actions } as unknown,
      );
    const first = await drawnOnArrival(eventActions([ev({ type: 'text', delta: 'Hello' })], 2));
    assert.equal(first.trim(), 'Hello', 'drawn in the same task as its message');
    const later = await drawnOnArrival(eventActions([ev({ type: 'text', delta: ' world' })], 3));
    assert.equal(later.trim(), 'Hello', 'later words wait for the frame');
    await streaming.settle();
    assert.equal((await streaming.page.locator('article.turn .text-block').textContent())?.trim(), 'Hello world');
  });

  it('builds the same DOM as a snapshot of the same state, mid-stream and at the end', async () => {
    const actions = streamedRun(ANSWER, ANSWER, 7);
    const n = actions.length;
    await streamAndCompare(actions, [Math.floor(n * 0.3), Math.floor(n * 0.55), Math.floor(n * 0.8), n - 4]);
    const p = streaming.page;
    assert.equal(await p.locator('.markdown.answer h1').textContent(), 'Plan');
    assert.equal((await p.locator('.markdown.narration').textContent())!.trim(), 'Let me read the file.');
    assert.equal(await p.locator('.markdown.answer .code-block').count(), 4, 'bash, ts, tilde and indented code');
    assert.match((await p.locator('.markdown.answer .code-block').nth(1).textContent())!, /# not a heading/);
    assert.equal(await p.locator('.markdown.answer h1').count(), 1);
    assert.equal(await p.locator('.markdown.answer ol > li').count(), 2, 'one ordered list across the blank lines');
    assert.equal(await p.locator('.markdown.answer table td.align-right').textContent(), '2');
    assert.equal(await p.locator('details.reasoning').evaluate((d) => (d as HTMLDetailsElement).open), false);
  });

  it('a snapshot of a long answer draws its end at once, the rest while idle, and ends as the streamed DOM', async () => {
    const long = Array.from(
      { length: 150 },
      (_, i) => `### Part ${i}\n\nSome text for part ${i} with \`code\`.\n`,
    ).join('\n');
    const actions = streamedRun(long, long, 11);
    const first = await reference.page.evaluate(
      async (m) => {
        window.postMessage(m, '*');
        await new Promise((r) => setTimeout(r, 0));
        return {
          pages: document.querySelectorAll('.md-page').length,
          empty: document.querySelectorAll('.md-page:empty').length,
        };
      },
      { type: 'snapshot', state: viewState(chatOf(actions)) } as unknown,
    );
    assert.ok(first.pages >= 9, `${first.pages} pages`);
    assert.ok(
      first.empty > 0 && first.empty <= first.pages - 2,
      `${first.empty} of ${first.pages} pages wait for idle time`,
    );
    for (let i = 0; i < 200 && (await reference.page.locator('.md-page:empty').count()) > 0; i++)
      await reference.settle();
    assert.equal(await reference.page.locator('.markdown.answer h3').count(), 150);

    await streaming.send({ type: 'snapshot', state: viewState(emptyChat()) });
    for (let i = 0; i < actions.length; i += 40) {
      await streaming.send({ type: 'actions', chatId: CHAT_ID, actions: actions.slice(i, i + 40) });
    }
    assert.equal(await transcript(streaming), await transcript(reference));
  });

  it('shows final.text when it differs from what was streamed (a redacted secret)', async () => {
    const streamed = `${ANSWER}\n\nYour key is sk-abcdefghijklmnopqrstu`;
    const final = `${ANSWER}\n\nYour key is [REDACTED]`;
    await streamAndCompare(streamedRun(streamed, final, 3), []);
    const text = (await streaming.page.locator('.markdown.answer').textContent())!;
    assert.match(text, /\[REDACTED\]/);
    assert.doesNotMatch(text, /sk-abcdef/);
  });

  it('does not rebuild finished markdown blocks while the tail streams', async () => {
    const start: ChatAction[] = [
      { type: 'turn_started', turnId: 'turn-1', prompt: 'Go', origin: 'prompt', at: T_START },
      ...eventActions([
        ev({ type: 'run_start', sessionId: 's1' }),
        ev({ type: 'text', delta: '## Heading\n\nFirst paragraph.\n\nSecond\n' }),
      ]),
    ];
    await streaming.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await streaming.send({ type: 'actions', chatId: CHAT_ID, actions: start });
    const mark = () =>
      streaming.page.evaluate(() =>
        document.querySelectorAll('.md-block').forEach((b, i) => ((b as HTMLElement & { mark?: number }).mark = i)),
      );
    const marks = () =>
      streaming.page.evaluate(() =>
        Array.from(document.querySelectorAll('.md-block'), (b) => (b as HTMLElement & { mark?: number }).mark ?? null),
      );
    await mark();
    assert.deepEqual(await marks(), [0, 1, 2]);
    for (const delta of [' paragraph', ' grows', '.\n\n', 'Third.\n']) {
      await streaming.send({ type: 'actions', chatId: CHAT_ID, actions: eventActions([ev({ type: 'text', delta })]) });
    }
    // Heading and first paragraph kept; the old tail became a finished block; a new tail.
    assert.deepEqual(await marks(), [0, 1, null, null]);
    const texts = (await streaming.page.locator('.md-block').allTextContents()).map((t) => t.trim());
    assert.deepEqual(texts, ['Heading', 'First paragraph.', 'Second\nparagraph grows.', 'Third.']);
  });

  it('a code block still streaming is shown as plain code, highlighted once it is finished', async () => {
    const start: ChatAction[] = [
      { type: 'turn_started', turnId: 'turn-1', prompt: 'Go', origin: 'prompt', at: T_START },
      ...eventActions([
        ev({ type: 'run_start', sessionId: 's1' }),
        ev({ type: 'text', delta: 'Here:\n\n```ts\nconst answer = 42;\n' }),
      ]),
    ];
    await streaming.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await streaming.send({ type: 'actions', chatId: CHAT_ID, actions: start });
    const code = streaming.page.locator('.text-block pre code').last();
    assert.match((await code.textContent()) ?? '', /const answer = 42;/);
    assert.equal(await code.locator('.hljs-keyword').count(), 0, 'not highlighted while the block streams');
    await streaming.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: eventActions([ev({ type: 'text', delta: 'return answer;\n```\n\nDone.\n' })]),
    });
    assert.match((await code.textContent()) ?? '', /const answer = 42;\nreturn answer;/);
    assert.deepEqual(
      await code.locator('.hljs-keyword').allTextContents(),
      ['const', 'return'],
      'highlighted once closed',
    );
  });

  it('a flood: a huge unfinished block is plain text, then markdown once finished; over the budget a notice says what was dropped', async () => {
    const line = 'flood **not bold while unfinished** 0123456789\n';
    const start: ChatAction[] = [
      { type: 'turn_started', turnId: 'turn-1', prompt: 'Go', origin: 'prompt', at: T_START, outputLimit: 256 * 1024 },
      ...eventActions([ev({ type: 'run_start', sessionId: 's1' })]),
    ];
    await streaming.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await streaming.send({ type: 'actions', chatId: CHAT_ID, actions: start });
    const flood = eventActions(Array.from({ length: 2000 }, () => ev({ type: 'text', delta: line })));
    for (let i = 0; i < flood.length; i += 250)
      await streaming.send({ type: 'actions', chatId: CHAT_ID, actions: flood.slice(i, i + 250) });
    const p = streaming.page;
    assert.equal(await p.locator('.md-block.plain-tail').count(), 1, 'the 90 KB unfinished block is plain text');
    assert.equal(await p.locator('.md-block strong').count(), 0);
    await streaming.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: eventActions([ev({ type: 'text', delta: '\nDone.\n' })]),
    });
    assert.equal(await p.locator('.md-block.plain-tail').count(), 0, 'finished: rendered as markdown');
    assert.ok((await p.locator('.md-block strong').count()) > 1000);

    const more = eventActions(
      Array.from({ length: 8000 }, (_, i) => ev({ type: i % 4 === 0 ? 'reasoning' : 'text', delta: `${i}: ${line}` })),
    );
    for (let i = 0; i < more.length; i += 500)
      await streaming.send({ type: 'actions', chatId: CHAT_ID, actions: more.slice(i, i + 500) });
    const notice = (await p.locator('.notice.elided').textContent()) ?? '';
    assert.match(
      notice,
      /^Output dropped: Output over this run's 256 KB limit \(zero\.maxRunOutputMB\): [\d.]+ KB dropped from the middle \(answer text [\d.]+ KB, reasoning [\d.]+ KB/,
    );
    await reference.send({
      type: 'snapshot',
      state: viewState(
        chatOf([...start, ...flood, ...eventActions([ev({ type: 'text', delta: '\nDone.\n' })]), ...more]),
      ),
    });
    assert.equal(
      await transcript(streaming),
      await transcript(reference),
      'the same cut as a snapshot of the same state',
    );
  });

  it('follows new content only while the user is at the bottom', async () => {
    const long = Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of a long answer.`).join('\n\n');
    const start: ChatAction[] = [
      { type: 'turn_started', turnId: 'turn-1', prompt: 'Write a lot', origin: 'prompt', at: T_START },
      ...eventActions([ev({ type: 'run_start', sessionId: 's1' }), ev({ type: 'text', delta: long })]),
    ];
    const p = streaming.page;
    await streaming.send({ type: 'snapshot', state: viewState(chatOf(start)) });
    const scroller = p.locator('.scroller');
    const gap = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    const more = (i: number) =>
      streaming.send({
        type: 'actions',
        chatId: CHAT_ID,
        actions: eventActions([ev({ type: 'text', delta: `\n\nMore text ${i}.` })]),
      });
    assert.ok((await scroller.evaluate((el) => el.scrollHeight - el.clientHeight)) > 500, 'overflows');
    assert.ok((await gap()) <= 1, 'starts at the bottom');
    await more(1);
    assert.ok((await gap()) <= 1, 'stays at the bottom');

    await scroller.hover();
    await p.mouse.wheel(0, -600);
    await streaming.settle();
    const top = await scroller.evaluate((el) => el.scrollTop);
    await more(2);
    await more(3);
    assert.equal(await scroller.evaluate((el) => el.scrollTop), top, 'left where the user scrolled to');
    assert.ok((await gap()) > 100);

    await p.mouse.wheel(0, 100_000);
    await streaming.settle();
    await more(4);
    assert.ok((await gap()) <= 1, 'sticks again once back at the bottom');
  });
});
