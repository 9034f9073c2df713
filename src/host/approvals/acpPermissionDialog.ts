/**
 * The dialog for `session/request_permission` (ACP): Zero is blocked until it is answered.
 *
 * A modal, as exec's approvals are: its buttons are exactly Zero's options with Zero's labels, and Esc
 * (or closing it) is Zero's reject option, never a cancel. The detail shows the call's title, kind and
 * every input (visibleText's convention: line breaks and control characters visible); when something
 * had to be cut, "Show details…" opens the whole text read-only and then asks again. When the chat
 * remembers a session choice it will not answer with (src/acp/sessionApprovals.ts), the dialog says
 * why first, and that choice is its first (default) button.
 *
 * A modal blocks the workbench, so Stop cannot be pressed while it is open; and VS Code cannot close
 * one from code. When the turn ends for another reason (the process dies, the chat is cancelled from
 * elsewhere) the caller gets `cancelled` at once, the modal stays until the user answers it, and that
 * late answer is dropped (the card already says the request was cancelled). One dialog at a time
 * across all chats: the others wait in line behind the open modal.
 */
import type * as acp from '@agentclientprotocol/sdk';
import * as vscode from 'vscode';
import { CANCELLED, dismissed, selected } from '../../acp/permissionOptions';
import { describePermission, dialogOptions, type AskAgain } from '../../approvals/acpPermissionText';
import type { ApprovalDetails } from './approvalDetails';

interface OptionButton extends vscode.MessageItem {
  readonly optionId?: string;
}

const SHOW_DETAILS = 'Show details…';

export class AcpPermissionDialogs implements vscode.Disposable {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a dialog opens or the last one closes (the status bar says "approval needed"). */
  readonly onDidChangeWaiting = this.changed.event;

  constructor(private readonly details: ApprovalDetails) {}

  /** Requests queued or on screen (a modal left open after its turn ended counts: it still blocks). */
  get busy(): boolean {
    return this.waiting > 0;
  }

  /** Resolves with Zero's answer; `cancelled` as soon as `signal` aborts, whatever the modal later says. */
  ask(
    request: acp.RequestPermissionRequest,
    signal: AbortSignal,
    again?: AskAgain,
  ): Promise<acp.RequestPermissionResponse> {
    this.waiting += 1;
    this.changed.fire();
    // The line waits for the modal itself: VS Code shows one at a time and cannot close one from code.
    const run = this.tail.then(() => this.show(request, signal, again));
    this.tail = run.catch(() => undefined);
    void run
      .catch(() => undefined)
      .finally(() => {
        this.waiting -= 1;
        this.changed.fire();
      });
    return new Promise((resolve, reject) => {
      const onAbort = (): void => resolve(CANCELLED);
      signal.addEventListener('abort', onAbort, { once: true });
      run.then(
        (answer) => {
          signal.removeEventListener('abort', onAbort);
          resolve(signal.aborted ? CANCELLED : answer);
        },
        (err: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(err);
        },
      );
    });
  }

  private async show(
    request: acp.RequestPermissionRequest,
    signal: AbortSignal,
    again: AskAgain | undefined,
  ): Promise<acp.RequestPermissionResponse> {
    if (signal.aborted) return CANCELLED;
    const text = describePermission(request, again);
    const reject =
      request.options.find((o) => o.kind === 'reject_once') ?? request.options.find((o) => o.kind === 'reject_always');
    // Zero's reject option is the close affordance: Esc picks it. Without one VS Code adds "Cancel", which ends the turn (Zero's design).
    // Asked again: the earlier choice is the first button, which a modal makes the default.
    const buttons: OptionButton[] = dialogOptions(request.options, again).map((o) => ({
      title: o.name,
      optionId: o.optionId,
      isCloseAffordance: o === reject,
    }));
    if (text.cut) buttons.push({ title: SHOW_DETAILS });
    const esc = reject ? `Esc: ${reject.name}.` : 'Cancel ends the turn (Zero offers no way to refuse only this call).';
    const cutNote = text.cut ? ` Some of it is cut here: "${SHOW_DETAILS}" opens all of it.` : '';
    const detail = `${text.detail}\n\nZero is waiting for your answer. ${esc}${cutNote}`;
    for (;;) {
      const picked = await vscode.window.showWarningMessage<OptionButton>(
        text.question,
        { modal: true, detail },
        ...buttons,
      );
      if (signal.aborted) {
        if (picked?.optionId) void lateAnswer(picked.title);
        return CANCELLED;
      }
      if (picked && picked.optionId === undefined) {
        await this.details.untilRead(
          text.question.replace(/^Allow Zero to use |\?$/g, ''),
          text.full,
          'Zero is waiting for your answer.',
          signal,
        );
        if (signal.aborted) return CANCELLED;
        continue;
      }
      return picked?.optionId ? selected(picked.optionId) : dismissed(request.options);
    }
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** The modal outlived its request: say the answer went nowhere (the card says "cancelled" too). */
async function lateAnswer(choice: string): Promise<void> {
  await vscode.window.showInformationMessage(
    `"${choice}" was not sent: Zero had stopped waiting (the turn ended before you answered).`,
  );
}
