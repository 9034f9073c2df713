/**
 * The git isolated chats run, as the editor sets it: git.path is the user's (or the remote machine's) alone, as
 * zero.path is, so a workspace never picks the binary; and no git at all before the workspace is trusted. Set once,
 * before the first git process: by the bundle's loader, and by the service and the view (in dist/worktrees.js).
 */
import * as vscode from 'vscode';
import { lazy } from '../../lifecycle/lazy';
import { configureGit } from '../../worktrees/git';

export const useHostGit = /* @__PURE__ */ lazy((): void => {
  configureGit({
    gitPath: () => vscode.workspace.getConfiguration('git').inspect('path')?.globalValue,
    trusted: () => vscode.workspace.isTrusted,
  });
});
