/** The worktrees room: isolated chats' header toggle and buttons, their commands and the Worktree view. */
import * as vscode from 'vscode';
import type { RoomContext, RoomHandlers } from '../room';
import { defaultTransport } from '../workspace/settings';
import { activeFolder } from '../workspace/workspaceFolders';
import { IsolatedChats } from './isolatedChats';
import { registerWorktreeCommands } from './worktreeCommands';

export function installWorktrees({ controller, log, views }: RoomContext) {
  const trusted = (): boolean => vscode.workspace.isTrusted;
  const worktrees = new IsolatedChats(
    { controller, folder: activeFolder, trusted, defaultTransport, log, reveal: () => views.reveal() },
    log,
  );
  return {
    handlers: {
      setWorktree: (msg, view) => worktrees.handlers.setIsolated(view.chatId, msg.on),
      worktree: (msg, view) => worktrees.handlers.act(view.chatId, msg.action),
    } satisfies RoomHandlers,
    commands: registerWorktreeCommands({ controller, ...worktrees.commands }),
    disposables: [worktrees],
  };
}
