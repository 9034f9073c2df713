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
//
// Its parts are in bench/lib/: webviewOptions.ts (these options), streamMeasure.ts, snapshotRuns.ts and
// webviewParts.ts (the tables).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { buildStyles } from '../test/webview/harness';
import { bundle, page, THEME } from './lib/benchPages';
import { servePages, type Served } from './lib/pageServer';
import { BUDGET_MS, CHAT_TURNS, DIST, HEAP_CAP_MB, PROFILE_TOP, REPO } from './lib/webviewOptions';
import { longChatParts, streamParts } from './lib/webviewParts';

async function webviewBundle(): Promise<{ js: string; from: string }> {
  if (DIST) return { js: readFileSync(path.join(REPO, 'dist', 'webview.js'), 'utf8'), from: 'dist/webview.js' };
  return {
    js: await bundle(path.join(REPO, 'src', 'webview', 'main.ts'), PROFILE_TOP === 0),
    from: 'src/webview/main.ts (built like --production)',
  };
}

async function main(): Promise<void> {
  const served: Served = {
    '/webview.js': ['text/javascript', ''],
    '/baselines.js': [
      'text/javascript',
      await bundle(path.join(REPO, 'bench', 'lib', 'baselines.ts'), PROFILE_TOP === 0),
    ],
    '/chat.css': ['text/css', await buildStyles()],
    '/theme.css': ['text/css', THEME],
    '/webview': ['text/html', page('webview.js')],
    '/smd': ['text/html', page('baselines.js')],
    '/naive': ['text/html', page('baselines.js')],
    '/plain': ['text/html', page('baselines.js')],
  };
  const wv = await webviewBundle();
  served['/webview.js']![1] = wv.js;
  const { base, browser, close } = await servePages(served);

  try {
    console.log(
      `webview bundle: ${wv.from}, ${(wv.js.length / 1024).toFixed(1)} KiB; Chromium heap cap ${HEAP_CAP_MB} MB; give-up budget ${BUDGET_MS / 1000} s (75 s per MB at least, naive re-render excepted)`,
    );
    await streamParts(browser, base);
    if (CHAT_TURNS > 0) await longChatParts(browser, base);
  } finally {
    await close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
