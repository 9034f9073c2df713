/** Builds the extension's objects and wires them together; every disposable gets one owner. */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { hostFolderRules, rememberAddDir } from './approvals/addDirsSetting';
import { chatTransport, type Chat } from '../conversation/model';
import type { Transport } from '../conversation/transport';
import { AcpPermissionDialogs } from './approvals/acpPermissionDialog';
import { ApprovalDetails } from './approvals/approvalDetails';
import { LazyAcpTransport } from '../acp/acpLoader';
import { askApproval, confirmUnsafe, pickGrantFolder } from './approvals/approvalDialog';
import { ApprovalRules } from '../chats/approvalRules';
import { ApprovalService } from './approvals/approvalService';
import { RulesReader } from '../zero/grantRules';
import { checkBinary } from '../zero/binaryStatus';
import { ChatController } from '../chats/chatController';
import { ChatTabs, focusedChatView } from './views/chatTabs';
import { CHAT_TAB_VIEW_TYPE } from './views/chatTab';
import { AttentionNotifier } from './status/attentionNotifier';
import { ChatStore } from '../storage/chatStore';
import { confirmUnsafeAcpMode } from './approvals/confirmUnsafeMode';
import { ChatViewProvider } from './views/chatViewProvider';
import { returnFocusAfterDialogs } from './views/focusAfterDialogs';
import { execChoices } from '../chats/composerChoices';
import { acpSessionPicks } from './composer/acpSessionPicks';
import { ComposerService } from './composer/composerService';
import { LazyExecTransport } from '../zero/execLoader';
import { cutOffReader } from '../zero/cutOffTools';
import { sessionsRoot } from '../zero/checkpoints';
import { runEnv } from './review/checkpointBefore';
import { ZeroCodeActions } from './commands/codeActions';
import { registerAllCommands } from './commands/allCommands';
import { LogRing } from '../diagnose/logRing';
import { recordProblems } from './diagnose/recordingLog';
import { IgnoredSettingsNotice } from './workspace/ignoredSettingsNotice';
import { defaultTransport, readSettings, userOnlyKeysInWorkspaceFiles } from './workspace/settings';
import { ZeroStatusBar } from './status/statusBar';
import { LazyTurnReview, lazyTurnChangeActions } from './review/reviewLoader';
import { ChangesView } from './review/changesView';
import { LazyHunkReview, lazyHunkCommands } from './review/hunkLoader';
import { TurnDiffContext } from './review/hunkAtCursor';
import { viewActions } from './views/viewActions';
import { FullToolOutput } from './views/fullToolOutput';
import { IsolatedChats, isolating } from './worktrees/isolatedChats';
import { activeFolder, chooseFolder, otherFolders } from './workspace/workspaceFolders';
import { forkChats } from './history/forkChats';
import { SubagentTranscripts } from './history/subagentTranscripts';
import { specActions } from './review/specActions';

export interface Zero {
  readonly controller: ChatController;
  readonly store: ChatStore;
  readonly approvals: ApprovalService;
  /** The ACP transport (its `zero acp` process; loaded with the first ACP chat) and its permission dialogs. */
  readonly acp: LazyAcpTransport;
  readonly acpDialogs: AcpPermissionDialogs;
  readonly statusBar: ZeroStatusBar;
  readonly recheckBinary: () => Promise<void>;
  /** The sidebar view (its badge) and the editor-tab chats, for the integration tests. */
  readonly view: ChatViewProvider;
  readonly tabs: ChatTabs;
}

export function createZero(context: vscode.ExtensionContext, channel: vscode.LogOutputChannel): Zero {
  const subs = context.subscriptions;
  // Every object logs through this: its errors and warnings are also kept for Zero: Diagnose.
  const logRing = new LogRing();
  const log = recordProblems(channel, logRing);
  const version = String(context.extension.packageJSON.version ?? '0');
  const storage = (context.storageUri ?? context.globalStorageUri).fsPath;
  const store = new ChatStore(
    path.join(storage, 'chats-v1'),
    (m) => log.warn(m),
    (m) => void vscode.window.showWarningMessage(m, 'Show Log').then((pick) => pick && log.show()),
  );
  const trusted = (): boolean => vscode.workspace.isTrusted;
  const exec = new LazyExecTransport({
    settings: readSettings,
    otherFolders,
    trusted,
    log,
    backpressure: () => store.backlog(),
  });
  const approvalDetails = new ApprovalDetails();
  const acpDialogs = new AcpPermissionDialogs(approvalDetails);
  const acp = new LazyAcpTransport({
    settings: readSettings,
    otherFolders,
    trusted,
    // Looked up only when a turn starts, when the controller (built next, on this transport) exists.
    chat: (id) => controller.chats.wholeChat(id),
    ask: (request, signal, again) => acpDialogs.ask(request, signal, again),
    confirmUnsafe: (mode) => confirmUnsafeAcpMode(mode.name || mode.id),
    onIdleCrash: (exit) => {
      const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code ?? 'unknown'}`;
      void vscode.window.showWarningMessage(
        `Zero (zero acp) ${how}. Your ACP chats are kept; the next message starts it again and continues the session.`,
      );
    },
    log,
    version,
  });
  // A chat runs on the transport it started with; one that has not run yet uses `zero.transport`.
  // An isolated chat's turns run in its worktree, made or checked before each turn (src/worktrees/).
  const chatOf = (id: string): Chat | undefined => controller.chats.wholeChat(id);
  const isolatedExec: Transport = isolating(exec, chatOf, trusted);
  const isolatedAcp: Transport = isolating(acp, chatOf, trusted);
  const transportFor = (chat: Chat): Transport =>
    chatTransport(chat, defaultTransport()) === 'acp' ? isolatedAcp : isolatedExec;
  const controller = new ChatController(store, {
    folder: activeFolder,
    trusted,
    transportFor,
    defaultTransport,
    outputLimit: () => readSettings().maxRunOutputMB * 1024 * 1024,
    // A cut-off turn's open tool calls, as Zero's session store recorded them (exec: the runs' XDG_DATA_HOME).
    readCutOff: cutOffReader(() => sessionsRoot(runEnv())),
    log,
  });
  // The controller cuts its runs off first (they are marked so), then the `zero acp` process goes.
  subs.push(controller, exec, acpDialogs, approvalDetails, acp);

  const ignoredNotice = new IgnoredSettingsNotice(log);
  const recheckBinary = async (): Promise<void> => {
    const s = readSettings();
    ignoredNotice.report([...s.ignored, ...userOnlyKeysInWorkspaceFiles()]);
    const state = await checkBinary(s.path);
    log.info(
      state.ok
        ? `Using ${state.path}${state.version ? ` (${state.version})` : ''}`
        : `Zero CLI not available: ${state.problem}`,
    );
    if (state.note) log.warn(state.note);
    controller.view.binary = state;
    void composer.refreshModels();
  };

  // The cards say which rule "Always allow" stored and why Zero asks again (exec here; ACP in AcpTransport).
  const approvalRules = new ApprovalRules({
    controller,
    rules: new RulesReader(() => {
      const binary = controller.view.binary.path;
      return binary ? { binary, env: readSettings().env } : null;
    }),
    log,
  });
  const approvals = new ApprovalService({
    controller,
    ui: {
      ask: (item, cls, args) => askApproval(item, cls, args, approvalDetails),
      confirmUnsafe,
      pickFolder: pickGrantFolder,
    },
    binary: () => controller.view.binary.path,
    env: () => readSettings().env,
    rememberDir: (dir) => rememberAddDir(dir),
    folderRules: hostFolderRules(),
    log,
    rules: approvalRules,
  });
  subs.push(approvalRules, approvals);

  const pickFolder = async (): Promise<void> => {
    if (await chooseFolder()) controller.view.refresh();
  };
  const composer = new ComposerService({
    controller,
    state: context.workspaceState,
    folder: activeFolder,
    choices: execChoices(
      () => controller.view.binary.path,
      () => readSettings().env,
      () => readSettings().autonomy,
      { folder: activeFolder, trusted },
    ),
    defaultTransport,
    releaseAcpSession: (chat) => acp.releaseSession(chat),
    log,
  });
  subs.push(composer);
  const review = new LazyTurnReview({ controller, folder: activeFolder, log });
  const changeActions = lazyTurnChangeActions({ controller, folder: activeFolder, log, register: (d) => subs.push(d) });
  const fileReview = {
    keepFile: (t: string, p: string) => review.keep(t, p),
    revertFile: (t: string, p: string) => review.revert(t, p),
  };
  const hunkReview = new LazyHunkReview({
    controller,
    folder: activeFolder,
    log,
    send: async (chatId, message) => void (await composer.sendAsComposer(chatId, message)),
  });
  const reviewActions = {
    ...changeActions,
    keep: fileReview.keepFile,
    revert: fileReview.revertFile,
    hunks: lazyHunkCommands(hunkReview, changeActions.openDiff),
  };
  subs.push(review, hunkReview, new TurnDiffContext(), new ChangesView(controller, activeFolder, hunkReview));
  const worktrees = new IsolatedChats(
    { controller, folder: activeFolder, trusted, defaultTransport, log, reveal: () => view.reveal() },
    log,
  );
  subs.push(worktrees);
  // The view and the tabs (built below) are asked only when a fork is made.
  const fork = forkChats({
    controller,
    openInTab: (id) => tabs.open(id),
    openInSidebar: async (id) => {
      controller.openChat(id);
      await view.reveal();
    },
    log,
  });
  const fullOutput = new FullToolOutput({ chat: (id) => controller.chats.wholeChat(id), env: runEnv, log });
  subs.push(fullOutput);
  const subagents = new SubagentTranscripts({
    root: () => sessionsRoot(runEnv()),
    zero: () => {
      const binary = controller.view.binary.path;
      return binary ? { binary, env: readSettings().env } : null;
    },
    log,
  });
  subs.push(subagents);
  const spec = specActions({
    controller,
    folder: activeFolder,
    trusted,
    send: (chatId, text) => composer.sendAsComposer(chatId, text),
    log,
    register: (d) => subs.push(d),
  });
  const handlers = viewActions({
    openSubagent: (chatId, turnId, toolId) => subagents.open(controller.chats.wholeChat(chatId), turnId, toolId),
    worktrees: worktrees.handlers,
    composer,
    controller,
    folder: activeFolder,
    recheckBinary,
    log,
    reviewApproval: async (turnId, key) => approvals.review(turnId, key),
    chooseFolder: pickFolder,
    ...acpSessionPicks(controller, acp),
    // The tabs (built next, on these handlers) are asked only when a view's message comes.
    openInTab: (id) => tabs.open(id),
    openChat: (id) => {
      const tab = tabs.focused();
      if (tab) tab.openChat(id);
      else controller.openChat(id);
    },
    ...changeActions,
    ...fileReview,
    forkTurn: (chatId, turnId) => fork.forkTurn(chatId, turnId),
    openToolOutput: (chatId, turnId, key) => fullOutput.open(chatId, turnId, key),
    spec,
  });
  const view = new ChatViewProvider(context.extensionUri, controller, handlers, log);
  const tabs = new ChatTabs(context.extensionUri, controller, handlers, log);
  const attention = new AttentionNotifier({
    controller,
    show: async (chatId) => {
      const surface = controller.surfaces.showing(chatId)[0];
      if (surface) return surface.reveal();
      controller.openChat(chatId);
      await view.reveal();
    },
  });
  const statusBar = new ZeroStatusBar(controller, approvals, acpDialogs);
  subs.push(
    view,
    tabs,
    attention,
    statusBar,
    returnFocusAfterDialogs([approvals, acpDialogs], focusedChatView(view, tabs)),
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, view),
    vscode.window.registerWebviewPanelSerializer(CHAT_TAB_VIEW_TYPE, tabs),
    vscode.languages.registerCodeActionsProvider([{ scheme: 'file' }, { scheme: 'untitled' }], new ZeroCodeActions(), {
      providedCodeActionKinds: ZeroCodeActions.kinds,
    }),
    ...registerAllCommands({
      controller,
      view,
      tabs,
      log,
      recheckBinary,
      folder: activeFolder,
      chooseFolder: pickFolder,
      diagnose: { extensionUri: context.extensionUri, version, ring: logRing },
      review: reviewActions,
      worktrees: worktrees.commands,
      fork,
    }),
    vscode.window.onDidChangeActiveTextEditor(() => controller.view.refresh()),
    vscode.workspace.onDidChangeWorkspaceFolders(() => controller.view.refresh()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('zero')) return;
      void recheckBinary();
      if (e.affectsConfiguration('zero.path') || e.affectsConfiguration('zero.env')) void acp.launchSettingsChanged();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      controller.view.refresh();
      void composer.refreshModels();
    }),
  );
  // Looking for zero (a stat per PATH folder, then `zero --version`) waits until activate() has
  // returned: VS Code goes on to show the view meanwhile, and the view shows the result when it comes.
  const firstCheck = setImmediate(() => void recheckBinary());
  // The last window's chat is read meanwhile too (before the view asks for it, usually), not in activate().
  const firstChat = setImmediate(() => controller.chats.readFirst());
  subs.push({ dispose: () => (clearImmediate(firstCheck), clearImmediate(firstChat)) });
  return { controller, store, approvals, acp, acpDialogs, statusBar, recheckBinary, view, tabs };
}
