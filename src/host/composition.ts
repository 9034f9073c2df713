/**
 * Builds the extension from its rooms, in order: each install<Room>() gives its share of the chat view's messages,
 * its commands and what it owns (one owner per disposable: the extension's subscriptions, in this order).
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LazyAcpTransport } from '../acp/acpLoader';
import { ChatController } from '../chats/chatController';
import { LogRing } from '../diagnose/logRing';
import { ChatStore } from '../storage/chatStore';
import { sessionsRoot } from '../zero/sessions/checkpoints';
import { cutOffReader } from '../zero/exec/cutOffTools';
import type { AcpPermissionDialogs } from './approvals/acpPermissionDialog';
import type { ApprovalService } from './approvals/approvalService';
import { approvalDialogs, installApprovals } from './approvals/install';
import { installCommands } from './commands/install';
import { installComposer } from './composer/install';
import { installDiagnose } from './diagnose/install';
import { recordProblems } from './diagnose/recordingLog';
import { installHistory } from './history/install';
import { installMcp } from './mcp/install';
import { ChatLookupPort, ChatViewsPort } from './ports';
import { runEnv } from './review/checkpointBefore';
import { installReview } from './review/install';
import { disjoint, type Installed, type RoomContext } from './room';
import { installStatus } from './status/install';
import type { ZeroStatusBar } from './status/statusBar';
import { installTransports } from './transports/install';
import type { ChatTabs } from './views/chatTabs';
import type { ChatViewProvider } from './views/chatViewProvider';
import type { EditorHandlers } from './views/chatWebviewBinding';
import { installViewActions, installViews } from './views/install';
import { installWorkspace } from './workspace/install';
import { defaultTransport, readSettings } from './workspace/settings';
import { activeFolder } from './workspace/workspaceFolders';
import { installWorktrees } from './worktrees/install';

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
  const ring = new LogRing();
  const log = recordProblems(channel, ring);
  const version = String(context.extension.packageJSON.version ?? '0');
  const store = new ChatStore(
    path.join((context.storageUri ?? context.globalStorageUri).fsPath, 'chats-v1'),
    (m) => log.warn(m),
    (m) => void vscode.window.showWarningMessage(m, 'Show Log').then((pick) => pick && log.show()),
  );
  // The transports look the controller's chats up when a turn starts; the controller runs turns on them.
  const chats = new ChatLookupPort();
  const dialogs = approvalDialogs();
  const transports = installTransports({ chats, dialogs: dialogs.acp, backlog: () => store.backlog(), log, version });
  const controller = new ChatController(store, {
    folder: activeFolder,
    trusted: () => vscode.workspace.isTrusted,
    transportFor: transports.transportFor,
    defaultTransport,
    outputLimit: () => readSettings().maxRunOutputMB * 1024 * 1024,
    // A cut-off turn's open tool calls, as Zero's session store recorded them (exec: the runs' XDG_DATA_HOME).
    readCutOff: cutOffReader(() => sessionsRoot(runEnv())),
    log,
  });
  chats.bind(controller.chats);
  // The controller cuts its runs off first (they are marked so), then the `zero acp` process goes.
  subs.push(controller, transports.exec, ...dialogs.disposables, transports.acp);

  // The rooms' handlers open the chat views, which are built last, on those handlers.
  const views = new ChatViewsPort();
  const ctx: RoomContext = { controller, log, extension: context, views, register: (d) => void subs.push(d) };
  const add = <R extends Installed>(room: R): R => (subs.push(...room.disposables, ...room.commands), room);
  const approvals = add(installApprovals(ctx, dialogs));
  const composer = add(installComposer(ctx, transports.acp));
  const review = add(installReview(ctx, composer.service));
  const worktrees = add(installWorktrees(ctx));
  const history = add(installHistory(ctx));
  const viewActions = add(installViewActions(ctx));
  const diagnose = add(installDiagnose(ctx, { version, ring }));
  add(installMcp(ctx));
  const status = add(installStatus(ctx, approvals.service, dialogs.acp));
  const workspace = add(installWorkspace(ctx, composer.service, transports.acp));
  const handlers = disjoint(approvals, composer, review, worktrees, history, viewActions, diagnose, workspace);
  const shown = add(installViews(ctx, handlers satisfies EditorHandlers, [approvals.service, dialogs.acp]));
  views.bind(shown.views);
  add(installCommands(ctx, { view: shown.view, tabs: shown.tabs, recheckBinary: workspace.recheckBinary }));
  return {
    controller,
    store,
    approvals: approvals.service,
    acp: transports.acp,
    acpDialogs: dialogs.acp,
    statusBar: status.statusBar,
    recheckBinary: workspace.recheckBinary,
    view: shown.view,
    tabs: shown.tabs,
  };
}
