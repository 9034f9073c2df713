/**
 * A 200 KB answer of 286 sections stays whole when the reader goes back through it (issue #30):
 * after it has streamed, Jump to top (Ctrl+Home), then down by mouse wheel or by Page Down, every
 * section's heading is drawn (visible, with a height) while it is in view, in order, and no page of
 * the answer in view is a stand-in. The same after a reload of the view (the host sends the chat
 * again) and for the same answer as one turn among many.
 */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import { CHAT_ID, chatOf, emptyChat, ev, eventActions, T_START, viewState } from './fixtures';
import { sectionedAnswer, SECTIONS } from '../fixtures/model-server/longSectionsScenarios';
import { useChatPage, type ChatPage } from './harness';
import { answerInView, settledView, type AnswerInView } from '../support/answerInView';

const LONG_ANSWER = sectionedAnswer();

function start(turnId = 'turn-1', at = T_START): ChatAction[] {
  return [
    { type: 'turn_started', turnId, prompt: 'Write the whole design', origin: 'prompt', at },
    ...eventActions([ev({ type: 'run_start', sessionId: 's1' })]),
  ];
}

function end(first: number, at: number): ChatAction[] {
  return [
    ...eventActions([ev({ type: 'run_end', status: 'success', exitCode: 0 })], first),
    { type: 'process_exited', code: 0, signal: null, spawnFailed: false, explanation: null, stderrTail: null, at },
  ];
}

/** The answer in deltas of about `size` characters. */
function deltas(size: number): ChatAction[] {
  const out: string[] = [];
  for (let i = 0; i < LONG_ANSWER.length; i += size) out.push(LONG_ANSWER.slice(i, i + size));
  return eventActions(
    out.map((delta) => ev({ type: 'text', delta })),
    3,
  );
}

/** `count` short finished turns before the long one. */
function shortTurns(count: number): ChatAction[] {
  const out: ChatAction[] = [];
  for (let t = 0; t < count; t++) {
    out.push(
      ...start(`short-${t}`, T_START + t * 10),
      ...eventActions([ev({ type: 'text', delta: `## Short answer ${t}\n\nA few words for turn ${t}.\n\n` })], 3),
      ...end(4, T_START + t * 10 + 5),
    );
  }
  return out;
}

/** Streams the whole answer as the host does, many actions a message, as fast as the view takes them. */
async function stream(chat: ChatPage, before: ChatAction[] = []): Promise<void> {
  await chat.send({ type: 'snapshot', state: viewState(before.length ? chatOf(before) : emptyChat()) });
  await chat.send({ type: 'actions', chatId: CHAT_ID, actions: start('turn-long', T_START + 100_000) });
  const all = deltas(200);
  for (let i = 0; i < all.length; i += 10) {
    await chat.page.evaluate((m) => window.postMessage(m, '*'), {
      type: 'actions',
      chatId: CHAT_ID,
      actions: all.slice(i, i + 10),
    } as unknown);
    if (i % 100 === 0) await chat.settle();
  }
  await chat.send({ type: 'actions', chatId: CHAT_ID, actions: end(all.length + 3, T_START + 200_000) });
  await chat.page
    .locator('.text-block')
    .getByText(`Marker-${SECTIONS - 1}.`)
    .waitFor();
  await settleIdle(chat);
}

async function settleIdle(chat: ChatPage, rounds = 4): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await chat.page.evaluate(() => new Promise<void>((r) => requestIdleCallback(() => r(), { timeout: 500 })));
    await chat.settle();
  }
}

/** What the reader sees of the long answer (the turn "turn-long"). */
const inView = (chat: ChatPage): Promise<AnswerInView> =>
  chat.page.locator('.scroller').evaluate(answerInView, '[data-turn-id="turn-long"] .md-page');

/** What is in view once the view has drawn after a scroll (or, past `timeout`, what is there then). */
const settled = (chat: ChatPage, timeout = 2000): Promise<AnswerInView> =>
  settledView(
    () => inView(chat),
    () => chat.settle(),
    timeout,
  );

/**
 * Ctrl+Home, the mouse over the answer (a click there too for `click`: Page Down scrolls what was
 * clicked), then `step` until the end, checking what is in view at each stop.
 */
async function readThrough(chat: ChatPage, step: () => Promise<void>, click = false): Promise<void> {
  const p = chat.page;
  await p.keyboard.press('Control+Home');
  await settled(chat);
  const box = (await p.locator('.scroller').boundingBox())!;
  if (click) await p.mouse.click(box.x + box.width / 2, box.y + 40);
  else await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const seen: number[] = [];
  let view = await settled(chat);
  assert.equal(view.scrollTop, 0, 'Jump to top went to the top');
  for (let stops = 0; ; stops++) {
    assert.deepEqual(view.standIns, [], `at ${view.scrollTop}px, pages in view not drawn: ${view.standIns.join(', ')}`);
    for (const n of view.headings) if (!seen.includes(n)) seen.push(n);
    if (view.atBottom) break;
    assert.ok(stops < 2000, 'the end is reached');
    const before = view.scrollTop;
    await step();
    view = await settled(chat);
    assert.ok(view.scrollTop > before, `the view scrolled down from ${before}px`);
  }
  const missing = Array.from({ length: SECTIONS }, (_, i) => i).filter((i) => !seen.includes(i));
  assert.deepEqual(missing, [], `${missing.length} of ${SECTIONS} headings never drawn`);
  assert.deepEqual(
    seen,
    Array.from({ length: SECTIONS }, (_, i) => i),
    'the headings come in order',
  );
}

const wheel = (chat: ChatPage) => () => chat.page.mouse.wheel(0, 400);
const pageDown = (chat: ChatPage) => () => chat.page.keyboard.press('PageDown');

describe('webview: a 200 KB answer read through after it streamed', function () {
  this.timeout(240_000);
  let chat: ChatPage;
  useChatPage((page) => (chat = page));

  it('the answer is long enough to be windowed', () => {
    assert.ok(LONG_ANSWER.length >= 200_000, `${LONG_ANSWER.length} characters`);
  });

  it('Jump to top, then the mouse wheel: every heading is drawn in view, in order', async () => {
    await stream(chat);
    assert.ok((await chat.page.locator('.text-block .md-page').count()) > 32, 'windowed by pages');
    await readThrough(chat, wheel(chat));
  });

  it('in an editor tab, Jump to top, then Page Down: every heading is drawn in view, in order', async () => {
    await chat.page.setViewportSize({ width: 1000, height: 700 });
    await stream(chat);
    await readThrough(chat, pageDown(chat), true);
  });

  it('after a reload of the view (the chat sent again): the same by wheel', async () => {
    await stream(chat);
    await chat.reload();
    const done = chatOf([...start('turn-long', T_START + 100_000), ...deltas(5000), ...end(100, T_START + 200_000)]);
    await chat.send({ type: 'snapshot', state: viewState(done) });
    await chat.page
      .locator('.text-block')
      .getByText(`Marker-${SECTIONS - 1}.`)
      .waitFor();
    await settleIdle(chat);
    await readThrough(chat, wheel(chat));
  });

  it('as the last of 40 turns: Jump to top, then the wheel through the chat', async () => {
    await stream(chat, shortTurns(40));
    await chat.page.getByRole('button', { name: 'Jump to top' }).click();
    await readThrough(chat, wheel(chat));
  });
});
