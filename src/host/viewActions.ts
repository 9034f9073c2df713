/** The chat view's requests that need the editor: clipboard, files, history, fixing the binary, trust. */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { BindingHandlers } from './chatWebviewBinding';
import type { ChatController } from './chatController';
import { assertNever } from '../conversation/actions';
import { resolveFileRef } from './fileRefs';

export const INSTALL_URL = 'https://github.com/Gitlawb/zero#installation';

export interface ViewActionDeps {
  readonly controller: ChatController;
  readonly folder: () => string | null;
  readonly recheckBinary: () => Promise<void>;
  readonly reviewApproval: (turnId: string, key: string) => Promise<void>;
  readonly openDiff: (turnId: string, path: string) => Promise<void>;
  readonly undoTurn: (turnId: string) => Promise<void>;
  readonly chooseFolder: () => Promise<void>;
  readonly log: vscode.LogOutputChannel;
}

export function viewActions(deps: ViewActionDeps): BindingHandlers {
  return {
    async handle(msg) {
      switch (msg.type) {
        case 'copy':
          await vscode.env.clipboard.writeText(msg.text);
          return;
        case 'insertAtCursor':
          return insertAtCursor(msg.text);
        case 'openFile':
          return openFile(deps.folder(), msg.path, msg.line);
        case 'showHistory':
          return showHistory(deps.controller);
        case 'reviewApproval':
          return deps.reviewApproval(msg.turnId, msg.key);
        case 'fixBinary':
          return fixBinary(msg.action, deps);
        case 'trustWorkspace':
          await vscode.commands.executeCommand('workbench.trust.manage');
          return;
        case 'chooseFolder':
          return deps.chooseFolder();
        case 'openDiff':
          return deps.openDiff(msg.turnId, msg.path);
        case 'undoTurn':
          return deps.undoTurn(msg.turnId);
        default:
          assertNever(msg);
      }
    },
  };
}

async function insertAtCursor(text: string): Promise<void> {
  const editor = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors[0];
  if (!editor) {
    void vscode.window.showInformationMessage('Open a file to insert the code into.');
    return;
  }
  await editor.edit((b) => editor.selections.forEach((s) => b.replace(s, text)));
}

/** Opens a path from the chat at a line (see fileRefs for which paths are followed). */
export async function openFile(folder: string | null, raw: string, line?: number): Promise<void> {
  const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  const target = resolveFileRef(raw, folder, roots, (p) => fs.existsSync(p));
  if (!target || !fs.existsSync(target.file)) {
    void vscode.window.showWarningMessage(target ? `File not found: ${raw}` : `Not opening ${raw}: it is outside the workspace and does not exist.`);
    return;
  }
  const pos = new vscode.Position(Math.max(0, (line ?? 1) - 1), 0);
  await vscode.window.showTextDocument(vscode.Uri.file(target.file), { selection: new vscode.Range(pos, pos), preview: true });
}

export async function showHistory(controller: ChatController): Promise<void> {
  const del: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('trash'), tooltip: 'Delete chat' };
  const items = controller.viewState().history.map((c) => ({
    label: c.title,
    description: `${c.turns} turn${c.turns === 1 ? '' : 's'} · ${new Date(c.updatedAt).toLocaleString()}`,
    id: c.id,
    buttons: [del],
  }));
  if (items.length === 0) {
    void vscode.window.showInformationMessage('No saved Zero chats in this workspace yet.');
    return;
  }
  const pick = vscode.window.createQuickPick<(typeof items)[number]>();
  pick.items = items;
  pick.placeholder = 'Open a Zero chat from this workspace';
  pick.onDidTriggerItemButton((e) => {
    controller.deleteChat(e.item.id);
    pick.items = pick.items.filter((i) => i.id !== e.item.id);
  });
  pick.onDidAccept(() => {
    const chosen = pick.selectedItems[0];
    if (chosen) controller.openChat(chosen.id);
    pick.hide();
  });
  pick.onDidHide(() => pick.dispose());
  pick.show();
}

async function fixBinary(action: 'setPath' | 'installHelp' | 'showLog' | 'retry', deps: ViewActionDeps): Promise<void> {
  switch (action) {
    case 'setPath':
      await vscode.commands.executeCommand('zero.setPath');
      return;
    case 'installHelp':
      await vscode.env.openExternal(vscode.Uri.parse(INSTALL_URL));
      return;
    case 'showLog':
      deps.log.show(true);
      return;
    case 'retry':
      await deps.recheckBinary();
      return;
    default:
      assertNever(action);
  }
}
