/**
 * What a window pays before the Zero view can show anything: `require` of the production bundle
 * plus `activate()`, each in a FRESH Node process (nothing cached in the module system, as when
 * VS Code's extension host loads the extension).
 *
 *   npm run bench:activation-cold   (tsx bench/activation-cold.ts; RUNS=9 processes per case;
 *                                    BENCH_DIST=<dist folder> measures bundles built elsewhere)
 *
 * The bundle is built with the production options (`node esbuild.mjs --production`) into a
 * temporary folder, so dist/ is left alone. Each child process loads a catch-all `vscode` stub
 * (every API is a no-op that returns another stub; workspace folders, configuration, Uri and the
 * extension context are plain values; the module has the real API's ~200 names as its own keys,
 * so copying them costs what it does in VS Code), then times `require(bundle)` and `activate(context)` with
 * performance.now(), and after them the view's first snapshot (`controller.viewState()`, which reads the chat
 * shown: activate() reads none). Cases: an empty workspace (no chats), and a 1 MB and a 15 MB current chat written the
 * way the extension writes them (bench/activation.ts's chat: 19 and 300 turns × 50 KB). "empty file" is
 * the floor: requiring a one-line file in the same kind of process. Figures are medians over
 * RUNS processes; the OS file cache is warm (as after a window reload). The bundle loaded is the package's main,
 * dist/boot.js, so the V8 code cache it writes on the first run (in the context's global storage) is used by the
 * next; "no code cache" removes it before each run: the first window after an install or an update.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeChat } from './activation';

const RUNS = Number(process.env.RUNS ?? 9);
const root = path.join(__dirname, '..');

/**
 * The child: plain CommonJS, no tsx, so the process is as fresh as the extension host's. Besides
 * the times it reports the Node modules and bundles loaded and the paths stat'ed and read meanwhile
 * (activationCost.test.ts).
 */
export const CHILD = String.raw`
const Module = require('node:module');
const path = require('node:path');
const [bundle, storage, folder] = process.argv.slice(2);
const uri = (p) => ({ scheme: 'file', fsPath: p, path: p, toString: () => 'file://' + p, with: () => uri(p) });
const overrides = {
  Uri: { file: uri, parse: (s) => uri(String(s).replace(/^file:\/\//, '')), joinPath: (u, ...ps) => uri(path.join(u.fsPath, ...ps)) },
  workspace: {
    workspaceFolders: folder ? [{ uri: uri(folder), name: path.basename(folder), index: 0 }] : undefined,
    isTrusted: true,
    getConfiguration: () => ({ get: (_k, d) => d, has: () => false, inspect: () => undefined, update: async () => undefined }),
  },
  window: { activeTextEditor: undefined, visibleTextEditors: [], tabGroups: { all: [] } },
  env: { language: 'en', appName: 'bench', uiKind: 1, remoteName: undefined },
};
// The vscode API's names (classes, enums, namespaces, from @types/vscode): the root lists them as
// its own keys, as the real module object does, so a bundle that copies them pays what it would.
const apiNames = JSON.parse(process.env.BENCH_VSCODE_NAMES || '[]');
const isApiName = new Set(apiNames);
const stub = (over, proto, set = new Map()) => new Proxy(function () {}, {
  set: (_t, key, value) => (set.set(key, value), true), // statusBar.text = …: kept, read back
  // esbuild's __toESM copies a module's own keys onto an object created from its prototype:
  // the root's prototype is a stub too, so every vscode.X read lands in get().
  ...(proto ? {
    getPrototypeOf: () => proto,
    ownKeys: (target) => [...new Set([...Reflect.ownKeys(target), ...apiNames])],
    getOwnPropertyDescriptor: (target, key) => Reflect.getOwnPropertyDescriptor(target, key) ?? (isApiName.has(key) ? { configurable: true, enumerable: true, writable: true, value: undefined } : undefined),
  } : {}),
  get(target, key) {
    if (set.has(key)) return set.get(key);
    if (over && key in over) { const v = over[key]; return v && typeof v === 'object' && !Array.isArray(v) && !v.fsPath ? stub(v) : v; }
    if (key === 'then') return undefined;
    if (key === Symbol.toPrimitive) return () => '';
    if (key === Symbol.iterator) return function* () {};
    if (key === 'prototype') return (target.stubProto ??= stub()); // instances of vscode classes are stubs too
    return stub();
  },
  apply: () => stub(),
  construct: (target, args, newTarget) => Reflect.construct(target, args, newTarget),
});
const vscode = stub(overrides, stub(overrides));
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? vscode : load.call(this, request, ...rest); };
const memento = () => { const m = new Map(); return { onDidChange: () => ({ dispose() {} }), get: (k, d) => (m.has(k) ? m.get(k) : d), update: async (k, v) => void m.set(k, v), keys: () => [...m.keys()], setKeysForSync: () => undefined }; };
const context = stub({
  subscriptions: [],
  storageUri: uri(storage), globalStorageUri: uri(storage), logUri: uri(storage),
  extensionUri: uri(path.dirname(path.dirname(bundle))), extensionPath: path.dirname(path.dirname(bundle)),
  workspaceState: memento(), globalState: memento(),
  secrets: { get: async () => undefined, store: async () => undefined, delete: async () => undefined, onDidChange: () => ({ dispose() {} }) },
  extension: { id: 'zero-vscode.zero-vscode', packageJSON: { version: '0.0.0-bench' } },
  extensionMode: 1,
  asAbsolutePath: (p) => path.join(path.dirname(path.dirname(bundle)), p),
});
performance.now(); // Node loads perf_hooks on first use of performance: not the extension's cost
const fs = require('node:fs');
const statted = [];
const opened = [];
for (const [name, list] of [['statSync', statted], ['accessSync', statted], ['readFileSync', opened], ['openSync', opened]]) {
  const real = fs[name];
  fs[name] = function (p, ...rest) { list.push(String(p)); return real.call(this, p, ...rest); };
}
const modulesBefore = new Set(process.moduleLoadList);
const c0 = process.cpuUsage();
const t0 = performance.now();
const ext = require(bundle);
const t1 = performance.now();
const api = typeof ext.activate === 'function' ? ext.activate(context) : undefined;
const t2 = performance.now();
const c = process.cpuUsage(c0);
const loaded = process.moduleLoadList.filter((m) => !modulesBefore.has(m) && m.startsWith('NativeModule ')).map((m) => m.slice(13));
const byActivation = { statted: statted.slice(), opened: opened.slice() };
const bundles = Object.keys(require.cache).filter((f) => path.dirname(f) === path.dirname(bundle)).map((f) => path.basename(f));
// Then what the view's first paint asks for: its first snapshot (the chat shown, read now if not yet).
api?.controller?.viewState?.();
const t3 = performance.now();
process.stdout.write(JSON.stringify({ require: t1 - t0, activate: t2 - t1, snapshot: t3 - t2, cpu: (c.user + c.system) / 1000, loaded, bundles, ...byActivation }));
// BENCH_LINGER_MS: stay up that long, as a window does (src/boot.ts writes the code cache 2 s after activate()).
setTimeout(() => process.exit(0), Number(process.env.BENCH_LINGER_MS || 0));
`;

/** The runtime names of the vscode module: each `export class|enum|namespace|const` of @types/vscode. */
export function vscodeApiNames(): string[] {
  const dts = fs.readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8');
  return [...dts.matchAll(/^\texport (?:class|enum|namespace|const|let|function) (\w+)/gm)].map((m) => m[1]!);
}
const apiNames = JSON.stringify(vscodeApiNames());

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface Sample {
  require: number;
  activate: number;
  /** The view's first snapshot right after activate() (the chat shown, read then if activation did not). */
  snapshot: number;
  /** CPU time of require + activate (user + system): less swayed than wall time by other processes. */
  cpu: number;
  /** Node's own modules loaded by require + activate (`crypto`, `child_process`…). */
  loaded: string[];
  /** The files of dist/ that require + activate loaded (the lazy bundles must not be among them). */
  bundles: string[];
  /** Paths given to fs.statSync and fs.accessSync by require + activate. */
  statted: string[];
  /** Paths given to fs.readFileSync and fs.openSync by require + activate. */
  opened: string[];
}

/** The production bundles, built into `dist` (dist/ itself is left alone). */
export function buildProduction(dist: string): void {
  execFileSync(process.execPath, ['esbuild.mjs', '--production', `--outdir=${dist}`], { cwd: root, stdio: 'ignore' });
}

/** `lingerMs`: the child stays up that long after its figures, as a window does (the code cache is written then). */
export function runChild(child: string, bundle: string, storage: string, folder: string, lingerMs = 0): Sample {
  const r = spawnSync(process.execPath, [child, bundle, storage, folder], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', BENCH_VSCODE_NAMES: apiNames, BENCH_LINGER_MS: String(lingerMs) },
  });
  if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr.slice(-1500)}`);
  return JSON.parse(r.stdout) as Sample;
}

/** `noCodeCache`: each run without the code cache (src/boot.ts), as the first window after an install or update. */
function measure(
  label: string,
  child: string,
  bundle: string,
  storage: string,
  folder: string,
  noCodeCache = false,
): void {
  const samples: Sample[] = [];
  const forget = (): void =>
    noCodeCache ? fs.rmSync(path.join(storage, 'code-cache'), { recursive: true, force: true }) : undefined;
  runChild(child, bundle, storage, folder, 3000); // warm the OS file cache (and write the code cache)
  for (let i = 0; i < RUNS; i++) {
    forget();
    samples.push(runChild(child, bundle, storage, folder));
  }
  const req = median(samples.map((s) => s.require));
  const act = median(samples.map((s) => s.activate));
  const total = median(samples.map((s) => s.require + s.activate));
  const cpu = median(samples.map((s) => s.cpu));
  const snapshot = median(samples.map((s) => s.snapshot));
  const ms = (n: number): string => `${n.toFixed(1).padStart(6)} ms`;
  console.log(
    `  ${label.padEnd(22)} require ${ms(req)}   activate ${ms(act)}   require + activate ${ms(total)} (CPU ${ms(cpu)})   then first snapshot ${ms(snapshot)}`,
  );
}

async function main(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-bench-cold-'));
  try {
    // BENCH_DIST=<folder>: measure bundles built elsewhere (an older commit's, for a before/after).
    const dist = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(tmp, 'ext', 'dist');
    if (!process.env.BENCH_DIST) buildProduction(dist);
    const bundles = fs
      .readdirSync(dist)
      .filter((f) => f.endsWith('.js') && f !== 'webview.js' && f !== 'transcript.js' && f !== 'bench.js');
    console.log(`load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
    console.log(
      `production bundle: ${bundles.map((f) => `${f} ${(fs.statSync(path.join(dist, f)).size / 1024).toFixed(0)} KiB`).join(', ')}; median of ${RUNS} fresh processes`,
    );

    const child = path.join(tmp, 'child.cjs');
    fs.writeFileSync(child, CHILD);
    const empty = path.join(tmp, 'empty.js');
    fs.writeFileSync(empty, 'exports.x = 1;\n');
    const folder = path.join(tmp, 'workspace');
    fs.mkdirSync(folder);
    // The package's main: dist/boot.js, which loads dist/extension.js with the code cache written by the first run.
    const bundle = path.join(dist, fs.existsSync(path.join(dist, 'boot.js')) ? 'boot.js' : 'extension.js');

    measure('empty file (floor)', child, empty, path.join(tmp, 'none'), folder);
    measure('no code cache (1st)', child, bundle, path.join(tmp, 'storage-first'), folder, true);
    measure('empty workspace', child, bundle, path.join(tmp, 'storage-empty'), folder);
    // 19 turns of 50 KB: a chat just under 1 MB; 300 turns: 15 MB.
    for (const [name, turns] of [
      ['storage-1mb', 19],
      ['storage-big', 300],
    ] as const) {
      const storage = path.join(tmp, name);
      const { bytes } = await writeChat(path.join(storage, 'chats-v1'), turns);
      measure(`${(bytes / 1e6).toFixed(bytes < 2e6 ? 1 : 0)} MB current chat`, child, bundle, storage, folder);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) void main();
