// Where a page's time and memory go, for `npm run bench:webview` with BENCH_PROFILE or BENCH_HEAP:
// the functions with the most time in a V8 CPU profile, and the kinds of object in heap snapshots.
import type { CDPSession } from 'playwright-core';

/** The fields of a V8 CPU profile read here (Profiler.stop). */
interface CpuProfile {
  nodes: { id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Total self size (bytes) and count of a heap snapshot's objects, by kind ("type name"). */
export type HeapKinds = Map<string, { size: number; count: number }>;

/** Prints the `top` functions with the most self time, and with the most total time, in a V8 CPU profile (ms). */
export function printProfile(profile: CpuProfile, top: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (n: CpuProfile['nodes'][number]): string =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const dt = profile.timeDeltas ?? [];
  let all = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const ms = (dt[i + 1] ?? 0) / 1000;
    const key = keyOf(byId.get(id)!);
    if (key.startsWith('(idle)') || key.startsWith('(program)')) return;
    all += ms;
    self.set(key, (self.get(key) ?? 0) + ms);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const k = keyOf(byId.get(n)!);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + ms);
    }
  });
  const best = (m: Map<string, number>): string =>
    [...m]
      .filter(([k]) => !k.startsWith('(root)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join('; ');
  console.log(`    profile: ${all.toFixed(0)} ms in JS and the calls it made (idle and "(program)" left out)`);
  console.log(`    self: ${best(self)}`);
  console.log(`    total: ${best(total)}`);
}

/** The fields of a heap snapshot read here. */
interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Total self size (bytes) and count of the objects in a heap snapshot, by kind ("type name"). */
export async function heapKinds(cdp: CDPSession): Promise<HeapKinds> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }): void => void chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(chunks.join('')) as HeapSnapshot;
  const f = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [ti, ni, si] = ['type', 'name', 'self_size'].map((k) => f.indexOf(k)) as [number, number, number];
  const kinds: HeapKinds = new Map();
  for (let i = 0; i < snap.nodes.length; i += f.length) {
    const type = types[snap.nodes[i + ti]!]!;
    const name =
      type === 'string' || type === 'concatenated string' || type === 'sliced string'
        ? ''
        : String(snap.strings[snap.nodes[i + ni]!]).slice(0, 40);
    if (type === 'native') continue; // Blink's own objects (the DOM, layout): not in the JS heap figure
    const key = `${type} ${name}`.trim();
    const k = kinds.get(key) ?? { size: 0, count: 0 };
    k.size += snap.nodes[i + si]!;
    k.count++;
    kinds.set(key, k);
  }
  return kinds;
}

/** Prints the `top` kinds of object whose total size grew most, and the `top` biggest at the end. */
export function printHeapKinds(before: HeapKinds, after: HeapKinds, top: number): void {
  const fmt = ([k, v]: [string, { size: number; count: number }]): string =>
    `${k} ${(v.size / 1e6).toFixed(2)} MB (${v.count})`;
  const grew = [...after].map(([k, v]): [string, { size: number; count: number }] => [
    k,
    { size: v.size - (before.get(k)?.size ?? 0), count: v.count - (before.get(k)?.count ?? 0) },
  ]);
  console.log(
    `    heap grew most: ${grew
      .sort((a, b) => b[1].size - a[1].size)
      .slice(0, top)
      .map(fmt)
      .join('; ')}`,
  );
  console.log(
    `    heap at end, biggest: ${[...after]
      .sort((a, b) => b[1].size - a[1].size)
      .slice(0, top)
      .map(fmt)
      .join('; ')}`,
  );
}
