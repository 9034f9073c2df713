import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { resolveFileRef } from '../../../src/pathSearch/fileRefs';

const roots = ['/ws/app', '/ws/lib'];
const files = new Set(['/ws/app/src/a.ts', '/ws/lib/util.ts', '/etc/hosts']);
const exists = (f: string): boolean => files.has(f);
const r = (raw: string, folder: string | null = '/ws/app') => resolveFileRef(raw, folder, roots, exists, path.posix);

describe('file references from the chat', () => {
  it('resolves workspace-relative paths against the run folder', () => {
    assert.deepEqual(r('src/a.ts'), { file: '/ws/app/src/a.ts', real: '/ws/app/src/a.ts', inside: true });
  });

  it('falls back to the other workspace folders (multi-root)', () => {
    assert.deepEqual(r('util.ts'), { file: '/ws/lib/util.ts', real: '/ws/lib/util.ts', inside: true });
  });

  it('links a missing workspace path (it may be about to be created) but never a missing outside path', () => {
    assert.deepEqual(r('src/new.ts'), { file: '/ws/app/src/new.ts', real: '/ws/app/src/new.ts', inside: true });
    assert.equal(r('/opt/secret/missing.txt'), null);
    assert.equal(r('../../outside/missing.txt'), null);
  });

  it('follows an outside path only when it exists', () => {
    assert.deepEqual(r('/etc/hosts'), { file: '/etc/hosts', real: '/etc/hosts', inside: false });
  });

  it('ignores URLs, empty strings and NUL bytes', () => {
    assert.equal(r('https://example.com/a.ts'), null);
    assert.equal(r('   '), null);
    assert.equal(r('a\0b.ts'), null);
  });

  it('without a run folder, relative paths still resolve against the workspace folders', () => {
    assert.deepEqual(r('src/a.ts', null), { file: '/ws/app/src/a.ts', real: '/ws/app/src/a.ts', inside: true });
  });

  describe('with symlinks (real paths decide inside or outside)', () => {
    // /ws/app/evil -> /etc/passwd, /ws/app/etc -> /etc, /ws/app/back -> /ws/lib, and the root /ws/app itself is
    // reached through /home/me/app -> /ws/app.
    const links: Record<string, string> = {
      '/ws/app/evil': '/etc/passwd',
      '/ws/app/etc': '/etc',
      '/ws/app/back': '/ws/lib',
      '/home/me/app': '/ws/app',
    };
    const onDisk = new Set([
      '/ws/app',
      '/ws/lib',
      '/ws',
      '/',
      '/etc',
      '/etc/passwd',
      '/ws/app/src',
      '/ws/app/src/a.ts',
      '/ws/lib/util.ts',
      '/home',
      '/home/me',
    ]);
    const realpath = (f: string): string | null => {
      for (const [from, to] of Object.entries(links)) {
        if (f === from) return to;
        if (f.startsWith(`${from}/`)) return realpath(to + f.slice(from.length));
      }
      return onDisk.has(f) ? f : null;
    };
    const linked = (f: string): boolean => realpath(f) !== null;
    const rr = (raw: string, roots2: readonly string[] = roots) =>
      resolveFileRef(raw, '/ws/app', roots2, linked, path.posix, realpath);

    it('a workspace path that is a symlink to a file outside counts as outside', () => {
      assert.deepEqual(rr('evil'), { file: '/ws/app/evil', real: '/etc/passwd', inside: false });
      assert.deepEqual(rr('etc/passwd'), { file: '/ws/app/etc/passwd', real: '/etc/passwd', inside: false });
    });

    it('a missing file under a symlinked folder outside is not linked at all', () => {
      assert.equal(rr('etc/new-file.conf'), null);
    });

    it('a symlink to another workspace folder stays inside', () => {
      assert.deepEqual(rr('back/util.ts'), { file: '/ws/app/back/util.ts', real: '/ws/lib/util.ts', inside: true });
    });

    it('workspace folders opened through a symlink are resolved too', () => {
      assert.deepEqual(rr('/ws/app/src/a.ts', ['/home/me/app']), {
        file: '/ws/app/src/a.ts',
        real: '/ws/app/src/a.ts',
        inside: true,
      });
      assert.equal(rr('/home/me/app/evil', ['/home/me/app'])?.inside, false);
    });
  });
});
