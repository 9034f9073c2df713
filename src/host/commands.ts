/** Command palette and view-title commands. Commands take no arguments: they act on the current chat. */
import * as vscode from 'vscode';
import type { ChatController } from './chatController';
import type { ChatPanel } from './chatPanel';
import type { ChatViewProvider } from './chatViewProvider';
import { showHistory } from './viewActions';

export interface CommandDeps {
  readonly controller: ChatController;
  readonly view: ChatViewProvider;
  readonly panel: ChatPanel;
  readonly log: vscode.LogOutputChannel;
  readonly recheckBinary: () => Promise<void>;
}

export function registerCommands(d: CommandDeps): vscode.Disposable[] {
  const reg = (id: string, fn: () => unknown): vscode.Disposable => vscode.commands.registerCommand(id, fn);
  return [
    reg('zero.newChat', () => {
      d.controller.newChat();
      return d.view.reveal();
    }),
    reg('zero.stop', () => d.controller.stop()),
    reg('zero.showHistory', () => showHistory(d.controller)),
    reg('zero.openInEditor', () => d.panel.show()),
    reg('zero.focus', () => d.view.reveal()),
    reg('zero.showLog', () => d.log.show(true)),
    reg('zero.setPath', async () => {
      const picked = await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: 'Use this Zero', title: 'Choose the zero executable' });
      if (!picked?.[0]) return;
      // Global (user/machine) only: a workspace must never choose the binary.
      await vscode.workspace.getConfiguration('zero').update('path', picked[0].fsPath, vscode.ConfigurationTarget.Global);
      await d.recheckBinary();
    }),
  ];
}
