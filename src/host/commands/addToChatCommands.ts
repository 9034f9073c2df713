/**
 * "Add to Zero Chat" from outside the editor: files and folders from the Explorer become chips that
 * send their paths; a terminal selection becomes a chip with the text in a fence.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { terminalBlock } from '../../conversation/prompts/composerPrompt';
import type { ChatController } from '../../chats/chatController';

export const ADD_TO_CHAT = 'zero.addToChat';
export const ADD_TERMINAL_SELECTION = 'zero.addTerminalSelectionToChat';

export function registerAddToChatCommands(
  controller: ChatController,
  folder: () => string | null,
  reveal: () => Promise<void>,
): vscode.Disposable[] {
  return [
    // The Explorer passes the clicked item and, with a multi-selection, all selected items.
    vscode.commands.registerCommand(ADD_TO_CHAT, async (clicked?: vscode.Uri, selected?: vscode.Uri[]) => {
      const uris = selected && selected.length > 0 ? selected : clicked ? [clicked] : [];
      if (uris.length === 0) {
        void vscode.window.showInformationMessage(
          'Right-click a file or folder in the Explorer to add it to the Zero chat.',
        );
        return;
      }
      for (const uri of uris) {
        const isFolder = await vscode.workspace.fs.stat(uri).then(
          (s) => (s.type & vscode.FileType.Directory) !== 0,
          () => false,
        );
        controller.attachments.addPath(relativePath(uri, folder()), isFolder);
      }
      await reveal();
    }),
    vscode.commands.registerCommand(ADD_TERMINAL_SELECTION, async () => {
      const text = await terminalSelection();
      if (!text.trim()) {
        void vscode.window.showInformationMessage('Select some text in the terminal first.');
        return;
      }
      const name = vscode.window.activeTerminal?.name ?? 'terminal';
      controller.attachments.add(`Terminal: ${name}`, 'text', terminalBlock(name, text));
      await reveal();
    }),
  ];
}

/** Relative to the folder Zero runs in, with `/`; elsewhere the absolute path. */
function relativePath(uri: vscode.Uri, root: string | null): string {
  const rel = root ? path.relative(root, uri.fsPath) : '';
  if (root && rel && !rel.startsWith('..') && !path.isAbsolute(rel)) return rel.split(path.sep).join('/');
  return uri.fsPath;
}

/**
 * The stable API has no terminal selection: copy it with the terminal's own command and read the
 * clipboard, then put the user's clipboard back.
 */
async function terminalSelection(): Promise<string> {
  const saved = await vscode.env.clipboard.readText();
  await vscode.env.clipboard.writeText('');
  try {
    await vscode.commands.executeCommand('workbench.action.terminal.copySelection');
    return await vscode.env.clipboard.readText();
  } finally {
    await vscode.env.clipboard.writeText(saved);
  }
}
