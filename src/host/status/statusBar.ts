/** A status bar item: idle, running (with elapsed time), or waiting for an approval. Click: the chat. */
import * as vscode from 'vscode';
import { currentTurn } from '../../conversation/reducer';
import type { AcpPermissionDialogs } from '../approvals/acpPermissionDialog';
import type { ApprovalService } from '../approvals/approvalService';
import type { ChatController } from '../../chats/chatController';
import { Disposable } from '../../lifecycle/disposable';

export class ZeroStatusBar extends Disposable {
  private readonly item = this.register(
    vscode.window.createStatusBarItem('zero.status', vscode.StatusBarAlignment.Right, 100),
  );
  private timer: NodeJS.Timeout | undefined;
  private shownRunning = false;

  constructor(
    private readonly controller: ChatController,
    private readonly approvals: ApprovalService,
    private readonly acpDialogs?: AcpPermissionDialogs,
  ) {
    super();
    this.item.name = 'Zero';
    this.item.command = 'zero.focus';
    // Streamed deltas arrive as actions too: redraw only when running/idle flips (the clock has its own timer).
    this.register(
      controller.chats.onDidChange(
        () => controller.runs.isBusy(controller.focus.workingChatId) !== this.shownRunning && this.update(),
      ),
    );
    this.register(controller.runs.onDidEndRun(() => this.update()));
    this.register(approvals.onDidChangeWaiting(() => this.update()));
    if (acpDialogs) this.register(acpDialogs.onDidChangeWaiting(() => this.update()));
    this.register({ dispose: () => this.timer && clearInterval(this.timer) });
    // Idle at once; update() looks at the chat shown, which activate() does not read: once it has returned.
    this.idle();
    const first = setImmediate(() => this.update());
    this.register({ dispose: () => clearImmediate(first) });
    this.item.show();
  }

  private update(): void {
    const running = this.controller.runs.isBusy(this.controller.focus.workingChatId);
    this.shownRunning = running;
    if (this.approvals.busy || this.acpDialogs?.busy) {
      this.item.text = '$(shield) Zero: approval needed';
      this.item.tooltip = 'Zero is waiting for your decision on a permission request';
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else if (running) {
      const started = currentTurn(this.controller.focus.workingChat)?.startedAt ?? Date.now();
      this.item.text = `$(sync~spin) Zero ${elapsed(Date.now() - started)}`;
      this.item.tooltip = 'Zero is working — click to open the chat';
      this.item.backgroundColor = undefined;
    } else this.idle();
    if (running && !this.timer) this.timer = setInterval(() => this.update(), 1000);
    if (!running && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private idle(): void {
    this.item.text = '$(hubot) Zero';
    this.item.tooltip = 'Zero is idle — click to open the chat';
    this.item.backgroundColor = undefined;
  }

  get text(): string {
    return this.item.text;
  }
}

function elapsed(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
