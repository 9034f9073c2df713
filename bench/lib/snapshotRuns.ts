// The finished chat posted as a snapshot (bench/webview.ts): reopening the view on it, opening a long chat
// and scrolling it, and waiting for the idle fill.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type BenchWindow, FAKE_API } from './benchPages';
import { heapAfterGc } from './pageMeasures';
import { traceStats } from './traceStats';
import { BUDGET_MS, SCROLL_PX, TRACE_CATEGORIES } from './webviewOptions';

/**
 * A fresh page of the view with `snap` ready to post (window.__snap), handed to `fn`; a crash or an
 * error becomes `{ failed }`, and the page is closed either way.
 */
async function onSnapshotPage<T>(
  browser: Browser,
  url: string,
  snap: unknown,
  fn: (p: Page, context: BrowserContext) => Promise<T>,
): Promise<T | { failed: string }> {
  const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
  await context.addInitScript({ content: FAKE_API });
  const p = await context.newPage();
  let crashed = false;
  p.on('crash', () => (crashed = true));
  try {
    await p.goto(url);
    await p.evaluate((m) => void ((window as unknown as BenchWindow).__snap = m), snap);
    await p.evaluate(() => new Promise((r) => setTimeout(r, 500)));
    return await fn(p, context);
  } catch (err) {
    return { failed: crashed ? 'the page crashed' : String((err as Error).message ?? err).split('\n')[0]! };
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * Reopening the view on the finished chat: the snapshot renders the latest pages at once and the
 * rest in idle time. "Filled" is when no page or turn waits to be drawn (a page waiting for the idle
 * fill is an empty `.md-page`, a turn is a `.turn-placeholder`).
 */
export async function reopen(
  browser: Browser,
  url: string,
  snap: unknown,
): Promise<
  | { failed: string }
  | { failed?: undefined; first: number; filled: number | null; longest: number; busyCpu: number; heap: number }
> {
  return onSnapshotPage(browser, url, snap, async (p, context) => {
    const cdp = await context.newCDPSession(p);
    await browser.startTracing(p, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const r = await p.evaluate(
      (budget) =>
        new Promise<{ first: number; filled: number | null }>((resolve) => {
          const t0 = performance.now();
          let first = 0;
          window.postMessage((window as unknown as BenchWindow).__snap, '*');
          const tick = (): void => {
            const now = performance.now() - t0;
            if (!first) first = now;
            if (!document.querySelector('.md-page:empty, .turn-find:empty')) return resolve({ first, filled: now });
            if (now > budget) return resolve({ first, filled: null });
            requestAnimationFrame(tick);
          };
          setTimeout(() => requestAnimationFrame(tick), 0);
        }),
      BUDGET_MS,
    );
    const trace = traceStats(await browser.stopTracing());
    const heap = await heapAfterGc(p, cdp);
    return { ...r, longest: trace.longest, busyCpu: trace.busyCpu, heap };
  });
}

/**
 * Opening a long chat and scrolling it: first paint is the time from posting the snapshot to the
 * first animation frame after the first turn is in the document (the frame that shows it), with the
 * longest task while opening. With `scroll`, the view then goes to the top, settles, and is scrolled
 * to the bottom by SCROLL_PX per animation frame (a fast, even fling). A frame is dropped when an animation frame arrives more than 1.5 vsyncs after the
 * last one (counted as the vsyncs missed).
 */
/** Opening (and scrolling) a chat: first paint and the longest task while opening (ms); with scrolling, the frames and what the main thread did. */
type ScrollRun =
  | { failed: string }
  | { failed?: undefined; firstPaint: number; openLongest: number; height?: undefined }
  | {
      failed?: undefined;
      firstPaint: number;
      openLongest: number;
      height: number;
      dropped: number;
      expected: number;
      longestFrame: number;
      longestTask: number;
      breakdown: Record<string, number>;
    };

export async function scrollRun(
  browser: Browser,
  url: string,
  snap: unknown,
  scroller: string,
  content: string,
  scroll: boolean,
): Promise<ScrollRun> {
  return onSnapshotPage(browser, url, snap, async (p) => {
    await browser.startTracing(p, { categories: TRACE_CATEGORIES });
    const firstPaint = await p.evaluate(
      ({ content, budget }) =>
        new Promise<number | null>((resolve) => {
          const t0 = performance.now();
          window.postMessage((window as unknown as BenchWindow).__snap, '*');
          const tick = (): void => {
            if (document.querySelector(content)) {
              requestAnimationFrame(() => resolve(performance.now() - t0));
              return;
            }
            if (performance.now() - t0 > budget) return resolve(null);
            requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
      { content, budget: BUDGET_MS },
    );
    const open = traceStats(await browser.stopTracing());
    if (firstPaint === null) return { failed: 'nothing drawn within the budget' } as const;
    if (!scroll) return { firstPaint, openLongest: open.longest };
    // To the top, and let it settle (idle work of opening done).
    await p.evaluate((sel) => void (document.querySelector(sel)!.scrollTop = 0), scroller);
    await p.evaluate(() => new Promise((r) => setTimeout(r, 3000)));
    await browser.startTracing(p, { categories: TRACE_CATEGORIES });
    const run = await p.evaluate(
      ({ sel, px, budget }) =>
        new Promise<{ gaps: number[]; height: number }>((resolve) => {
          const el = document.querySelector(sel)!;
          const gaps: number[] = [];
          const t0 = performance.now();
          let last = 0;
          const tick = (now: number): void => {
            if (last) gaps.push(now - last);
            last = now;
            const max = el.scrollHeight - el.clientHeight;
            if (el.scrollTop >= max - 1 || now - t0 > budget) return resolve({ gaps, height: el.scrollHeight });
            el.scrollTop = Math.min(max, el.scrollTop + px);
            requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
      { sel: scroller, px: SCROLL_PX, budget: BUDGET_MS * 3 },
    );
    const during = traceStats(await browser.stopTracing());
    const vsync = 1000 / 60;
    let dropped = 0;
    for (const g of run.gaps) if (g > 1.5 * vsync) dropped += Math.round(g / vsync) - 1;
    return {
      firstPaint,
      openLongest: open.longest,
      height: run.height,
      dropped,
      expected: run.gaps.length + dropped,
      longestFrame: Math.max(...run.gaps),
      longestTask: during.longest,
      breakdown: during.breakdown,
    };
  });
}

/** Posts a snapshot and waits (from Node, polling) until the idle fill has drawn every page and turn. */
export async function snapshotFilled(p: Page, snap: unknown): Promise<number | null> {
  await p.evaluate((m) => window.postMessage(m, '*'), snap);
  const t0 = Date.now();
  while (Date.now() - t0 < BUDGET_MS) {
    const waiting = await p.evaluate(() => document.querySelectorAll('.md-page:empty, .turn-find:empty').length);
    if (waiting === 0) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}
