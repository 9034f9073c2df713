// One build script, four option sets: the extension (node), the webview (browser), its stylesheet and the
// plain-Node tools (transcript CLI, benchmark). `--watch` rebuilds; `--production` minifies.
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { resolve, sep } from 'node:path';

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

// The ACP SDK goes into its own file, dist/acp.js, required when an ACP chat first starts
// (src/acp/sdk.ts): it builds hundreds of zod schemas at load with zod's classic API (~150 KB
// with SDK 2.4), which activation should not pay. In the extension bundle, the
// SDK's one `require` (in acpSdk()) points at that file; any other value import of the SDK
// would load it at activation again, so the build refuses it.
const SDK = '@agentclientprotocol/sdk';
const lazyAcpSdk = {
  name: 'lazy-acp-sdk',
  setup(build) {
    build.onResolve({ filter: /^@agentclientprotocol\/sdk$/ }, (args) =>
      args.kind === 'require-call' && args.importer.endsWith('src/acp/sdk.ts'.split('/').join(sep))
        ? { path: './acp.js', external: true }
        : { errors: [{ text: `${SDK} is loaded on demand: import it with \`import type\` and get values from acpSdk() (src/acp/sdk.ts)` }] },
    );
  },
};

// Review by hunk (src/host/review/hunkRoom.ts: jsdiff, conversation/hunks.ts, hunkRevert.ts, hunkFeedback.ts and
// the host's hunk review) goes into dist/hunks.js, required when a turn's hunks are first needed
// (src/host/review/hunkLoader.ts); the build refuses any other value import of those modules from the extension.
const HUNK_MODULES = [
  'host/review/hunkRoom',
  'host/review/hunkReview',
  'host/review/hunkNodes',
  'host/review/hunkActions',
  'conversation/hunks',
  'conversation/hunkRevert',
  'conversation/hunkFeedback',
].map((m) => resolve('src', m));
const lazyHunks = {
  name: 'lazy-hunks',
  setup(build) {
    build.onResolve({ filter: /^(diff|\.\.?\/.*(hunkRoom|hunkReview|hunkNodes|hunkActions|hunks|hunkRevert|hunkFeedback))$/ }, (args) => {
      const target = args.path === 'diff' ? null : resolve(args.resolveDir, args.path);
      if (target !== null && !HUNK_MODULES.includes(target)) return undefined;
      return args.kind === 'require-call' && target === HUNK_MODULES[0]
        ? { path: './hunks.js', external: true }
        : { errors: [{ text: `${args.path} is loaded on demand: import it with \`import type\` and get values from hunkRoom() (src/host/review/hunkLoader.ts)` }] };
    });
  },
};

// Zero: Diagnose's checks and pages (src/diagnose/) go into dist/diagnose.js, required when the command first
// runs (src/host/diagnose/diagnoseRoom.ts): activation does not compile them. The extension may import
// src/diagnose/ for types only, and logRing.ts (the log's errors fill it from the start); the build refuses any
// other value import. The two bundles share only stateless code (zero/ helpers) and plain data.
const DIAGNOSE_DIR = resolve('src/diagnose');
const lazyDiagnose = {
  name: 'lazy-diagnose',
  setup(build) {
    build.onResolve({ filter: /(^|\/)diagnose\/[A-Za-z]+$/ }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      if (!target.startsWith(DIAGNOSE_DIR + sep) || target === resolve(DIAGNOSE_DIR, 'logRing')) return undefined;
      return args.kind === 'require-call' && target === resolve(DIAGNOSE_DIR, 'room')
        ? { path: './diagnose.js', external: true }
        : { errors: [{ text: `src/diagnose/ is loaded on demand: import ${args.path} with \`import type\` and get values from diagnoseRoom() (src/host/diagnose/diagnoseRoom.ts)` }] };
    });
  },
};

// Isolated chats (git, the service, the Worktree view: src/host/worktrees/worktreeBundle.ts) go into
// dist/worktrees.js, required when an isolated chat first needs them (src/host/worktrees/worktreeRoom.ts). The
// extension may import src/worktrees/ for types only, and isolatedTransport.ts (every chat's turn passes it); of
// src/host/worktrees/ it keeps the ids, the commands, the room's loader and isolatedChats.ts. The build refuses any
// other value import.
const WORKTREES_DIR = resolve('src/worktrees');
const HOST_WORKTREES = ['worktreeBundle', 'worktreeService', 'worktreeChangesView'].map((m) => resolve('src/host/worktrees', m));
const lazyWorktrees = {
  name: 'lazy-worktrees',
  setup(build) {
    build.onResolve({ filter: /(^|\/)(worktrees\/[A-Za-z]+|worktreeBundle|worktreeService|worktreeChangesView)$/ }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      const lazy = (target.startsWith(WORKTREES_DIR + sep) && target !== resolve(WORKTREES_DIR, 'isolatedTransport')) || HOST_WORKTREES.includes(target);
      if (!lazy) return undefined;
      return args.kind === 'require-call' && target === HOST_WORKTREES[0]
        ? { path: './worktrees.js', external: true }
        : { errors: [{ text: `${args.path} is loaded on demand: import it with \`import type\` and get values from worktreeRoom() (src/host/worktrees/worktreeRoom.ts)` }] };
    });
  },
};

// Fork's copying side (src/chats/forkRoom.ts: chatFork, zero/sessionFork, forkPoint, jsonFields) goes into
// dist/fork.js, required when a chat is first forked (src/host/history/forkRoom.ts); the build refuses any
// other value import of those modules from the extension.
const FORK_MODULES = ['chats/forkRoom', 'chats/chatFork', 'zero/sessionFork', 'zero/forkPoint', 'zero/jsonFields'].map((m) => resolve('src', m));
const lazyFork = {
  name: 'lazy-fork',
  setup(build) {
    build.onResolve({ filter: /(^|\/)(forkRoom|chatFork|sessionFork|forkPoint|jsonFields)$/ }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      if (!FORK_MODULES.includes(target)) return undefined;
      return args.kind === 'require-call' && target === FORK_MODULES[0]
        ? { path: './fork.js', external: true }
        : { errors: [{ text: `${args.path} is loaded on demand: import it with \`import type\` and get values from forkRoom() (src/host/history/forkRoom.ts)` }] };
    });
  },
};

// The ACP transport's code (src/acp/: the `zero acp` client, its turns, permissions and session picks) goes into
// dist/acpClient.js, required when an ACP chat is first used (src/acp/acpOnDemand.ts); the SDK stays in dist/acp.js.
// Of src/acp/ the extension keeps the stand-in, the capabilities and permissionOptions.ts (the host's dialog);
// the build refuses any other value import.
const ACP_DIR = resolve('src/acp');
const ACP_KEPT = ['acpOnDemand', 'capabilities', 'permissionOptions'].map((m) => resolve(ACP_DIR, m));
const lazyAcpClient = {
  name: 'lazy-acp-client',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/(.*\/)?[A-Za-z]+$/ }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      if (!target.startsWith(ACP_DIR + sep) || ACP_KEPT.includes(target)) return undefined;
      return args.kind === 'require-call' && target === resolve(ACP_DIR, 'acpRoom')
        ? { path: './acpClient.js', external: true }
        : { errors: [{ text: `${args.path} is loaded on demand: import it with \`import type\` and get values from acpRoom() (src/acp/acpOnDemand.ts)` }] };
    });
  },
};

// Open Full Output's reading side (src/zero/fullOutput.ts: spillFile, storedOutput) goes into dist/fullOutput.js,
// required when a tool card's Open Full Output is first clicked (src/host/views/fullOutputRoom.ts); the build
// refuses any other value import of those modules from the extension.
const FULL_OUTPUT_MODULES = ['zero/fullOutput', 'zero/spillFile', 'zero/storedOutput'].map((m) => resolve('src', m));
const lazyFullOutput = {
  name: 'lazy-full-output',
  setup(build) {
    build.onResolve({ filter: /(^|\/)(fullOutput|spillFile|storedOutput)$/ }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      if (!FULL_OUTPUT_MODULES.includes(target)) return undefined;
      return args.kind === 'require-call' && target === FULL_OUTPUT_MODULES[0]
        ? { path: './fullOutput.js', external: true }
        : { errors: [{ text: `${args.path} is loaded on demand: import it with \`import type\` and get values from fullOutputRoom() (src/host/views/fullOutputRoom.ts)` }] };
    });
  },
};

// cross-spawn (and which, isexe…) goes into dist/spawn.js, required at the first spawn (src/zero/nodeOnDemand.ts).
const lazyCrossSpawn = {
  name: 'lazy-cross-spawn',
  setup(build) {
    build.onResolve({ filter: /^cross-spawn$/ }, (args) =>
      args.kind === 'require-call' && args.importer.endsWith('src/zero/nodeOnDemand.ts'.split('/').join(sep))
        ? { path: './spawn.js', external: true }
        : { errors: [{ text: 'cross-spawn is loaded on demand: call crossSpawn() (src/zero/nodeOnDemand.ts)' }] },
    );
  },
};

// Running an exec turn (src/zero/execRoom.ts: the exec transport, argv, the process and its descendants, the exit's
// explanation) goes into dist/exec.js, required when the first exec turn starts (src/zero/execOnDemand.ts); the
// build refuses any other value import of those modules from the extension.
const EXEC_MODULES = ['execRoom', 'execTransport', 'runPlan', 'execArgs', 'zeroProcess', 'exitReason', 'descendants', 'stderrLog'].map((m) =>
  resolve('src/zero', m),
);
const lazyExec = {
  name: 'lazy-exec',
  setup(build) {
    build.onResolve({ filter: /(^|\/)(execRoom|execTransport|runPlan|execArgs|zeroProcess|exitReason|descendants|stderrLog)$/ }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      if (!EXEC_MODULES.includes(target)) return undefined;
      return args.kind === 'require-call' && target === EXEC_MODULES[0]
        ? { path: './exec.js', external: true }
        : { errors: [{ text: `${args.path} is loaded on demand: import it with \`import type\` and get values from execRoom() (src/zero/execOnDemand.ts)` }] };
    });
  },
};

// Review of a turn's files (src/host/review/reviewRoom.ts: measuring, Keep, Revert, Diff, Undo) goes into
// dist/review.js, required when first needed (src/host/review/reviewLoader.ts); the build refuses any other value
// import of those modules from the extension.
const REVIEW_MODULES = ['reviewRoom', 'turnReview', 'turnDiffs'].map((m) => resolve('src/host/review', m));
const lazyReview = {
  name: 'lazy-review',
  setup(build) {
    build.onResolve({ filter: /(^|\/)(reviewRoom|turnReview|turnDiffs)$/ }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      if (!REVIEW_MODULES.includes(target)) return undefined;
      return args.kind === 'require-call' && target === REVIEW_MODULES[0]
        ? { path: './review.js', external: true }
        : { errors: [{ text: `${args.path} is loaded on demand: import it with \`import type\` and get values from reviewRoom() (src/host/review/reviewLoader.ts)` }] };
    });
  },
};

// The History list and Continue in Terminal (src/host/history/historyRoom.ts) go into dist/history.js, required
// when first used (src/host/history/historyLoader.ts); the build refuses any other value import of them.
const HISTORY_MODULES = ['historyRoom', 'historyPicker', 'continueInTerminal'].map((m) => resolve('src/host/history', m));
const lazyHistory = {
  name: 'lazy-history',
  setup(build) {
    build.onResolve({ filter: /(^|\/)(historyRoom|historyPicker|continueInTerminal)$/ }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      if (!HISTORY_MODULES.includes(target)) return undefined;
      return args.kind === 'require-call' && target === HISTORY_MODULES[0]
        ? { path: './history.js', external: true }
        : { errors: [{ text: `${args.path} is loaded on demand: import it with \`import type\` and get values from historyRoom() (src/host/history/historyLoader.ts)` }] };
    });
  },
};

// zod (src/protocol/zodRoom.ts) goes into dist/zod.js, required when the first schema is built (src/protocol/zod.ts):
// loading the extension compiles and runs none of it. Every bundle of the extension shares that one file.
const lazyZod = {
  name: 'lazy-zod',
  setup(build) {
    build.onResolve({ filter: /(^|\/)zodRoom$/ }, (args) =>
      args.kind === 'require-call' && args.importer.endsWith('src/protocol/zod.ts'.split('/').join(sep))
        ? { path: './zod.js', external: true }
        : { errors: [{ text: 'zod is loaded on demand: import it from src/protocol/zod.ts' }] },
    );
  },
};

// `import * as vscode from 'vscode'` in a CommonJS bundle copies the whole module, every name, into
// a new object in each importing file (esbuild's __toESM): 38 copies of the vscode API's ~200 names
// and 43 of node:fs, node:path and node:os cost 10-20 ms at load. Through one ESM re-export per
// module (`export *`), each is copied once.
const SHARED = /^(vscode|node:(fs|path|os))$/;
const sharedNamespaces = {
  name: 'shared-namespaces',
  setup(build) {
    build.onResolve({ filter: SHARED }, (args) => (args.namespace === 'shared' ? { path: args.path, external: true } : { path: args.path, namespace: 'shared' }));
    build.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({ contents: `export * from ${JSON.stringify(args.path)};`, loader: 'js' }));
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

const builds = [
  { ...common, entryPoints: ['src/boot.ts'], outfile: out('boot.js'), platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], plugins: [bootLoader] },
  { ...common, entryPoints: ['src/extension.ts'], outfile: out('extension.js'), platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], plugins: [lazyAcpSdk, lazyAcpClient, lazyExec, lazyHistory, lazyReview, lazyCrossSpawn, lazyZod, lazyHunks, lazyDiagnose, lazyWorktrees, lazyFork, lazyFullOutput, sharedNamespaces] },
  { ...common, entryPoints: ['src/chats/forkRoom.ts'], outfile: out('fork.js'), platform: 'node', format: 'cjs', target: 'node20', plugins: [lazyCrossSpawn, lazyZod] },
  { ...common, entryPoints: ['src/zero/fullOutput.ts'], outfile: out('fullOutput.js'), platform: 'node', format: 'cjs', target: 'node20', plugins: [lazyCrossSpawn, lazyZod] },
  { ...common, entryPoints: ['src/host/worktrees/worktreeBundle.ts'], outfile: out('worktrees.js'), platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], plugins: [lazyCrossSpawn, lazyZod, sharedNamespaces] },
  { ...common, entryPoints: ['src/diagnose/room.ts'], outfile: out('diagnose.js'), platform: 'node', format: 'cjs', target: 'node20', plugins: [lazyAcpSdk, lazyCrossSpawn, lazyZod] },
  { ...common, entryPoints: ['src/host/review/hunkRoom.ts'], outfile: out('hunks.js'), platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], plugins: [lazyCrossSpawn, lazyZod] },
  { ...common, entryPoints: ['src/acp/acpRoom.ts'], outfile: out('acpClient.js'), platform: 'node', format: 'cjs', target: 'node20', plugins: [lazyAcpSdk, lazyCrossSpawn, lazyZod] },
  { ...common, entryPoints: ['src/host/review/reviewRoom.ts'], outfile: out('review.js'), platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], plugins: [lazyHunks, lazyHistory, lazyCrossSpawn, lazyZod, sharedNamespaces] },
  { ...common, entryPoints: ['src/host/history/historyRoom.ts'], outfile: out('history.js'), platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], plugins: [lazyCrossSpawn, lazyZod, sharedNamespaces] },
  { ...common, entryPoints: ['src/zero/execRoom.ts'], outfile: out('exec.js'), platform: 'node', format: 'cjs', target: 'node20', plugins: [lazyCrossSpawn, lazyZod] },
  { ...common, entryPoints: ['src/protocol/zodRoom.ts'], outfile: out('zod.js'), platform: 'node', format: 'cjs', target: 'node20' },
  { ...common, stdin: { contents: `module.exports = require('${SDK}');`, resolveDir: '.', sourcefile: 'acp-sdk.js' }, outfile: out('acp.js'), platform: 'node', format: 'cjs', target: 'node20' },
  { ...common, stdin: { contents: `module.exports = require('cross-spawn');`, resolveDir: '.', sourcefile: 'cross-spawn.js' }, outfile: out('spawn.js'), platform: 'node', format: 'cjs', target: 'node20' },
  { ...common, entryPoints: ['src/webview/main.ts'], outfile: out('webview.js'), platform: 'browser', format: 'iife', target: 'es2022' },
  // The webview's one stylesheet, src/webview/styles/ in @import order (also built by test/webview/harness.ts).
  // The font's url stays as written: codicon.ttf is copied beside it.
  { ...common, entryPoints: ['src/webview/styles/chat.css'], outfile: out('chat.css'), external: ['*.ttf'] },
  { ...common, entryPoints: ['src/cli/transcript.ts'], outfile: out('transcript.js'), platform: 'node', format: 'cjs', target: 'node20', sourcemap: false },
  { ...common, entryPoints: ['bench/protocolBench.ts'], outfile: out('bench.js'), platform: 'node', format: 'cjs', target: 'node20', sourcemap: false, minify: true },
].filter((b) => b.stdin || existsSync(b.entryPoints[0]));

// The codicon font (VS Code's own icons) for the chat view's CSS; served from dist/ like the bundles.
mkdirSync(outdir, { recursive: true });
copyFileSync('node_modules/@vscode/codicons/dist/codicon.ttf', out('codicon.ttf'));

if (watch) {
  for (const b of builds) (await esbuild.context(b)).watch();
} else {
  const results = await Promise.all(builds.map((b) => esbuild.build(inputs && b.outfile === out('extension.js') ? { ...b, metafile: true } : b)));
  if (inputs) {
    const { metafile } = results.find((r) => r.metafile);
    const bundle = metafile.outputs[Object.keys(metafile.outputs).find((f) => f.endsWith('extension.js'))];
    const rows = Object.entries(bundle.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
    for (const [file, { bytesInOutput }] of rows.slice(0, 60)) console.log(String(bytesInOutput).padStart(7), file);
    console.log(`${String(bundle.bytes).padStart(7)} dist/extension.js (${rows.length} inputs)`);
  }
}
