// One build script, three option sets: the extension (node), the webview (browser) and the
// plain-Node tools (transcript CLI, benchmark). `--watch` rebuilds; `--production` minifies.
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'info',
  legalComments: 'none',
};

const builds = [
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'] },
  { ...common, entryPoints: ['src/webview/main.ts'], outfile: 'dist/webview.js', platform: 'browser', format: 'iife', target: 'es2022' },
  { ...common, entryPoints: ['src/cli/transcript.ts'], outfile: 'dist/transcript.js', platform: 'node', format: 'cjs', target: 'node20', sourcemap: false },
  { ...common, entryPoints: ['src/bench/protocolBench.ts'], outfile: 'dist/bench.js', platform: 'node', format: 'cjs', target: 'node20', sourcemap: false, minify: true },
].filter((b) => existsSync(b.entryPoints[0]));

// The codicon font (VS Code's own icons) for the chat view's CSS; served from dist/ like the bundles.
mkdirSync('dist', { recursive: true });
copyFileSync('node_modules/@vscode/codicons/dist/codicon.ttf', 'dist/codicon.ttf');

if (watch) {
  for (const b of builds) (await esbuild.context(b)).watch();
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
