// What `npm run bench:webview` measures in a page: it drives a stream into it, and reads its JS
// heap after a GC and its renderer process's private memory.
import { readFileSync } from 'node:fs';
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { BenchWindow } from './benchPages';
import type { Driven } from './benchReport';
import { FRAME_MARK } from './traceStats';

/**
 * The in-page driver: one batch per animation frame, then wait until the end marker is shown in
 * `selector`'s last child. `started` runs once the batches are in the page (it starts tracing).
 */
export async function drive(
  p: Page,
  batches: unknown[][],
  where: { chatId: string; selector: string; end: string },
  started: () => Promise<void>,
  budget: number,
): Promise<Driven> {
  // Hand the batches over first: deserialising megabytes of arguments is a long task of its own.
  for (let i = 0; i < batches.length; i += 500) {
    await p.evaluate(
      ([chunk, first]) => {
        const w = window as unknown as BenchWindow;
        w.__batches = first ? chunk : w.__batches!.concat(chunk);
      },
      [batches.slice(i, i + 500), i === 0] as const,
    );
  }
  await p.evaluate(() => new Promise((r) => setTimeout(r, 200)));
  await started();
  return p.evaluate(
    async ({ chatId, selector, end, mark, budget }) => {
      const batches = (window as unknown as BenchWindow).__batches!;
      const t0 = performance.now();
      let i = 0;
      const outcome = await new Promise<'done' | 'timeout'>((resolve) => {
        const tick = (): void => {
          console.timeStamp(mark);
          if (performance.now() - t0 > budget) return resolve('timeout');
          if (i < batches.length) {
            window.postMessage({ type: 'actions', chatId, actions: batches[i++] }, '*');
          } else {
            const el = document.querySelector(selector);
            if (el && ((el.lastElementChild ?? el).textContent ?? '').includes(end)) return resolve('done');
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      return { outcome, total: performance.now() - t0, posted: i, of: batches.length };
    },
    { ...where, mark: FRAME_MARK, budget },
  );
}

export async function heapAfterGc(p: Page, cdp: CDPSession, dropBatches = true): Promise<number> {
  if (dropBatches) await p.evaluate(() => void ((window as unknown as BenchWindow).__batches = null));
  // As under memory pressure: V8 gives back the young generation it grew while allocating, Blink its
  // caches, so that the renderer's memory is what the page keeps, not what it once needed.
  await cdp.send('Memory.simulatePressureNotification', { level: 'critical' }).catch(() => {});
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1e6;
}

/**
 * The private memory (kB) of the page's renderer process, from /proc: everything the page holds, DOM
 * text and layout included, which the JS heap figure leaves out (streaming-markdown keeps its text in
 * DOM nodes only, the webview in its state too). The page's renderer is the one that used the most
 * CPU: the only other renderer alive is Chromium's idle spare. Null where /proc is not readable.
 */
export async function rendererPrivateKb(browser: Browser): Promise<number | null> {
  try {
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    await cdp.detach();
    const renderer = processInfo.filter((x) => x.type === 'renderer').sort((a, b) => b.cpuTime - a.cpuTime)[0];
    if (!renderer) return null;
    const rollup = readFileSync(`/proc/${renderer.id}/smaps_rollup`, 'utf8');
    const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? NaN);
    const total = kb('Private_Dirty') + kb('Private_Clean');
    return Number.isFinite(total) ? total : null;
  } catch {
    return null;
  }
}
