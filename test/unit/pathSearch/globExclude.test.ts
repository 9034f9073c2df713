import { strict as assert } from 'node:assert';
import { excludeMatcher } from '../../../src/pathSearch/globExclude';

describe('exclude globs for watched files', () => {
  it("matches VS Code's default excludes and folder patterns below any depth", () => {
    const excluded = excludeMatcher([
      '**/.git',
      '**/node_modules',
      '**/*.code-search',
      'dist',
      '**/.{svn,hg}',
      'build/**',
      'tmp?/x[0-9].log',
    ]);
    for (const p of [
      '.git/HEAD',
      'a/node_modules/x/index.js',
      'node_modules',
      'q.code-search',
      'dist/extension.js',
      'sub/.hg/store',
      'build/a/b.js',
      'tmp1/x3.log',
    ])
      assert.ok(excluded(p), p);
    for (const p of ['src/git.ts', 'src/node_modules.ts', 'sub/dist/x.js', 'a.ts', 'tmp12/x3.log', 'builder/x.js'])
      assert.ok(!excluded(p), p);
  });
});
