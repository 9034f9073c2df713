// One renderer's stream, measured (bench/webview.ts): wall time, main-thread CPU per frame from a trace,
// heap and renderer memory before and after; and the streams themselves, batched one message per frame.
import type { Browser, Page } from 'playwright-core';
import { CHAT_ID } from './benchChat';
import { FAKE_API } from './benchPages';
import type { Driven, Measured } from './benchReport';
import { deltasOf, markdown, rng } from './markdownStream';
import { heapKinds, printHeapKinds, printProfile } from './pageDiagnostics';
import { drive, heapAfterGc, rendererPrivateKb } from './pageMeasures';
import { type TraceStats, traceStats } from './traceStats';
import {
  BATCH,
  BUDGET_MS,
  CHARS_PER_DELTA,
  END,
  HEAP_CAP_MB,
  HEAP_TOP,
  PROFILE_TOP,
  TRACE_CATEGORIES,
} from './webviewOptions';

export async function measure(
  browser: Browser,
  url: string,
  selector: string,
  batches: unknown[][],
  setup: (p: Page) => Promise<void>,
  budget = BUDGET_MS,
): Promise<Measured> {
  const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
  await context.addInitScript({ content: FAKE_API });
  const p = await context.newPage();
  const errors: string[] = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  let crashed = false;
  p.on('crash', () => (crashed = true));
  try {
    await p.goto(url);
    await setup(p);
    const cdp = await context.newCDPSession(p);
    // Before the test hands the deltas over, so that its own copy is not counted either way.
    const heapStart = await heapAfterGc(p, cdp, false);
    const memStart = await rendererPrivateKb(browser);
    const kindsStart = HEAP_TOP ? await heapKinds(cdp) : null;
    let tracing = false;
    const start = async () => {
      await browser.startTracing(p, { categories: TRACE_CATEGORIES });
      tracing = true;
    };
    let r: Driven;
    let trace: TraceStats | undefined;
    if (PROFILE_TOP) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    try {
      r = await drive(p, batches, { chatId: CHAT_ID, selector, end: END }, start, budget);
    } finally {
      if (tracing) trace = traceStats(await browser.stopTracing());
    }
    if (PROFILE_TOP) printProfile((await cdp.send('Profiler.stop')).profile, PROFILE_TOP);
    const heap = await heapAfterGc(p, cdp);
    const mem = await rendererPrivateKb(browser);
    if (HEAP_TOP) printHeapKinds(kindsStart!, await heapKinds(cdp), HEAP_TOP);
    if (errors.length) return { failed: `page errors: ${errors.slice(0, 3).join('; ')}` };
    return {
      ...r,
      ...trace!,
      heap,
      heapStart,
      mem: mem === null ? null : mem / 1000,
      memStart: memStart === null ? null : memStart / 1000,
    };
  } catch (err) {
    return {
      failed: crashed
        ? `the page crashed (out of memory? heap cap ${HEAP_CAP_MB} MB)`
        : String((err as Error).message ?? err).split('\n')[0]!,
    };
  } finally {
    await context.close().catch(() => {});
  }
}

export function streamOf(mb: number, seed: number): { text: string; deltas: string[]; batches: unknown[][] } {
  const rand = rng(seed);
  const text = markdown(mb * 1e6, rand, END);
  const deltas = deltasOf(text, Math.max(100, Math.round(text.length / CHARS_PER_DELTA)), rand);
  const actions = deltas.map((delta, i) => ({
    type: 'event',
    line: i + 2,
    event: { type: 'text', schemaVersion: 2, runId: 'run_bench', delta },
  }));
  const batches: unknown[][] = [];
  for (let i = 0; i < actions.length; i += BATCH) batches.push(actions.slice(i, i + BATCH));
  return { text, deltas, batches };
}
