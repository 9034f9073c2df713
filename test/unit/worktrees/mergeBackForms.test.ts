/**
 * Merge back writes what the agent wrote, in working-tree form, on real repositories: a clean/smudge
 * filter (how Git LFS works) is never written as its pointer, and `eol=crlf` or `core.autocrlf` files
 * the user never touched are applied, not merged as if every line had changed.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChatWorktree } from '../../../src/conversation/model';
import { applyMerge, mergeSummary, planMerge } from '../../../src/worktrees/mergeBack';
import { createWorktree } from '../../../src/worktrees/worktreeCreate';
import { tempRepo, type TempRepo } from '../support/gitRepo';

const LINES = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n';
const crlf = (s: string): string => s.replace(/\n/g, '\r\n');

describe('mergeBack: the working-tree form of each file', function () {
  this.timeout(30_000);
  let r: TempRepo;
  let wt: ChatWorktree;
  const inWt = (rel: string, content: string | Buffer) => r.write(rel, content, wt.path);
  const bytes = (rel: string, where = r.repo) => fs.readFileSync(path.join(where, rel), 'utf8');
  afterEach(() => r?.dispose());

  async function worktree(): Promise<void> {
    const made = await createWorktree(r.repo, 'chat-f', r.worktrees);
    assert.ok(made.ok, made.ok ? '' : made.why);
    wt = made.value;
  }

  /** Checks the main tree's files out again, as a clone has them with the repository's conversions. */
  function checkoutAgain(): void {
    for (const f of r.git('ls-files', '-z').split('\0').filter(Boolean)) fs.rmSync(path.join(r.repo, f));
    r.git('checkout', '--', '.');
  }

  describe('a clean/smudge filter (LFS-like)', () => {
    beforeEach(async () => {
      r = tempRepo({ 'a.txt': LINES });
      // A filter like Git LFS: git stores a pointer, the working tree has the content (kept in a store).
      const store = path.join(r.root, 'store');
      fs.mkdirSync(store);
      const script = (name: string, body: string) => {
        fs.writeFileSync(path.join(r.root, name), body);
        return `sh '${path.join(r.root, name)}' '${store}'`;
      };
      r.git(
        'config',
        'filter.fake.clean',
        script(
          'clean.sh',
          't=$(mktemp); cat >"$t"; o=$(git hash-object "$t"); mv "$t" "$1/$o"; printf "fake-lfs pointer %s\\n" "$o"\n',
        ),
      );
      r.git('config', 'filter.fake.smudge', script('smudge.sh', 'read _ _ o; cat "$1/$o"\n'));
      r.git('config', 'filter.fake.required', 'true');
      r.write('.gitattributes', '*.bin filter=fake\n');
      r.write('big.bin', 'the real content\n');
      r.git('add', '-A');
      r.git('commit', '-qm', 'lfs');
      assert.match(r.git('cat-file', 'blob', 'HEAD:big.bin'), /^fake-lfs pointer /, 'git stores the pointer');
      await worktree();
      assert.equal(bytes('big.bin', wt.path), 'the real content\n', 'the worktree has the content');
    });

    it('skips and names a filtered file rather than write its pointer; the other files merge', async () => {
      inWt('big.bin', 'new real content from zero\n');
      inWt('new.bin', 'a new filtered file\n');
      inWt('a.txt', LINES.replace('two', 'TWO'));
      const report = await applyMerge(wt, await planMerge(wt));
      assert.deepEqual(report.applied, ['a.txt']);
      assert.deepEqual(
        report.refused.map((x) => x.path),
        ['big.bin', 'new.bin'],
      );
      assert.match(report.refused[0]!.why, /filter=fake/);
      assert.equal(bytes('big.bin'), 'the real content\n', 'the main tree keeps its file, never a pointer');
      assert.equal(fs.existsSync(path.join(r.repo, 'new.bin')), false);
      assert.equal(bytes('a.txt'), LINES.replace('two', 'TWO'));
      assert.match(mergeSummary(report, r.repo), /big\.bin: not merged, .*filter=fake/);
    });

    it('a filter the agent added in the worktree is skipped too', async () => {
      inWt('.gitattributes', '*.bin filter=fake\n*.dat filter=fake\n');
      inWt('data.dat', 'data\n');
      const report = await applyMerge(wt, await planMerge(wt));
      assert.deepEqual(
        report.refused.map((x) => x.path),
        ['data.dat'],
      );
      assert.equal(fs.existsSync(path.join(r.repo, 'data.dat')), false);
    });
  });

  describe('eol=crlf in .gitattributes', () => {
    beforeEach(async () => {
      r = tempRepo({ 'a.txt': LINES, 'b.txt': 'bee\n' });
      r.write('.gitattributes', '*.txt text eol=crlf\n');
      r.git('add', '.gitattributes');
      r.git('commit', '-qm', 'crlf');
      checkoutAgain();
      assert.equal(bytes('a.txt'), crlf(LINES), 'the main tree has CRLF');
      await worktree();
      assert.equal(bytes('a.txt', wt.path), crlf(LINES), 'so has the worktree');
    });

    it('a file only the agent changed is applied as the agent wrote it, not merged as changed in your tree', async () => {
      inWt('a.txt', crlf(LINES.replace('two', 'TWO')));
      const plan = await planMerge(wt);
      assert.deepEqual(
        plan.items.map((i) => [i.path, i.mainChanged, i.same]),
        [['a.txt', false, false]],
      );
      const report = await applyMerge(wt, plan);
      assert.deepEqual(report.applied, ['a.txt']);
      assert.equal(bytes('a.txt'), crlf(LINES.replace('two', 'TWO')), 'CRLF kept');
      assert.deepEqual(
        (await planMerge(wt)).items.map((i) => i.same),
        [true],
        'a second look finds it the same',
      );
    });

    it('changed on both sides in different lines: merged cleanly, in CRLF', async () => {
      inWt('a.txt', crlf(LINES.replace('two', 'TWO')));
      r.write('a.txt', crlf(LINES.replace('six', 'SIX (mine)')));
      const report = await applyMerge(wt, await planMerge(wt));
      assert.deepEqual([report.merged, report.conflicted], [['a.txt'], []]);
      assert.equal(bytes('a.txt'), crlf(LINES.replace('two', 'TWO').replace('six', 'SIX (mine)')));
    });
  });

  describe('core.autocrlf', () => {
    beforeEach(async () => {
      r = tempRepo({ 'a.txt': LINES, 'b.txt': 'bee\n' });
      r.git('config', 'core.autocrlf', 'true');
      checkoutAgain();
      assert.equal(bytes('a.txt'), crlf(LINES));
      await worktree();
    });

    it('applies what the agent wrote, byte for byte, and leaves untouched files alone', async () => {
      inWt('a.txt', crlf(LINES.replace('two', 'TWO')));
      inWt('lf.txt', 'written with LF\n');
      const plan = await planMerge(wt);
      assert.deepEqual(
        plan.items.map((i) => [i.path, i.mainChanged]),
        [
          ['a.txt', false],
          ['lf.txt', false],
        ],
      );
      const report = await applyMerge(wt, plan);
      assert.deepEqual(report.applied, ['a.txt', 'lf.txt']);
      assert.equal(bytes('a.txt'), crlf(LINES.replace('two', 'TWO')));
      assert.equal(bytes('lf.txt'), 'written with LF\n', 'the file as the agent wrote it');
      assert.equal(bytes('b.txt'), 'bee\r\n');
    });
  });
});
