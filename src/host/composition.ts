/** Builds the extension's objects and wires them together; every disposable gets one owner. */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { askApproval, confirmUnsafe } from './approvalDialog';
import { ApprovalService } from './approvalService';
import { checkBinary } from './binaryStatus';
import { ChatController } from './chatController';
import { ChatPanel } from './chatPanel';
import { ChatStore } from './chatStore';
import { ChatViewProvider } from './chatViewProvider';
import { ZeroCodeActions } from './codeActions';
import { registerCommands } from './commands';
import { manageApprovals } from './manageApprovals';
import { registerSelectionCommands } from './selectionCommands';
import { readSettings } from './settings';
import { ZeroStatusBar } from './statusBar';
import { registerTranscriptCommands } from './transcriptCommands';
import { turnChangeActions } from './turnChanges';
import { viewActions } from './viewActions';
import { activeFolder, chooseFolder, otherFolders } from './workspaceFolders';

export interface Zero {
  readonly controller: ChatController;
  readonly approvals: ApprovalService;
  readonly statusBar: ZeroStatusBar;
  readonly recheckBinary: () => Promise<void>;
}

export function createZero(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): Zero {
  const subs = context.subscriptions;
  const storage = (context.storageUri ?? context.globalStorageUri).fsPath;
  const store = new ChatStore(path.join(storage, 'chats-v1'), (m) => log.warn(m));
  const controller = new ChatController(store, { settings: readSettings, folder: activeFolder, otherFolders, trusted: () => vscode.workspace.isTrusted, log });
  subs.push(controller);

  const recheckBinary = async (): Promise<void> => {
    const s = readSettings();
    if (s.ignored.length > 0) log.warn(`Ignored workspace values for ${s.ignored.join(', ')}: these can only be set in user settings.`);
    const state = await checkBinary(s.path);
    log.info(state.ok ? `Using ${state.path}${state.version ? ` (${state.version})` : ''}` : `Zero CLI not available: ${state.problem}`);
    controller.binary = state;
  };

  const approvals = new ApprovalService({
    controller,
    ui: { ask: askApproval, confirmUnsafe },
    binary: () => controller.binary.path,
    env: () => readSettings().env,
    rememberDir: async (dir) => {
      const cfg = vscode.workspace.getConfiguration('zero');
      const dirs = cfg.inspect<string[]>('addDirs')?.globalValue ?? [];
      if (!dirs.includes(dir)) await cfg.update('addDirs', [...dirs, dir], vscode.ConfigurationTarget.Global);
    },
    log,
  });
  subs.push(approvals);

  const pickFolder = async (): Promise<void> => {
    if (await chooseFolder()) controller.refreshView();
  };
  const handlers = viewActions({
    controller,
    folder: activeFolder,
    recheckBinary,
    log,
    reviewApproval: async (turnId, key) => approvals.review(turnId, key),
    chooseFolder: pickFolder,
    ...turnChangeActions({ controller, folder: activeFolder, log, register: (d) => subs.push(d) }),
  });
  const view = new ChatViewProvider(context.extensionUri, controller, handlers, log);
  const panel = new ChatPanel(context.extensionUri, controller, handlers, log);
  const statusBar = new ZeroStatusBar(controller, approvals);
  const reveal = (): Promise<void> => view.reveal();
  subs.push(
    view,
    panel,
    statusBar,
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, view),
    vscode.languages.registerCodeActionsProvider([{ scheme: 'file' }, { scheme: 'untitled' }], new ZeroCodeActions(), { providedCodeActionKinds: ZeroCodeActions.kinds }),
    ...registerCommands({ controller, view, panel, log, recheckBinary }),
    ...registerSelectionCommands(controller, reveal),
    ...registerTranscriptCommands(controller, reveal),
    vscode.commands.registerCommand('zero.manageApprovals', () => manageApprovals(controller.binary.path, readSettings().env, log)),
    vscode.commands.registerCommand('zero.chooseFolder', pickFolder),
    vscode.window.onDidChangeActiveTextEditor(() => controller.refreshView()),
    vscode.workspace.onDidChangeWorkspaceFolders(() => controller.refreshView()),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('zero') && void recheckBinary()),
    vscode.workspace.onDidGrantWorkspaceTrust(() => controller.refreshView()),
  );
  void recheckBinary();
  return { controller, approvals, statusBar, recheckBinary };
}
