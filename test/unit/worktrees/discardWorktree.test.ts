/** Discard on a real repository: the worktree and its branch go; a live Zero run's lock and other branches stay. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChatWorktree } from '../../../src/conversation/model';
import { discardWorktree } from '../../../src/worktrees/discardWorktree';
import { createWorktree } from '../../../src/worktrees/worktreeCreate';
import { tempRepo, type TempRepo } from '../support/gitRepo';

describe('discardWorktree', function () {
  // Real git on a shared machine: slower than the default.
  this.timeout(30_000);
  let r: TempRepo;
  let wt: ChatWorktree;
  beforeEach(async () => {
    r = tempRepo();
    const made = await createWorktree(r.repo, 'chat-d', r.worktrees);
    assert.ok(made.ok, made.ok ? '' : made.why);
    wt = made.value;
    r.write('work.txt', 'uncommitted work\n', wt.path);
  });
  afterEach(() => r.dispose());

  const branches = (): string[] => r.git('branch', '--format=%(refname:short)').split('\n').filter(Boolean);
  const listed = (): string[] =>
    r
      .git('worktree', 'list', '--porcelain')
      .split('\n')
      .filter((l) => l.startsWith('worktree '))
      .map((l) => l.slice('worktree '.length));

  it('removes the worktree, changes and all, and its branch', async () => {
    const done = await discardWorktree(wt);
    assert.ok(done.ok, done.ok ? '' : done.why);
    assert.deepEqual(done.value.removed, [`the worktree ${wt.path}`, 'the branch zero/chat-d']);
    assert.equal(fs.existsSync(wt.path), false);
    assert.deepEqual(branches(), ['main']);
    assert.equal(
      r
        .git('worktree', 'list', '--porcelain')
        .split('\n')
        .filter((l) => l.startsWith('worktree ')).length,
      1,
    );
  });

  it("keeps the user's other worktree whose folder is missing (a disk not mounted now), its entry and its branch", async () => {
    const theirs = path.join(r.root, 'usb', 'feature');
    r.git('worktree', 'add', '-q', '-b', 'feature', theirs);
    fs.rmSync(path.join(r.root, 'usb'), { recursive: true });
    const done = await discardWorktree(wt);
    assert.ok(done.ok, done.ok ? '' : done.why);
    assert.deepEqual(listed(), [r.repo, theirs]);
    assert.deepEqual(branches().sort(), ['feature', 'main']);
  });

  it("takes out only this chat's entry when its own folder has gone too", async () => {
    const theirs = path.join(r.root, 'usb', 'feature');
    r.git('worktree', 'add', '-q', '-b', 'feature', theirs);
    fs.rmSync(path.join(r.root, 'usb'), { recursive: true });
    fs.rmSync(wt.path, { recursive: true });
    const done = await discardWorktree(wt);
    assert.ok(done.ok, done.ok ? '' : done.why);
    assert.deepEqual(done.value.removed, [`the worktree ${wt.path}`, 'the branch zero/chat-d']);
    assert.deepEqual(listed(), [r.repo, theirs]);
    assert.deepEqual(branches().sort(), ['feature', 'main']);
  });

  it("refuses while a live Zero run holds the lock, and takes over a dead run's lock", async () => {
    r.git('worktree', 'lock', '--reason', `zero: active task worktree (pid ${process.pid})`, wt.path);
    const refused = await discardWorktree(wt);
    assert.ok(!refused.ok && refused.why.includes(`A Zero run (process ${process.pid})`), JSON.stringify(refused));
    assert.ok(fs.existsSync(wt.path));
    r.git('worktree', 'unlock', wt.path);
    r.git('worktree', 'lock', '--reason', 'zero: active task worktree (pid 2147483000)', wt.path);
    const done = await discardWorktree(wt);
    assert.ok(done.ok, done.ok ? '' : done.why);
    assert.equal(fs.existsSync(wt.path), false);
  });

  it('never deletes a branch that is not the one made for it, nor the main tree', async () => {
    const done = await discardWorktree({ ...wt, branch: 'main' });
    assert.ok(done.ok);
    assert.deepEqual(branches().sort(), ['main', 'zero/chat-d']);
    const main = await discardWorktree({ ...wt, path: r.repo });
    assert.ok(!main.ok && main.why.includes('is not a worktree'), JSON.stringify(main));
    assert.ok(fs.existsSync(r.repo));
  });
});
