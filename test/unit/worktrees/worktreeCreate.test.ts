/** Making an isolated chat's worktree with git, where Zero's `-w` looks, and its changes against its base. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { worktreeRepoKey } from '../../../src/zero/exec/turnRoot';
import { WORKTREE_NAME } from '../../../src/zero/exec/execArgs';
import { createWorktree, restoreWorktree, worktreeName, worktreeSource } from '../../../src/worktrees/worktreeCreate';
import { fileAt, worktreeChanges } from '../../../src/worktrees/worktreeChanges';
import { tempRepo, type TempRepo } from '../support/gitRepo';

describe('worktreeCreate: an isolated chat gets a worktree on a branch of its own', function () {
  // Real git on a shared machine: slower than the default.
  this.timeout(30_000);
  let r: TempRepo;
  beforeEach(() => {
    r = tempRepo({ 'README.md': '# Repo\n', 'src/a.txt': 'one\ntwo\nthree\n', 'old.txt': 'to delete\n' });
  });
  afterEach(() => r.dispose());

  it('names it from the chat id, in the characters Zero takes', () => {
    assert.equal(worktreeName('chat-lq2x3-1a2b3c4d'), 'chat-lq2x3-1a2b3c4d');
    for (const id of ['chat-lq2x3-1a2b3c4d', '../../x', '---', 'a/b\\c', 'x'.repeat(200), 'é']) {
      assert.match(worktreeName(id), WORKTREE_NAME, id);
      assert.ok(!worktreeName(id).includes('/'), id);
    }
  });

  it("makes it at Zero's path on zero/<name> from HEAD, and records where it started", async () => {
    const head = r.git('rev-parse', 'HEAD').trim();
    const made = await createWorktree(path.join(r.repo, 'src'), 'chat-1', r.worktrees, 7);
    assert.ok(made.ok, made.ok ? '' : made.why);
    const wt = made.value;
    assert.equal(wt.path, path.join(r.worktrees, `zero-worktree-${worktreeRepoKey(r.repo)}`, 'chat-1'));
    assert.deepEqual(
      {
        branch: wt.branch,
        repoRoot: wt.repoRoot,
        baseBranch: wt.baseBranch,
        baseCommit: wt.baseCommit,
        at: wt.createdAt,
      },
      { branch: 'zero/chat-1', repoRoot: r.repo, baseBranch: 'main', baseCommit: head, at: 7 },
    );
    assert.equal(r.read('src/a.txt', wt.path), 'one\ntwo\nthree\n');
    assert.equal(r.git('-C', wt.path, 'rev-parse', '--abbrev-ref', 'HEAD').trim(), 'zero/chat-1');
    const again = await createWorktree(r.repo, 'chat-1', r.worktrees);
    assert.ok(!again.ok && /already exists/.test(again.why), 'never made twice');
  });

  it('says why not outside a repository and in one without a commit', async () => {
    const plain = path.join(r.root, 'plain');
    fs.mkdirSync(plain);
    const outside = await worktreeSource(plain);
    assert.ok(!outside.ok && outside.why.includes('is not in a git repository'), JSON.stringify(outside));
    const empty = path.join(r.root, 'empty');
    fs.mkdirSync(empty);
    r.git('-C', empty, 'init', '-q');
    const unborn = await worktreeSource(empty);
    assert.ok(!unborn.ok && unborn.why.includes('has no commit yet'), JSON.stringify(unborn));
  });

  it('lists changed, new and deleted files with their lines, committed or not, and leaves the index alone', async () => {
    const made = await createWorktree(r.repo, 'chat-2', r.worktrees);
    assert.ok(made.ok);
    const wt = made.value;
    r.write('src/a.txt', 'one\nTWO\nthree\nfour\n', wt.path);
    r.write('new/b.txt', 'b\n', wt.path);
    r.write('bin.dat', Buffer.from([0, 1, 2, 0]), wt.path);
    fs.rmSync(path.join(wt.path, 'old.txt'));
    r.write('.gitignore', 'ignored.log\n', wt.path);
    r.write('ignored.log', 'noise\n', wt.path);
    r.git('-C', wt.path, 'add', '.gitignore');
    r.git('-C', wt.path, '-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'agent commit');
    const staged = r.git('-C', wt.path, 'diff', '--cached', '--name-only');
    const { files } = await worktreeChanges(wt.path, wt.baseCommit);
    assert.deepEqual(
      files.map((f) => [f.path, f.change, f.added, f.removed]),
      [
        ['.gitignore', 'added', 1, 0],
        ['bin.dat', 'added', null, null],
        ['new/b.txt', 'added', 1, 0],
        ['old.txt', 'deleted', 0, 1],
        ['src/a.txt', 'modified', 2, 1],
      ],
    );
    assert.equal(r.git('-C', wt.path, 'diff', '--cached', '--name-only'), staged, 'its staging area is untouched');
    assert.equal((await fileAt(wt.path, wt.baseCommit, 'src/a.txt'))?.toString(), 'one\ntwo\nthree\n');
    assert.equal(await fileAt(wt.path, wt.baseCommit, 'new/b.txt'), null);
  });

  it('puts a worktree that has gone back from its branch, with what was committed there', async () => {
    const made = await createWorktree(r.repo, 'chat-3', r.worktrees);
    assert.ok(made.ok);
    const wt = made.value;
    r.write('kept.txt', 'committed in the worktree\n', wt.path);
    r.git('-C', wt.path, 'add', '-A');
    r.git('-C', wt.path, '-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'work');
    r.git('worktree', 'remove', '--force', wt.path);
    assert.equal(fs.existsSync(wt.path), false);
    const back = await restoreWorktree(wt);
    assert.ok(back.ok, back.ok ? '' : back.why);
    assert.equal(r.read('kept.txt', wt.path), 'committed in the worktree\n');
    r.git('worktree', 'remove', '--force', wt.path);
    r.git('branch', '-D', wt.branch);
    const gone = await restoreWorktree(wt);
    assert.ok(!gone.ok && gone.why.includes('are gone'), JSON.stringify(gone));
  });

  it("puts back a worktree whose folder was deleted, and keeps the user's own worktree whose folder is missing", async () => {
    const made = await createWorktree(r.repo, 'chat-rm', r.worktrees);
    assert.ok(made.ok, made.ok ? '' : made.why);
    const wt = made.value;
    // The user's worktree on a disk that is not mounted now: its folder is missing, its entry must stay.
    const theirs = path.join(r.root, 'usb', 'feature');
    r.git('worktree', 'add', '-q', '-b', 'feature', theirs);
    fs.rmSync(path.join(r.root, 'usb'), { recursive: true });
    fs.rmSync(wt.path, { recursive: true });
    const back = await restoreWorktree(wt);
    assert.ok(back.ok, back.ok ? '' : back.why);
    assert.ok(fs.existsSync(path.join(wt.path, '.git')));
    const listed = r
      .git('worktree', 'list', '--porcelain')
      .split('\n')
      .filter((l) => l.startsWith('worktree '));
    assert.deepEqual(listed.sort(), [`worktree ${r.repo}`, `worktree ${wt.path}`, `worktree ${theirs}`].sort());
  });

  it('leaves a worktree folder that lost its .git file as it is, saying so', async () => {
    const made = await createWorktree(r.repo, 'chat-nogit', r.worktrees);
    assert.ok(made.ok, made.ok ? '' : made.why);
    r.write('work.txt', "the agent's work\n", made.value.path);
    fs.rmSync(path.join(made.value.path, '.git'));
    const back = await restoreWorktree(made.value);
    assert.ok(!back.ok && back.why.includes('is no longer a worktree'), JSON.stringify(back));
    assert.equal(r.read('work.txt', made.value.path), "the agent's work\n");
  });
});
