/**
 * Isolated chats' git side, service and view (worktreeBundle.ts), loaded when an isolated chat first
 * needs them. In the extension bundle this `require` becomes `require('./worktrees.js')` (esbuild.mjs);
 * everything else imports those modules for types only, except src/worktrees/isolatedTransport.ts,
 * which every chat's turn passes.
 */
import * as vscode from 'vscode';
import type * as Bundle from './worktreeBundle';

let room: typeof Bundle | undefined;

export function worktreeRoom(): typeof Bundle {
  if (!room) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
    room = require('./worktreeBundle') as typeof Bundle;
    // git.path is the user's (or the remote machine's) alone, as zero.path is: a workspace never picks the binary.
    room.configureGit({
      gitPath: () => vscode.workspace.getConfiguration('git').inspect('path')?.globalValue,
      trusted: () => vscode.workspace.isTrusted,
    });
  }
  return room;
}
