/**
 * The package's `main` (dist/boot.js): loads dist/extension.js with a V8 code cache, so a window after the first
 * does not compile the bundle again. Compiling its ~210 KB was about half of what require + activate() cost
 * (docs/long-chats.md, "Activation: what loading the extension costs").
 *
 * The cache lives in the extension's global storage (the user's, never the workspace's), named for the bundle's
 * size and time, V8's version and the architecture. It is written once, after the first activate() that had
 * none (or whose cache V8 refused), two seconds after it, so it holds what activation and the first snapshot
compiled. Anything that goes
 * wrong here loads the bundle the plain way: the cache only ever saves time.
 */
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import type * as vscode from 'vscode';
import type * as Extension from './extension';

const BUNDLE = path.join(__dirname, 'extension.js');

/** How long after activate() the cache is written, when it has to be. */
export const SAVE_AFTER_MS = 2000;

let loaded: typeof Extension | undefined;

function tryTo(save: () => void): void {
  try {
    save();
  } catch {
    // A read-only or full disk: the next window compiles again.
  }
}

interface Loaded {
  readonly exports: typeof Extension;
  /** Writes the cache now; undefined when V8 took the one on disk. */
  readonly save?: () => void;
}

export function activate(context: vscode.ExtensionContext): ReturnType<typeof Extension.activate> {
  let boot: Loaded | undefined;
  try {
    boot = withCodeCache(path.join(context.globalStorageUri.fsPath, 'code-cache'));
  } catch {
    boot = undefined;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the plain way, when the cache could not help
  loaded = boot?.exports ?? (require('./extension.js') as typeof Extension);
  const api = loaded.activate(context);
  const save = boot?.save;
  // Later, off the window's start (and holding what the first snapshot compiled too).
  if (save) setTimeout(() => tryTo(save), SAVE_AFTER_MS).unref();
  return api;
}

export function deactivate(): void {
  loaded?.deactivate();
}

/** dist/extension.js as a CommonJS module of its own (Node's cache, require, __dirname), compiled with the cache. */
function withCodeCache(dir: string): Loaded {
  const source = fs.readFileSync(BUNDLE, 'utf8');
  const stat = fs.statSync(BUNDLE);
  const name = `extension-${stat.size}-${Math.round(stat.mtimeMs)}-${process.versions.v8}-${process.arch}.bin`;
  const file = path.join(dir, name);
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(file);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(source), {
    filename: BUNDLE,
    ...(cachedData ? { cachedData } : {}),
  });
  const Mod = Module as unknown as ModuleInternals;
  const mod = new Mod(BUNDLE, module);
  mod.filename = BUNDLE;
  mod.paths = Mod._nodeModulePaths(__dirname);
  const req = Object.assign((id: string) => mod.require(id), {
    resolve: (id: string) => Mod._resolveFilename(id, mod),
    cache: Mod._cache,
  });
  Mod._cache[BUNDLE] = mod;
  try {
    (script.runInThisContext() as ModuleFunction).call(mod.exports, mod.exports, req, mod, BUNDLE, __dirname);
  } catch (err) {
    delete Mod._cache[BUNDLE];
    throw err;
  }
  mod.loaded = true;
  const exports = mod.exports as typeof Extension;
  if (cachedData && !script.cachedDataRejected) return { exports };
  return { exports, save: () => writeCache(dir, name, script.createCachedData()) };
}

/** Atomically (a half-written cache is never read), removing the caches of other bundles. */
function writeCache(dir: string, name: string, data: Buffer): void {
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `${name}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, path.join(dir, name));
  for (const old of fs.readdirSync(dir)) if (old !== name) fs.rmSync(path.join(dir, old), { force: true });
}

type ModuleFunction = (this: unknown, ...args: unknown[]) => void;

/** The parts of Node's Module that loading a file by hand needs (as Node's own loader uses them). */
interface NodeModule {
  exports: unknown;
  filename: string;
  paths: string[];
  loaded: boolean;
  require(id: string): unknown;
}
interface ModuleInternals {
  new (id: string, parent: unknown): NodeModule;
  _nodeModulePaths(dir: string): string[];
  _resolveFilename(request: string, parent: NodeModule): string;
  _cache: Record<string, NodeModule>;
}
