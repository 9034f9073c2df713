/**
 * Merge back of a rename that changes only the case or the Unicode normalisation of a name: on a
 * disk that folds names (macOS, Windows; simulated here over a real folder) the old and the new name
 * are one file, so the new content is written and nothing is deleted. On a disk that tells them
 * apart (this one, as it is), the rename is a delete and an add as usual.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChatWorktree } from '../../../src/conversation/model';
import { applyMerge, mergeSummary, planMerge } from '../../../src/worktrees/mergeBack';
import { createWorktree } from '../../../src/worktrees/worktreeCreate';
import { foldingTree } from '../support/foldingDisk';
import { tempRepo, type TempRepo } from '../support/gitRepo';

const LINES = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n';
const CAFE = 'caf\u00e9.txt'; // composed (NFC)
const CAFE_NFD = 'cafe\u0301.txt'; // decomposed (NFD), as HFS+ spells it

describe('mergeBack: renames that only fold the name', function () {
  this.timeout(30_000);
  let r: TempRepo;
  let wt: ChatWorktree;
  const inWt = (rel: string) => path.join(wt.path, rel);

  beforeEach(async () => {
    r = tempRepo({ 'readme.md': LINES, [CAFE]: 'coffee\n', 'other.txt': 'other\n' });
    const made = await createWorktree(r.repo, 'chat-r', r.worktrees);
    assert.ok(made.ok, made.ok ? '' : made.why);
    wt = made.value;
    fs.renameSync(inWt('readme.md'), inWt('README.md'));
    fs.writeFileSync(inWt('README.md'), LINES.replace('two', 'TWO'));
    fs.renameSync(inWt(CAFE), inWt(CAFE_NFD));
  });
  afterEach(() => r.dispose());

  it('on a disk that folds case and normalisation: writes the new content, deletes nothing', async () => {
    const disk = foldingTree(r.repo);
    const plan = await planMerge(wt, undefined, disk);
    const report = await applyMerge(wt, plan, disk);
    assert.equal(fs.readFileSync(disk.file('README.md'), 'utf8'), LINES.replace('two', 'TWO'), 'the readme is there');
    assert.equal(fs.readFileSync(disk.file(CAFE_NFD), 'utf8'), 'coffee\n', 'so is the café');
    assert.deepEqual(
      fs.readdirSync(r.repo).sort(),
      ['.git', 'README.md', CAFE_NFD, 'other.txt'].sort(),
      'one file for each, none lost, under its new spelling',
    );
    assert.deepEqual(
      report.renamed.map((x) => [x.from, x.to]),
      [
        ['readme.md', 'README.md'],
        [CAFE, CAFE_NFD],
      ],
    );
    assert.match(mergeSummary(report, r.repo), /renamed readme\.md to README\.md/);
    const again = await applyMerge(wt, await planMerge(wt, undefined, disk), disk);
    assert.equal(fs.existsSync(disk.file('README.md')), true, 'a second Merge back loses nothing either');
    assert.deepEqual(again.applied, []);
  });

  it('your edit of the old name is merged with the rename against the old base', async () => {
    const disk = foldingTree(r.repo);
    fs.writeFileSync(path.join(r.repo, 'readme.md'), LINES.replace('six', 'SIX (mine)'));
    const report = await applyMerge(wt, await planMerge(wt, undefined, disk), disk);
    assert.deepEqual(report.merged, ['README.md']);
    assert.equal(
      fs.readFileSync(disk.file('README.md'), 'utf8'),
      LINES.replace('two', 'TWO').replace('six', 'SIX (mine)'),
    );
  });

  it('on a disk that tells the names apart: the old name goes and the new one comes', async () => {
    const report = await applyMerge(wt, await planMerge(wt));
    assert.deepEqual(report.renamed, []);
    assert.deepEqual(fs.readdirSync(r.repo).sort(), ['.git', 'README.md', CAFE_NFD, 'other.txt'].sort());
    assert.equal(fs.readFileSync(path.join(r.repo, 'README.md'), 'utf8'), LINES.replace('two', 'TWO'));
  });
});
