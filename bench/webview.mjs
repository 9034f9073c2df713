#!/usr/bin/env node
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
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { deltasOf, markdown, rng } from './lib/markdownStream.mjs';
import { FRAME_MARK, traceStats } from './lib/traceStats.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.ZERO_E2E_CHROMIUM ?? '/usr/lib/chromium/chromium';
// The heap cap keeps a runaway renderer from taking the shared machine down: it fails instead.
const HEAP_CAP_MB = 3072;
const ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', `--js-flags=--max-old-space-size=${HEAP_CAP_MB}`,
];
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const SIZES = String(opt('sizes', '0.25,1,4')).split(',').filter((x) => x !== '' && x !== 'none').map(Number);
const BATCH = Number(opt('batch', 20));
const BUDGET_MS = Number(opt('budget', 120)) * 1000;
const CHARS_PER_DELTA = 100;
const CHAT_TURNS = Number(opt('chat-turns', 300));
const SCROLL_PX = Number(opt('scroll-px', 250));
const PARTS = String(opt('parts', 'stream,chat,open,scroll')).split(',');
const REPEAT = Math.max(1, Number(opt('repeat', 1)));
const SCROLL_TURN_CHARS = Number(opt('scroll-turn-kb', 10)) * 1000;
const TURN_CHARS = 50_000;
const END = 'END-OF-STREAM-7f3a';
const CHAT_ID = 'bench';
// BENCH_CATEGORIES=a,b adds trace categories (with BENCH_TOP=N: where the time goes, by event name).
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', ...(process.env.BENCH_CATEGORIES ?? '').split(',').filter(Boolean)];
// BENCH_PROFILE=N: a V8 CPU profile of each renderer's stream (bundles built unminified), printing
// the N functions with the most self time.
const PROFILE_TOP = Number(process.env.BENCH_PROFILE ?? 0);
// BENCH_HEAP=N: heap snapshots before and after each stream; prints the N kinds of object (by
// constructor or type) whose total size grew most, and the N biggest at the end.
const HEAP_TOP = Number(process.env.BENCH_HEAP ?? 0);
const NONCE = 'YmVuY2gtbm9uY2U=';

const RENDERERS = [
  { key: 'webview', name: 'webview', url: '/webview', selector: '.text-block' },
  { key: 'smd', name: 'streaming-markdown', url: '/smd', selector: '#out' },
  { key: 'naive', name: 'naive re-render', url: '/naive', selector: '#out' },
  { key: 'plain', name: 'plain text', url: '/plain', selector: '#out' },
].filter((r) => (opt('only') ? String(opt('only')).split(',').includes(r.key) : r.key !== 'plain'));

// ---------------------------------------------------------------------------------------------
// Pages.

const FAKE_API = `(() => {
  window.__posted = [];
  window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__posted.push(m), getState: () => undefined, setState: () => {} });
})();`;

const THEME = `:root { --vscode-font-family: sans-serif; --vscode-font-size: 13px; --vscode-editor-font-family: monospace;
  --vscode-foreground: #cccccc; --vscode-sideBar-background: #181818; --vscode-editor-background: #1f1f1f;
  --vscode-input-background: #313131; --vscode-button-background: #0078d4; --vscode-button-foreground: #fff; }
#out { white-space: normal; margin: 0; padding: 0 8px; height: 100vh; overflow: auto; }
pre#out { white-space: pre-wrap; }`;

function page(script) {
  const csp = `default-src 'none'; style-src 'self'; img-src 'self' data:; script-src 'nonce-${NONCE}'`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="/theme.css"><link rel="stylesheet" href="/chat.css"><title>bench</title></head>
<body class="vscode-dark"><div id="app"></div><script nonce="${NONCE}" src="/${script}"></script></body></html>`;
}

async function bundle(entry) {
  const r = await esbuild.build({
    entryPoints: [entry], bundle: true, platform: 'browser', format: 'iife', target: 'es2022', minify: PROFILE_TOP === 0, write: false, legalComments: 'none',
  });
  return r.outputFiles[0].text;
}

async function webviewBundle() {
  if (argv.includes('--dist')) return { js: readFileSync(path.join(REPO, 'dist', 'webview.js'), 'utf8'), from: 'dist/webview.js' };
  return { js: await bundle(path.join(REPO, 'src', 'webview', 'main.ts')), from: 'src/webview/main.ts (built like --production)' };
}

// ---------------------------------------------------------------------------------------------
// The in-page driver: one batch per animation frame, then wait until the end marker is shown.

async function drive(p, batches, selector, started, budget) {
  // Hand the batches over first: deserialising megabytes of arguments is a long task of its own.
  for (let i = 0; i < batches.length; i += 500) {
    await p.evaluate(([chunk, first]) => void (window.__batches = first ? chunk : window.__batches.concat(chunk)), [batches.slice(i, i + 500), i === 0]);
  }
  await p.evaluate(() => new Promise((r) => setTimeout(r, 200)));
  await started();
  return p.evaluate(
    async ({ chatId, selector, end, mark, budget }) => {
      const batches = window.__batches;
      const t0 = performance.now();
      let i = 0;
      const outcome = await new Promise((resolve) => {
        const tick = () => {
          console.timeStamp(mark);
          if (performance.now() - t0 > budget) return resolve('timeout');
          if (i < batches.length) {
            window.postMessage({ type: 'actions', chatId, actions: batches[i++] }, '*');
          } else {
            const el = document.querySelector(selector);
            if (el && (el.lastElementChild ?? el).textContent.includes(end)) return resolve('done');
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      return { outcome, total: performance.now() - t0, posted: i, of: batches.length };
    },
    { chatId: CHAT_ID, selector, end: END, mark: FRAME_MARK, budget },
  );
}

async function heapAfterGc(p, cdp, dropBatches = true) {
  if (dropBatches) await p.evaluate(() => void (window.__batches = null));
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
async function rendererPrivateKb(browser) {
  try {
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    await cdp.detach();
    const page = processInfo.filter((x) => x.type === 'renderer').sort((a, b) => b.cpuTime - a.cpuTime)[0];
    if (!page) return null;
    const rollup = readFileSync(`/proc/${page.id}/smaps_rollup`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? NaN);
    const total = kb('Private_Dirty') + kb('Private_Clean');
    return Number.isFinite(total) ? total : null;
  } catch {
    return null;
  }
}

async function measure(browser, url, selector, batches, setup, budget = BUDGET_MS) {
  const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
  await context.addInitScript({ content: FAKE_API });
  const p = await context.newPage();
  const errors = [];
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
    let r;
    if (PROFILE_TOP) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    try {
      r = await drive(p, batches, selector, start, budget);
    } finally {
      if (tracing) var trace = traceStats(await browser.stopTracing());
    }
    if (PROFILE_TOP) printProfile((await cdp.send('Profiler.stop')).profile);
    const heap = await heapAfterGc(p, cdp);
    const mem = await rendererPrivateKb(browser);
    if (HEAP_TOP) printHeapKinds(kindsStart, await heapKinds(cdp));
    if (errors.length) return { failed: `page errors: ${errors.slice(0, 3).join('; ')}` };
    return { ...r, ...trace, heap, heapStart, mem: mem === null ? null : mem / 1000, memStart: memStart === null ? null : memStart / 1000 };
  } catch (err) {
    return { failed: crashed ? `the page crashed (out of memory? heap cap ${HEAP_CAP_MB} MB)` : String(err.message ?? err).split('\n')[0] };
  } finally {
    await context.close().catch(() => {});
  }
}

/** The functions with the most self time, and with the most total time, in a V8 CPU profile (ms). */
function printProfile(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
  const self = new Map();
  const total = new Map();
  const dt = profile.timeDeltas;
  let all = 0;
  profile.samples.forEach((id, i) => {
    const ms = (dt[i + 1] ?? 0) / 1000;
    const key = keyOf(byId.get(id));
    if (key.startsWith('(idle)') || key.startsWith('(program)')) return;
    all += ms;
    self.set(key, (self.get(key) ?? 0) + ms);
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const k = keyOf(byId.get(n));
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + ms);
    }
  });
  const top = (m) => [...m].filter(([k]) => !k.startsWith('(root)')).sort((a, b) => b[1] - a[1]).slice(0, PROFILE_TOP).map(([k, v]) => `${k} ${v.toFixed(1)}`).join('; ');
  console.log(`    profile: ${all.toFixed(0)} ms in JS and the calls it made (idle and "(program)" left out)`);
  console.log(`    self: ${top(self)}`);
  console.log(`    total: ${top(total)}`);
}

/** Total self size (bytes) and count of the objects in a heap snapshot, by kind ("type name"). */
async function heapKinds(cdp) {
  const chunks = [];
  const onChunk = (e) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(chunks.join(''));
  const f = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [ti, ni, si] = ['type', 'name', 'self_size'].map((k) => f.indexOf(k));
  const kinds = new Map();
  for (let i = 0; i < snap.nodes.length; i += f.length) {
    const type = types[snap.nodes[i + ti]];
    const name = type === 'string' || type === 'concatenated string' || type === 'sliced string' ? '' : String(snap.strings[snap.nodes[i + ni]]).slice(0, 40);
    if (type === 'native') continue; // Blink's own objects (the DOM, layout): not in the JS heap figure
    const key = `${type} ${name}`.trim();
    const k = kinds.get(key) ?? { size: 0, count: 0 };
    k.size += snap.nodes[i + si];
    k.count++;
    kinds.set(key, k);
  }
  return kinds;
}

function printHeapKinds(before, after) {
  const fmt = ([k, v]) => `${k} ${(v.size / 1e6).toFixed(2)} MB (${v.count})`;
  const grew = [...after].map(([k, v]) => [k, { size: v.size - (before.get(k)?.size ?? 0), count: v.count - (before.get(k)?.count ?? 0) }]);
  console.log(`    heap grew most: ${grew.sort((a, b) => b[1].size - a[1].size).slice(0, HEAP_TOP).map(fmt).join('; ')}`);
  console.log(`    heap at end, biggest: ${[...after].sort((a, b) => b[1].size - a[1].size).slice(0, HEAP_TOP).map(fmt).join('; ')}`);
}

/**
 * A fresh page of the view with `snap` ready to post (window.__snap), handed to `fn`; a crash or an
 * error becomes `{ failed }`, and the page is closed either way.
 */
async function onSnapshotPage(browser, url, snap, fn) {
  const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
  await context.addInitScript({ content: FAKE_API });
  const p = await context.newPage();
  let crashed = false;
  p.on('crash', () => (crashed = true));
  try {
    await p.goto(url);
    await p.evaluate((m) => void (window.__snap = m), snap);
    await p.evaluate(() => new Promise((r) => setTimeout(r, 500)));
    return await fn(p, context);
  } catch (err) {
    return { failed: crashed ? 'the page crashed' : String(err.message ?? err).split('\n')[0] };
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * Reopening the view on the finished chat: the snapshot renders the latest pages at once and the
 * rest in idle time. "Filled" is when no page or turn waits to be drawn (a page waiting for the idle
 * fill is an empty `.md-page`, a turn is a `.turn-placeholder`).
 */
async function reopen(browser, url, snap) {
  return onSnapshotPage(browser, url, snap, async (p, context) => {
    const cdp = await context.newCDPSession(p);
    await browser.startTracing(p, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const r = await p.evaluate(
      (budget) =>
        new Promise((resolve) => {
          const t0 = performance.now();
          let first = 0;
          window.postMessage(window.__snap, '*');
          const tick = () => {
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

const T0 = Date.now();
const ZERO_USAGE = { promptTokens: 0, completionTokens: 0, totalTokens: 0, costUsd: null };
function turn(id, items, done) {
  return {
    id, origin: 'prompt', prompt: 'Write a long design document.', startedAt: T0, endedAt: done ? T0 + 1000 : null,
    status: done ? 'success' : 'running', exitCode: done ? 0 : null, explanation: null, stderrTail: null,
    run: { runId: 'run_bench', sessionId: 's', cwd: '/w', provider: null, model: null, schemaVersion: 2 },
    items, finalText: null, usage: ZERO_USAGE, sawRunEnd: done, anonTools: 0,
  };
}
function snapshotOf(turns) {
  const chat = { id: CHAT_ID, title: 'Benchmark', createdAt: T0, updatedAt: T0, sessionId: 's', usage: ZERO_USAGE, turns };
  return {
    type: 'snapshot',
    state: { chat, history: [], binary: { ok: true, path: '/bin/zero', demo: false, problem: null }, trusted: true, folder: '/w', queued: [], draft: '', readOnly: false, attachments: [] },
  };
}

/** A long finished chat: each turn a narration, a read_file card and a ~TURN_CHARS markdown answer. */
function longChatTurns(n, seed, chars = TURN_CHARS) {
  const rand = rng(seed);
  return Array.from({ length: n }, (_, i) => turn(`old-${i}`, [
    { kind: 'text', text: 'Let me read the module first.', answer: false, closed: true },
    {
      kind: 'tool', key: `c${i}`, id: `c${i}`, name: 'read_file', args: { path: `src/module${i}.ts` }, sideEffect: 'read', status: 'ok',
      output: `export const value${i} = ${i};\n`.repeat(40), truncated: false, changedFiles: [], checkpoint: null, summary: `Read src/module${i}.ts`,
    },
    { kind: 'text', text: markdown(chars, rand, `turn ${i} done`), answer: true, closed: true },
  ], true));
}

/**
 * Opening a long chat and scrolling it: first paint is the time from posting the snapshot to the
 * first animation frame after the first turn is in the document (the frame that shows it), with the
 * longest task while opening. With `scroll`, the view then goes to the top, settles, and is scrolled
 * to the bottom by SCROLL_PX per animation frame (a fast, even fling). A frame is dropped when an animation frame arrives more than 1.5 vsyncs after the
 * last one (counted as the vsyncs missed).
 */
async function scrollRun(browser, url, snap, scroller, content, scroll) {
  return onSnapshotPage(browser, url, snap, async (p) => {
    await browser.startTracing(p, { categories: TRACE_CATEGORIES });
    const firstPaint = await p.evaluate(
      ({ content, budget }) =>
        new Promise((resolve) => {
          const t0 = performance.now();
          window.postMessage(window.__snap, '*');
          const tick = () => {
            if (document.querySelector(content)) return requestAnimationFrame(() => resolve(performance.now() - t0));
            if (performance.now() - t0 > budget) return resolve(null);
            requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
      { content, budget: BUDGET_MS },
    );
    const open = traceStats(await browser.stopTracing());
    if (firstPaint === null) return { failed: 'nothing drawn within the budget' };
    if (!scroll) return { firstPaint, openLongest: open.longest };
    // To the top, and let it settle (idle work of opening done).
    await p.evaluate((sel) => void (document.querySelector(sel).scrollTop = 0), scroller);
    await p.evaluate(() => new Promise((r) => setTimeout(r, 3000)));
    await browser.startTracing(p, { categories: TRACE_CATEGORIES });
    const run = await p.evaluate(
      ({ sel, px, budget }) =>
        new Promise((resolve) => {
          const el = document.querySelector(sel);
          const gaps = [];
          const t0 = performance.now();
          let last = 0;
          const tick = (now) => {
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
    return { firstPaint, openLongest: open.longest, height: run.height, dropped, expected: run.gaps.length + dropped, longestFrame: Math.max(...run.gaps), longestTask: during.longest, breakdown: during.breakdown };
  });
}

/** Posts a snapshot and waits (from Node, polling) until the idle fill has drawn every page and turn. */
async function snapshotFilled(p, snap) {
  await p.evaluate((m) => window.postMessage(m, '*'), snap);
  const t0 = Date.now();
  while (Date.now() - t0 < BUDGET_MS) {
    const waiting = await p.evaluate(() => document.querySelectorAll('.md-page:empty, .turn-find:empty').length);
    if (waiting === 0) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

function streamOf(mb, seed) {
  const rand = rng(seed);
  const text = markdown(mb * 1e6, rand, END);
  const deltas = deltasOf(text, Math.max(100, Math.round(text.length / CHARS_PER_DELTA)), rand);
  const actions = deltas.map((delta, i) => ({ type: 'event', line: i + 2, event: { type: 'text', schemaVersion: 2, runId: 'run_bench', delta } }));
  const batches = [];
  for (let i = 0; i < actions.length; i += BATCH) batches.push(actions.slice(i, i + BATCH));
  return { text, deltas, batches };
}

const served = {
  '/webview.js': ['text/javascript', null],
  '/baselines.js': ['text/javascript', await bundle(path.join(REPO, 'bench', 'lib', 'baselines.js'))],
  '/chat.css': ['text/css', readFileSync(path.join(REPO, 'media', 'chat.css'), 'utf8')],
  '/theme.css': ['text/css', THEME],
  '/webview': ['text/html', page('webview.js')],
  '/smd': ['text/html', page('baselines.js')],
  '/naive': ['text/html', page('baselines.js')],
  '/plain': ['text/html', page('baselines.js')],
};
const wv = await webviewBundle();
served['/webview.js'][1] = wv.js;
const server = http.createServer((req, res) => {
  const hit = served[req.url];
  if (hit) res.writeHead(200, { 'content-type': hit[0] }).end(hit[1]);
  else res.writeHead(404).end();
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });

const f0 = (n) => n.toFixed(0);
const f1 = (n) => n.toFixed(1);
function line(name, r, mb) {
  if (r.failed) return `  ${name.padEnd(19)} FAILED: ${r.failed}`;
  const done = r.outcome === 'done' ? '' : `  (gave up after ${f0(r.total / 1000)} s: ${r.posted}/${r.of} batches posted)`;
  return `  ${name.padEnd(19)} ${f0(r.total).padStart(7)} ms ${f0(r.busyCpu).padStart(7)} ms ${f1(r.frameP50).padStart(6)} ${f1(r.frameP95).padStart(6)} ms ` +
    `${f1(r.longest).padStart(8)} ms ${f1(r.heap).padStart(7)} MB (+${f1(r.heap - r.heapStart)} MB while streaming = ${((r.heap - r.heapStart) / mb).toFixed(1)}x the text)` +
    `${r.mem === null || r.mem === undefined ? '' : `; renderer ${f1(r.mem)} MB (+${f1(r.mem - r.memStart)})`}${done}`;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** "0.73x" for one run; "0.73x (0.69–0.77x, 5 runs)" for several: the median and the range. */
function ratioText(xs) {
  if (xs.length === 0) return 'n/a';
  if (xs.length === 1) return `${xs[0].toFixed(2)}x`;
  return `${median(xs).toFixed(2)}x (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}x, ${xs.length} runs)`;
}

try {
  console.log(`webview bundle: ${wv.from}, ${(wv.js.length / 1024).toFixed(1)} KiB; Chromium heap cap ${HEAP_CAP_MB} MB; give-up budget ${BUDGET_MS / 1000} s (75 s per MB at least, naive re-render excepted)`);
  for (const mb of PARTS.includes('stream') ? SIZES : []) {
    const { text, deltas, batches } = streamOf(mb, 42);
    console.log(`\n== ${(text.length / 1e6).toFixed(2)} MB answer: ${deltas.length} deltas, ${batches.length} batches of ${BATCH} (one per frame)`);
    console.log(`  ${'renderer'.padEnd(19)} ${'total'.padStart(10)} ${'busy CPU'.padStart(10)} ${'frame CPU p50/p95'.padStart(20)} ${'longest task'.padStart(11)}  heap at end`);
    // Renderers take turns, REPEAT times: the ratios are per round (the machine's load drifts), then their median.
    const ratios = { smd: { busyCpu: [], frameP95: [], heap: [], mem: [] }, naive: { busyCpu: [], frameP95: [], heap: [], mem: [] } };
    for (let round = 0; round < REPEAT; round++) {
      const results = {};
      for (const r of RENDERERS) {
        const setup = r.key === 'webview'
          ? async (p) => {
            await p.evaluate((m) => window.postMessage(m, '*'), snapshotOf([turn('turn-1', [], false)]));
            await p.evaluate(() => new Promise((res) => requestAnimationFrame(() => res())));
          }
          : async () => {};
        const budget = r.key === 'naive' ? BUDGET_MS : Math.max(BUDGET_MS, 75_000 * mb);
        results[r.key] = await measure(browser, `${base}${r.url}`, r.selector, batches, setup, budget);
        console.log(line(r.name, results[r.key], text.length / 1e6));
      }
      const w = results.webview;
      for (const k of ['smd', 'naive']) {
        const o = results[k];
        if (!w || w.failed || !o || o.failed || o.outcome !== 'done') continue;
        for (const f of ['busyCpu', 'frameP95', 'heap']) ratios[k][f].push(w[f] / o[f]);
        if (w.mem && o.mem) ratios[k].mem.push(w.mem / o.mem);
      }
    }
    if (RENDERERS.some((r) => r.key === 'webview')) {
      for (const [k, name] of [['smd', 'streaming-markdown'], ['naive', 'naive re-render   ']]) {
        const x = ratios[k];
        console.log(`  webview / ${name}: busy CPU ${ratioText(x.busyCpu)}, frame p95 ${ratioText(x.frameP95)}, heap ${ratioText(x.heap)}, renderer memory ${ratioText(x.mem)}`);
      }
    }
    if (RENDERERS.some((r) => r.key === 'webview')) {
      const item = { kind: 'text', text, answer: true, closed: true };
      const rr = await reopen(browser, `${base}/webview`, snapshotOf([turn('turn-1', [item], true)]));
      if (rr.failed) console.log(`  reopen: FAILED: ${rr.failed}`);
      else {
        console.log(`  reopen (snapshot of the finished answer): first frame ${f0(rr.first)} ms, idle fill finished ${rr.filled === null ? 'NOT within budget' : `${f0(rr.filled)} ms`}, ` +
          `longest task ${f1(rr.longest)} ms, busy CPU ${f0(rr.busyCpu)} ms, heap ${f1(rr.heap)} MB`);
      }
    }
  }
  if (CHAT_TURNS > 0) {
    const { text, batches } = streamOf(0.25, 7);
    const old = longChatTurns(CHAT_TURNS, 11);
    const oldChars = old.reduce((n, t) => n + t.items.reduce((m, it) => m + (it.text?.length ?? it.output?.length ?? 0), 0), 0);
    const running = turn('turn-new', [], false);
    console.log(`\n== stream cost against chat length: a ${(text.length / 1e6).toFixed(2)} MB answer streamed into an empty chat and into a chat of ${CHAT_TURNS} turns (${(oldChars / 1e6).toFixed(1)} MB)`);
    console.log(`  ${'renderer, chat'.padEnd(19)} ${'total'.padStart(10)} ${'busy CPU'.padStart(10)} ${'frame CPU p50/p95'.padStart(20)} ${'longest task'.padStart(11)}  heap at end`);
    const split = (r) => (r.failed ? '' : Object.entries(r.breakdown).map(([k, v]) => `${k} ${f0(v)}`).join(', '));
    for (const r of PARTS.includes('chat') ? RENDERERS : []) {
      const selector = r.key === 'webview' ? '.turn:last-of-type .text-block' : r.selector;
      const empty = await measure(browser, `${base}${r.url}`, selector, batches, async (p) => {
        await snapshotFilled(p, snapshotOf([running]));
      });
      console.log(line(`${r.key}, empty`, empty, text.length / 1e6));
      let filled = null;
      const long = await measure(browser, `${base}${r.url}`, selector, batches, async (p) => {
        filled = await snapshotFilled(p, snapshotOf([...old, running]));
      });
      console.log(line(`${r.key}, ${CHAT_TURNS} turns`, long, text.length / 1e6));
      // (heap growth in both rows is what the 0.25 MB stream added; the long chat's own heap is in "heap at end")
      console.log(`    (the ${CHAT_TURNS}-turn chat was ready ${filled === null ? 'NOT within the budget' : `${(filled / 1000).toFixed(1)} s`} after its snapshot; streaming started then)`);
      console.log(`    main thread, wall ms: empty chat: ${split(empty)}; ${CHAT_TURNS}-turn chat: ${split(long)}`);
      if (!empty.failed && !long.failed) {
        console.log(`    ${r.name}: ${CHAT_TURNS}-turn / empty: frame CPU p50 ${(long.frameP50 / empty.frameP50).toFixed(2)}x, p95 ${(long.frameP95 / empty.frameP95).toFixed(2)}x, busy CPU ${(long.busyCpu / empty.busyCpu).toFixed(2)}x`);
      }
    }

    if (PARTS.includes('open')) console.log(`\n== opening a ${CHAT_TURNS}-turn chat (${(oldChars / 1e6).toFixed(1)} MB): first paint (from the snapshot to the frame that shows it)`);
    if (PARTS.includes('open')) console.log(`  ${'renderer'.padEnd(19)} ${'first paint'.padStart(11)} ${'longest task'.padStart(13)}`);
    for (const r of PARTS.includes('open') ? RENDERERS : []) {
      const sr = await scrollRun(browser, `${base}${r.url}`, snapshotOf(old), r.key === 'webview' ? '.scroller' : '#out', r.key === 'webview' ? 'article.turn' : '#out article', false);
      if (sr.failed) console.log(`  ${r.name.padEnd(19)} FAILED: ${sr.failed}`);
      else console.log(`  ${r.name.padEnd(19)} ${f0(sr.firstPaint).padStart(8)} ms ${f1(sr.openLongest).padStart(10)} ms`);
    }
    const scrolled = longChatTurns(CHAT_TURNS, 13, SCROLL_TURN_CHARS);
    const scrolledChars = scrolled.reduce((n, t) => n + t.items.reduce((m, it) => m + (it.text?.length ?? it.output?.length ?? 0), 0), 0);
    if (PARTS.includes('scroll')) console.log(`\n== scrolling a ${CHAT_TURNS}-turn chat (${(scrolledChars / 1e6).toFixed(1)} MB) from top to bottom at ${SCROLL_PX} px per frame`);
    if (PARTS.includes('scroll')) console.log(`  ${'renderer'.padEnd(19)} ${'first paint'.padStart(11)} ${'scrolled'.padStart(10)} ${'dropped frames'.padStart(22)} ${'longest frame'.padStart(14)}`);
    for (const r of PARTS.includes('scroll') ? RENDERERS : []) {
      const sr = await scrollRun(browser, `${base}${r.url}`, snapshotOf(scrolled), r.key === 'webview' ? '.scroller' : '#out', r.key === 'webview' ? 'article.turn' : '#out article', true);
      if (sr.failed) console.log(`  ${r.name.padEnd(19)} FAILED: ${sr.failed}`);
      else {
        console.log(`  ${r.name.padEnd(19)} ${f0(sr.firstPaint).padStart(8)} ms ${(sr.height / 1e6).toFixed(2).padStart(7)} Mpx ${`${sr.dropped}/${sr.expected} = ${((100 * sr.dropped) / sr.expected).toFixed(1)}%`.padStart(22)} ${f1(sr.longestFrame).padStart(11)} ms`);
        console.log(`    main thread while scrolling, wall ms: ${Object.entries(sr.breakdown).map(([k, v]) => `${k} ${f0(v)}`).join(', ')}; longest task ${f1(sr.longestTask)} ms`);
      }
    }
  }
} finally {
  await browser.close();
  server.close();
}
