/** "Always allow" outside the workspace grants exactly a folder the dialog offered, never home or a root. */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { checkGrantFolder, coversFile, folderChoices, type FolderRules } from '../../../src/approvals/grantFolder';
import { classify, elevationFor, type Approved } from '../../../src/approvals/policy';
import type { PermissionItem } from '../../../src/conversation/model';

const POSIX: FolderRules = { home: '/home/me', path: path.posix, caseInsensitive: false };
const WIN: FolderRules = { home: 'C:\\Users\\me', path: path.win32, caseInsensitive: true };

const outside = (file: string): PermissionItem => ({
  kind: 'permission',
  key: 'permission_request:c1',
  event: 'permission_request',
  toolId: 'c1',
  name: 'write_file',
  action: 'prompt',
  permissionGranted: false,
  permissionMode: 'auto',
  sideEffect: 'write',
  reason: null,
  risk: null,
  block: { code: 'outside_workspace', path: file },
  grantMatched: false,
  sessionId: 's1',
  approval: 'pending',
});

describe('grant folders: what an outside-workspace approval may open up', () => {
  it("offers the file's folder and its parents, narrowest first, stopping below home", () => {
    assert.deepEqual(folderChoices('/home/me/proj/sub/notes.txt', POSIX), {
      ok: true,
      choices: ['/home/me/proj/sub', '/home/me/proj'],
    });
  });

  it('stops below the root, and below any folder that contains home', () => {
    assert.deepEqual(folderChoices('/etc/hosts', POSIX), { ok: true, choices: ['/etc'] });
    assert.deepEqual(folderChoices('/srv/data/x/y.txt', POSIX), {
      ok: true,
      choices: ['/srv/data/x', '/srv/data', '/srv'],
    });
    // /home contains /home/me: offering it would hand over the home folder too.
    assert.deepEqual(folderChoices('/home/other/f.txt', POSIX), { ok: true, choices: ['/home/other'] });
  });

  it('refuses a file directly in home (~/.bashrc), in the root (/x), or a relative path, with a reason', () => {
    const home = folderChoices('/home/me/.bashrc', POSIX);
    assert.equal(home.ok, false);
    assert.match(!home.ok ? home.reason : '', /home folder/);
    const root = folderChoices('/vmlinuz', POSIX);
    assert.match(!root.ok ? root.reason : '', /root/);
    const rel = folderChoices('notes.txt', POSIX);
    assert.match(!rel.ok ? rel.reason : '', /not an absolute path/);
    assert.equal(folderChoices('./x/notes.txt', POSIX).ok, false);
  });

  it('checkGrantFolder: home, its parents, roots and relative paths are never allowed', () => {
    for (const bad of ['/', '/home', '/home/me', '/home/me/', '/home/me/../me', '.', '', 'sub/dir', '~']) {
      assert.equal(checkGrantFolder(bad, POSIX).ok, false, bad);
    }
    assert.deepEqual(checkGrantFolder('/home/me/proj/', POSIX), { ok: true, folder: '/home/me/proj' });
  });

  it('Windows: drive roots, UNC share roots, drive-relative paths and home in any case are refused', () => {
    for (const bad of ['C:\\', 'D:\\', 'c:/', '\\\\server\\share\\', '\\foo', 'C:foo', 'c:\\users\\ME', 'C:\\Users']) {
      assert.equal(checkGrantFolder(bad, WIN).ok, false, bad);
    }
    assert.deepEqual(folderChoices('C:\\Users\\me\\proj\\a.txt', WIN), { ok: true, choices: ['C:\\Users\\me\\proj'] });
    assert.deepEqual(folderChoices('D:\\data\\a.txt', WIN), { ok: true, choices: ['D:\\data'] });
    assert.equal(folderChoices('C:\\Users\\ME\\notes.txt', WIN).ok, false);
  });

  it('coversFile is about containment, not string prefixes', () => {
    assert.ok(coversFile('/srv/data', '/srv/data/x/y.txt', POSIX));
    assert.ok(!coversFile('/srv/data', '/srv/database/y.txt', POSIX));
    assert.ok(!coversFile('/srv/data', '/srv/data', POSIX));
  });
});

describe('approval policy with folder rules', () => {
  it('a write to ~/.bashrc or to a file in / is not approvable, and the dialog says why', () => {
    for (const file of ['/home/me/.bashrc', '/passwd', 'relative.txt']) {
      const c = classify(outside(file), POSIX);
      assert.deepEqual(c.choices, ['deny'], file);
      assert.match(c.note ?? '', /VS Code does not grant that/);
    }
  });

  it('the dialog names the exact folder of an approvable write', () => {
    const c = classify(outside('/srv/data/x/y.txt'), POSIX);
    assert.deepEqual(c.choices, ['allow-once', 'always-allow', 'deny']);
    assert.match(c.note ?? '', /\/srv\/data\/x for one follow-up run/);
  });

  const approve = (file: string, choice: Approved['choice'], folder?: string): Approved => ({
    item: outside(file),
    choice,
    args: { path: file },
    ...(folder ? { folder } : {}),
  });

  it('Always allow saves exactly the chosen (narrower or wider) folder, and the run gets it', () => {
    const el = elevationFor([approve('/srv/data/x/y.txt', 'always-allow', '/srv/data')], POSIX);
    assert.deepEqual(el.rememberDirs, ['/srv/data']);
    assert.deepEqual(el.addDirs, ['/srv/data']);
  });

  it("a chosen folder outside the offered ones is never saved: the run gets the file's folder once", () => {
    for (const folder of ['/', '/home/me', '/srv/other', 'rel']) {
      const el = elevationFor([approve('/srv/data/x/y.txt', 'always-allow', folder)], POSIX);
      assert.deepEqual(el.rememberDirs, [], folder);
      assert.deepEqual(el.addDirs, ['/srv/data/x'], folder);
    }
  });

  it('Allow once uses the file\'s folder, and never home, a root or "."', () => {
    assert.deepEqual(elevationFor([approve('/srv/data/x/y.txt', 'allow-once')], POSIX).addDirs, ['/srv/data/x']);
    for (const file of ['/home/me/.bashrc', '/x', 'notes.txt']) {
      const el = elevationFor([approve(file, 'allow-once'), approve(file, 'always-allow', '/home/me')], POSIX);
      assert.deepEqual(el.addDirs, [], file);
      assert.deepEqual(el.rememberDirs, [], file);
    }
  });
});

describe('grant folders and symlinks', () => {
  it('a folder that is a symlink to home or to the root is refused', () => {
    const links: Record<string, string> = { '/srv/me-link': '/home/me', '/srv/rootlink': '/', '/srv/ok': '/data/ok' };
    const rules: FolderRules = { ...POSIX, realpath: (p) => links[p] ?? p };
    assert.match(
      (checkGrantFolder('/srv/me-link', rules) as { reason: string }).reason,
      /leads to \/home\/me.*home folder/,
    );
    assert.equal(checkGrantFolder('/srv/rootlink', rules).ok, false);
    assert.deepEqual(checkGrantFolder('/srv/ok', rules), { ok: true, folder: '/srv/ok' });
    assert.deepEqual(folderChoices('/srv/me-link/.bashrc', rules).ok, false);
  });
});
