/**
 * Memory while an answer streams: the view's JS heap grows with the text, not with its square.
 * (Finished markdown blocks once kept their sources as slices of each frame's whole text, and V8
 * keeps a slice's parent string alive: a 1 MB answer held ~250 MB.)
 */
import { strict as assert } from 'node:assert';
import { CHAT_ID, emptyChat, ev, eventActions, T_START, viewState } from './fixtures';
import { Harness, type ChatPage } from './harness';

/** About `chars` characters of markdown: headed sections with paragraphs, lists and code fences. */
function answer(chars: number): string {
  const out: string[] = [];
  let size = 0;
  for (let i = 0; size < chars; i++) {
    const section = [
      `## Section ${i}`,
      `Paragraph ${i} explains the change in \`src/module${i}.ts\` and why the handler retries: ${'word '.repeat(40)}`,
      `- item one of ${i}\n- item two of ${i}`,
      '```ts\n' + `const value${i} = compute(${i});\n`.repeat(8) + '```',
      '',
    ].join('\n\n');
    out.push(section);
    size += section.length;
  }
  return out.join('');
}

async function heapAfterGc(chat: ChatPage): Promise<number> {
  const cdp = await chat.context.newCDPSession(chat.page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

describe('webview: memory while streaming', function () {
  this.timeout(120_000);
  let harness: Harness;
  let chat: ChatPage;

  before(async () => {
    harness = await Harness.start();
    chat = await harness.open();
  });
  after(async () => {
    await chat?.close();
    await harness?.close();
  });

  it('a 1 MB streamed answer grows the JS heap by a small multiple of its size', async () => {
    const text = answer(1_000_000);
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        { type: 'turn_started', turnId: 'turn-1', prompt: 'Write it all', origin: 'prompt', at: T_START },
        ...eventActions([ev({ type: 'run_start', sessionId: 's1' })]),
      ],
    });
    const before = await heapAfterGc(chat);

    // 400 frames of 2.5 KB each, one `actions` message per animation frame, as the host posts them.
    const deltas: string[] = [];
    for (let i = 0; i < text.length; i += 2500) deltas.push(text.slice(i, i + 2500));
    const batches = deltas.map((delta, i) => eventActions([ev({ type: 'text', delta })], i + 2));
    await chat.page.evaluate((b) => void ((window as unknown as { __batches: unknown }).__batches = b), batches);
    // A string, not a function: tsx would wrap the inner function in a helper the page does not have.
    await chat.page.evaluate(`new Promise((resolve) => {
      const batches = window.__batches;
      let i = 0;
      const tick = () => {
        if (i === batches.length) return resolve();
        window.postMessage({ type: 'actions', chatId: ${JSON.stringify(CHAT_ID)}, actions: batches[i++] }, '*');
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    }).then(() => { window.__batches = null; })`);
    await chat.settle();
    const shown = await chat.page.locator('.text-block').evaluate((el) => el.textContent ?? '');
    assert.ok(
      shown.includes(`Section ${Math.floor(deltas.length / 2)}`) && shown.includes('const value'),
      'the answer is on screen',
    );

    const grown = (await heapAfterGc(chat)) - before;
    // The chat state holds the text once (one byte per character here) and the renderer one more
    // reference to it; 10x leaves room for the DOM wrappers and the reducer's items.
    assert.ok(
      grown < 10 * text.length,
      `the heap grew by ${(grown / 1e6).toFixed(1)} MB for a ${(text.length / 1e6).toFixed(1)} MB answer`,
    );
    assert.deepEqual(chat.errors, []);
  });
});
