// killTree: signalling a process and its group (POSIX) or its tree (Windows).
import * as assert from 'node:assert/strict';
import { killTree } from '../../../src/zero/process/killTree';

describe('killTree', () => {
  it('Windows: taskkill /T /F on the pid', async () => {
    const calls: (readonly string[])[] = [];
    await killTree(1234, 'SIGINT', { platform: 'win32', taskkill: async (args) => void calls.push(args) });
    assert.deepEqual(calls, [['/pid', '1234', '/T', '/F']]);
  });

  it('POSIX: signals the group, then falls back to the pid', async () => {
    const calls: Array<[number, string | 0]> = [];
    const noGroup = (pid: number, sig: NodeJS.Signals | 0) => {
      calls.push([pid, sig]);
      if (pid < 0) throw Object.assign(new Error('no group'), { code: 'ESRCH' });
    };
    await killTree(42, 'SIGTERM', { platform: 'linux', kill: noGroup });
    assert.deepEqual(calls, [
      [-42, 'SIGTERM'],
      [42, 'SIGTERM'],
    ]);
    calls.length = 0;
    await killTree(42, 'SIGKILL', { platform: 'darwin', kill: (pid, sig) => void calls.push([pid, sig]) });
    assert.deepEqual(calls, [[-42, 'SIGKILL']]);
  });

  it('ignores invalid pids and processes that are already gone', async () => {
    await killTree(0);
    await killTree(-5);
    await killTree(2 ** 22 + 12345, 'SIGKILL', { platform: 'linux' });
  });
});
