/**
 * Tells the user when a run finishes or waits for approval where they cannot see it (the window in
 * the background, or no visible view shows that chat): a notification whose "Show" brings the chat
 * up. `zero.notifications` turns it off.
 */
import * as vscode from 'vscode';
import {
  attentionMessage,
  needsNotification,
  waitsForApproval,
  type AttentionReason,
} from '../../conversation/readouts/chatActivity';
import type { ChatController } from '../../chats/chatController';
import { Disposable } from '../../lifecycle/disposable';

export const SHOW = 'Show';

export interface AttentionDeps {
  readonly controller: ChatController;
  /** Bring the chat up: its tab if one shows it, else the sidebar. */
  show(chatId: string): Promise<void> | void;
}

export class AttentionNotifier extends Disposable {
  constructor(private readonly d: AttentionDeps) {
    super();
    const { controller } = d;
    this.register(
      controller.runs.onDidEndRun((e) => {
        // Stop is the user's own doing; a turn that never started is answered in the composer.
        if (e.end.stopped || e.end.notStarted) return;
        const chat = controller.chats.wholeChat(e.chatId);
        const reason: AttentionReason =
          chat && waitsForApproval(chat) ? 'waiting' : e.end.action.explanation ? 'failed' : 'finished';
        this.maybeNotify(e.chatId, reason);
      }),
    );
    // ACP waits inside the turn; exec's requests are answered after the run ends (notified above).
    this.register(controller.runs.onPermissionRequest((r) => r.blocking && this.maybeNotify(r.chatId, 'waiting')));
  }

  private maybeNotify(chatId: string, reason: AttentionReason): void {
    const enabled = vscode.workspace.getConfiguration('zero').get<boolean>('notifications', true);
    const ctx = {
      enabled,
      windowFocused: vscode.window.state.focused,
      chatInView: this.d.controller.surfaces.inView(chatId),
    };
    if (!needsNotification(ctx)) return;
    const text = attentionMessage(reason, this.d.controller.chats.wholeChat(chatId)?.title ?? '');
    const shown =
      reason === 'failed'
        ? vscode.window.showWarningMessage(text, SHOW)
        : vscode.window.showInformationMessage(text, SHOW);
    void Promise.resolve(shown).then((pick) => pick === SHOW && this.d.show(chatId));
  }
}
