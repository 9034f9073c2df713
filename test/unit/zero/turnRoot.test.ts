import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { turnRoot, worktreeRepoKey, zeroWorktreeBase } from '../../../src/zero/exec/turnRoot';

describe("turnRoot: a turn's files resolve only in a workspace folder or a Zero worktree of one", () => {
  let dir: string;
  let ws: string;
  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zero-root-')));
    ws = path.join(dir, 'ws');
    fs.mkdirSync(path.join(ws, 'sub'), { recursive: true });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const known = (base: string | null = null) => ({ folders: [ws], worktreeBase: base });

  it('the workspace folder, or a folder inside it, is the root', () => {
    assert.deepEqual(turnRoot(ws, null, known()), { ok: true, root: ws });
    assert.deepEqual(turnRoot(path.join(ws, 'sub'), null, known()), { ok: true, root: path.join(ws, 'sub') });
  });

  it("no cwd from the run: the host's folder, checked the same way", () => {
    assert.deepEqual(turnRoot(null, ws, known()), { ok: true, root: ws });
    assert.equal(turnRoot(null, null, known()).ok, false);
  });

  it('/, a sibling, a relative path, a missing folder or a symlink leading out are refused, naming the folder', () => {
    fs.symlinkSync('/', path.join(ws, 'out'));
    for (const cwd of ['/', dir, path.join(dir, 'ws-other'), 'ws', path.join(ws, 'out'), `${ws}/../`]) {
      const r = turnRoot(cwd, ws, known());
      assert.equal(r.ok, false, cwd);
      if (!r.ok)
        assert.match(
          r.reason,
          new RegExp(`ran in ${cwd.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, which is not the workspace folder`),
        );
    }
  });

  it("a worktree Zero made for the workspace's repository is accepted; another repository's is not", () => {
    const base = path.join(dir, 'state', 'zero', 'worktrees');
    const mine = path.join(base, `zero-worktree-${worktreeRepoKey(ws)}`, 'feature');
    const theirs = path.join(base, `zero-worktree-${worktreeRepoKey('/elsewhere/repo')}`, 'feature');
    for (const d of [mine, theirs]) fs.mkdirSync(d, { recursive: true });
    assert.deepEqual(turnRoot(mine, ws, known(base)), { ok: true, root: mine });
    assert.equal(turnRoot(theirs, ws, known(base)).ok, false);
    assert.equal(
      turnRoot(path.dirname(mine), ws, known(base)).ok,
      false,
      "the repository's worktree folder itself is not a worktree",
    );
  });

  it("Zero's worktree base and repo key, as internal/worktrees computes them", () => {
    assert.equal(zeroWorktreeBase({ XDG_STATE_HOME: '/s', HOME: '/h' }, 'linux'), '/s/zero/worktrees');
    assert.equal(zeroWorktreeBase({ HOME: '/h' }, 'linux'), '/h/.local/state/zero/worktrees');
    // sha1("/home/u/My Repo") starts 5d4c…: base lower-cased, runs of other characters as "-".
    assert.match(worktreeRepoKey('/home/u/My Repo'), /^my-repo-[0-9a-f]{10}$/);
    assert.match(worktreeRepoKey('/'), /^repo-[0-9a-f]{10}$/);
  });
});
