import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findZero, type PathInfo } from '../../../src/zero/binary/findZero';
import { useTempDir } from '../../support/tempDir';

/** A fake file system: path → kind. */
function fakeStat(files: Record<string, 'exe' | 'file' | 'dir'>): (p: string) => PathInfo | undefined {
  return (p) => {
    const kind = files[p];
    if (!kind) return undefined;
    return { isFile: kind !== 'dir', isDirectory: kind === 'dir', executable: kind === 'exe' };
  };
}

describe('findZero', () => {
  describe('POSIX', () => {
    const base = { platform: 'linux' as const, homedir: '/home/me' };

    it('uses the configured path, expanding ~', () => {
      const r = findZero({
        ...base,
        configuredPath: '~/bin/zero',
        env: { PATH: '/usr/bin' },
        stat: fakeStat({ '/home/me/bin/zero': 'exe' }),
      });
      assert.deepEqual(r, { ok: true, path: '/home/me/bin/zero', source: 'setting' });
    });

    it('treats a blank setting as unset', () => {
      const r = findZero({
        ...base,
        configuredPath: '   ',
        env: { PATH: '/usr/bin' },
        stat: fakeStat({ '/usr/bin/zero': 'exe' }),
      });
      assert.deepEqual(r, { ok: true, path: '/usr/bin/zero', source: 'path' });
    });

    it('does not fall back when the configured path is missing', () => {
      const r = findZero({
        ...base,
        configuredPath: '/opt/zero/zero',
        env: { PATH: '/usr/bin' },
        stat: fakeStat({ '/usr/bin/zero': 'exe' }),
      });
      assert.equal(r.ok, false);
      assert.ok(!r.ok && /\/opt\/zero\/zero, which does not exist/.test(r.reason), JSON.stringify(r));
    });

    it('explains a configured path that is not executable', () => {
      const r = findZero({ ...base, configuredPath: '/opt/zero', env: {}, stat: fakeStat({ '/opt/zero': 'file' }) });
      assert.ok(!r.ok && /is not executable/.test(r.reason));
    });

    it('explains a configured path that is a directory', () => {
      const r = findZero({ ...base, configuredPath: '/opt/zero', env: {}, stat: fakeStat({ '/opt/zero': 'dir' }) });
      assert.ok(!r.ok && /is a directory/.test(r.reason));
    });

    it('rejects a relative configured path', () => {
      const r = findZero({ ...base, configuredPath: 'bin/zero', env: {}, stat: fakeStat({}) });
      assert.ok(!r.ok && /absolute path/.test(r.reason));
    });

    it('looks a bare configured name up on PATH', () => {
      const r = findZero({
        ...base,
        configuredPath: 'zero-nightly',
        env: { PATH: '/a:/b' },
        stat: fakeStat({ '/b/zero-nightly': 'exe' }),
      });
      assert.deepEqual(r, { ok: true, path: '/b/zero-nightly', source: 'setting' });
    });

    it('searches PATH in order, skipping non-executables and relative entries', () => {
      const r = findZero({
        ...base,
        env: { PATH: ':.:/a:/b:/c' },
        stat: fakeStat({ zero: 'exe', '/a/zero': 'file', '/b/zero': 'exe', '/c/zero': 'exe' }),
      });
      assert.deepEqual(r, { ok: true, path: '/b/zero', source: 'path' });
    });

    it('falls back to the usual install places', () => {
      const r = findZero({
        ...base,
        env: { PATH: '/usr/bin' },
        stat: fakeStat({ '/home/me/.npm-global/bin/zero': 'exe' }),
      });
      assert.deepEqual(r, { ok: true, path: '/home/me/.npm-global/bin/zero', source: 'known-location' });
    });

    it('uses npm_config_prefix/bin', () => {
      const r = findZero({
        ...base,
        env: { PATH: '', npm_config_prefix: '/srv/npm' },
        stat: fakeStat({ '/srv/npm/bin/zero': 'exe' }),
      });
      assert.deepEqual(r, { ok: true, path: '/srv/npm/bin/zero', source: 'known-location' });
    });

    it('reports every place it tried', () => {
      const r = findZero({ ...base, env: { PATH: '/a:/b' }, stat: fakeStat({}) });
      assert.equal(r.ok, false);
      if (r.ok) return;
      assert.match(r.reason, /not found/);
      for (const p of [
        '/a/zero',
        '/b/zero',
        '/home/me/.local/bin/zero',
        '/home/me/.npm-global/bin/zero',
        '/usr/local/bin/zero',
        '/opt/homebrew/bin/zero',
      ]) {
        assert.ok(r.tried.includes(p), `tried ${p}`);
      }
      assert.equal(new Set(r.tried).size, r.tried.length, 'no duplicates');
    });
  });

  describe('Windows', () => {
    const base = { platform: 'win32' as const, homedir: 'C:\\Users\\me' };

    it('uses PATHEXT-style extensions on PATH, with a case-insensitive Path variable', () => {
      const r = findZero({
        ...base,
        env: { Path: 'C:\\Windows;"C:\\Tools"' },
        stat: fakeStat({ 'C:\\Tools\\zero': 'exe', 'C:\\Tools\\zero.cmd': 'exe' }),
      });
      assert.deepEqual(r, { ok: true, path: 'C:\\Tools\\zero.cmd', source: 'path' });
    });

    it('prefers .exe over .cmd in the same directory', () => {
      const r = findZero({
        ...base,
        env: { PATH: 'C:\\Tools' },
        stat: fakeStat({ 'C:\\Tools\\zero.exe': 'exe', 'C:\\Tools\\zero.cmd': 'exe' }),
      });
      assert.ok(r.ok && r.path === 'C:\\Tools\\zero.exe');
    });

    it('finds %APPDATA%\\npm\\zero.cmd and %LOCALAPPDATA%\\Programs\\zero\\zero.exe', () => {
      const env = {
        PATH: '',
        APPDATA: 'C:\\Users\\me\\AppData\\Roaming',
        LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local',
      };
      const npm = findZero({
        ...base,
        env,
        stat: fakeStat({ 'C:\\Users\\me\\AppData\\Roaming\\npm\\zero.cmd': 'exe' }),
      });
      assert.deepEqual(npm, {
        ok: true,
        path: 'C:\\Users\\me\\AppData\\Roaming\\npm\\zero.cmd',
        source: 'known-location',
      });
      const prog = findZero({
        ...base,
        env,
        stat: fakeStat({ 'C:\\Users\\me\\AppData\\Local\\Programs\\zero\\zero.exe': 'exe' }),
      });
      assert.ok(prog.ok && prog.source === 'known-location' && prog.path.endsWith('Programs\\zero\\zero.exe'));
    });

    it('adds the extension to a configured path without one', () => {
      const r = findZero({
        ...base,
        configuredPath: '~\\AppData\\Roaming\\npm\\zero',
        env: {},
        stat: fakeStat({ 'C:\\Users\\me\\AppData\\Roaming\\npm\\zero.cmd': 'exe' }),
      });
      assert.deepEqual(r, { ok: true, path: 'C:\\Users\\me\\AppData\\Roaming\\npm\\zero.cmd', source: 'setting' });
    });

    it('explains a configured extensionless sh shim that Windows cannot run', () => {
      const r = findZero({
        ...base,
        configuredPath: 'C:\\npm\\zero',
        env: {},
        stat: fakeStat({ 'C:\\npm\\zero': 'file' }),
      });
      assert.ok(!r.ok && /not a Windows executable/.test(r.reason));
    });
  });

  describe('real file system', () => {
    const dir = useTempDir('findzero-');

    it('checks the execute bit', function () {
      if (process.platform === 'win32') this.skip();
      const file = path.join(dir(), 'zero');
      fs.writeFileSync(file, '#!/bin/sh\n', { mode: 0o644 });
      const notExec = findZero({ configuredPath: file, env: {} });
      assert.ok(!notExec.ok && /not executable/.test(notExec.reason));
      fs.chmodSync(file, 0o755);
      assert.deepEqual(findZero({ env: { PATH: dir() } }), { ok: true, path: file, source: 'path' });
    });
  });
});
