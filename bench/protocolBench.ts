/**
 * `npm run bench`: what reading Zero's output costs in the extension host, on one ~50 MB in-memory
 * stream shaped like Zero's (sorted keys, Go's HTML escaping, many tiny deltas, 10 KB tool outputs,
 * one 5 MB line), fed in 64 KiB chunks as stdout delivers it. Three runs on the same bytes:
 *
 * - baseline: `split('\n')` + `JSON.parse` of the whole stream (no framing, no validation);
 * - decode: `ZeroEventReader` (UTF-8-safe framing, line cap, JSON.parse, validation: zod for every
 *   line except plain text/reasoning deltas, see `isPlainDelta`);
 * - decode + reduce: the same, then each chunk's decoded lines as chat actions through `reduceActions` (runs of
 *   deltas reduced as one), as the host's registry does (without saving the chat or posting to the webview).
 *
 * It also counts which lines take the zod path. Every printed figure is labelled with what it is.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { actionFromDecoded } from '../src/conversation/actions';
import type { Chat } from '../src/conversation/model';
import { reduceActions } from '../src/conversation/deltaRuns';
import { newChat, reduceChat } from '../src/conversation/reducer';
import { isPlainDelta } from '../src/protocol/decode';
import type { Decoded } from '../src/protocol/decoded';
import { ZeroEventReader } from '../src/protocol/eventStream';

const CHUNK = 64 * 1024;
const ITERATIONS = 7;
const RUN_ID = 'run_20260701141533_71d2aa';
const SESSION_ID = 'zero_20260701141533_1782915333020551766_1';

/** Deterministic PRNG (mulberry32), so every run measures the same bytes. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the a to of and in is it that for on with as this be by file test run function return const ' +
  'import export README.md src/index.ts <div> & “quoted” café naïve 日本語 🚀 error value type string'
).split(' ');

function words(rand: () => number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += (i ? ' ' : '') + WORDS[Math.floor(rand() * WORDS.length)];
  return out;
}

/** Zero's encoding: Go marshals a map, so keys are sorted; `<>&` and U+2028/9 are escaped. */
function zeroLine(event: Record<string, unknown>): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sorted((value as Record<string, unknown>)[key]);
    return out;
  };
  const json = JSON.stringify(sorted({ runId: RUN_ID, schemaVersion: 2, ...event }));
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';
}

function generateStream(targetBytes: number): Uint8Array {
  const rand = prng(42);
  // Encoded line by line into one buffer, so no 50 MB string is left behind to skew memory.
  let bytes = new Uint8Array(targetBytes + 8 * 1024 * 1024);
  let size = 0;
  const encoder = new TextEncoder();
  const add = (event: Record<string, unknown>): void => {
    const line = zeroLine(event);
    if (bytes.length - size < line.length * 3) {
      const grown = new Uint8Array(bytes.length * 2);
      grown.set(bytes.subarray(0, size));
      bytes = grown;
    }
    size += encoder.encodeInto(line, bytes.subarray(size)).written;
  };
  add({
    type: 'run_start',
    sessionId: SESSION_ID,
    cwd: '/home/dev/acme-app',
    provider: 'openai',
    model: 'gpt-4.1',
    apiModel: 'gpt-4.1',
  });
  let call = 0;
  let bigDone = false;
  while (size < targetBytes) {
    for (let i = 0, n = 20 + Math.floor(rand() * 40); i < n; i++)
      add({ type: 'reasoning', delta: words(rand, 1 + Math.floor(rand() * 4)) });
    for (let i = 0, n = 100 + Math.floor(rand() * 300); i < n; i++)
      add({ type: 'text', delta: words(rand, 1 + Math.floor(rand() * 5)) });
    add({ type: 'usage', promptTokens: 1200 + call, completionTokens: 300, totalTokens: 1500 + call });
    const id = `call_${++call}`;
    if (!bigDone && size > targetBytes / 2) {
      // One huge line: a write_file whose whole body is in `args` (args are never capped).
      bigDone = true;
      add({
        type: 'tool_call',
        id,
        name: 'write_file',
        sideEffect: 'write',
        args: { path: 'src/big.ts', content: words(rand, 700_000).slice(0, 5 * 1024 * 1024) },
      });
      add({ type: 'checkpoint', checkpoint: { sequence: call * 4, tool: 'write_file', files: ['src/big.ts'] } });
    } else {
      add({ type: 'tool_call', id, name: 'read_file', sideEffect: 'read', args: { path: `src/file${call}.ts` } });
    }
    if (call % 10 === 0) {
      add({
        type: 'permission_request',
        sessionId: SESSION_ID,
        id,
        name: 'bash',
        action: 'prompt',
        permission: 'prompt',
        permissionGranted: false,
        permissionMode: 'auto',
        autonomy: 'low',
        sideEffect: 'shell',
        reason: 'network access requires approval',
        risk: { level: 'critical', categories: ['network'] },
      });
    }
    const output = words(rand, 3000).slice(0, 10 * 1024) + '\n[truncated]';
    add({
      type: 'tool_result',
      id,
      name: 'read_file',
      status: 'ok',
      output,
      truncated: true,
      meta: { emitted_bytes: '40960', file_version: 'v1' },
      display: { kind: 'file', summary: `Read src/file${call}.ts` },
    });
  }
  add({ type: 'final', text: words(rand, 400) });
  add({ type: 'run_end', status: 'success', exitCode: 0 });
  return bytes.slice(0, size);
}

function countEvents(decoded: readonly Decoded[]): number {
  let n = 0;
  for (const d of decoded) if (d.kind === 'event') n++;
  return n;
}

function runDecode(bytes: Uint8Array, sample?: () => void): number {
  const reader = new ZeroEventReader();
  let events = 0;
  for (let off = 0; off < bytes.length; off += CHUNK) {
    events += countEvents(reader.push(bytes.subarray(off, off + CHUNK)));
    sample?.();
  }
  return events + countEvents(reader.end());
}

/**
 * The host's path (ChatRegistry.dispatch): every decoded line becomes an action on the current turn, a chunk's
 * actions reduced together (a run of deltas as one action: deltaRuns.ts).
 */
function runDecodeReduce(bytes: Uint8Array, sample?: () => void): number {
  const reader = new ZeroEventReader();
  let chat: Chat = reduceChat(newChat('bench', 0), {
    type: 'turn_started',
    turnId: 'turn-1',
    prompt: 'Bench',
    origin: 'prompt',
    at: 0,
  });
  let events = 0;
  const apply = (decoded: readonly Decoded[]): void => {
    chat = reduceActions(chat, decoded.map(actionFromDecoded));
    for (const d of decoded) if (d.kind === 'event') events++;
  };
  for (let off = 0; off < bytes.length; off += CHUNK) {
    apply(reader.push(bytes.subarray(off, off + CHUNK)));
    sample?.();
  }
  apply(reader.end());
  if (chat.turns[0]?.status !== 'success')
    throw new Error(`the reduced turn ended ${chat.turns[0]?.status}, not success`);
  return events;
}

function runBaseline(bytes: Uint8Array, sample?: () => void): number {
  const lines = new TextDecoder().decode(bytes).split('\n');
  sample?.();
  let events = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 0 && JSON.parse(line) !== undefined) events++;
    if (sample && i % 256 === 0) sample();
  }
  return events;
}

/** Which lines the decoder validates with zod, and which it takes as they are (plain deltas). */
function census(bytes: Uint8Array): {
  fast: { events: number; bytes: number };
  zod: { events: number; bytes: number };
  byType: Map<string, { events: number; bytes: number }>;
} {
  const fast = { events: 0, bytes: 0 };
  const zod = { events: 0, bytes: 0 };
  const byType = new Map<string, { events: number; bytes: number }>();
  const encoder = new TextEncoder();
  for (const line of new TextDecoder().decode(bytes).split('\n')) {
    if (line.length === 0) continue;
    const raw = JSON.parse(line) as Record<string, unknown>;
    const size = encoder.encode(line).length + 1;
    const bucket = isPlainDelta(raw) ? fast : zod;
    bucket.events++;
    bucket.bytes += size;
    const key = `${String(raw.type)} (${bucket === fast ? 'fast path' : 'zod'})`;
    const t = byType.get(key) ?? { events: 0, bytes: 0 };
    t.events++;
    t.bytes += size;
    byType.set(key, t);
  }
  return { fast, zod, byType };
}

// `gc` lets each measurement start from a collected heap. The flag is set at run time
// so that `node dist/bench.js` needs no command-line options.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

type Run = (bytes: Uint8Array, sample?: () => void) => number;
const RUNS = {
  'baseline: split + JSON.parse': runBaseline,
  'decode: ZeroEventReader': runDecode,
  'decode + reduce (host path)': runDecodeReduce,
} as const satisfies Readonly<Record<string, Run>>;
type RunName = keyof typeof RUNS;
const NAMES = Object.keys(RUNS) as RunName[];

type Timing = { ms: number; min: number; max: number; events: number };

/**
 * Median wall time (ms) of each run over ITERATIONS rounds, after a warm-up round. The runs
 * alternate within a round, so a slower spell of a shared machine hits all alike.
 */
function timeAll(bytes: Uint8Array): Record<RunName, Timing> {
  const times = Object.fromEntries(NAMES.map((n) => [n, [] as number[]])) as Record<RunName, number[]>;
  const events = Object.fromEntries(NAMES.map((n) => [n, RUNS[n](bytes)])) as Record<RunName, number>;
  for (let i = 0; i < ITERATIONS; i++) {
    for (const name of NAMES) {
      gc(); // each run starts from a collected heap, so one run's garbage is not billed to the next
      const start = performance.now();
      RUNS[name](bytes);
      times[name].push(performance.now() - start);
    }
  }
  const median = (list: number[]): number => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)]!;
  if (process.env.BENCH_VERBOSE) console.log(times);
  return Object.fromEntries(
    NAMES.map((n) => [
      n,
      { ms: median(times[n]), min: Math.min(...times[n]), max: Math.max(...times[n]), events: events[n] },
    ]),
  ) as Record<RunName, Timing>;
}

/**
 * Child mode: peak growth of RSS and heap (MB) while one run goes. A fresh process per run,
 * loading the stream from a file in one allocation, so neither the generator's garbage nor
 * the other runs' pages hide what this run needs.
 */
function measureMemory(which: RunName, file: string): void {
  const bytes = readFileSync(file);
  gc();
  const base = process.memoryUsage();
  let rss = 0;
  let heap = 0;
  const sample = (): void => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - base.rss);
    heap = Math.max(heap, now.heapUsed - base.heapUsed);
  };
  RUNS[which](bytes, sample);
  sample();
  process.stdout.write(JSON.stringify({ rss: rss / 1e6, heap: heap / 1e6 }));
}

function peakMemory(which: RunName, file: string): { rss: number; heap: number } {
  const child = spawnSync(process.execPath, [process.argv[1]!, '--memory', which, file], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`memory run ${which} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as { rss: number; heap: number };
}

const pct = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(1)}%`;

function main(): void {
  const bytes = generateStream(50 * 1024 * 1024);
  const mb = bytes.length / 1e6;
  console.log(
    `stream: ${mb.toFixed(1)} MB of Zero-shaped JSONL, fed in ${CHUNK / 1024} KiB chunks; times are the median of ${ITERATIONS} runs after a warm-up`,
  );

  const c = census(bytes);
  const lines = c.fast.events + c.zod.events;
  console.log('\nvalidation path (which lines the decoder checks with zod):');
  console.log(
    `  zod schema:           ${String(c.zod.events).padStart(8)} lines (${pct(c.zod.events, lines)} of lines), ${(c.zod.bytes / 1e6).toFixed(1).padStart(5)} MB (${pct(c.zod.bytes, bytes.length)} of bytes)`,
  );
  console.log(
    `  fast path (no zod):   ${String(c.fast.events).padStart(8)} lines (${pct(c.fast.events, lines)} of lines), ${(c.fast.bytes / 1e6).toFixed(1).padStart(5)} MB (${pct(c.fast.bytes, bytes.length)} of bytes)`,
  );
  for (const [type, t] of [...c.byType].sort((a, b) => b[1].bytes - a[1].bytes)) {
    console.log(
      `    ${type.padEnd(34)} ${String(t.events).padStart(8)} lines ${(t.bytes / 1e6).toFixed(2).padStart(7)} MB`,
    );
  }

  const file = join(mkdtempSync(join(tmpdir(), 'zero-bench-')), 'stream.jsonl');
  writeFileSync(file, bytes);
  const mem = {} as Record<RunName, { rss: number; heap: number }>;
  try {
    for (const name of NAMES) mem[name] = peakMemory(name, file);
  } finally {
    rmSync(dirname(file), { recursive: true, force: true });
  }
  const t = timeAll(bytes);
  // The runs count events only: equal counts also mean the reader found no problem in the stream.
  for (const name of NAMES) {
    if (t[name].events !== t[NAMES[0]!].events)
      throw new Error(`event counts differ: ${name} ${t[name].events}, baseline ${t[NAMES[0]!].events}`);
  }

  console.log(`\nevents: ${t[NAMES[0]!].events}`);
  console.log(
    `${'run'.padEnd(30)} ${'wall ms'.padStart(9)} ${'(min-max)'.padStart(15)} ${'M events/s'.padStart(11)} ${'MB/s'.padStart(7)}   peak growth while running (own process)`,
  );
  for (const name of NAMES) {
    const r = t[name];
    const m = mem[name];
    console.log(
      `${name.padEnd(30)} ${r.ms.toFixed(1).padStart(9)} ${`(${r.min.toFixed(0)}-${r.max.toFixed(0)})`.padStart(15)} ` +
        `${(r.events / (r.ms / 1000) / 1e6).toFixed(2).padStart(11)} ${(mb / (r.ms / 1000)).toFixed(1).padStart(7)}   ` +
        `+${m.rss.toFixed(1)} MB rss, +${m.heap.toFixed(1)} MB heapUsed`,
    );
  }
  const [base, decode, reduce] = NAMES.map((n) => t[n].ms) as [number, number, number];
  console.log('\nratios (wall time of the run / wall time of the baseline; 1.00 = as fast as split + JSON.parse):');
  console.log(`decode-time-over-baseline: ${(decode / base).toFixed(2)}`);
  console.log(`decode-and-reduce-time-over-baseline: ${(reduce / base).toFixed(2)}`);
  console.log(
    `reduce-share-of-decode-and-reduce: ${pct(reduce - decode, reduce)} (the reducer's own cost, by difference)`,
  );
}

if (process.argv[2] === '--memory') measureMemory(process.argv[3] as RunName, process.argv[4]!);
else main();
