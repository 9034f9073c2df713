/** Finding git as an absolute path: never the current folder, never a relative PATH entry, the user's git.path first. */
import * as assert from 'node:assert/strict';
import { findGit, GIT_NOT_FOUND, type FindGitOptions } from '../../../src/worktrees/findGit';
import type { PathInfo } from '../../../src/zero/binary/findZero';

const FILE: PathInfo = { isFile: true, isDirectory: false, executable: true };
const DIR: PathInfo = { isFile: false, isDirectory: true, executable: false };

/** A machine whose only files are `files` (path → info). */
const on = (files: Record<string, PathInfo>, o: Omit<FindGitOptions, 'stat'>): ReturnType<typeof findGit> =>
  findGit({ homedir: '/home/u', ...o, stat: (p) => files[p] });

describe('findGit', () => {
  it('takes only absolute PATH entries: empty, "." and relative ones (the cwd) are never searched', () => {
    const files = { './git': FILE, 'bin/git': FILE, git: FILE, '/opt/git/bin/git': FILE };
    const r = on(files, { platform: 'linux', env: { PATH: ':.:bin:/opt/none:/opt/git/bin' } });
    assert.deepEqual(r, { ok: true, path: '/opt/git/bin/git', source: 'path' });
    const none = on(files, { platform: 'linux', env: { PATH: '.:bin:' } });
    assert.ok(!none.ok);
    assert.equal(none.reason, GIT_NOT_FOUND);
    assert.ok(
      none.tried.every((t) => t.startsWith('/')),
      none.tried.join(', '),
    );
  });

  it('skips a PATH entry whose git is not executable, or is a folder', () => {
    const files = {
      '/a/git': { ...FILE, executable: false },
      '/b/git': DIR,
      '/c/git': FILE,
    };
    assert.deepEqual(on(files, { platform: 'linux', env: { PATH: '/a:/b:/c' } }), {
      ok: true,
      path: '/c/git',
      source: 'path',
    });
  });

  it('Windows: PATHEXT forms that run without a shell, in PATHEXT order; never ".", a relative, drive-relative or rootless entry', () => {
    const files = {
      '.\\git.exe': FILE,
      'tools\\git.exe': FILE,
      'C:git.exe': FILE,
      '\\git\\git.exe': FILE,
      'D:\\Bat\\git.cmd': FILE,
      'D:\\Bat\\git.bat': FILE,
      'C:\\Git\\cmd\\git.exe': FILE,
      'C:\\Git\\cmd\\git.com': FILE,
    };
    const env = { Path: '.;tools;C:;\\git;"D:\\Bat";C:\\Git\\cmd', PATHEXT: '.BAT;.CMD;.COM;.EXE' };
    const r = on(files, { platform: 'win32', env });
    assert.deepEqual(r, { ok: true, path: 'C:\\Git\\cmd\\git.com', source: 'path' });
    const exeFirst = on(files, { platform: 'win32', env: { ...env, PATHEXT: '.EXE;.COM' } });
    assert.deepEqual(exeFirst, { ok: true, path: 'C:\\Git\\cmd\\git.exe', source: 'path' });
    // A .cmd or .bat needs cmd.exe to run, and git is never run through a shell.
    const batOnly = on({ 'D:\\Bat\\git.cmd': FILE }, { platform: 'win32', env });
    assert.ok(!batOnly.ok);
    assert.deepEqual(batOnly.tried.slice(0, 2), ['D:\\Bat\\git.com', 'D:\\Bat\\git.exe']);
    // PATHEXT unset: Windows' own default order.
    assert.deepEqual(on(files, { platform: 'win32', env: { PATH: 'C:\\Git\\cmd' } }), {
      ok: true,
      path: 'C:\\Git\\cmd\\git.com',
      source: 'path',
    });
  });

  it("Windows: Git for Windows' own folder when PATH lacks it", () => {
    const r = on(
      { 'C:\\Program Files\\Git\\cmd\\git.exe': FILE },
      { platform: 'win32', env: { PATH: 'C:\\Windows', ProgramFiles: 'C:\\Program Files' } },
    );
    assert.deepEqual(r, { ok: true, path: 'C:\\Program Files\\Git\\cmd\\git.exe', source: 'known-location' });
  });

  it('git.path: an absolute path, ~, a list (the first that exists), or a bare name looked up on PATH', () => {
    const files = { '/opt/git/bin/git': FILE, '/home/u/bin/git': FILE, '/usr/bin/git': FILE };
    const env = { PATH: '/usr/bin' };
    const setting = (configured: unknown) => on(files, { platform: 'linux', env, configured });
    assert.deepEqual(setting('/opt/git/bin/git'), { ok: true, path: '/opt/git/bin/git', source: 'setting' });
    assert.deepEqual(setting('~/bin/git'), { ok: true, path: '/home/u/bin/git', source: 'setting' });
    assert.deepEqual(setting(['/nope/git', '/opt/git/bin/git']), {
      ok: true,
      path: '/opt/git/bin/git',
      source: 'setting',
    });
    assert.deepEqual(setting('git'), { ok: true, path: '/usr/bin/git', source: 'setting' });
    // Not set: PATH.
    for (const unset of [null, undefined, '', '  ', []])
      assert.deepEqual(setting(unset), { ok: true, path: '/usr/bin/git', source: 'path' });
  });

  it('git.path that is wrong says why, and never falls back to another git', () => {
    const files = {
      '/usr/bin/git': FILE,
      '/opt/dir': DIR,
      '/opt/plain': { ...FILE, executable: false },
      './git': FILE,
    };
    const env = { PATH: '/usr/bin' };
    const why = (configured: unknown): string => {
      const r = on(files, { platform: 'linux', env, configured });
      assert.ok(!r.ok, JSON.stringify(r));
      return r.reason;
    };
    assert.equal(why('/nope/git'), '"git.path" is set to /nope/git, which does not exist.');
    assert.equal(why('/opt/dir'), '"git.path" is set to /opt/dir, which is a folder, not the git executable.');
    assert.equal(why('/opt/plain'), '"git.path" is set to /opt/plain, which is not executable.');
    assert.equal(why('./git'), '"git.path" must be an absolute path (or start with ~); got "./git".');
    assert.equal(
      why('git-nightly'),
      '"git.path" is set to "git-nightly", which was not found on PATH: use an absolute path.',
    );
    assert.match(why(['/nope/git', './git']), /\/nope\/git, which does not exist\. .*got "\.\/git"/);
  });

  it('Windows git.path: git.exe as given, PATHEXT forms for a path without one, a batch file refused', () => {
    const files = { 'C:\\Git\\bin\\git.exe': FILE, 'C:\\Git\\git.cmd': FILE, 'C:\\Git\\cmd\\git.exe': FILE };
    const setting = (configured: unknown) =>
      on(files, { platform: 'win32', env: { PATH: 'C:\\Git\\cmd' }, configured });
    assert.deepEqual(setting('C:\\Git\\bin\\git.exe'), { ok: true, path: 'C:\\Git\\bin\\git.exe', source: 'setting' });
    assert.deepEqual(setting('C:\\Git\\bin\\git'), { ok: true, path: 'C:\\Git\\bin\\git.exe', source: 'setting' });
    const bat = setting('C:\\Git\\git.cmd');
    assert.ok(!bat.ok && bat.reason.includes('not a program that runs without a shell'), JSON.stringify(bat));
    const driveRelative = setting('C:git.exe');
    assert.ok(
      !driveRelative.ok && driveRelative.reason.includes('must be an absolute path'),
      JSON.stringify(driveRelative),
    );
  });
});
