/** Every palette, menu and editor command of the chat, registered in one place (each room keeps its table). */
import * as vscode from 'vscode';
import { manageApprovals } from '../approvals/manageApprovals';
import { showMcpServers } from '../mcp/mcpServersPick';
import { registerDiagnose, type DiagnoseDeps } from '../diagnose/diagnoseCommand';
import type { ForkChats } from '../history/forkChats';
import { registerTranscriptCommands } from '../history/transcriptCommands';
import type { ChangesActions } from '../review/changesView';
import { registerReviewCommands } from '../review/reviewCommands';
import { readSettings } from '../workspace/settings';
import { registerWorktreeCommands, type WorktreeCommandDeps } from '../worktrees/worktreeCommands';
import { registerAddToChatCommands } from './addToChatCommands';
import { registerCommands, type CommandDeps } from './commands';
import { registerSelectionCommands } from './selectionCommands';

export interface AllCommandDeps extends CommandDeps {
  readonly folder: () => string | null;
  readonly chooseFolder: () => Promise<void>;
  /** Zero: Diagnose: where its stylesheet is, this extension's version, the log's last errors. */
  readonly diagnose: Omit<DiagnoseDeps, 'log'>;
  /** What the review commands do (turn diffs and file review, built in composition.ts). */
  readonly review: ChangesActions;
  /** Isolated chats: New Chat in Worktree, Merge back, Discard and the Worktree view. */
  readonly worktrees: Omit<WorktreeCommandDeps, 'controller'>;
  /** Zero: Fork Chat (history/forkChats.ts). */
  readonly fork: Pick<ForkChats, 'forkWorkingChat'>;
}

export function registerAllCommands(d: AllCommandDeps): vscode.Disposable[] {
  const reveal = (): Promise<void> => d.view.reveal();
  return [
    ...registerCommands(d),
    ...registerSelectionCommands(d.controller, reveal),
    ...registerAddToChatCommands(d.controller, d.folder, reveal),
    ...registerTranscriptCommands(d.controller, reveal),
    ...registerReviewCommands(d.review),
    ...registerWorktreeCommands({ controller: d.controller, ...d.worktrees }),
    vscode.commands.registerCommand('zero.manageApprovals', () =>
      manageApprovals(d.controller.view.binary.path, readSettings().env, d.log),
    ),
    vscode.commands.registerCommand('zero.mcpServers', () =>
      showMcpServers({
        binary: d.controller.view.binary.path,
        env: readSettings().env,
        cwd: d.folder(),
        trusted: vscode.workspace.isTrusted,
        log: d.log,
      }),
    ),
    vscode.commands.registerCommand('zero.chooseFolder', d.chooseFolder),
    vscode.commands.registerCommand('zero.forkChat', () => d.fork.forkWorkingChat()),
    ...registerDiagnose({ ...d.diagnose, log: d.log }),
  ];
}
