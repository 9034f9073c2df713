/** Command palette and view-title commands. They act on the current chat (the one the user last worked in). */
import * as vscode from 'vscode';
import type { ChatController } from '../../chats/chatController';
import type { ChatTabs } from '../views/chatTabs';
import type { ChatViewProvider } from '../views/chatViewProvider';
import { loadHistory } from '../history/historyLoader';
import { activeFolder } from '../workspace/workspaceFolders';

export interface CommandDeps {
  readonly controller: ChatController;
  readonly view: ChatViewProvider;
  readonly tabs: ChatTabs;
  readonly log: vscode.LogOutputChannel;
  readonly recheckBinary: () => Promise<void>;
}

export function registerCommands(d: CommandDeps): vscode.Disposable[] {
  const reg = (id: string, fn: () => unknown): vscode.Disposable => vscode.commands.registerCommand(id, fn);
  return [
    reg('zero.newChat', () => {
      d.controller.focus.newChat();
      return d.view.reveal();
    }),
    reg('zero.stop', () => d.controller.runs.stop(d.controller.focus.workingChatId)),
    reg('zero.showHistory', () => loadHistory().showHistory(d.controller, { openInTab: (id) => d.tabs.open(id) })),
    reg('zero.renameChat', () => {
      const chat = d.controller.focus.workingChat;
      if (chat.turns.length === 0)
        return void vscode.window.showInformationMessage(
          'Send a message first: a chat gets a history entry, and a name, with its first message.',
        );
      return loadHistory().renameChat(d.controller, chat.id, chat.title);
    }),
    reg('zero.copySessionId', async () => {
      const id = d.controller.focus.workingChat.sessionId;
      if (!id)
        return void vscode.window.showInformationMessage(
          'This chat has no Zero session yet: it gets one with its first answer.',
        );
      await vscode.env.clipboard.writeText(id);
      void vscode.window.showInformationMessage(`Copied the Zero session ID ${id}.`);
    }),
    vscode.commands.registerCommand('zero.continueInTerminal', (command?: unknown) => {
      const chat = d.controller.focus.workingChat;
      if (command === '/compact' || command === '/init') return offerInTerminal(command, chat, activeFolder());
      if (!chat.sessionId)
        return void vscode.window.showInformationMessage(
          'This chat has no Zero session yet: it gets one with its first answer.',
        );
      loadHistory().continueInTerminal(chat.sessionId, chat.title, activeFolder());
      return undefined;
    }),
    // From the palette: the sidebar's chat moves to a tab. With an id (history): that chat.
    vscode.commands.registerCommand('zero.openInEditor', (chatId?: unknown) =>
      typeof chatId === 'string' ? d.tabs.open(chatId) : d.tabs.openCurrent(),
    ),
    reg('zero.focus', () => d.view.reveal()),
    reg('zero.showLog', () => d.log.show(true)),
    reg('zero.setPath', async () => {
      const picked = await vscode.window.showOpenDialog({
        canSelectMany: false,
        openLabel: 'Use this Zero',
        title: 'Choose the zero executable',
      });
      if (!picked?.[0]) return;
      // Global (user/machine) only: a workspace must never choose the binary.
      await vscode.workspace
        .getConfiguration('zero')
        .update('path', picked[0].fsPath, vscode.ConfigurationTarget.Global);
      await d.recheckBinary();
    }),
  ];
}

/** Zero 0.8 runs /compact and /init in its terminal UI only: say so, and offer it there, the command typed. */
async function offerInTerminal(
  command: '/compact' | '/init',
  chat: { readonly sessionId: string | null; readonly title: string },
  folder: string | null,
): Promise<void> {
  if (!vscode.workspace.isTrusted)
    return void vscode.window.showInformationMessage(`${command} runs Zero: trust this workspace first.`);
  if (command === '/compact' && !chat.sessionId)
    return void vscode.window.showInformationMessage(
      'Nothing to compact: this chat has no Zero session yet. It gets one with its first answer.',
    );
  const why =
    command === '/compact'
      ? "Zero 0.8 compacts a session only in its terminal UI: zero exec and zero acp have no /compact. Continue this chat in Zero's terminal UI, with /compact typed for you to run?"
      : "Zero's /init (investigate the repository and write AGENTS.md) runs in its terminal UI. Open it in a terminal, with /init typed for you to run?";
  const go = 'Continue in Terminal';
  if ((await vscode.window.showInformationMessage(why, go)) !== go) return;
  loadHistory().continueInTerminal(command === '/compact' ? chat.sessionId : null, chat.title, folder, command);
}
