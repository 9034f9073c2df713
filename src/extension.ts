import * as path from 'node:path';
import * as vscode from 'vscode';
import { askApproval, confirmUnsafe } from './host/approvalDialog';
import { ApprovalService } from './host/approvalService';
import { checkBinary } from './host/binaryStatus';
import { ChatController } from './host/chatController';
import { ChatPanel } from './host/chatPanel';
import { ChatStore } from './host/chatStore';
import { ChatViewProvider } from './host/chatViewProvider';
import { registerCommands } from './host/commands';
import { manageApprovals } from './host/manageApprovals';
import { readSettings } from './host/settings';
import { viewActions } from './host/viewActions';
import { activeFolder, otherFolders } from './host/workspaceFolders';

let controller: ChatController | undefined;

/** What `activate` returns: the integration tests drive the chat through it. Not a public API. */
export interface ZeroExtensionApi {
  readonly controller: ChatController;
  readonly approvals: ApprovalService;
  readonly recheckBinary: () => Promise<void>;
}

export function activate(context: vscode.ExtensionContext): ZeroExtensionApi {
  const log = vscode.window.createOutputChannel('Zero', { log: true });
  context.subscriptions.push(log);
  try {
    const storage = (context.storageUri ?? context.globalStorageUri).fsPath;
    const store = new ChatStore(path.join(storage, 'chats-v1'), (m) => log.warn(m));
    controller = new ChatController(store, {
      settings: readSettings,
      folder: activeFolder,
      otherFolders,
      trusted: () => vscode.workspace.isTrusted,
      log,
    });
    const c = controller;
    context.subscriptions.push(c);
    const recheckBinary = async (): Promise<void> => {
      const s = readSettings();
      if (s.ignored.length > 0) log.warn(`Ignored workspace values for ${s.ignored.join(', ')}: these can only be set in user settings.`);
      const state = await checkBinary(s.path);
      log.info(state.ok ? `Using ${state.path}${state.version ? ` (${state.version})` : ''}` : `Zero CLI not available: ${state.problem}`);
      c.binary = state;
    };
    const approvals = new ApprovalService({
      controller: c,
      ui: { ask: askApproval, confirmUnsafe },
      binary: () => c.binary.path,
      env: () => readSettings().env,
      rememberDir: async (dir) => {
        const cfg = vscode.workspace.getConfiguration('zero');
        const dirs = cfg.inspect<string[]>('addDirs')?.globalValue ?? [];
        if (!dirs.includes(dir)) await cfg.update('addDirs', [...dirs, dir], vscode.ConfigurationTarget.Global);
      },
      log,
    });
    context.subscriptions.push(approvals);
    const handlers = viewActions({ controller: c, folder: activeFolder, recheckBinary, log, reviewApproval: async (turnId, key) => approvals.review(turnId, key) });
    const view = new ChatViewProvider(context.extensionUri, c, handlers, log);
    const panel = new ChatPanel(context.extensionUri, c, handlers, log);
    context.subscriptions.push(
      view,
      panel,
      vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, view),
      ...registerCommands({ controller: c, view, panel, log, recheckBinary }),
      vscode.commands.registerCommand('zero.manageApprovals', () => manageApprovals(c.binary.path, readSettings().env, log)),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('zero') && void recheckBinary()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => (c.binary = c.binary)),
    );
    void recheckBinary();
    return { controller: c, approvals, recheckBinary };
  } catch (err) {
    // Show activation failures to the user, then rethrow so VS Code records them too.
    void vscode.window.showErrorMessage(`Zero failed to start: ${(err as Error).message}`);
    throw err;
  }
}

export function deactivate(): void {
  controller?.dispose();
  controller = undefined;
}
