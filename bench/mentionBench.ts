/**
 * The @-mention picker's speed on a generated 50,000-file workspace: the first index (folders
 * included) and each keystroke of a few typed queries after it. Goal: under 50 ms per keystroke.
 * Run: npm run bench:mentions
 */
import { PathIndex, withFolders } from '../src/pathSearch/fuzzyPaths';

const FILES = Number(process.env.BENCH_FILES ?? 50_000);
const WORDS = [
  'api',
  'core',
  'utils',
  'components',
  'server',
  'client',
  'models',
  'views',
  'tests',
  'lib',
  'config',
  'auth',
  'billing',
  'search',
];
const EXT = ['.ts', '.tsx', '.js', '.json', '.md', '.css', '.go', '.py'];

/** Deterministic pseudo-random paths like a monorepo: 3,000 folders 2–6 deep, about 17 files each. */
function generate(n: number): string[] {
  let seed = 42;
  // mulberry32: small, deterministic, well mixed.
  const rnd = (k: number): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % k;
  };
  const dirs = Array.from({ length: 3_000 }, () => {
    const depth = 2 + rnd(5);
    return `packages/${Array.from({ length: depth }, () => `${WORDS[rnd(WORDS.length)]}${rnd(4) === 0 ? rnd(20) : ''}`).join('/')}`;
  });
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(
      `${dirs[rnd(dirs.length)]}/${WORDS[rnd(WORDS.length)]}${['Service', 'Controller', 'View', 'Helper', ''][rnd(5)]}${i}${EXT[rnd(EXT.length)]}`,
    );
  }
  return out;
}

function main(): void {
  const files = generate(FILES);
  let t0 = performance.now();
  const index = new PathIndex(withFolders(files));
  const indexMs = performance.now() - t0;
  console.log(`first index: ${files.length} files + folders = ${index.size} candidates in ${indexMs.toFixed(1)} ms`);
  // Typing "@" opens the picker with the empty query: the first search, on a cold JIT.
  t0 = performance.now();
  index.search('');
  console.log(`"@" opens the picker (empty query): ${(performance.now() - t0).toFixed(1)} ms`);
  const typed = ['authcontroller', 'billing/view', 'srchhelp123', 'components'];
  const times: number[] = [];
  for (const word of typed) {
    const per: string[] = [];
    for (let k = 1; k <= word.length; k++) {
      t0 = performance.now();
      const hits = index.search(word.slice(0, k));
      const ms = performance.now() - t0;
      times.push(ms);
      per.push(
        `${ms.toFixed(1)}${k === word.length ? ` (${hits.length} shown, best ${hits[0]?.path ?? 'none'})` : ''}`,
      );
    }
    // A fresh word after another one: the first keystroke cannot narrow the previous result.
    console.log(`typing "${word}": ${per.join(' · ')} ms`);
  }
  times.sort((a, b) => a - b);
  const p = (q: number): string => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    `per keystroke over ${times.length} keystrokes: median ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${times[times.length - 1]!.toFixed(1)} ms (goal < 50 ms)`,
  );
}

main();
