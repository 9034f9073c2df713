import tseslint from 'typescript-eslint';

// The core layers must stay testable in plain Node: only src/host and src/extension.ts may use `vscode`.
const noVscode = {
  'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Only src/host may import vscode.' }] }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.e2e/**', 'test/fixtures/**/*.js', 'out/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'eqeqeq': ['error', 'always'],
    },
  },
  { files: ['src/protocol/**', 'src/conversation/**', 'src/zero/**', 'src/webview/**', 'src/messages/**', 'src/approvals/**', 'src/cli/**', 'src/bench/**'], rules: noVscode },
  {
    files: ['src/protocol/**', 'src/conversation/**', 'src/messages/**', 'src/approvals/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'Pure layer: no vscode.' }],
        patterns: [{ group: ['node:*', 'fs', 'child_process', 'path', 'os', '../zero/*', '../host/*', '../webview/*'], message: 'Pure layer: no Node I/O or outer layers.' }],
      }],
    },
  },
);
