#!/usr/bin/env node
// Streaming measurement for the chat view: in Chromium, the real webview bundle renders 10,000
// `text` deltas (~1 MB of markdown: paragraphs, lists, tables, code fences) posted the way the
// host posts them (one batch of ~20 deltas per animation frame). The same deltas are then
// appended as plain text to a <pre> as a baseline. Prints the longest main-thread task and the
// time until the last delta is on screen for both.
//
//   npm run bench:webview [-- --dist] [-- --deltas N] [-- --batch N]
//   --dist   load dist/webview.js as built (default: build src/webview/main.ts like --production)
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.ZERO_E2E_CHROMIUM ?? '/usr/lib/chromium/chromium';
const ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const DELTAS = opt('deltas', 10_000);
const BATCH = opt('batch', 20);
const TARGET_BYTES = opt('bytes', 1_000_000);
const END = 'END-OF-STREAM-7f3a';
const CHAT_ID = 'bench';
const NONCE = 'YmVuY2gtbm9uY2U=';

// ---------------------------------------------------------------------------------------------
// Realistic markdown, deterministic.

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ('the a function returns value when request handler cache config module test build server client ' +
  'error retry timeout user data file path import export async await promise stream buffer parse render update ' +
  'state reducer action event listener queue worker process signal option default schema type interface class')
  .split(' ');

function markdown(bytes, rand) {
  const pick = (a) => a[Math.floor(rand() * a.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const sentence = () => {
    const s = words(6 + Math.floor(rand() * 14));
    const deco = rand();
    const extra = deco < 0.2 ? ` \`${pick(WORDS)}.${pick(WORDS)}()\`` : deco < 0.3 ? ` **${words(2)}**` : deco < 0.35 ? ` see [docs](https://example.com/${pick(WORDS)})` : deco < 0.4 ? ` in \`src/${pick(WORDS)}.ts:${1 + Math.floor(rand() * 300)}\`` : '';
    return s[0].toUpperCase() + s.slice(1) + extra + '.';
  };
  const paragraph = () => Array.from({ length: 2 + Math.floor(rand() * 4) }, sentence).join(' ');
  const code = () => {
    const lang = pick(['ts', 'python', 'bash', 'json', 'ts']);
    const n = 6 + Math.floor(rand() * 20);
    const lines = [];
    for (let i = 0; i < n; i++) {
      if (lang === 'ts') lines.push(`  ${pick(['const', 'let', 'return', 'await', 'if (x)'])} ${pick(WORDS)}${i} = ${pick(WORDS)}(${JSON.stringify(pick(WORDS))}, ${i}); // ${words(3)}`);
      else if (lang === 'python') lines.push(`    ${pick(WORDS)}_${i} = ${pick(WORDS)}(${i}, "${pick(WORDS)}")  # ${words(3)}`);
      else if (lang === 'bash') lines.push(`${pick(['npm run', 'git', 'ls -la', 'grep -rn'])} ${pick(WORDS)} --${pick(WORDS)}=${i}`);
      else lines.push(`  "${pick(WORDS)}${i}": ${rand() < 0.5 ? i : JSON.stringify(words(2))},`);
    }
    const head = lang === 'ts' ? ['export async function run() {'] : lang === 'python' ? ['def run():'] : lang === 'json' ? ['{'] : [];
    const tail = lang === 'ts' ? ['}'] : lang === 'json' ? ['  "end": true', '}'] : [];
    return ['```' + lang, ...head, ...lines, ...tail, '```'].join('\n');
  };
  const list = (ordered) =>
    Array.from({ length: 3 + Math.floor(rand() * 5) }, (_, i) => `${ordered ? `${i + 1}.` : '-'} ${sentence()}`).join('\n');
  const table = () => {
    const rows = ['| File | Change | Lines |', '|:---|:---|---:|'];
    for (let i = 0; i < 3 + Math.floor(rand() * 4); i++) rows.push(`| \`src/${pick(WORDS)}.ts\` | ${words(4)} | ${Math.floor(rand() * 200)} |`);
    return rows.join('\n');
  };
  const out = [];
  let size = 0;
  let section = 0;
  while (size < bytes) {
    const blocks = [`## ${++section}. ${words(3)}`, paragraph()];
    const r = rand();
    if (r < 0.35) blocks.push(code(), paragraph());
    else if (r < 0.6) blocks.push(list(rand() < 0.5), paragraph());
    else if (r < 0.7) blocks.push(table());
    else if (r < 0.8) blocks.push(`> ${sentence()}`, paragraph());
    else blocks.push(paragraph(), list(false), code());
    const text = blocks.join('\n\n') + '\n\n';
    out.push(text);
    size += text.length;
  }
  return out.join('') + `Done. ${END}\n`;
}

/** Cut into exactly `n` deltas at random points (some tiny, some long, like a tokenizer's bursts). */
function deltasOf(text, n, rand) {
  const cuts = new Set();
  while (cuts.size < n - 1) cuts.add(1 + Math.floor(rand() * (text.length - 1)));
  const sorted = [...cuts].sort((a, b) => a - b);
  const out = [];
  let prev = 0;
  for (const c of sorted) {
    out.push(text.slice(prev, c));
    prev = c;
  }
  out.push(text.slice(prev));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Pages.

const FAKE_API = `(() => {
  window.__posted = [];
  window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__posted.push(m), getState: () => undefined, setState: () => {} });
})();`;

// The baseline: the same messages, each batch's deltas appended to a <pre> as one text node.
const BASELINE_JS = `(() => {
  const pre = document.createElement('pre');
  pre.id = 'plain';
  document.getElementById('app').append(pre);
  window.addEventListener('message', (ev) => {
    const m = ev.data;
    if (m.type !== 'actions') return;
    let s = '';
    for (const a of m.actions) if (a.type === 'event' && a.event.type === 'text') s += a.event.delta;
    pre.append(s);
  });
})();`;

const THEME = `:root { --vscode-font-family: sans-serif; --vscode-font-size: 13px; --vscode-editor-font-family: monospace;
  --vscode-foreground: #cccccc; --vscode-sideBar-background: #181818; --vscode-editor-background: #1f1f1f;
  --vscode-input-background: #313131; --vscode-button-background: #0078d4; --vscode-button-foreground: #fff; }
#plain { white-space: pre-wrap; margin: 0; height: 100vh; overflow: auto; }`;

function page(script) {
  const csp = `default-src 'none'; style-src 'self'; img-src 'self' data:; script-src 'nonce-${NONCE}'`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="/theme.css"><link rel="stylesheet" href="/chat.css"><title>bench</title></head>
<body class="vscode-dark"><div id="app"></div><script nonce="${NONCE}" src="/${script}"></script></body></html>`;
}

async function webviewBundle() {
  if (argv.includes('--dist')) return { js: readFileSync(path.join(REPO, 'dist', 'webview.js'), 'utf8'), from: 'dist/webview.js' };
  const r = await esbuild.build({
    entryPoints: [path.join(REPO, 'src', 'webview', 'main.ts')],
    bundle: true, platform: 'browser', format: 'iife', target: 'es2022', minify: true, write: false, legalComments: 'none',
  });
  return { js: r.outputFiles[0].text, from: 'src/webview/main.ts (built like --production)' };
}

// ---------------------------------------------------------------------------------------------
// The in-page driver: one batch per animation frame, then wait until the end marker is shown.

async function drive(pageObj, batches, selector, started) {
  // Hand the batches over first: deserialising ~1 MB of arguments is a long task of its own.
  await pageObj.evaluate((b) => void (window.__batches = b), batches);
  await pageObj.evaluate(() => new Promise((r) => setTimeout(r, 50)));
  await started();
  return pageObj.evaluate(
    async ({ chatId, selector, end }) => {
      const batches = window.__batches;
      const longTasks = [];
      const obs = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) longTasks.push(e.duration);
      });
      obs.observe({ type: 'longtask' });
      let maxFrameGap = 0;
      let lastFrame = 0;
      const t0 = performance.now();
      let i = 0;
      await new Promise((resolve) => {
        const tick = (now) => {
          if (lastFrame) maxFrameGap = Math.max(maxFrameGap, now - lastFrame);
          lastFrame = now;
          if (i < batches.length) {
            window.postMessage({ type: 'actions', chatId, actions: batches[i++] }, '*');
          } else {
            const el = document.querySelector(selector);
            if (el && (el.lastChild?.textContent ?? '').includes(end)) return resolve();
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const total = performance.now() - t0;
      await new Promise((r) => setTimeout(r, 100));
      obs.disconnect();
      return { total, longTasks, maxFrameGap };
    },
    { chatId: CHAT_ID, selector, end: END },
  );
}

/**
 * Longest main-thread task and busy time in a Chrome trace (RunTask on the renderer main thread),
 * by wall clock and by thread CPU time (the latter is what the code costs when other processes
 * compete for the CPU).
 */
function traceStats(buffer) {
  const events = JSON.parse(buffer.toString('utf8')).traceEvents ?? [];
  const main = new Set();
  for (const e of events) if (e.name === 'thread_name' && e.args?.name === 'CrRendererMain') main.add(`${e.pid}:${e.tid}`);
  let longest = 0;
  let busy = 0;
  let longestCpu = 0;
  let busyCpu = 0;
  for (const e of events) {
    if (e.ph === 'X' && e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`)) {
      const ms = (e.dur ?? 0) / 1000;
      const cpu = (e.tdur ?? e.dur ?? 0) / 1000;
      longest = Math.max(longest, ms);
      busy += ms;
      longestCpu = Math.max(longestCpu, cpu);
      busyCpu += cpu;
    }
  }
  return { longest, busy, longestCpu, busyCpu };
}

async function measure(browser, url, selector, batches, setup) {
  const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
  await context.addInitScript({ content: FAKE_API });
  const p = await context.newPage();
  const errors = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  await p.goto(url);
  await setup(p);
  const cdp = await context.newCDPSession(p);
  await cdp.send('Performance.enable');
  const extra = process.env.BENCH_INVALIDATION ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : [];
  let before;
  const start = async () => {
    await browser.startTracing(p, { categories: ['disabled-by-default-devtools.timeline', 'devtools.timeline', ...extra] });
    if (process.env.BENCH_PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    before = await metrics(cdp);
  };
  const r = await drive(p, batches, selector, start);
  if (process.env.BENCH_PROFILE) printProfile((await cdp.send('Profiler.stop')).profile);
  const traceBuf = await browser.stopTracing();
  if (process.env.BENCH_TRACE) (await import('node:fs')).writeFileSync(`${process.env.BENCH_TRACE}.${url.split('/').pop()}.json`, traceBuf);
  const trace = traceStats(traceBuf);
  const after = await metrics(cdp);
  const shown = await p.evaluate((sel) => document.querySelector(sel)?.textContent?.length ?? 0, selector);
  await context.close();
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  const d = (k) => (after[k] - before[k]) * 1000;
  return { ...r, ...trace, shown, script: d('ScriptDuration'), layout: d('LayoutDuration'), style: d('RecalcStyleDuration'), task: d('TaskDuration') };
}

function printProfile(profile) {
  const self = new Map();
  const dt = new Map();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  for (const n of profile.nodes) {
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt.get(n.id) ?? 0) / 1000);
  }
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${v.toFixed(0).padStart(7)} ms  ${k}`).join('\n'));
}

/** Reopening the view on the finished chat: the snapshot renders the whole answer at once. */
async function snapshotTime(browser, url) {
  const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
  await context.addInitScript({ content: FAKE_API });
  const p = await context.newPage();
  await p.goto(url);
  const item = { kind: 'text', text, answer: true, closed: true };
  const done = { ...chat, turns: [{ ...chat.turns[0], status: 'success', endedAt: T0 + 1000, items: [item], finalText: text, sawRunEnd: true, exitCode: 0 }] };
  await p.evaluate((m) => void (window.__snap = m), { ...snapshot, state: { ...snapshot.state, chat: done } });
  await p.evaluate(() => new Promise((r) => setTimeout(r, 500)));
  const ms = await p.evaluate(
    () =>
      new Promise((resolve) => {
        const t0 = performance.now();
        window.postMessage(window.__snap, '*');
        setTimeout(() => requestAnimationFrame(() => resolve(performance.now() - t0)), 0);
      }),
  );
  await context.close();
  return ms;
}

async function metrics(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

// ---------------------------------------------------------------------------------------------

const rand = rng(42);
const text = markdown(TARGET_BYTES, rand);
const deltas = deltasOf(text, DELTAS, rand);
const actions = deltas.map((delta, i) => ({ type: 'event', line: i + 2, event: { type: 'text', schemaVersion: 2, runId: 'run_bench', delta } }));
const batches = [];
for (let i = 0; i < actions.length; i += BATCH) batches.push(actions.slice(i, i + BATCH));

const T0 = Date.now();
const chat = {
  id: CHAT_ID, title: 'Benchmark', createdAt: T0, updatedAt: T0, sessionId: 's', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, costUsd: null },
  turns: [{
    id: 'turn-1', origin: 'prompt', prompt: 'Write a long design document.', startedAt: T0, endedAt: null, status: 'running', exitCode: null,
    explanation: null, stderrTail: null, run: { runId: 'run_bench', sessionId: 's', cwd: '/w', provider: null, model: null, schemaVersion: 2 },
    items: [], finalText: null, usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, costUsd: null }, sawRunEnd: false, anonTools: 0,
  }],
};
const snapshot = {
  type: 'snapshot',
  state: { chat, history: [], binary: { ok: true, path: '/bin/zero', demo: false, problem: null }, trusted: true, folder: '/w', queued: [], draft: '', readOnly: false, attachments: [] },
};

const bundle = await webviewBundle();
const css = readFileSync(path.join(REPO, 'media', 'chat.css'), 'utf8');
const server = http.createServer((req, res) => {
  const send = (type, body) => res.writeHead(200, { 'content-type': type }).end(body);
  if (req.url === '/webview.js') send('text/javascript', bundle.js);
  else if (req.url === '/baseline.js') send('text/javascript', BASELINE_JS);
  else if (req.url === '/chat.css') send('text/css', css);
  else if (req.url === '/theme.css') send('text/css', THEME);
  else if (req.url === '/webview') send('text/html', page('webview.js'));
  else if (req.url === '/baseline') send('text/html', page('baseline.js'));
  else res.writeHead(404).end();
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });

try {
  console.log(`bundle: ${bundle.from}, ${(bundle.js.length / 1024).toFixed(1)} KiB`);
  console.log(`stream: ${deltas.length} deltas, ${(text.length / 1e6).toFixed(2)} MB, ${batches.length} batches of ${BATCH} (one per frame)`);

  const webview = await measure(browser, `${base}/webview`, '.text-block', batches, async (p) => {
    await p.evaluate((m) => window.postMessage(m, '*'), snapshot);
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  });
  const plain = await measure(browser, `${base}/baseline`, '#plain', batches, async () => {});
  const reopen = await snapshotTime(browser, `${base}/webview`);

  const row = (name, r) =>
    console.log(
      `${name.padEnd(10)} total ${r.total.toFixed(0)} ms · longest task ${r.longest.toFixed(1)} ms (CPU ${r.longestCpu.toFixed(1)}) · ` +
        `busy ${r.busy.toFixed(0)} ms (CPU ${r.busyCpu.toFixed(0)}) · ` +
        `long tasks (>50 ms) ${r.longTasks.length} · worst frame gap ${r.maxFrameGap.toFixed(1)} ms · chars shown ${r.shown}\n` +
        `${''.padEnd(10)} main thread: tasks ${r.task.toFixed(0)} ms = script ${r.script.toFixed(0)} + layout ${r.layout.toFixed(0)} + style ${r.style.toFixed(0)} + other`,
    );
  row('webview', webview);
  row('plaintext', plain);
  console.log(`ratio      total ${(webview.total / plain.total).toFixed(2)}x · busy ${(webview.busy / Math.max(1, plain.busy)).toFixed(2)}x`);
  console.log(`reopen     a snapshot with the whole 1 MB answer: ${reopen.toFixed(0)} ms (one task)`);
  console.log(`webview-longest-task-ms: ${webview.longest.toFixed(1)}`);
  console.log(`webview-total-ms: ${webview.total.toFixed(0)}`);
  console.log(`plaintext-longest-task-ms: ${plain.longest.toFixed(1)}`);
  console.log(`plaintext-total-ms: ${plain.total.toFixed(0)}`);
  // Thread CPU time of the same tasks: what the code costs when other processes compete for the CPU.
  console.log(`webview-longest-task-cpu-ms: ${webview.longestCpu.toFixed(1)}`);
  console.log(`plaintext-longest-task-cpu-ms: ${plain.longestCpu.toFixed(1)}`);
  console.log(`webview-reopen-snapshot-ms: ${reopen.toFixed(0)}`);
} finally {
  await browser.close();
  server.close();
}
