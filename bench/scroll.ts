// Scrolling a long chat from top to bottom, the chat view against the same transcript as one static
// HTML page, in the same Chromium and run (issue #30: windowing must cost no more per frame than a
// page that has everything drawn and does nothing).
//   webview       the real webview bundle, the chat posted as a snapshot (windowed: turns near the
//                 viewport drawn, the others placeholders; pages of a very long answer likewise);
//   static page   the same turns' Markdown rendered once to HTML (markdown-it) with the same
//                 stylesheet, no script.
// Each page is opened, goes to the top and settles (the view's idle work done), then is scrolled to
// the bottom by --px pixels per animation frame. Printed for each: frames, dropped frames (a frame
// arriving more than 1.5 vsyncs after the last counts the vsyncs missed), main-thread CPU per frame
// (p50, p95: every task starting between two frame marks) and the longest frame.
//
//   npx tsx bench/scroll.ts [--turns 300] [--turn-kb 50] [--px 250] [--rounds 1] [--only webview,static]
import * as path from 'node:path';
import MarkdownIt from 'markdown-it';
import type { Browser } from 'playwright-core';
import { buildStyles } from '../test/webview/harness';
import { charsOf, longChatTurns, snapshotOf, type BenchTurn } from './lib/benchChat';
import { bundle, FAKE_API, page, THEME } from './lib/benchPages';
import { FRAME_MARK, traceStats } from './lib/traceStats';
import { servePages, type Served } from './lib/pageServer';
import { REPO, TRACE_CATEGORIES } from './lib/webviewOptions';

function opt(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const TURNS = opt('turns', 300);
const TURN_CHARS = opt('turn-kb', 50) * 1000;
const PX = opt('px', 250);
const ROUNDS = opt('rounds', 1);
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1]!.split(',') : null;
const VIEWPORT = { width: 420, height: 900 };

/** The transcript as one static page: each turn's prompt, narration, tool summary and answer, drawn once. */
function staticPage(turns: readonly BenchTurn[]): string {
  const md = new MarkdownIt({ html: false, linkify: false });
  const body = turns
    .map((t) => {
      const items = t.items
        .map((it) =>
          it.kind === 'text'
            ? `<div class="text-block markdown${it.answer ? ' answer' : ' narration'}">${md.render(it.text ?? '')}</div>`
            : `<details class="tool"><summary>${String(it.summary ?? it.kind)}</summary></details>`,
        )
        .join('');
      return `<article class="turn"><div class="user-message">${String(t.prompt)}</div>${items}</article>`;
    })
    .join('');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">
<link rel="stylesheet" href="/theme.css"><link rel="stylesheet" href="/chat.css"><title>static</title></head>
<body class="vscode-dark"><main id="out" class="scroller">${body}</main></body></html>`;
}

interface Run {
  frames: number;
  dropped: number;
  p50: number;
  p95: number;
  longestFrame: number;
  height: number;
}

async function scroll(browser: Browser, url: string, webview: unknown): Promise<Run> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: FAKE_API });
  const p = await context.newPage();
  try {
    await p.goto(url);
    const sel = webview ? '.scroller' : '#out';
    if (webview) {
      await p.evaluate((m) => window.postMessage(m, '*'), webview);
      await p.locator('article.turn').first().waitFor();
    }
    await p.evaluate((s) => void (document.querySelector(s)!.scrollTop = 0), sel);
    // Settled: the view's idle work after opening and jumping done (the placeholders' words written).
    await p.evaluate(() => new Promise((r) => setTimeout(r, 4000)));
    await browser.startTracing(p, { categories: TRACE_CATEGORIES });
    const run = await p.evaluate(
      ({ sel, px, mark }) =>
        new Promise<{ gaps: number[]; height: number }>((resolve) => {
          const el = document.querySelector(sel)!;
          const gaps: number[] = [];
          let last = 0;
          const tick = (now: number): void => {
            console.timeStamp(mark);
            if (last) gaps.push(now - last);
            last = now;
            const max = el.scrollHeight - el.clientHeight;
            if (el.scrollTop >= max - 1) return resolve({ gaps, height: el.scrollHeight });
            el.scrollTop = Math.min(max, el.scrollTop + px);
            requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
      { sel, px: PX, mark: FRAME_MARK },
    );
    const stats = traceStats(await browser.stopTracing());
    const vsync = 1000 / 60;
    let dropped = 0;
    for (const g of run.gaps) if (g > 1.5 * vsync) dropped += Math.round(g / vsync) - 1;
    return {
      frames: run.gaps.length + dropped,
      dropped,
      p50: stats.frameP50,
      p95: stats.frameP95,
      longestFrame: Math.max(...run.gaps),
      height: run.height,
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const turns = longChatTurns(TURNS, 13, TURN_CHARS);
  const snap = snapshotOf(turns);
  (snap as { state: Record<string, unknown> }).state.defaultTransport = 'exec';
  const served: Served = {
    '/webview.js': ['text/javascript', await bundle(path.join(REPO, 'src', 'webview', 'main.ts'), true)],
    '/chat.css': ['text/css', await buildStyles()],
    '/theme.css': ['text/css', THEME],
    '/webview': ['text/html', page('webview.js')],
    '/static': ['text/html', staticPage(turns)],
  };
  const { base, browser, close } = await servePages(served);
  try {
    console.log(
      `scrolling a ${TURNS}-turn chat (${(charsOf(turns) / 1e6).toFixed(1)} MB) from top to bottom at ${PX} px per frame, ${VIEWPORT.width}x${VIEWPORT.height}`,
    );
    console.log(
      `  ${'page'.padEnd(12)} ${'height'.padStart(10)} ${'frames'.padStart(7)} ${'dropped'.padStart(14)} ${'frame CPU p50'.padStart(14)} ${'p95'.padStart(8)} ${'longest frame'.padStart(14)}`,
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url, webview] of [
        ['webview', `${base}/webview`, snap],
        ['static page', `${base}/static`, null],
      ] as const) {
        if (ONLY && !ONLY.includes(name.split(' ')[0]!)) continue;
        const r = await scroll(browser, url, webview);
        console.log(
          `  ${name.padEnd(12)} ${`${Math.round(r.height / 1000)}k px`.padStart(10)} ${String(r.frames).padStart(7)} ${`${r.dropped} (${((100 * r.dropped) / r.frames).toFixed(1)}%)`.padStart(14)} ${`${r.p50.toFixed(1)} ms`.padStart(14)} ${`${r.p95.toFixed(1)} ms`.padStart(8)} ${`${r.longestFrame.toFixed(0)} ms`.padStart(14)}`,
        );
      }
    }
  } finally {
    await close();
  }
}

void (async () => {
  try {
    await main();
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  }
})();
