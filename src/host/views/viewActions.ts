/** The chat view's messages that need the editor: the composer, clipboard, files, history, fixing the binary, trust. */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { EditorHandlers } from './chatWebviewBinding';
import type { ChatController } from '../../chats/chatController';
import { assertNever } from '../../conversation/actions';
import type { ComposerService } from '../composer/composerService';
import { DIAGNOSE_COMMAND } from '../diagnose/diagnoseCommand';
import { resolveFileRef } from '../../pathSearch/fileRefs';
import { loadHistory } from '../history/historyLoader';

export const INSTALL_URL = 'https://github.com/Gitlawb/zero#installation';

export interface ViewActionDeps {
  readonly controller: ChatController;
  readonly folder: () => string | null;
  readonly recheckBinary: () => Promise<void>;
  readonly reviewApproval: (turnId: string, key: string) => Promise<void>;
  readonly openDiff: (turnId: string, path: string) => Promise<void>;
  readonly undoTurn: (turnId: string) => Promise<void>;
  /** Open Full Output of a tool call in the view's chat (fullToolOutput.ts). */
  readonly openToolOutput: (chatId: string, turnId: string, key: string) => Promise<void>;
  /** A subagent card's Open subagent transcript (host/history/subagentTranscripts.ts). */
  readonly openSubagent: (chatId: string, turnId: string, toolId: string) => Promise<void>;
  /** A spec turn's card (host/review/specActions.ts). */
  readonly spec: (turnId: string, action: 'approve' | 'reject' | 'open' | 'implement', note: string) => Promise<void>;
  /** Fork from here, in the chat the view shows (host/history/forkChats.ts). */
  readonly forkTurn: (chatId: string, turnId: string) => Promise<void>;
  readonly keepFile: (turnId: string, path: string) => void;
  readonly revertFile: (turnId: string, path: string) => Promise<void>;
  readonly chooseFolder: () => Promise<void>;
  readonly setAcpMode: (mode: string) => Promise<void>;
  readonly setAcpModel: (model: string) => Promise<void>;
  /** Isolated chats: the header's toggle and its worktree's actions (worktreeService.ts). */
  readonly worktrees: {
    setIsolated(chatId: string, on: boolean): Promise<boolean>;
    act(chatId: string, action: 'changes' | 'mergeBack' | 'discard'): Promise<void>;
  };
  readonly composer: ComposerService;
  /** Open a chat in an editor tab (history's button). */
  readonly openInTab?: (chatId: string) => unknown;
  /** Open a chat where the user works: the active tab, else the sidebar. */
  readonly openChat?: (chatId: string) => unknown;
  readonly log: vscode.LogOutputChannel;
}

/** The editor side of the chat view's messages; the binding answers the rest (chatWebviewBinding.ts). */
export function viewActions(deps: ViewActionDeps): EditorHandlers {
  return {
    send: (msg) =>
      deps.composer
        .send(msg.text, msg.options)
        .catch((err: unknown) => deps.log.error(`Sending failed: ${String(err)}`)),
    mentionQuery: (msg, view) =>
      deps.composer.search(msg.query).then(
        (items) => view.reply({ type: 'mentionResults', requestId: msg.requestId, items }),
        (err: unknown) => deps.log.error(`@-mention search failed: ${String(err)}`),
      ),
    copy: (msg) => vscode.env.clipboard.writeText(msg.text),
    insertAtCursor: (msg) => insertAtCursor(msg.text),
    openFile: (msg) => openFile(deps.folder(), msg.path, msg.line),
    showHistory: () =>
      loadHistory().showHistory(deps.controller, {
        ...(deps.openInTab ? { openInTab: deps.openInTab } : {}),
        ...(deps.openChat ? { open: deps.openChat } : {}),
      }),
    reviewApproval: (msg) => deps.reviewApproval(msg.turnId, msg.key),
    manageApprovals: () => vscode.commands.executeCommand('zero.manageApprovals'),
    fixBinary: (msg) => fixBinary(msg.action, deps),
    diagnose: () => vscode.commands.executeCommand(DIAGNOSE_COMMAND),
    trustWorkspace: () => vscode.commands.executeCommand('workbench.trust.manage'),
    chooseFolder: () => deps.chooseFolder(),
    openDiff: (msg) => deps.openDiff(msg.turnId, msg.path),
    undoTurn: (msg) => deps.undoTurn(msg.turnId),
    openToolOutput: (msg, view) => deps.openToolOutput(view.chatId, msg.turnId, msg.key),
    openSubagent: (msg, view) => deps.openSubagent(view.chatId, msg.turnId, msg.toolId),
    spec: (msg) => deps.spec(msg.turnId, msg.action, msg.note ?? ''),
    forkTurn: (msg, view) => deps.forkTurn(view.chatId, msg.turnId),
    reviewFile: (msg) =>
      msg.decision === 'keep' ? deps.keepFile(msg.turnId, msg.path) : deps.revertFile(msg.turnId, msg.path),
    setTransport: (msg) => deps.controller.runs.setTransport(deps.controller.focus.workingChatId, msg.transport),
    setWorktree: (msg, view) => deps.worktrees.setIsolated(view.chatId, msg.on),
    worktree: (msg, view) => deps.worktrees.act(view.chatId, msg.action),
    setAcpMode: (msg) => deps.setAcpMode(msg.mode),
    setAcpModel: (msg) => deps.setAcpModel(msg.model),
    setCurrentFile: (msg) => deps.composer.setCurrentFile(msg.on),
    providerModels: (msg) => deps.composer.loadProviderModels(msg.provider),
    setupZero: () => vscode.commands.executeCommand('zero.setupInTerminal'),
    exportChat: () => vscode.commands.executeCommand('zero.exportMarkdown'),
    zeroInTerminal: (msg) => vscode.commands.executeCommand('zero.continueInTerminal', msg.command),
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

/** Opens a path from the chat at a line (see fileRefs for which paths are followed). A file outside
 *  the workspace (symlinks resolved) opens only after a modal confirmation: the link is model output. */
export async function openFile(folder: string | null, raw: string, line?: number): Promise<void> {
  const roots = (vscode.workspace.workspaceFolders ?? [])
    .filter((f) => f.uri.scheme === 'file')
    .map((f) => f.uri.fsPath);
  const realpath = (p: string): string | null => {
    try {
      return fs.realpathSync.native(p);
    } catch {
      return null;
    }
  };
  const target = resolveFileRef(raw, folder, roots, (p) => fs.existsSync(p), undefined, realpath);
  if (!target || !fs.existsSync(target.real)) {
    void vscode.window.showWarningMessage(
      target ? `File not found: ${raw}` : `Not opening ${raw}: it is outside the workspace and does not exist.`,
    );
    return;
  }
  if (!target.inside && !(await confirmOutside(target.file, target.real))) return;
  const pos = new vscode.Position(Math.max(0, (line ?? 1) - 1), 0);
  await vscode.window.showTextDocument(vscode.Uri.file(target.real), {
    selection: new vscode.Range(pos, pos),
    preview: true,
  });
}

export const OPEN_OUTSIDE = 'Open';

async function confirmOutside(file: string, real: string): Promise<boolean> {
  const where = file === real ? file : `${file}\n(a link to ${real})`;
  const picked = await vscode.window.showWarningMessage(
    'Open a file outside the workspace?',
    {
      modal: true,
      detail: `A link in Zero's answer points outside this workspace:\n${where}\n\nOpen it only if you expected Zero to mention this file.`,
    },
    OPEN_OUTSIDE,
  );
  return picked === OPEN_OUTSIDE;
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
