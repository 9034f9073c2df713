// What the VSIX carries (`vsce ls`, the same file list `vsce package` uses): the allow-list in
// .vscodeignore lets in the bundles, media and docs, never the demo agent, tests, sources or scripts.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..', '..');

describe('VSIX contents', () => {
  it('holds only what the extension needs: no demo/, test/, src/, scripts/, .github/ or README screenshots', function () {
    this.timeout(30_000);
    const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
    const r = spawnSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const files = r.stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    assert.ok(files.includes('package.json') && files.includes('README.md'), files.join('\n'));
    const outside = files.filter(
      (f) =>
        !/^(dist\/(boot|extension|acp|acpClient|exec|history|review|zod|spawn|hunks|diagnose|worktrees|fork|fullOutput|webview)\.js|dist\/(chat\.css|codicon\.ttf)|media\/.+|package\.json|README\.md|CHANGELOG\.md|LICENSE)$/.test(
          f,
        ),
    );
    assert.deepEqual(outside, [], 'files outside the allow-list');
    assert.ok(!files.some((f) => /^(demo|test|src|scripts|\.github)\//.test(f)));
    // The package's main, dist/boot.js, loads dist/extension.js (with a code cache): both or neither.
    assert.equal(files.includes('dist/boot.js'), files.includes('dist/extension.js'), files.join('\n'));
    // dist/extension.js requires dist/acp.js (the ACP SDK) when an ACP chat starts: both or neither.
    assert.equal(files.includes('dist/acp.js'), files.includes('dist/extension.js'), files.join('\n'));
    // ...and the ACP transport (dist/acpClient.js), the exec transport (dist/exec.js), History (dist/history.js),
    // review of a turn's files (dist/review.js), zod (dist/zod.js) and cross-spawn (dist/spawn.js) when an ACP
    // chat, an exec turn, the History list, a changed file, a schema or a spawn first needs them.
    const lazyBundles = ['acpClient', 'exec', 'history', 'review', 'zod', 'spawn'].map((b) => `dist/${b}.js`);
    for (const lazy of lazyBundles)
      assert.equal(files.includes(lazy), files.includes('dist/extension.js'), `${lazy}: ${files.join('\n')}`);
    // ...and dist/hunks.js (review by hunk, with jsdiff) when a turn's hunks are first needed.
    assert.equal(files.includes('dist/hunks.js'), files.includes('dist/extension.js'), files.join('\n'));
    // ...and dist/diagnose.js (the checks and pages of Zero: Diagnose) when that command first runs.
    assert.equal(files.includes('dist/diagnose.js'), files.includes('dist/extension.js'), files.join('\n'));
    // ...and dist/worktrees.js (git for isolated chats) when an isolated chat first needs it.
    assert.equal(files.includes('dist/worktrees.js'), files.includes('dist/extension.js'), files.join('\n'));
    // ...and dist/fork.js (copying a Zero session up to a turn) when a chat is first forked.
    assert.equal(files.includes('dist/fork.js'), files.includes('dist/extension.js'), files.join('\n'));
    // ...and dist/fullOutput.js (Zero's saved copy of a cut output, checked) when Open Full Output is first clicked.
    assert.equal(files.includes('dist/fullOutput.js'), files.includes('dist/extension.js'), files.join('\n'));
    // The webview links dist/chat.css (built from src/webview/styles/), with dist/webview.js: both or neither.
    assert.equal(files.includes('dist/chat.css'), files.includes('dist/webview.js'), files.join('\n'));
    // The packaged README links its pictures on the repository (vsce rewrites them), so they stay out.
    assert.deepEqual(
      files.filter((f) => f.startsWith('media/screenshots/')),
      [],
    );
  });
});
