// Figures from a Chrome trace of the renderer's main thread (CrRendererMain): RunTask events carry
// wall time (`dur`) and thread CPU time (`tdur`); the driver marks each frame with
// console.timeStamp(FRAME_MARK), which shows up as a TimeStamp event.

export const FRAME_MARK = 'bench-frame';

const quantile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The fields of a trace event read here. */
interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { message?: string } };
}

/** Main-thread figures of one trace, in ms. */
export interface TraceStats {
  /** Wall ms of the usual top-level work inside tasks: script, style, layout, paint, gc. */
  breakdown: Record<string, number>;
  longest: number;
  longestCpu: number;
  busy: number;
  busyCpu: number;
  frames: number;
  frameP50: number;
  frameP95: number;
}

export function traceStats(buffer: Buffer): TraceStats {
  const events: TraceEvent[] =
    (JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] }).traceEvents ?? [];
  const main = new Set<string>();
  for (const e of events)
    if (e.name === 'thread_name' && e.args?.name === 'CrRendererMain') main.add(`${e.pid}:${e.tid}`);
  const tasks: { ts: number; dur: number; cpu: number }[] = [];
  const marks: number[] = [];
  for (const e of events) {
    if (!main.has(`${e.pid}:${e.tid}`)) continue;
    if (e.ph === 'X' && e.name === 'RunTask')
      tasks.push({ ts: e.ts, dur: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? e.dur ?? 0) / 1000 });
    else if (e.name === 'TimeStamp' && e.args?.data?.message === FRAME_MARK) marks.push(e.ts);
  }
  tasks.sort((a, b) => a.ts - b.ts);
  // Where main-thread time goes (wall ms of the usual top-level work inside tasks).
  const parts: Record<string, string[]> = {
    script: ['FunctionCall', 'EvaluateScript'],
    style: ['UpdateLayoutTree'],
    layout: ['Layout'],
    paint: ['PrePaint', 'Paint', 'Layerize', 'PaintImage'],
    gc: ['MajorGC', 'MinorGC', 'V8.GC_MC_BACKGROUND_MARKING'],
  };
  const breakdown: Record<string, number> = Object.fromEntries(Object.keys(parts).map((k) => [k, 0]));
  for (const e of events) {
    if (e.ph !== 'X' || !main.has(`${e.pid}:${e.tid}`)) continue;
    for (const [k, names] of Object.entries(parts)) if (names.includes(e.name)) breakdown[k]! += (e.dur ?? 0) / 1000;
  }
  if (process.env.BENCH_TOP) {
    // Where the time goes, by trace event name (thread CPU ms where the trace has it, else wall ms;
    // nested events counted in each of their parents).
    const by = new Map<string, number>();
    for (const e of events)
      if (e.ph === 'X' && main.has(`${e.pid}:${e.tid}`))
        by.set(e.name, (by.get(e.name) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
    console.log(
      [...by]
        .sort((a, b) => b[1] - a[1])
        .slice(0, Number(process.env.BENCH_TOP) || 20)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', '),
    );
  }
  marks.sort((a, b) => a - b);
  let longest = 0;
  let longestCpu = 0;
  let busy = 0;
  let busyCpu = 0;
  for (const t of tasks) {
    longest = Math.max(longest, t.dur);
    longestCpu = Math.max(longestCpu, t.cpu);
    busy += t.dur;
    busyCpu += t.cpu;
  }
  // Frame CPU: the CPU of every main-thread task that starts between two frame marks.
  const frames: number[] = [];
  let k = 0;
  for (let f = 0; f + 1 < marks.length; f++) {
    let cpu = 0;
    while (k < tasks.length && tasks[k]!.ts < marks[f]!) k++;
    for (let j = k; j < tasks.length && tasks[j]!.ts < marks[f + 1]!; j++) cpu += tasks[j]!.cpu;
    frames.push(cpu);
  }
  frames.sort((a, b) => a - b);
  return {
    breakdown,
    longest,
    longestCpu,
    busy,
    busyCpu,
    frames: frames.length,
    frameP50: quantile(frames, 0.5),
    frameP95: quantile(frames, 0.95),
  };
}
