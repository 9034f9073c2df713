// One build script, four option sets: the extension (node), the webview (browser), its stylesheet and the
// plain-Node tools (transcript CLI, benchmark). `--watch` rebuilds; `--production` minifies.
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// `--outdir=DIR` writes the bundles there instead of dist/ (the cold-activation bench builds aside).
// `--inputs`: after the build, list what dist/extension.js holds, biggest first (what every window compiles).
const inputs = process.argv.includes('--inputs');
const outdir = process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'dist';
const out = (file) => `${outdir}/${file}`;

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'info',
  legalComments: 'none',
};

// Lazy bundles: code the extension loads on first use, not at activation, each in its own dist/<name>.js.
//   name        dist/<name>.js, and its loader: `load<Name>()`, made with lazy() (src/lifecycle/lazy.ts), whose one
//               `require` of the entry becomes `require('./<name>.js')`
//   entry       the src/**/<name>.bundle.ts it is built from, or an npm package bundled alone
//   members     what only this bundle holds: files, folders (ending in /) and packages
//   exceptions  files of a member folder that stay with whoever imports them (in the extension: at activation)
//   externals   left to the host (vscode)
// Every node bundle is built with one plugin (lazyBundles); in the extension it refuses any other import of a
// bundle's members, which would load that code at activation.
// test/unit/project/lazyBundles.test.ts checks the table against what each bundle really holds.
export const LAZY_BUNDLES = [
  // zod/mini, required when the first schema is built (src/protocol/zod.ts); every bundle shares this one file.
  { name: 'zod', entry: 'src/protocol/zod.bundle.ts', members: ['src/protocol/zod.bundle.ts'] },
  // The ACP SDK (~150 KB: it builds hundreds of zod schemas at load), required when `zero acp` first starts
  // (src/acp/sdk.ts). Only the SDK is in it: what crosses is plain data, callbacks and Web streams.
  { name: 'acp', entry: '@agentclientprotocol/sdk', members: ['@agentclientprotocol/sdk'] },
  // cross-spawn (and which, isexe…), required at the first spawn (src/zero/process/nodeOnDemand.ts).
  { name: 'spawn', entry: 'cross-spawn', members: ['cross-spawn'] },
  // The ACP transport (the `zero acp` client, its turns, permissions and session picks), required when an ACP chat
  // is first used (src/acp/acpLoader.ts). The extension keeps the stand-in, the capabilities and the host's dialog.
  {
    name: 'acpClient',
    entry: 'src/acp/acpClient.bundle.ts',
    members: ['src/acp/'],
    exceptions: ['src/acp/acpLoader.ts', 'src/acp/capabilities.ts', 'src/acp/permissionOptions.ts'],
  },
  // Running an exec turn (argv, the process and its descendants, the exit's explanation), required when the first
  // exec turn starts (src/zero/exec/execLoader.ts).
  {
    name: 'exec',
    entry: 'src/zero/exec/exec.bundle.ts',
    members: [
      ...['exec.bundle', 'execTransport', 'runPlan', 'execArgs', 'exitReason'].map((m) => `src/zero/exec/${m}.ts`),
      ...['zeroProcess', 'descendants', 'stderrLog'].map((m) => `src/zero/process/${m}.ts`),
    ],
  },
  // The History list and Continue in Terminal (src/host/history/historyLoader.ts).
  {
    name: 'history',
    entry: 'src/host/history/history.bundle.ts',
    members: [
      ...['history.bundle', 'historyPicker', 'continueInTerminal'].map((m) => `src/host/history/${m}.ts`),
      'src/conversation/readouts/historyGroups.ts',
    ],
    externals: ['vscode'],
  },
  // Review of a turn's files: measuring, Keep, Revert, Diff, Undo (src/host/review/reviewLoader.ts).
  {
    name: 'review',
    entry: 'src/host/review/review.bundle.ts',
    members: [
      ...['review.bundle', 'turnReview', 'turnDiffs'].map((m) => `src/host/review/${m}.ts`),
      'src/conversation/review/revertPlan.ts',
    ],
    externals: ['vscode'],
  },
  // Review by hunk: jsdiff, the hunk functions and the host's hunk review, required when a turn's hunks are first
  // needed (src/host/review/hunkLoader.ts). One HunkReview lives in it; what crosses is plain data and callbacks.
  {
    name: 'hunks',
    entry: 'src/host/review/hunks.bundle.ts',
    members: [
      ...['hunks.bundle', 'hunkReview', 'hunkNodes', 'hunkActions'].map((m) => `src/host/review/${m}.ts`),
      ...['hunks', 'hunkRevert', 'hunkFeedback'].map((m) => `src/conversation/review/${m}.ts`),
      'diff',
    ],
    externals: ['vscode'],
  },
  // Zero: Diagnose's checks and pages, required when the command first runs (src/host/diagnose/diagnoseLoader.ts).
  // The extension keeps the log's ring, which its errors fill from the start.
  {
    name: 'diagnose',
    entry: 'src/diagnose/diagnose.bundle.ts',
    members: ['src/diagnose/'],
    exceptions: ['src/diagnose/logRing.ts'],
  },
  // Isolated chats: git, the service, the Worktree view, required when an isolated chat first needs them
  // (src/host/worktrees/worktreeLoader.ts). Every chat's turn passes isolatedTransport.ts, so the extension keeps it.
  {
    name: 'worktrees',
    entry: 'src/host/worktrees/worktrees.bundle.ts',
    members: [
      'src/worktrees/',
      ...['worktrees.bundle', 'worktreeService', 'worktreeChangesView', 'hostGit'].map(
        (m) => `src/host/worktrees/${m}.ts`,
      ),
    ],
    exceptions: ['src/worktrees/isolatedTransport.ts'],
    externals: ['vscode'],
  },
  // Fork's copying side, required when a chat is first forked (src/host/history/forkLoader.ts). The reducer's part
  // (conversation/forkTurns.ts) stays in the extension.
  {
    name: 'fork',
    entry: 'src/chats/fork.bundle.ts',
    members: ['src/chats/fork.bundle.ts', 'src/chats/chatFork.ts', 'src/zero/sessions/fork/'],
  },
  // Open Full Output's reading side, required when a card's Open Full Output is first clicked
  // (src/host/views/fullOutputLoader.ts).
  {
    name: 'fullOutput',
    entry: 'src/zero/exec/fullOutput.bundle.ts',
    members: ['src/zero/exec/fullOutput.bundle.ts', 'src/zero/process/spillFile.ts', 'src/zero/exec/storedOutput.ts'],
  },
];

const isPackage = (spec) => !spec.startsWith('.') && !spec.startsWith('/') && !spec.startsWith('src/');
const dropTs = (file) => file.replace(/\.ts$/, '');
const LAZY = LAZY_BUNDLES.map((b) => ({
  ...b,
  loader: `load${b.name[0].toUpperCase()}${b.name.slice(1)}()`,
  entryKey: isPackage(b.entry) ? b.entry : dropTs(resolve(b.entry)),
  packages: b.members.filter(isPackage),
  files: b.members.filter((m) => !isPackage(m) && !m.endsWith('/')).map((m) => dropTs(resolve(m))),
  folders: b.members.filter((m) => m.endsWith('/')).map((m) => resolve(m) + sep),
  kept: (b.exceptions ?? []).map((m) => dropTs(resolve(m))),
}));

/** The lazy bundle that holds `target` (a package name, or a resolved path without its extension), if any. */
const bundleOf = (target, pkg) =>
  LAZY.find((b) =>
    pkg
      ? b.packages.includes(target)
      : (b.files.includes(target) || b.folders.some((f) => target.startsWith(f))) && !b.kept.includes(target),
  );

// The one plugin: in the build of `self` ('extension' or a bundle's name), the `require` of another bundle's entry
// becomes `require('./<name>.js')`; in the extension any other import of its members is refused.
const lazyBundles = (self) => ({
  name: 'lazy-bundles',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const pkg = isPackage(args.path);
      const target = pkg ? args.path : dropTs(resolve(args.resolveDir, args.path));
      const bundle = bundleOf(target, pkg);
      if (!bundle || bundle.name === self) return undefined;
      if (args.kind === 'require-call' && target === bundle.entryKey)
        return { path: `./${bundle.name}.js`, external: true };
      // Bundles loaded on first use may hold their own copy of another's stateless helpers (diagnose.js: acp/'s
      // handshake; worktrees.js: exec's worktree name); the extension may not.
      if (self !== 'extension') return undefined;
      const by = args.importer.startsWith(resolve('.') + sep)
        ? args.importer.slice(resolve('.').length + 1)
        : args.importer;
      return {
        errors: [
          {
            text: `${args.path} (imported by ${by}) is in the lazy bundle dist/${bundle.name}.js (esbuild.mjs, LAZY_BUNDLES): import it with \`import type\` and get values from ${bundle.loader}`,
          },
        ],
      };
    });
  },
});

// `import * as vscode from 'vscode'` in a CommonJS bundle copies the whole module, every name, into
// a new object in each importing file (esbuild's __toESM): 38 copies of the vscode API's ~200 names
// and 43 of node:fs, node:path and node:os cost 10-20 ms at load. Through one ESM re-export per
// module (`export *`), each is copied once.
const SHARED = /^(vscode|node:(fs|path|os))$/;
const sharedNamespaces = {
  name: 'shared-namespaces',
  setup(build) {
    build.onResolve({ filter: SHARED }, (args) =>
      args.namespace === 'shared' ? { path: args.path, external: true } : { path: args.path, namespace: 'shared' },
    );
    build.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({
      contents: `export * from ${JSON.stringify(args.path)};`,
      loader: 'js',
    }));
  },
};

// The package's main, dist/boot.js (src/boot.ts): loads dist/extension.js with a V8 code cache. Its one require of
// the bundle stays a require.
const bootLoader = {
  name: 'boot-loader',
  setup(build) {
    build.onResolve({ filter: /^\.\/extension\.js$/ }, () => ({ path: './extension.js', external: true }));
  },
};

const node = { ...common, platform: 'node', format: 'cjs', target: 'node20' };
/** The build of one lazy bundle: its entry, or a package alone; vscode, when external, shared as the extension's is. */
const lazyBuild = (b) => ({
  ...node,
  ...(isPackage(b.entry)
    ? { stdin: { contents: `module.exports = require('${b.entry}');`, resolveDir: '.', sourcefile: `${b.name}.js` } }
    : { entryPoints: [b.entry] }),
  outfile: out(`${b.name}.js`),
  external: b.externals ?? [],
  plugins: [lazyBundles(b.name), ...((b.externals ?? []).includes('vscode') ? [sharedNamespaces] : [])],
});

export const builds = [
  { ...node, entryPoints: ['src/boot.ts'], outfile: out('boot.js'), external: ['vscode'], plugins: [bootLoader] },
  {
    ...node,
    entryPoints: ['src/extension.ts'],
    outfile: out('extension.js'),
    external: ['vscode'],
    plugins: [lazyBundles('extension'), sharedNamespaces],
  },
  ...LAZY_BUNDLES.map(lazyBuild),
  {
    ...common,
    entryPoints: ['src/webview/main.ts'],
    outfile: out('webview.js'),
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
  // The webview's one stylesheet, src/webview/styles/ in @import order (also built by test/webview/harness.ts).
  // The font's url stays as written: codicon.ttf is copied beside it.
  { ...common, entryPoints: ['src/webview/styles/chat.css'], outfile: out('chat.css'), external: ['*.ttf'] },
  {
    ...common,
    entryPoints: ['src/cli/transcript.ts'],
    outfile: out('transcript.js'),
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: false,
  },
  {
    ...common,
    entryPoints: ['bench/protocolBench.ts'],
    outfile: out('bench.js'),
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: false,
    minify: true,
  },
].filter((b) => b.stdin || existsSync(b.entryPoints[0]));

// Imported for its tables (test/unit/project/lazyBundles.test.ts), it builds nothing.
const main = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);

// The codicon font (VS Code's own icons) for the chat view's CSS; served from dist/ like the bundles.
if (main) mkdirSync(outdir, { recursive: true });
if (main) copyFileSync('node_modules/@vscode/codicons/dist/codicon.ttf', out('codicon.ttf'));

if (!main) {
  // nothing to build
} else if (watch) {
  for (const b of builds) (await esbuild.context(b)).watch();
} else {
  const results = await Promise.all(
    builds.map((b) => esbuild.build(inputs && b.outfile === out('extension.js') ? { ...b, metafile: true } : b)),
  );
  if (inputs) {
    const { metafile } = results.find((r) => r.metafile);
    const bundle = metafile.outputs[Object.keys(metafile.outputs).find((f) => f.endsWith('extension.js'))];
    const rows = Object.entries(bundle.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
    for (const [file, { bytesInOutput }] of rows.slice(0, 60)) console.log(String(bytesInOutput).padStart(7), file);
    console.log(`${String(bundle.bytes).padStart(7)} dist/extension.js (${rows.length} inputs)`);
  }
}
