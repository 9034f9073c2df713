/**
 * Merge back at write time: each target is looked at again and must be what the plan (which the user
 * confirmed) saw, byte for byte, or it is refused and named; files are written through a temp file
 * and a rename, so nothing else sharing the old file (a hard link) is written and no half file is left.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChatWorktree } from '../../../src/conversation/model';
import { applyMerge, mergeSummary, planMerge } from '../../../src/worktrees/mergeBack';
import { createWorktree } from '../../../src/worktrees/worktreeCreate';
import { tempRepo, type TempRepo } from '../support/gitRepo';

describe('mergeBack: the main tree checked again at write time', function () {
  this.timeout(30_000);
  let r: TempRepo;
  let wt: ChatWorktree;
  const inWt = (rel: string, content: string) => r.write(rel, content, wt.path);
  const main = (rel: string) => path.join(r.repo, rel);

  beforeEach(async () => {
    r = tempRepo({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'old.txt': 'old\n' });
    const made = await createWorktree(r.repo, 'chat-w', r.worktrees);
    assert.ok(made.ok, made.ok ? '' : made.why);
    wt = made.value;
    inWt('a.txt', 'a from zero\n');
    inWt('b.txt', 'b from zero\n');
    inWt('new.txt', 'new from zero\n');
    fs.rmSync(path.join(wt.path, 'old.txt'));
  });
  afterEach(() => r.dispose());

  it("refuses, naming it, a file your tree changed after the plan (a formatter's save, a new file, an edit)", async () => {
    const plan = await planMerge(wt);
    fs.writeFileSync(main('a.txt'), 'a, formatted\n');
    fs.writeFileSync(main('new.txt'), 'mine, made meanwhile\n');
    fs.writeFileSync(main('old.txt'), 'old, edited meanwhile\n');
    const report = await applyMerge(wt, plan);
    assert.deepEqual(report.applied, ['b.txt']);
    assert.deepEqual(
      report.refused.map((x) => x.path),
      ['a.txt', 'new.txt', 'old.txt'],
    );
    assert.match(report.refused[0]!.why, /changed in your tree after Merge back looked at it/);
    assert.equal(fs.readFileSync(main('a.txt'), 'utf8'), 'a, formatted\n');
    assert.equal(fs.readFileSync(main('new.txt'), 'utf8'), 'mine, made meanwhile\n');
    assert.equal(fs.readFileSync(main('old.txt'), 'utf8'), 'old, edited meanwhile\n');
    assert.match(
      mergeSummary(report, r.repo),
      /a\.txt: not merged, changed in your tree after Merge back looked at it/,
    );
  });

  it('never writes through a symlink swapped in after the plan', async () => {
    const outside = path.join(r.root, 'outside.txt');
    fs.writeFileSync(outside, 'a\n');
    const plan = await planMerge(wt);
    fs.rmSync(main('a.txt'));
    fs.symlinkSync(outside, main('a.txt'));
    const report = await applyMerge(wt, plan);
    assert.deepEqual(
      report.refused.map((x) => x.path),
      ['a.txt'],
    );
    assert.equal(fs.readFileSync(outside, 'utf8'), 'a\n', 'nothing written through the link');
    assert.equal(fs.lstatSync(main('a.txt')).isSymbolicLink(), true);
  });

  it('writes through a temp file and a rename: a hard link elsewhere keeps its bytes, no temp file is left', async () => {
    const elsewhere = path.join(r.root, 'linked.txt');
    fs.linkSync(main('a.txt'), elsewhere);
    const report = await applyMerge(wt, await planMerge(wt));
    assert.deepEqual(report.applied, ['a.txt', 'b.txt', 'new.txt', 'old.txt']);
    assert.equal(fs.readFileSync(main('a.txt'), 'utf8'), 'a from zero\n');
    assert.equal(fs.readFileSync(elsewhere, 'utf8'), 'a\n', 'the old file was replaced, not written into');
    assert.deepEqual(fs.readdirSync(r.repo).sort(), ['.git', 'a.txt', 'b.txt', 'new.txt']);
  });

  it('refuses a file the worktree changed after the plan: what is written is what was confirmed', async () => {
    const plan = await planMerge(wt);
    inWt('b.txt', 'b, changed again in the worktree\n');
    const report = await applyMerge(wt, plan);
    assert.deepEqual(
      report.refused.map((x) => x.path),
      ['b.txt'],
    );
    assert.match(report.refused[0]!.why, /changed in the worktree after Merge back looked at it/);
    assert.equal(fs.readFileSync(main('b.txt'), 'utf8'), 'b\n');
  });
});
