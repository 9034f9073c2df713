// killTree on Windows runs taskkill.exe by Windows' own absolute path: spawned by its bare name,
// Windows would look in the current folder (possibly the workspace) before PATH.
import { strict as assert } from 'node:assert';
import { taskkillPath } from '../../../src/zero/process/killTree';

describe('taskkillPath: the taskkill killTree runs on Windows', () => {
  it("is SystemRoot's System32\\taskkill.exe, never a bare name", () => {
    assert.equal(taskkillPath({ SystemRoot: 'C:\\Windows' }), 'C:\\Windows\\System32\\taskkill.exe');
    assert.equal(taskkillPath({ SYSTEMROOT: 'D:\\WINNT\\' }), 'D:\\WINNT\\System32\\taskkill.exe');
    assert.equal(taskkillPath({ windir: 'E:\\Win' }), 'E:\\Win\\System32\\taskkill.exe');
  });

  it('a missing, relative, rootless or odd SystemRoot gives C:\\Windows', () => {
    for (const SystemRoot of [
      undefined,
      '',
      'Windows',
      '.\\Windows',
      '\\Windows',
      'C:Windows',
      'C:\\a\\..\\b',
      'C:\\x;y',
    ])
      assert.equal(taskkillPath({ SystemRoot }), 'C:\\Windows\\System32\\taskkill.exe', String(SystemRoot));
  });
});
