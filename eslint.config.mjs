import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

// Layering (README "Architecture"): each folder under src/ may import only the layers listed for it, so the core
// stays testable in plain Node and the webview stays browser-only. test/unit/project/layerLint.test.ts proves these fire.
//
// In flat config a later block that sets `no-restricted-imports` replaces an earlier one for the same file, so every
// layer gets exactly one block, built by `layer()`, with the whole list of what it may not import.

const LAYERS = [
  'lifecycle',
  'protocol',
  'conversation',
  'pathSearch',
  'approvals',
  'messages',
  'zero',
  'acp',
  'storage',
  'chats',
  'worktrees',
  'diagnose',
  'host',
  'webview',
  'cli',
];

/** Relative import of another layer's folder, at any depth (`../zero/x`, `../../host/y`). */
const layerRegex = (names) => `^(\\.\\./)+(${names.join('|')})(/|$)`;

/** An index barrel (`../zero`, `../protocol/index`): it drags every module of that layer into the importer's bundle
 *  and hides which one is really used. Only host/ (the composition layer) may use them. */
const BARREL = {
  regex: `^(\\.\\./)+(${LAYERS.join('|')})(/index(\\.[jt]s)?)?$`,
  message: "Import the module itself (../zero/findZero), not the layer's index barrel.",
};

/** Every Node built-in, bare and `node:` prefixed (fs, fs/promises, node:child_process…). */
const NODE_BUILTINS = [...new Set(builtinModules.flatMap((m) => (m.startsWith('node:') ? [m] : [m, `node:${m}`])))];
const NODE_PATTERN = (why) => ({ group: ['node:*'], message: why });

const VSCODE = (why) => ({ name: 'vscode', message: why });

/**
 * @param {string} name        the folder under src/
 * @param {string[]} allowed   the other layers it may import
 * @param {{node?: boolean, why: string}} opts  node: may use Node built-ins
 */
function layer(name, allowed, { node, why }) {
  // lifecycle/ (Disposable, Emitter, lazy()) is pure and imports nothing: every layer may stand on it.
  const forbidden = LAYERS.filter((l) => l !== name && l !== 'lifecycle' && !allowed.includes(l));
  const paths = [VSCODE(`${why} No vscode here: only src/host may use it.`)];
  const patterns = [BARREL];
  if (forbidden.length > 0) {
    patterns.push({
      regex: layerRegex(forbidden),
      message: `${why} It may import only: ${allowed.join(', ') || 'nothing from other layers'}.`,
    });
  }
  if (!node) {
    for (const m of NODE_BUILTINS.filter((b) => !b.startsWith('node:'))) {
      paths.push({ name: m, message: `${why} No Node built-ins here.` });
    }
    patterns.push(NODE_PATTERN(`${why} No Node built-ins here.`));
  }
  return {
    files: [`src/${name}/**`],
    rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.e2e/**', 'test/fixtures/**/*.js', 'out/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  // Type-aware: a promise nobody awaits or hands on is a bug (a lost error, a race), not a style. `void p` still says
  // "on purpose"; each tsconfig (root, webview, test, bench, scripts) is found by the project service.
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/no-misused-promises': 'error' },
  },
  layer('lifecycle', [], { why: 'lifecycle/ (Disposable, Emitter) is pure.' }),
  layer('protocol', [], { why: 'protocol/ is pure data.' }),
  layer('conversation', ['protocol'], { why: 'conversation/ is pure.' }),
  // pathSearch/ reads real paths (fileRefs: symlinks resolved) but knows nothing of chats.
  layer('pathSearch', [], { node: true, why: 'pathSearch/ is plain path matching.' }),
  layer('approvals', ['protocol', 'conversation'], { why: 'approvals/ is pure policy.' }),
  layer('messages', ['protocol', 'conversation'], { why: 'messages/ is the pure host<->webview contract.' }),
  // zero/ runs `zero exec` and turns its output into the conversation's actions (execTransport).
  layer('zero', ['protocol', 'conversation', 'approvals', 'messages'], {
    node: true,
    why: 'zero/ is the plain-Node CLI boundary.',
  }),
  // acp/ spawns the same binary as exec: it reuses zero/'s spawn helpers (env, stderr tail, killTree).
  layer('acp', ['protocol', 'conversation', 'approvals', 'messages', 'zero'], {
    node: true,
    why: 'acp/ is the plain-Node ACP transport.',
  }),
  layer('storage', ['lifecycle', 'protocol', 'conversation', 'messages'], {
    node: true,
    why: 'storage/ is plain-Node files on disk.',
  }),
  layer(
    'chats',
    ['lifecycle', 'protocol', 'conversation', 'pathSearch', 'approvals', 'messages', 'zero', 'acp', 'storage'],
    {
      node: true,
      why: 'chats/ is the plain-Node chat core.',
    },
  ),
  // worktrees/ runs git for isolated chats (make, review, merge back, discard) and wraps a chat's transport.
  layer('worktrees', ['lifecycle', 'protocol', 'conversation', 'zero'], {
    node: true,
    why: 'worktrees/ is the plain-Node git side of isolated chats.',
  }),
  // diagnose/ runs Zero's own commands and the ACP handshake through zero/ and acp/; the host gives it settings as data.
  layer('diagnose', ['lifecycle', 'protocol', 'zero', 'acp'], {
    node: true,
    why: 'diagnose/ is the plain-Node Zero: Diagnose.',
  }),
  layer('webview', ['protocol', 'conversation', 'messages'], { why: 'webview/ is browser code.' }),
  layer('cli', ['protocol', 'conversation'], { node: true, why: 'cli/ is a plain-Node tool.' }),
  // host/ composes everything, barrels included; it never imports the browser code it serves.
  {
    files: ['src/host/**', 'src/extension.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: layerRegex(['webview']), message: 'host/ runs in Node: the webview bundle is browser code.' },
          ],
        },
      ],
    },
  },
);
