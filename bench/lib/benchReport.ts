// The figures of `npm run bench:webview`: what one renderer's stream measured, and how rows and
// ratios are printed.
import type { TraceStats } from './traceStats';

/** What a stream did: whether its end was drawn, in how long, and how many batches were posted. */
export interface Driven {
  outcome: 'done' | 'timeout';
  total: number;
  posted: number;
  of: number;
}

/** One renderer's stream: what the driver saw, the trace's figures, and memory (heap and renderer, MB) before and after. */
export type Measured =
  | { failed: string }
  | (Driven &
      TraceStats & {
        failed?: undefined;
        heap: number;
        heapStart: number;
        mem: number | null;
        memStart: number | null;
      });

export const f0 = (n: number): string => n.toFixed(0);
export const f1 = (n: number): string => n.toFixed(1);

/** One renderer's row of a stream table (`mb`: the answer's size, for the heap it added per MB). */
export function line(name: string, r: Measured, mb: number): string {
  if (r.failed !== undefined) return `  ${name.padEnd(19)} FAILED: ${r.failed}`;
  const done =
    r.outcome === 'done' ? '' : `  (gave up after ${f0(r.total / 1000)} s: ${r.posted}/${r.of} batches posted)`;
  return (
    `  ${name.padEnd(19)} ${f0(r.total).padStart(7)} ms ${f0(r.busyCpu).padStart(7)} ms ${f1(r.frameP50).padStart(6)} ${f1(r.frameP95).padStart(6)} ms ` +
    `${f1(r.longest).padStart(8)} ms ${f1(r.heap).padStart(7)} MB (+${f1(r.heap - r.heapStart)} MB while streaming = ${((r.heap - r.heapStart) / mb).toFixed(1)}x the text)` +
    `${r.mem === null || r.mem === undefined ? '' : `; renderer ${f1(r.mem)} MB (+${f1(r.mem - (r.memStart ?? 0))})`}${done}`
  );
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
/** "0.73x" for one run; "0.73x (0.69–0.77x, 5 runs)" for several: the median and the range. */
export function ratioText(xs: readonly number[]): string {
  if (xs.length === 0) return 'n/a';
  if (xs.length === 1) return `${xs[0]!.toFixed(2)}x`;
  return `${median(xs).toFixed(2)}x (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}x, ${xs.length} runs)`;
}
