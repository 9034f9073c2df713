/**
 * "Set Up Zero in Terminal": `zero setup`, Zero's own first-run setup (it picks a provider and stores
 * its key), in an integrated terminal. The terminal runs the resolved zero binary itself with the one
 * fixed argument `setup`: no shell, nothing built from a chat's or a repository's text. It starts in
 * the user's home folder, not the workspace, since setup writes the user's config; in an untrusted
 * workspace it is offered only after trust, as Continue in Terminal's commands are (commands.ts).
 * When the terminal closes, the provider and model lists are read again.
 */
import * as os from 'node:os';
import * as vscode from 'vscode';
import { findZero } from '../../zero';
import { readSettings } from '../workspace/settings';

export const SETUP_COMMAND = 'zero.setupInTerminal';

export function setupInTerminal(whenClosed: () => void): vscode.Terminal | undefined {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showInformationMessage('zero setup runs Zero: trust this workspace first.');
    return undefined;
  }
  const settings = readSettings();
  const found = findZero({ configuredPath: settings.path });
  if (!found.ok) {
    void vscode.window.showErrorMessage(`Cannot set up Zero in a terminal: ${found.reason}`);
    return undefined;
  }
  const terminal = vscode.window.createTerminal({
    name: 'Zero: setup',
    shellPath: found.path,
    shellArgs: ['setup'],
    cwd: os.homedir(),
    env: { ...settings.env },
    iconPath: new vscode.ThemeIcon('terminal'),
  });
  const closed = vscode.window.onDidCloseTerminal((t) => {
    if (t !== terminal) return;
    closed.dispose();
    whenClosed();
  });
  terminal.show();
  return terminal;
}
