/** Merge back on real repositories: what changed in the main tree since the base is found, asked about and never lost. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChatWorktree } from '../../../src/conversation/model';
import { applyMerge, mergeSummary, planMerge } from '../../../src/worktrees/mergeBack';
import { createWorktree } from '../../../src/worktrees/worktreeCreate';
import { tempRepo, type TempRepo } from '../support/gitRepo';

const LINES = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n';

describe('mergeBack: the worktree into the main tree', function () {
  // Real git on a shared machine: slower than the default.
  this.timeout(30_000);
  let r: TempRepo;
  let wt: ChatWorktree;
  const inWt = (rel: string, content: string | Buffer) => r.write(rel, content, wt.path);

  beforeEach(async () => {
    r = tempRepo({ 'a.txt': LINES, 'b.txt': 'bee\n', 'old.txt': 'old\n', 'img.bin': '\0png' });
    const made = await createWorktree(r.repo, 'chat-m', r.worktrees);
    assert.ok(made.ok, made.ok ? '' : made.why);
    wt = made.value;
  });
  afterEach(() => r.dispose());

  it('applies changed, new and deleted files when the main tree did not touch them, staging nothing', async () => {
    inWt('a.txt', LINES.replace('two', 'TWO'));
    inWt('dir/new.txt', 'new\n');
    fs.rmSync(path.join(wt.path, 'old.txt'));
    const plan = await planMerge(wt);
    assert.deepEqual(
      plan.items.map((i) => [i.path, i.change, i.mainChanged]),
      [
        ['a.txt', 'modified', false],
        ['dir/new.txt', 'added', false],
        ['old.txt', 'deleted', false],
      ],
    );
    const report = await applyMerge(wt, plan);
    assert.deepEqual(report.applied, ['a.txt', 'dir/new.txt', 'old.txt']);
    assert.equal(r.read('a.txt'), LINES.replace('two', 'TWO'));
    assert.equal(r.read('dir/new.txt'), 'new\n');
    assert.equal(r.read('old.txt'), null);
    assert.equal(r.git('diff', '--cached', '--name-only'), '', 'nothing staged');
    assert.match(
      mergeSummary(report, r.repo),
      /applied 3 files \(a\.txt, dir\/new\.txt, old\.txt\).*Nothing was staged/,
    );
    const again = await applyMerge(wt, await planMerge(wt));
    assert.deepEqual(again.same, ['a.txt', 'dir/new.txt', 'old.txt'], 'a second Merge back finds them the same');
  });

  it('finds the files the main tree changed since the base (uncommitted, committed, unsaved) and merges them three ways', async () => {
    inWt('a.txt', LINES.replace('two', 'TWO'));
    inWt('b.txt', 'bee from zero\n');
    r.write('a.txt', LINES.replace('six', 'SIX (mine)'));
    r.write('b.txt', 'my bee\n');
    r.git('commit', '-qam', 'mine');
    const plan = await planMerge(wt, (file) => file === path.join(r.repo, 'nothing'));
    assert.deepEqual(
      plan.items.filter((i) => i.mainChanged).map((i) => i.path),
      ['a.txt', 'b.txt'],
    );
    const report = await applyMerge(wt, plan);
    assert.deepEqual(report.merged, ['a.txt']);
    assert.deepEqual(report.conflicted, ['b.txt']);
    assert.equal(r.read('a.txt'), LINES.replace('two', 'TWO').replace('six', 'SIX (mine)'), 'both changes kept');
    const b = r.read('b.txt')!;
    assert.ok(b.includes('my bee') && b.includes('bee from zero') && b.includes('<<<<<<< your tree'), b);
    assert.match(mergeSummary(report, r.repo), /with conflict markers to resolve \(b\.txt\)/);
  });

  it('an editor with unsaved changes counts as changed; a file the user deleted or made binary is kept', async () => {
    inWt('a.txt', LINES.replace('one', 'ONE'));
    inWt('old.txt', 'old, edited by zero\n');
    inWt('img.bin', '\0png2');
    fs.rmSync(path.join(wt.path, 'b.txt'));
    r.write('b.txt', 'I changed it\n');
    r.write('img.bin', '\0mine');
    fs.rmSync(path.join(r.repo, 'old.txt'));
    const plan = await planMerge(wt, (file) => file === path.join(r.repo, 'a.txt'));
    assert.deepEqual(
      plan.items.map((i) => [i.path, i.mainChanged]),
      [
        ['a.txt', true],
        ['b.txt', true],
        ['img.bin', true],
        ['old.txt', true],
      ],
    );
    const report = await applyMerge(wt, plan);
    assert.equal(r.read('b.txt'), 'I changed it\n', 'deleted in the worktree, changed by the user: kept');
    assert.equal(r.read('img.bin'), '\0mine');
    assert.deepEqual(
      report.kept.map((k) => k.path),
      ['b.txt', 'img.bin'],
    );
    assert.deepEqual(report.conflicted, ['old.txt'], 'the user deleted it, the worktree edited it: markers');
    assert.deepEqual(report.merged, ['a.txt']);
  });

  it('a new file the user also made is merged with markers, never replaced', async () => {
    inWt('notes.txt', 'from zero\n');
    r.write('notes.txt', 'my own notes\n');
    const plan = await planMerge(wt);
    assert.equal(plan.items[0]?.mainChanged, true);
    const report = await applyMerge(wt, plan);
    assert.deepEqual(report.conflicted, ['notes.txt']);
    assert.ok(r.read('notes.txt')!.includes('my own notes'));
  });

  it('never writes a symlink, or through a folder that is a link in the main tree', async () => {
    fs.symlinkSync('/etc/passwd', path.join(wt.path, 'link'));
    inWt('out/x.txt', 'x\n');
    const elsewhere = path.join(r.root, 'elsewhere');
    fs.mkdirSync(elsewhere);
    fs.symlinkSync(elsewhere, path.join(r.repo, 'out'));
    const report = await applyMerge(wt, await planMerge(wt));
    assert.deepEqual(
      report.refused.map((x) => [x.path, x.why]),
      [
        ['link', 'it is a symbolic link'],
        ['out/x.txt', 'out is a link in your tree'],
      ],
    );
    assert.deepEqual(fs.readdirSync(elsewhere), [], 'nothing written through the link');
    assert.equal(fs.existsSync(path.join(r.repo, 'link')), false);
  });
});
