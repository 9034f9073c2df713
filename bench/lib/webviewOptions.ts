// bench/webview.ts's options (argv and BENCH_* env) and fixed settings: which renderers, streams and parts.
import * as path from 'node:path';

export const REPO = path.resolve(__dirname, '..', '..');
export const CHROMIUM = process.env.ZERO_E2E_CHROMIUM ?? '/usr/lib/chromium/chromium';
// The heap cap keeps a runaway renderer from taking the shared machine down: it fails instead.
export const HEAP_CAP_MB = 3072;
export const ARGS = [
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
export const SIZES = String(opt('sizes', '0.25,1,4'))
  .split(',')
  .filter((x) => x !== '' && x !== 'none')
  .map(Number);
export const BATCH = Number(opt('batch', 20));
export const BUDGET_MS = Number(opt('budget', 120)) * 1000;
export const CHARS_PER_DELTA = 100;
export const CHAT_TURNS = Number(opt('chat-turns', 300));
export const SCROLL_PX = Number(opt('scroll-px', 250));
export const PARTS = String(opt('parts', 'stream,chat,open,scroll')).split(',');
export const REPEAT = Math.max(1, Number(opt('repeat', 1)));
export const SCROLL_TURN_CHARS = Number(opt('scroll-turn-kb', 10)) * 1000;
export const END = 'END-OF-STREAM-7f3a';
// BENCH_CATEGORIES=a,b adds trace categories (with BENCH_TOP=N: where the time goes, by event name).
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  ...(process.env.BENCH_CATEGORIES ?? '').split(',').filter(Boolean),
];
// BENCH_PROFILE=N: a V8 CPU profile of each renderer's stream (bundles built unminified), printing
// the N functions with the most self time.
export const PROFILE_TOP = Number(process.env.BENCH_PROFILE ?? 0);
// BENCH_HEAP=N: heap snapshots before and after each stream; prints the N kinds of object (by
// constructor or type) whose total size grew most, and the N biggest at the end.
export const HEAP_TOP = Number(process.env.BENCH_HEAP ?? 0);

export const RENDERERS = [
  { key: 'webview', name: 'webview', url: '/webview', selector: '.text-block' },
  { key: 'smd', name: 'streaming-markdown', url: '/smd', selector: '#out' },
  { key: 'naive', name: 'naive re-render', url: '/naive', selector: '#out' },
  { key: 'plain', name: 'plain text', url: '/plain', selector: '#out' },
].filter((r) => (opt('only') ? String(opt('only')).split(',').includes(r.key) : r.key !== 'plain'));
/** --dist: load dist/webview.js as built. */
export const DIST = argv.includes('--dist');
