/**
 * Isolated chats, built for composition.ts: the transports that make their worktrees, and the
 * service and Worktree view, made from dist/worktrees.js (loadWorktrees) only when first needed: a
 * command or a header button, or a chat with a worktree becoming the one the user works in.
 */
import * as vscode from 'vscode';
import type { ChatController } from '../../chats/chatController';
import type { Chat, TransportKind } from '../../conversation/model';
import type { Transport } from '../../conversation/transport';
import { Disposable } from '../../lifecycle/disposable';
import { isolatedTransport } from '../../worktrees/isolatedTransport';
import { zeroWorktreeBase } from '../../zero/exec/turnRoot';
import { runEnv } from '../review/checkpointBefore';
import type { WorktreeCommandDeps } from './worktreeCommands';
import type { WorktreeChangesView } from './worktreeChangesView';
import { loadWorktrees } from './worktreeLoader';
import type { WorktreeService, WorktreeServiceDeps } from './worktreeService';

/** `inner` that runs an isolated chat's turns in its worktree (Zero's own folder for them: zeroWorktreeBase). */
export function isolating(inner: Transport, chat: (id: string) => Chat | undefined, trusted: () => boolean): Transport {
  return isolatedTransport(inner, { chat, trusted, worktreeDir: () => zeroWorktreeBase(runEnv()), git: loadWorktrees });
}

type Deps = WorktreeServiceDeps & {
  readonly controller: ChatController;
  readonly defaultTransport: () => TransportKind;
};

export class IsolatedChats extends Disposable {
  private made: { service: WorktreeService; view: WorktreeChangesView } | null = null;

  constructor(
    private readonly deps: Deps,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    // The view exists once a chat with a worktree is worked in; from then on it follows the chat itself.
    const check = (): void => {
      if (!this.made && this.deps.controller.focus.workingChat.worktree) this.parts();
    };
    this.register(deps.controller.chats.onDidChange(check));
    // Once activate() has returned, which does not read the chat shown.
    const first = setImmediate(check);
    this.register({ dispose: () => clearImmediate(first) });
  }

  private parts(): { service: WorktreeService; view: WorktreeChangesView } {
    if (!this.made) {
      const room = loadWorktrees();
      this.made = {
        service: new room.WorktreeService(this.deps),
        view: this.register(new room.WorktreeChangesView(this.deps.controller, this.deps.trusted, this.log)),
      };
    }
    return this.made;
  }

  /** The chat view's messages: the header's toggle and worktree buttons. */
  readonly handlers = {
    setIsolated: (chatId: string, on: boolean): Promise<boolean> => this.parts().service.setIsolated(chatId, on),
    act: async (chatId: string, action: 'changes' | 'mergeBack' | 'discard'): Promise<void> => {
      if (action === 'mergeBack') return this.parts().service.mergeBack(chatId);
      if (action === 'discard') return this.parts().service.discard(chatId);
      // The view lists the chat the user works in: the one whose header was clicked.
      await vscode.commands.executeCommand('zero.worktree.showChanges');
    },
  };

  readonly commands: Omit<WorktreeCommandDeps, 'controller'> = {
    service: () => this.parts().service,
    view: () => this.parts().view,
  };
}
