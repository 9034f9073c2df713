// Where a path from Zero's session store may be written by a per-file Revert: only inside the
// workspace, as Zero's own restore allows (rewind.go resolveWithinWorkspace).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveWithinWorkspace } from '../../../src/zero/process/workspacePath';

describe('resolveWithinWorkspace', function () {
  let dir: string;
  let ws: string;
  before(function () {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zero-wspath-')));
    ws = path.join(dir, 'ws');
    fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'outside'));
    fs.writeFileSync(path.join(ws, 'src', 'a.txt'), 'a');
    if (process.platform !== 'win32') fs.symlinkSync(path.join(dir, 'outside'), path.join(ws, 'escape'));
  });
  after(function () {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('resolves existing and not-yet-existing files inside', function () {
    assert.equal(resolveWithinWorkspace(ws, 'src/a.txt'), path.join(ws, 'src', 'a.txt'));
    assert.equal(resolveWithinWorkspace(ws, 'new/dir/b.txt'), path.join(ws, 'new', 'dir', 'b.txt'));
    assert.equal(resolveWithinWorkspace(ws, './src/../src/a.txt'), path.join(ws, 'src', 'a.txt'));
  });

  it('refuses ../, absolute paths, the root itself and symlinks that lead out', function () {
    assert.equal(resolveWithinWorkspace(ws, '../outside/x.txt'), null);
    assert.equal(resolveWithinWorkspace(ws, path.join(dir, 'outside', 'x.txt')), null);
    assert.equal(resolveWithinWorkspace(ws, '.'), null);
    if (process.platform !== 'win32') assert.equal(resolveWithinWorkspace(ws, 'escape/x.txt'), null);
    assert.equal(resolveWithinWorkspace(path.join(dir, 'missing'), 'a.txt'), null);
  });
});
