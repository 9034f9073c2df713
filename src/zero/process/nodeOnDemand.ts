/**
 * Modules that take milliseconds to load in a fresh Node (crypto; child_process and streams,
 * which cross-spawn loads), required when first used instead of when the extension loads:
 * activation spawns nothing and hashes nothing (npm run bench:activation-cold). Import the types
 * with `import type` and call these for the values (each made once, by lifecycle/lazy.ts).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a require at first use is the point */
import type * as ChildProcess from 'node:child_process';
import type * as Crypto from 'node:crypto';
import type * as Stream from 'node:stream';
import type CrossSpawn from 'cross-spawn';
import { lazy } from '../../lifecycle/lazy';

export const nodeCrypto = /* @__PURE__ */ lazy(() => require('node:crypto') as typeof Crypto);
export const nodeChildProcess = /* @__PURE__ */ lazy(() => require('node:child_process') as typeof ChildProcess);
export const nodeStream = /* @__PURE__ */ lazy(() => require('node:stream') as typeof Stream);

/** cross-spawn, dist/spawn.js in the extension (the `spawn` bundle in esbuild.mjs). */
export const loadSpawn = /* @__PURE__ */ lazy(() => require('cross-spawn') as typeof CrossSpawn);

/** cross-spawn's spawn: argv without a shell, plus the quoting Windows `.cmd` shims need. */
export function crossSpawn(
  command: string,
  args: readonly string[],
  options: ChildProcess.SpawnOptions,
): ChildProcess.ChildProcess {
  return loadSpawn()(command, args, options);
}
