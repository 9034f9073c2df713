import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { resolveFileRef } from '../../src/host/fileRefs';

const roots = ['/ws/app', '/ws/lib'];
const files = new Set(['/ws/app/src/a.ts', '/ws/lib/util.ts', '/etc/hosts']);
const exists = (f: string): boolean => files.has(f);
const r = (raw: string, folder: string | null = '/ws/app') => resolveFileRef(raw, folder, roots, exists, path.posix);

describe('file references from the chat', () => {
  it('resolves workspace-relative paths against the run folder', () => {
    assert.deepEqual(r('src/a.ts'), { file: '/ws/app/src/a.ts', inside: true });
  });

  it('falls back to the other workspace folders (multi-root)', () => {
    assert.deepEqual(r('util.ts'), { file: '/ws/lib/util.ts', inside: true });
  });

  it('links a missing workspace path (it may be about to be created) but never a missing outside path', () => {
    assert.deepEqual(r('src/new.ts'), { file: '/ws/app/src/new.ts', inside: true });
    assert.equal(r('/opt/secret/missing.txt'), null);
    assert.equal(r('../../outside/missing.txt'), null);
  });

  it('follows an outside path only when it exists', () => {
    assert.deepEqual(r('/etc/hosts'), { file: '/etc/hosts', inside: false });
  });

  it('ignores URLs, empty strings and NUL bytes', () => {
    assert.equal(r('https://example.com/a.ts'), null);
    assert.equal(r('   '), null);
    assert.equal(r('a\0b.ts'), null);
  });

  it('without a run folder, relative paths still resolve against the workspace folders', () => {
    assert.deepEqual(r('src/a.ts', null), { file: '/ws/app/src/a.ts', inside: true });
  });
});
