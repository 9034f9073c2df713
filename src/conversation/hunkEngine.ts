/**
 * The hunk functions (hunkLib.ts, with jsdiff), loaded on first use rather than at activation.
 *
 * In the extension bundle this `require` becomes `require('./hunks.js')`: esbuild.mjs bundles
 * hunkLib.ts alone into dist/hunks.js. What is in that file is stateless functions over plain data,
 * so nothing of ours exists twice with a state of its own. Elsewhere, import these modules for
 * types only (`import type`), which esbuild drops.
 */
import type * as HunkLib from './hunkLib';

// conversation/ is also compiled for the webview (no Node types): this file's one use of it.
declare const require: (id: string) => unknown;

let lib: typeof HunkLib | undefined;

export function hunkEngine(): typeof HunkLib {
  lib ??= require('./hunkLib') as typeof HunkLib;
  return lib;
}
