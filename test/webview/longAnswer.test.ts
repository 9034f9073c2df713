/**
 * A very long answer is windowed by pages: only the pages near the viewport are drawn as markdown;
 * the others keep their height and hold their words for find in page. Scrolling draws the pages
 * on the way and drops those left behind.
 */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import { CHAT_ID, chatOf, emptyChat, ev, eventActions, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';

/** Three blocks a part (heading, paragraph, code): 600 parts are 1800 blocks, 57 pages of 32. */
const PARTS = 600;
const PAGES = Math.ceil((3 * PARTS) / 32);

function part(i: number): string {
  return `### Part ${i}\n\nParagraph ${i} says why the handler retries, in \`src/part${i}.ts\`. Marker-${i}.\n\n\`\`\`ts\nconst part${i} = ${i};\n\`\`\`\n\n`;
}
const ANSWER = Array.from({ length: PARTS }, (_, i) => part(i)).join('');

function start(): ChatAction[] {
  return [
    { type: 'turn_started', turnId: 'turn-1', prompt: 'Write it all', origin: 'prompt', at: T_START },
    ...eventActions([ev({ type: 'run_start', sessionId: 's1' })]),
  ];
}

/** The whole answer, in deltas of about `size` characters. */
function deltas(size: number): ChatAction[] {
  const out: string[] = [];
  for (let i = 0; i < ANSWER.length; i += size) out.push(ANSWER.slice(i, i + size));
  return eventActions(
    out.map((delta) => ev({ type: 'text', delta })),
    3,
  );
}

/** Lets the idle work run (drawing pages, writing words) and the observers report. */
async function settleIdle(chat: ChatPage, rounds = 6): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await chat.page.evaluate(() => new Promise<void>((r) => requestIdleCallback(() => r(), { timeout: 500 })));
    await chat.settle();
  }
}

/** As a user dragging the scroll bar to either end (the Top and Latest buttons are for chats of several turns). */
async function scrollTo(chat: ChatPage, to: 'top' | 'bottom'): Promise<void> {
  await chat.page
    .locator('.scroller')
    .evaluate((el, top) => void (el.scrollTop = top ? 0 : el.scrollHeight), to === 'top');
  await settleIdle(chat);
}

interface PageState {
  drawn: boolean;
  words: string | null;
  hidden: string | null;
  height: number;
}

function pages(chat: ChatPage): Promise<PageState[]> {
  return chat.page.locator('.text-block .md-page').evaluateAll((els) =>
    els.map((el) => {
      const words = el.querySelector(':scope > .md-page-words');
      return {
        drawn: el.querySelector(':scope > .md-block') !== null,
        words: words?.textContent ?? null,
        hidden: words?.getAttribute('hidden') ?? null,
        height: el.getBoundingClientRect().height,
      };
    }),
  );
}

describe('webview: a very long answer', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));

  it('streamed: only the pages near the bottom are drawn; the others hold their words, hidden until found', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await chat.send({ type: 'actions', chatId: CHAT_ID, actions: start() });
    const all = deltas(400);
    for (let i = 0; i < all.length; i += 20) {
      await chat.page.evaluate((m) => window.postMessage(m, '*'), {
        type: 'actions',
        chatId: CHAT_ID,
        actions: all.slice(i, i + 20),
      } as unknown);
      if (i % 200 === 0) await chat.settle();
    }
    await settleIdle(chat);
    const p = chat.page;
    const state = await pages(chat);
    assert.equal(state.length, PAGES);
    const drawn = state.filter((s) => s.drawn).length;
    assert.ok(drawn >= 1 && drawn <= 20, `${drawn} of ${PAGES} pages drawn`);
    assert.ok(state[state.length - 1]!.drawn, 'the last page is drawn');
    assert.equal(
      await p.getByRole('heading', { name: `Part ${PARTS - 1}` }).isVisible(),
      true,
      'the end of the answer is on screen',
    );
    // A page not drawn holds its markdown as words for find in page, hidden until found.
    const first = state[0]!;
    assert.equal(first.drawn, false);
    assert.equal(first.hidden, 'until-found');
    assert.ok(first.words?.startsWith('### Part 0\n\nParagraph 0'), first.words?.slice(0, 40));
    assert.match(first.words!, /Marker-10\./);
    assert.equal(await p.getByText('Marker-0.').isVisible(), false, 'the words are not shown');
    // Every part is in the document once, drawn or as words.
    const text = (await p.locator('.text-block').last().textContent())!;
    for (const i of [0, 137, 300, 599]) assert.ok(text.includes(`Marker-${i}.`), `Marker-${i}`);
    assert.ok((await p.locator('.text-block .md-block').count()) <= 20 * 32 + 1, 'the drawn blocks are bounded');
  });

  it('scrolling up draws the pages on the way and drops those left behind, which keep their height', async () => {
    const actions = [
      ...start(),
      ...deltas(5000),
      ...eventActions([ev({ type: 'run_end', status: 'success', exitCode: 0 })], 9000),
    ];
    await chat.send({ type: 'snapshot', state: viewState(chatOf(actions)) });
    await settleIdle(chat);
    const p = chat.page;
    assert.ok((await pages(chat))[PAGES - 1]!.drawn, 'opened at the end, drawn');

    // Up through the answer a screen and a half at a time, noting each page's height while drawn.
    const drawnHeight = new Map<number, number>();
    for (;;) {
      (await pages(chat)).forEach((s, i) => s.drawn && drawnHeight.set(i, s.height));
      const top = await p.locator('.scroller').evaluate((el) => (el.scrollTop = Math.max(0, el.scrollTop - 1200)));
      await settleIdle(chat, 2);
      if (top === 0) break;
    }
    await settleIdle(chat);
    assert.equal(
      await p.getByRole('heading', { name: 'Part 0', exact: true }).isVisible(),
      true,
      'the first part is drawn, on screen',
    );
    const after = await pages(chat);
    assert.ok(drawnHeight.size > 30, `${drawnHeight.size} pages were drawn on the way`);
    const dropped = [...drawnHeight.keys()].filter((i) => !after[i]!.drawn);
    assert.ok(dropped.length > 10, `${dropped.length} pages left behind are dropped`);
    for (const i of dropped) {
      assert.equal(after[i]!.hidden, 'until-found');
      assert.ok(
        Math.abs(after[i]!.height - drawnHeight.get(i)!) <= 1,
        `page ${i}: ${after[i]!.height}px, drawn ${drawnHeight.get(i)}px`,
      );
    }
    assert.ok(after.filter((s) => s.drawn).length <= 20, 'the answer stays windowed');

    await scrollTo(chat, 'bottom');
    assert.equal(
      await p.getByRole('heading', { name: `Part ${PARTS - 1}` }).isVisible(),
      true,
      'back at the end, drawn',
    );
  });

  it('find as browser VS Code does it (window.find) reaches a dropped page, which is drawn where it scrolled', async () => {
    await chat.send({ type: 'snapshot', state: viewState(chatOf([...start(), ...deltas(5000)])) });
    await settleIdle(chat);
    const p = chat.page;
    assert.equal(await p.getByText('Marker-40.').isVisible(), false);
    // code-server's webview find widget calls window.find in the view's frame; it neither fires
    // beforematch nor reveals, but scrolls the match into view.
    assert.equal(await p.evaluate(() => (window as unknown as { find(s: string): boolean }).find('Marker-40.')), true);
    await settleIdle(chat, 3);
    assert.equal(
      await p.getByRole('heading', { name: 'Part 40', exact: true }).isVisible(),
      true,
      'the page is drawn as Markdown',
    );
    assert.equal(await p.getByText('Marker-40.').isVisible(), true);
  });

  it("shows a page's words where find in page reveals them, until the page leaves the window", async () => {
    await chat.send({ type: 'snapshot', state: viewState(chatOf([...start(), ...deltas(5000)])) });
    await settleIdle(chat);
    const p = chat.page;
    const words = p.locator('.text-block .md-page').nth(3).locator('.md-page-words');
    assert.equal(await words.getAttribute('hidden'), 'until-found');
    // What Chromium does when find in page matches inside it: beforematch, then the attribute goes.
    await words.evaluate((el) => {
      el.dispatchEvent(new Event('beforematch', { bubbles: true }));
      el.removeAttribute('hidden');
      el.scrollIntoView();
    });
    await settleIdle(chat, 3);
    assert.equal(await p.getByText(/Marker-40\./).isVisible(), true, 'the words are shown, plain, in place');
    assert.equal(await words.count(), 1, 'and not replaced by the drawn page while they are in view');

    await scrollTo(chat, 'bottom');
    assert.equal(await words.getAttribute('hidden'), 'until-found', 'out of the window, hidden again');
  });

  it('copying the whole answer copies every part, the dropped pages as their Markdown', async () => {
    await chat.send({ type: 'snapshot', state: viewState(chatOf([...start(), ...deltas(5000)])) });
    await settleIdle(chat);
    const p = chat.page;
    assert.equal((await pages(chat))[0]!.drawn, false, 'the first page is not drawn');
    // The whole answer selected (as with a drag from its first word to its last), then Ctrl+C.
    await p.evaluate(() => {
      const blocks = document.querySelectorAll('.text-block');
      document.getSelection()!.selectAllChildren(blocks[blocks.length - 1]!);
      window.addEventListener('copy', (ev) => {
        (window as unknown as { __copied: string }).__copied = ev.clipboardData!.getData('text/plain');
      });
    });
    await p.keyboard.press('Control+C');
    const copied = await p.evaluate(() => (window as unknown as { __copied?: string }).__copied ?? '');
    const missing = Array.from({ length: PARTS }, (_, i) => i).filter((i) => !copied.includes(`Marker-${i}.`));
    assert.deepEqual(missing, [], `${missing.length} parts missing from what was copied`);
    const at = Array.from({ length: PARTS }, (_, i) => copied.indexOf(`Marker-${i}.`));
    assert.deepEqual(
      at,
      [...at].sort((a, b) => a - b),
      'in order',
    );
    assert.match(copied, /### Part 0\n\nParagraph 0/, 'a dropped page as its Markdown');
    assert.match(copied, new RegExp(`Part ${PARTS - 1}\\n+Paragraph ${PARTS - 1}`), 'a drawn page as its text');
    assert.equal(
      await p.evaluate(() => document.getSelection()!.toString().length > 0),
      true,
      'the selection is as it was',
    );
  });
});
