// A file link in model output opens a file outside the workspace only after a modal confirmation,
// and a symlink inside the workspace that leads outside counts as outside.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { openFile } from '../../../src/host/views/viewActions';
import { withModalAnswers } from './helpers';

const activePath = (): string | undefined => vscode.window.activeTextEditor?.document.uri.fsPath;

describe('File links from the chat (extension host)', function () {
  let ws: string;
  let outsideDir: string;
  let secret: string;
  const made: string[] = [];

  before(function () {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test needs a workspace folder');
    ws = folder.uri.fsPath;
    outsideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-links-'));
    secret = path.join(outsideDir, 'secret.txt');
    fs.writeFileSync(secret, 'outside the workspace\n');
    fs.writeFileSync(path.join(ws, 'inside-link-target.txt'), 'inside\n');
    fs.symlinkSync(secret, path.join(ws, 'innocent.txt'));
    made.push(path.join(ws, 'inside-link-target.txt'), path.join(ws, 'innocent.txt'));
  });

  after(async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const f of made) fs.rmSync(f, { force: true });
  });

  beforeEach(async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a workspace file opens without asking', async function () {
    await withModalAnswers(
      () => undefined,
      async (calls) => {
        await openFile(ws, 'inside-link-target.txt');
        assert.equal(calls.length, 0);
        assert.equal(activePath(), path.join(ws, 'inside-link-target.txt'));
      },
    );
  });

  it('an absolute path outside asks first; dismissing opens nothing', async function () {
    await withModalAnswers(
      () => undefined,
      async (calls) => {
        await openFile(ws, secret);
        assert.equal(calls.length, 1);
        assert.match(calls[0]!.message, /outside the workspace/);
        assert.ok(calls[0]!.detail.includes(secret), calls[0]!.detail);
        assert.equal(activePath(), undefined);
      },
    );
  });

  it('a symlink in the workspace that leads outside asks first, naming where it leads; Open opens it', async function () {
    await withModalAnswers(
      () => 'Open',
      async (calls) => {
        await openFile(ws, 'innocent.txt');
        assert.equal(calls.length, 1, 'asked although the link lies inside the workspace');
        assert.ok(calls[0]!.detail.includes(fs.realpathSync(secret)), calls[0]!.detail);
        assert.equal(activePath(), fs.realpathSync(secret));
      },
    );
  });
});
