/** Isolated chats, built for composition.ts: the transports that make their worktrees, the service, the view. */
import * as vscode from 'vscode';
import type { ChatController } from '../../chats/chatController';
import type { Chat, TransportKind } from '../../conversation/model';
import type { Transport } from '../../conversation/transport';
import { isolatedTransport } from '../../worktrees/isolatedTransport';
import { zeroWorktreeBase } from '../../zero/turnRoot';
import { runEnv } from '../review/checkpointBefore';
import type { WorktreeCommandDeps } from './worktreeCommands';
import { WorktreeChangesView } from './worktreeChangesView';
import { worktreeRoom } from './worktreeRoom';
import { WorktreeService, type WorktreeServiceDeps } from './worktreeService';

/** `inner` that runs an isolated chat's turns in its worktree (Zero's own folder for them: zeroWorktreeBase). */
export function isolating(inner: Transport, chat: (id: string) => Chat | undefined, trusted: () => boolean): Transport {
  return isolatedTransport(inner, { chat, trusted, worktreeDir: () => zeroWorktreeBase(runEnv()), git: worktreeRoom });
}

export interface IsolatedChats {
  readonly service: WorktreeService;
  readonly view: WorktreeChangesView;
  /** The chat view's messages: the header's toggle and worktree buttons. */
  readonly handlers: {
    setIsolated(chatId: string, on: boolean): Promise<boolean>;
    act(chatId: string, action: 'changes' | 'mergeBack' | 'discard'): Promise<void>;
  };
  readonly commands: Omit<WorktreeCommandDeps, 'controller'>;
}

export function isolatedChats(
  deps: WorktreeServiceDeps & { readonly controller: ChatController; readonly defaultTransport: () => TransportKind },
  log: vscode.LogOutputChannel,
): IsolatedChats {
  const service = new WorktreeService(deps);
  const view = new WorktreeChangesView(deps.controller, deps.trusted, log);
  const handlers: IsolatedChats['handlers'] = {
    setIsolated: (chatId, on) => service.setIsolated(chatId, on),
    act: async (chatId, action) => {
      if (action === 'mergeBack') return service.mergeBack(chatId);
      if (action === 'discard') return service.discard(chatId);
      // The view lists the chat the user works in: the one whose header was clicked.
      await vscode.commands.executeCommand('zero.worktree.showChanges');
    },
  };
  return { service, view, handlers, commands: { service, view } };
}
