/**
 * The isolated chats' commands: Zero: New Chat in Worktree, and the Worktree view's Merge Back…,
 * Discard…, Refresh and per-file diff. Merge back and Discard act on the chat the user works in.
 */
import * as vscode from 'vscode';
import type { ChatController } from '../../chats/chatController';
import type { WorktreeChangesView, WorktreeNode } from './worktreeChangesView';
import { WORKTREE_VIEW } from './worktreeIds';
import type { WorktreeService } from './worktreeService';

export interface WorktreeCommandDeps {
  readonly controller: ChatController;
  /** Made on first use (loadWorktrees). */
  readonly service: () => WorktreeService;
  readonly view: () => WorktreeChangesView;
}

const nodeOf = (n: unknown): WorktreeNode | null =>
  n && typeof n === 'object' && (n as WorktreeNode).kind === 'file' ? (n as WorktreeNode) : null;

export function registerWorktreeCommands(d: WorktreeCommandDeps): vscode.Disposable[] {
  const working = (): string => d.controller.focus.workingChatId;
  const reg = (id: string, fn: (...args: unknown[]) => unknown): vscode.Disposable =>
    vscode.commands.registerCommand(id, fn);
  return [
    reg('zero.newChatInWorktree', () => d.service().newChatInWorktree()),
    reg('zero.worktree.mergeBack', () => d.service().mergeBack(working())),
    reg('zero.worktree.discard', () => d.service().discard(working())),
    reg('zero.worktree.refresh', () => d.view().refresh()),
    reg('zero.worktree.showChanges', async () => {
      await vscode.commands.executeCommand(`${WORKTREE_VIEW}.focus`);
      await d.view().refresh();
    }),
    reg('zero.worktree.diff', (n) => {
      const node = nodeOf(n);
      return node ? d.view().openDiff(node) : undefined;
    }),
  ];
}
