/**
 * The git the extension runs: an absolute path, never one in the folder it runs in; none in Restricted
 * Mode; the user's git.path; and no hook or fsmonitor command the agent wrote runs on its calls.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { configureGit, git, RESTRICTED_NO_GIT, type GitSetup } from '../../../src/worktrees/git';
import { createWorktree, restoreWorktree } from '../../../src/worktrees/worktreeCreate';
import { fakeGit, runs } from '../support/fakeGit';
import { tempRepo, type TempRepo } from '../support/gitRepo';

describe('git: which git runs, and what it runs', function () {
  this.timeout(30_000);
  let r: TempRepo;
  let marker: string;
  let savedPath: string | undefined;
  let savedSetup: GitSetup;
  beforeEach(() => {
    r = tempRepo();
    marker = path.join(r.root, 'ran.txt');
    savedPath = process.env.PATH;
    savedSetup = configureGit({});
  });
  afterEach(() => {
    process.env.PATH = savedPath;
    configureGit(savedSetup);
    r.dispose();
  });

  it("never runs a git in the folder it runs in, even with '.' or a relative entry on PATH", async () => {
    // What Windows does for any bare name (cwd before PATH), played here with PATH's relative entries.
    fakeGit(r.repo, marker, false);
    fakeGit(path.join(r.repo, 'bin'), marker, false);
    process.env.PATH = `.:bin::${savedPath ?? ''}`;
    const out = await git(r.repo, ['rev-parse', '--show-toplevel']);
    assert.equal(out.code, 0, out.stderr);
    assert.equal(fs.realpathSync(out.stdout.toString('utf8').trim()), fs.realpathSync(r.repo));
    assert.deepEqual(runs(marker), []);
  });

  it('starts no git process in Restricted Mode, and says why', async () => {
    fakeGit(path.join(r.root, 'fake'), marker);
    process.env.PATH = `${path.join(r.root, 'fake')}:${savedPath ?? ''}`;
    let trusted = false;
    configureGit({ trusted: () => trusted });
    const refused = await git(r.repo, ['status']);
    assert.deepEqual({ code: refused.code, stderr: refused.stderr }, { code: null, stderr: RESTRICTED_NO_GIT });
    const made = await createWorktree(r.repo, 'chat-restricted', r.worktrees);
    assert.ok(!made.ok && made.why.includes('Restricted Mode'), JSON.stringify(made));
    assert.deepEqual(runs(marker), []);
    trusted = true;
    assert.equal((await git(r.repo, ['status'])).code, 0);
    assert.equal(runs(marker).length, 1);
  });

  it("runs the user's git.path, and says so plainly when it does not exist", async () => {
    const wrapper = fakeGit(path.join(r.root, 'tools'), marker);
    let setting: unknown = wrapper;
    configureGit({ gitPath: () => setting });
    assert.equal((await git(r.repo, ['status'])).code, 0);
    assert.equal(runs(marker).length, 1);
    assert.match(runs(marker)[0]!, /-c core\.fsmonitor=false -c core\.hooksPath=\S+ status$/);
    setting = path.join(r.root, 'missing', 'git');
    const missing = await git(r.repo, ['status']);
    assert.equal(missing.code, null);
    assert.equal(missing.stderr, `"git.path" is set to ${String(setting)}, which does not exist.`);
    const made = await createWorktree(r.repo, 'chat-nogit', r.worktrees);
    assert.ok(!made.ok && made.why === missing.stderr, JSON.stringify(made));
    assert.equal(runs(marker).length, 1);
  });

  it('runs no hook and no fsmonitor command the agent wrote into the repository or its config', async () => {
    const made = await createWorktree(r.repo, 'chat-hooks', r.worktrees);
    assert.ok(made.ok, made.ok ? '' : made.why);
    const wt = made.value;
    // What an agent in the worktree can write: the shared hooks folder and config (git rev-parse --git-path hooks).
    const hooks = r.git('rev-parse', '--path-format=absolute', '--git-path', 'hooks').trim();
    const script = (name: string): string => `#!/bin/sh\necho ${name} >> '${marker}'\nexit 1\n`;
    for (const hook of ['post-checkout', 'reference-transaction', 'post-index-change'])
      fs.writeFileSync(path.join(hooks, hook), script(hook), { mode: 0o755 });
    const monitor = path.join(wt.path, '.monitor.sh');
    fs.writeFileSync(monitor, script('fsmonitor'), { mode: 0o755 });
    r.git('config', 'core.fsmonitor', monitor);
    // The check itself: real git runs both as written.
    r.git('-C', wt.path, 'status', '--porcelain');
    assert.ok(runs(marker).includes('fsmonitor'), runs(marker).join(','));
    fs.rmSync(marker);

    r.write('src/new.txt', 'agent work\n', wt.path);
    assert.equal((await git(wt.path, ['status', '--porcelain'])).code, 0);
    assert.equal((await git(wt.path, ['add', '-A'])).code, 0);
    fs.rmSync(wt.path, { recursive: true });
    const back = await restoreWorktree(wt);
    assert.ok(back.ok, back.ok ? '' : back.why);
    const other = await createWorktree(r.repo, 'chat-hooks-2', r.worktrees);
    assert.ok(other.ok, other.ok ? '' : other.why);
    assert.deepEqual(runs(marker), []);
  });
});
