// A fresh folder under the system's temp folder for each test, removed after it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Mocha hooks: before each test a new folder (its real path, so it compares equal to what a
 * process reports), after each test it is removed. Returns the current folder's path.
 *
 *   const dir = useTempDir('zero-grants-');
 *   it('…', () => fs.writeFileSync(path.join(dir(), 'a'), ''));
 *
 * Hooks run in the order they are registered: an afterEach that still writes in the folder (a
 * ChatStore settling) must be registered before this call, so that it runs before the removal.
 */
export function useTempDir(prefix = 'zero-test-'): () => string {
  let current: string | undefined;
  beforeEach(() => {
    current = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  });
  afterEach(() => {
    if (current) fs.rmSync(current, { recursive: true, force: true });
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('useTempDir: the folder exists only while a test runs');
    return current;
  };
}
