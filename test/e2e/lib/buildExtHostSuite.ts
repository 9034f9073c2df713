// The extension host runs JavaScript: bundle test/e2e/exthost/{index,*.test}.ts into out/test/exthost/.
// `vscode` is provided by the host; `mocha` is required at run time from the repo's node_modules.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { build } from 'esbuild';
import { EXTHOST_OUT, REPO_ROOT } from './paths';

/** Builds the suite and returns the path of its entry module (the extensionTestsPath). */
export async function buildExtHostSuite(): Promise<string> {
  const srcDir = path.join(REPO_ROOT, 'test', 'e2e', 'exthost');
  const entryPoints = fs
    .readdirSync(srcDir)
    .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
    .map((f) => path.join(srcDir, f));
  fs.rmSync(EXTHOST_OUT, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir: EXTHOST_OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'mocha'],
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return path.join(EXTHOST_OUT, 'index.js');
}
