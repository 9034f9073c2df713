// What the chat view costs while an answer streams, side by side with two baselines in the same
// Chromium and page setup, on the same streams:
//   webview             the real webview bundle (the same reducer as the host, incremental markdown);
//   streaming-markdown  an append-only streaming renderer (npm `streaming-markdown`);
//   naive re-render     markdown-it + DOMPurify + innerHTML of the whole answer per frame, as most chat views do;
//   plain text          deltas appended to a <pre> (only with --only …,plain: keeping a growing <pre>
//                       at the bottom costs more layout than one would think, so it is no floor).
// Each stream (0.25, 1 and 4 MB of markdown, ~100 characters per delta) is posted the way the host
// posts it: one `actions` message of BATCH deltas per animation frame. For each renderer it prints:
//   total      wall time from the first batch until the last delta is on screen;
//   busy CPU   main-thread CPU time of all tasks during that time (trace RunTask tdur);
//   frame CPU  main-thread CPU per frame (tasks between two frame marks), p50 and p95;
//   longest    the longest main-thread task, wall time;
//   heap       JS heap used at the end, after a forced GC (the test's own copy of the deltas freed),
//              and how much of it the stream added (heap at the end minus heap just before it);
//   renderer   the private memory of the page's renderer process at the end (Linux /proc), and what
//              the stream added: the JS heap plus the DOM, its text and layout, which the heap leaves out.
// Then "reopen": the finished chat sent as a snapshot (what reloading the view does): time to the
// first frame, and time until the idle fill has drawn everything.
// Then the stream cost against chat length, for each renderer: the same 0.25 MB stream into an
// empty chat and into a chat of CHAT_TURNS finished turns (~50 KB each: narration, a tool card, a
// markdown answer), streamed once the long chat is ready; frame CPU p50/p95, busy CPU, their ratios.
// (The baselines draw a snapshot whole, every turn at once, as a chat view without windowing does.)
// Last, opening that chat and scrolling it from top to bottom (see scrollRun): first paint, the
// longest task while opening, dropped frames and the longest frame while scrolling.
//
//   npm run bench:webview [-- --sizes 0.25,1,4] [-- --batch 20] [-- --budget 120] [-- --only webview,smd,naive,plain] [-- --dist]
//   --budget S   give up a renderer's stream after S seconds and say how far it got (default 120; at
//                least 75 s per MB except for the naive re-render, which is quadratic by design)
//   --chat-turns N  turns in the long chat (default 300; 0 skips the last two parts)
//   --parts a,b   which parts to run: stream, chat (cost against chat length), open, scroll (default all)
//   --repeat N    stream each size N times, the renderers taking turns; ratios are then the median of
//                 the rounds' ratios, with their range (one run's ratio moves by ±0.05 with the load)
//   --scroll-px N      scrolling pace, pixels per frame (default 250: 15,000 px/s at 60 Hz, a fast fling)
//   --scroll-turn-kb N size of each turn's answer in the chat that is scrolled (default 10: 300 turns, ~3.5 MB,
//                      so that a pass from top to bottom takes about a minute per renderer at that pace)
//   --dist       load dist/webview.js as built (default: build src/webview/main.ts like --production)
import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type BenchItem, CHAT_ID, charsOf, longChatTurns, snapshotOf, turn } from './lib/benchChat';
import { type BenchWindow, bundle, FAKE_API, page, THEME } from './lib/benchPages';
import { deltasOf, markdown, rng } from './lib/markdownStream';
import { heapKinds, printHeapKinds, printProfile } from './lib/pageDiagnostics';
import { drive, heapAfterGc, rendererPrivateKb } from './lib/pageMeasures';
import { type Driven, f0, f1, line, type Measured, ratioText } from './lib/benchReport';
import { type TraceStats, traceStats } from './lib/traceStats';

const REPO = path.resolve(__dirname, '..');
const CHROMIUM = process.env.ZERO_E2E_CHROMIUM ?? '/usr/lib/chromium/chromium';
// The heap cap keeps a runaway renderer from taking the shared machine down: it fails instead.
const HEAP_CAP_MB = 3072;
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  `--js-flags=--max-old-space-size=${HEAP_CAP_MB}`,
];
const argv = process.argv.slice(2);
const opt = (name: string, dflt?: string | number): string | number | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const SIZES = String(opt('sizes', '0.25,1,4'))
  .split(',')
  .filter((x) => x !== '' && x !== 'none')
  .map(Number);
const BATCH = Number(opt('batch', 20));
const BUDGET_MS = Number(opt('budget', 120)) * 1000;
const CHARS_PER_DELTA = 100;
const CHAT_TURNS = Number(opt('chat-turns', 300));
const SCROLL_PX = Number(opt('scroll-px', 250));
const PARTS = String(opt('parts', 'stream,chat,open,scroll')).split(',');
const REPEAT = Math.max(1, Number(opt('repeat', 1)));
const SCROLL_TURN_CHARS = Number(opt('scroll-turn-kb', 10)) * 1000;
const END = 'END-OF-STREAM-7f3a';
// BENCH_CATEGORIES=a,b adds trace categories (with BENCH_TOP=N: where the time goes, by event name).
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  ...(process.env.BENCH_CATEGORIES ?? '').split(',').filter(Boolean),
];
// BENCH_PROFILE=N: a V8 CPU profile of each renderer's stream (bundles built unminified), printing
// the N functions with the most self time.
const PROFILE_TOP = Number(process.env.BENCH_PROFILE ?? 0);
// BENCH_HEAP=N: heap snapshots before and after each stream; prints the N kinds of object (by
// constructor or type) whose total size grew most, and the N biggest at the end.
const HEAP_TOP = Number(process.env.BENCH_HEAP ?? 0);

const RENDERERS = [
  { key: 'webview', name: 'webview', url: '/webview', selector: '.text-block' },
  { key: 'smd', name: 'streaming-markdown', url: '/smd', selector: '#out' },
  { key: 'naive', name: 'naive re-render', url: '/naive', selector: '#out' },
  { key: 'plain', name: 'plain text', url: '/plain', selector: '#out' },
].filter((r) => (opt('only') ? String(opt('only')).split(',').includes(r.key) : r.key !== 'plain'));

// ---------------------------------------------------------------------------------------------
// Pages.

async function webviewBundle(): Promise<{ js: string; from: string }> {
  if (argv.includes('--dist'))
    return { js: readFileSync(path.join(REPO, 'dist', 'webview.js'), 'utf8'), from: 'dist/webview.js' };
  return {
    js: await bundle(path.join(REPO, 'src', 'webview', 'main.ts'), PROFILE_TOP === 0),
    from: 'src/webview/main.ts (built like --production)',
  };
}

async function measure(
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
async function reopen(
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

// ---------------------------------------------------------------------------------------------

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

async function scrollRun(
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
async function snapshotFilled(p: Page, snap: unknown): Promise<number | null> {
  await p.evaluate((m) => window.postMessage(m, '*'), snap);
  const t0 = Date.now();
  while (Date.now() - t0 < BUDGET_MS) {
    const waiting = await p.evaluate(() => document.querySelectorAll('.md-page:empty, .turn-find:empty').length);
    if (waiting === 0) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

function streamOf(mb: number, seed: number): { text: string; deltas: string[]; batches: unknown[][] } {
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

async function main(): Promise<void> {
  const served: Record<string, [string, string]> = {
    '/webview.js': ['text/javascript', ''],
    '/baselines.js': [
      'text/javascript',
      await bundle(path.join(REPO, 'bench', 'lib', 'baselines.ts'), PROFILE_TOP === 0),
    ],
    '/chat.css': ['text/css', readFileSync(path.join(REPO, 'media', 'chat.css'), 'utf8')],
    '/theme.css': ['text/css', THEME],
    '/webview': ['text/html', page('webview.js')],
    '/smd': ['text/html', page('baselines.js')],
    '/naive': ['text/html', page('baselines.js')],
    '/plain': ['text/html', page('baselines.js')],
  };
  const wv = await webviewBundle();
  served['/webview.js']![1] = wv.js;
  const server = http.createServer((req, res) => {
    const hit = served[req.url ?? ''];
    if (hit) res.writeHead(200, { 'content-type': hit[0] }).end(hit[1]);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });

  try {
    console.log(
      `webview bundle: ${wv.from}, ${(wv.js.length / 1024).toFixed(1)} KiB; Chromium heap cap ${HEAP_CAP_MB} MB; give-up budget ${BUDGET_MS / 1000} s (75 s per MB at least, naive re-render excepted)`,
    );
    for (const mb of PARTS.includes('stream') ? SIZES : []) {
      const { text, deltas, batches } = streamOf(mb, 42);
      console.log(
        `\n== ${(text.length / 1e6).toFixed(2)} MB answer: ${deltas.length} deltas, ${batches.length} batches of ${BATCH} (one per frame)`,
      );
      console.log(
        `  ${'renderer'.padEnd(19)} ${'total'.padStart(10)} ${'busy CPU'.padStart(10)} ${'frame CPU p50/p95'.padStart(20)} ${'longest task'.padStart(11)}  heap at end`,
      );
      // Renderers take turns, REPEAT times: the ratios are per round (the machine's load drifts), then their median.
      const ratios: Record<'smd' | 'naive', Record<'busyCpu' | 'frameP95' | 'heap' | 'mem', number[]>> = {
        smd: { busyCpu: [], frameP95: [], heap: [], mem: [] },
        naive: { busyCpu: [], frameP95: [], heap: [], mem: [] },
      };
      for (let round = 0; round < REPEAT; round++) {
        const results: Record<string, Measured> = {};
        for (const r of RENDERERS) {
          const setup =
            r.key === 'webview'
              ? async (p: Page): Promise<void> => {
                  await p.evaluate((m) => window.postMessage(m, '*'), snapshotOf([turn('turn-1', [], false)]));
                  await p.evaluate(() => new Promise<void>((res) => requestAnimationFrame(() => res())));
                }
              : async (): Promise<void> => {};
          const budget = r.key === 'naive' ? BUDGET_MS : Math.max(BUDGET_MS, 75_000 * mb);
          results[r.key] = await measure(browser, `${base}${r.url}`, r.selector, batches, setup, budget);
          console.log(line(r.name, results[r.key], text.length / 1e6));
        }
        const w = results.webview;
        for (const k of ['smd', 'naive'] as const) {
          const o = results[k];
          if (!w || w.failed !== undefined || !o || o.failed !== undefined || o.outcome !== 'done') continue;
          for (const f of ['busyCpu', 'frameP95', 'heap'] as const) ratios[k][f].push(w[f] / o[f]);
          if (w.mem && o.mem) ratios[k].mem.push(w.mem / o.mem);
        }
      }
      if (RENDERERS.some((r) => r.key === 'webview')) {
        for (const [k, name] of [
          ['smd', 'streaming-markdown'],
          ['naive', 'naive re-render   '],
        ] as const) {
          const x = ratios[k];
          console.log(
            `  webview / ${name}: busy CPU ${ratioText(x.busyCpu)}, frame p95 ${ratioText(x.frameP95)}, heap ${ratioText(x.heap)}, renderer memory ${ratioText(x.mem)}`,
          );
        }
      }
      if (RENDERERS.some((r) => r.key === 'webview')) {
        const item: BenchItem = { kind: 'text', text, answer: true, closed: true };
        const rr = await reopen(browser, `${base}/webview`, snapshotOf([turn('turn-1', [item], true)]));
        if (rr.failed !== undefined) console.log(`  reopen: FAILED: ${rr.failed}`);
        else {
          console.log(
            `  reopen (snapshot of the finished answer): first frame ${f0(rr.first)} ms, idle fill finished ${rr.filled === null ? 'NOT within budget' : `${f0(rr.filled)} ms`}, ` +
              `longest task ${f1(rr.longest)} ms, busy CPU ${f0(rr.busyCpu)} ms, heap ${f1(rr.heap)} MB`,
          );
        }
      }
    }
    if (CHAT_TURNS > 0) {
      const { text, batches } = streamOf(0.25, 7);
      const old = longChatTurns(CHAT_TURNS, 11);
      const oldChars = charsOf(old);
      const running = turn('turn-new', [], false);
      console.log(
        `\n== stream cost against chat length: a ${(text.length / 1e6).toFixed(2)} MB answer streamed into an empty chat and into a chat of ${CHAT_TURNS} turns (${(oldChars / 1e6).toFixed(1)} MB)`,
      );
      console.log(
        `  ${'renderer, chat'.padEnd(19)} ${'total'.padStart(10)} ${'busy CPU'.padStart(10)} ${'frame CPU p50/p95'.padStart(20)} ${'longest task'.padStart(11)}  heap at end`,
      );
      const split = (r: Measured): string =>
        r.failed !== undefined
          ? ''
          : Object.entries(r.breakdown)
              .map(([k, v]) => `${k} ${f0(v)}`)
              .join(', ');
      for (const r of PARTS.includes('chat') ? RENDERERS : []) {
        const selector = r.key === 'webview' ? '.turn:last-of-type .text-block' : r.selector;
        const empty = await measure(browser, `${base}${r.url}`, selector, batches, async (p) => {
          await snapshotFilled(p, snapshotOf([running]));
        });
        console.log(line(`${r.key}, empty`, empty, text.length / 1e6));
        let filled: number | null = null;
        const long = await measure(browser, `${base}${r.url}`, selector, batches, async (p) => {
          filled = await snapshotFilled(p, snapshotOf([...old, running]));
        });
        console.log(line(`${r.key}, ${CHAT_TURNS} turns`, long, text.length / 1e6));
        // (heap growth in both rows is what the 0.25 MB stream added; the long chat's own heap is in "heap at end")
        console.log(
          `    (the ${CHAT_TURNS}-turn chat was ready ${filled === null ? 'NOT within the budget' : `${(filled / 1000).toFixed(1)} s`} after its snapshot; streaming started then)`,
        );
        console.log(`    main thread, wall ms: empty chat: ${split(empty)}; ${CHAT_TURNS}-turn chat: ${split(long)}`);
        if (empty.failed === undefined && long.failed === undefined) {
          console.log(
            `    ${r.name}: ${CHAT_TURNS}-turn / empty: frame CPU p50 ${(long.frameP50 / empty.frameP50).toFixed(2)}x, p95 ${(long.frameP95 / empty.frameP95).toFixed(2)}x, busy CPU ${(long.busyCpu / empty.busyCpu).toFixed(2)}x`,
          );
        }
      }

      if (PARTS.includes('open'))
        console.log(
          `\n== opening a ${CHAT_TURNS}-turn chat (${(oldChars / 1e6).toFixed(1)} MB): first paint (from the snapshot to the frame that shows it)`,
        );
      if (PARTS.includes('open'))
        console.log(`  ${'renderer'.padEnd(19)} ${'first paint'.padStart(11)} ${'longest task'.padStart(13)}`);
      for (const r of PARTS.includes('open') ? RENDERERS : []) {
        const sr = await scrollRun(
          browser,
          `${base}${r.url}`,
          snapshotOf(old),
          r.key === 'webview' ? '.scroller' : '#out',
          r.key === 'webview' ? 'article.turn' : '#out article',
          false,
        );
        if (sr.failed !== undefined) console.log(`  ${r.name.padEnd(19)} FAILED: ${sr.failed}`);
        else
          console.log(
            `  ${r.name.padEnd(19)} ${f0(sr.firstPaint).padStart(8)} ms ${f1(sr.openLongest).padStart(10)} ms`,
          );
      }
      const scrolled = longChatTurns(CHAT_TURNS, 13, SCROLL_TURN_CHARS);
      const scrolledChars = charsOf(scrolled);
      if (PARTS.includes('scroll'))
        console.log(
          `\n== scrolling a ${CHAT_TURNS}-turn chat (${(scrolledChars / 1e6).toFixed(1)} MB) from top to bottom at ${SCROLL_PX} px per frame`,
        );
      if (PARTS.includes('scroll'))
        console.log(
          `  ${'renderer'.padEnd(19)} ${'first paint'.padStart(11)} ${'scrolled'.padStart(10)} ${'dropped frames'.padStart(22)} ${'longest frame'.padStart(14)}`,
        );
      for (const r of PARTS.includes('scroll') ? RENDERERS : []) {
        const sr = await scrollRun(
          browser,
          `${base}${r.url}`,
          snapshotOf(scrolled),
          r.key === 'webview' ? '.scroller' : '#out',
          r.key === 'webview' ? 'article.turn' : '#out article',
          true,
        );
        if (sr.failed !== undefined) console.log(`  ${r.name.padEnd(19)} FAILED: ${sr.failed}`);
        else if (sr.height !== undefined) {
          console.log(
            `  ${r.name.padEnd(19)} ${f0(sr.firstPaint).padStart(8)} ms ${(sr.height / 1e6).toFixed(2).padStart(7)} Mpx ${`${sr.dropped}/${sr.expected} = ${((100 * sr.dropped) / sr.expected).toFixed(1)}%`.padStart(22)} ${f1(sr.longestFrame).padStart(11)} ms`,
          );
          console.log(
            `    main thread while scrolling, wall ms: ${Object.entries(sr.breakdown)
              .map(([k, v]) => `${k} ${f0(v)}`)
              .join(', ')}; longest task ${f1(sr.longestTask)} ms`,
          );
        }
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
