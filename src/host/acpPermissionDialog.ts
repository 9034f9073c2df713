/**
 * The dialog for `session/request_permission` (ACP): Zero is blocked until it is answered.
 *
 * A quick pick rather than a modal message box, because Stop must be able to close it: VS Code
 * offers no way to dismiss a modal message from code, and a turn must never wait on a dialog the
 * user can no longer act on. It stays open when focus moves (so the chat's Stop button can be
 * pressed), offers exactly Zero's options with Zero's labels, and treats Esc / closing as Zero's
 * reject option (never a cancel). The tool call's title and kind head the dialog; what `rawInput`
 * carries (command, URL, path) is on the first line, and a write's content or diff opens beside it.
 * One dialog at a time across all chats: the others wait in line.
 */
import type * as acp from '@agentclientprotocol/sdk';
import * as vscode from 'vscode';
import { CANCELLED, describePermission, dismissed, selected } from '../acp/permission';

interface OptionItem extends vscode.QuickPickItem {
  readonly optionId: string;
}

const KIND_WORDS: Record<string, string> = {
  allow_once: 'this call only',
  allow_always: 'remembered',
  reject_once: 'refuse this call',
  reject_always: 'refuse from now on',
};

const SCHEME = 'zero-permission';

export class AcpPermissionDialogs implements vscode.Disposable {
  private tail: Promise<unknown> = Promise.resolve();
  /** Read-only documents for "show everything" (untitled ones would ask to be saved). */
  private readonly texts = new Map<string, string>();
  private readonly provider = vscode.workspace.registerTextDocumentContentProvider(SCHEME, { provideTextDocumentContent: (uri) => this.texts.get(uri.path) ?? '' });
  private shown = 0;
  private waiting = 0;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a dialog opens or the last one closes (the status bar says "approval needed"). */
  readonly onDidChangeWaiting = this.changed.event;
  /** The open dialog, for the integration tests. */
  current: vscode.QuickPick<OptionItem> | null = null;

  get busy(): boolean {
    return this.waiting > 0;
  }

  /** Resolves with Zero's answer; `cancelled` when `signal` aborts (Stop), closing the dialog. */
  ask(request: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse> {
    this.waiting += 1;
    this.changed.fire();
    const run = this.tail.then(() => this.show(request, signal));
    this.tail = run.catch(() => undefined);
    return run.finally(() => {
      this.waiting -= 1;
      this.changed.fire();
    });
  }

  private show(request: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse> {
    if (signal.aborted) return Promise.resolve(CANCELLED);
    const text = describePermission(request);
    const [titleLine, ...rest] = text.detail.split('\n');
    const facts = rest.filter((l) => /^(Kind|Command|URL|Path|Query|Input): /.test(l));
    const body = text.detail.includes('\nContent:\n') || text.detail.includes('\nChange:\n') || text.detail.includes('\nDiff of ');
    const qp = vscode.window.createQuickPick<OptionItem>();
    qp.title = `${text.question} ${titleLine ?? ''}`.trim();
    qp.placeholder = `${facts.join(' · ')}${facts.length ? ' — ' : ''}Esc rejects. Zero is waiting for your answer.`;
    qp.ignoreFocusOut = true;
    qp.matchOnDescription = false;
    // Exactly Zero's options, with Zero's labels; what the call does is in the placeholder above them.
    qp.items = request.options.map((o) => ({ label: o.name, optionId: o.optionId, description: KIND_WORDS[o.kind] ?? o.kind }));
    const details: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('eye'), tooltip: 'Show everything Zero wants to do' };
    qp.buttons = [details];
    this.current = qp;
    return new Promise((resolve) => {
      let settled = false;
      const done = (answer: acp.RequestPermissionResponse): void => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        if (this.current === qp) this.current = null;
        subs.forEach((s) => s.dispose());
        qp.dispose();
        resolve(answer);
      };
      const onAbort = (): void => done(CANCELLED);
      signal.addEventListener('abort', onAbort);
      const subs = [
        qp.onDidAccept(() => {
          const pick = qp.selectedItems[0] ?? qp.activeItems[0];
          if (pick) done(selected(pick.optionId));
        }),
        // Esc or closing: Zero's reject option, not a cancel of the turn.
        qp.onDidHide(() => done(dismissed(request.options))),
        qp.onDidTriggerButton(() => void this.showDetails(text.detail)),
      ];
      qp.show();
      if (body) void this.showDetails(text.detail);
    });
  }

  /** The whole request (a write's content or diff included) in a read-only preview beside the chat. */
  private async showDetails(detail: string): Promise<void> {
    const path = `/permission-${++this.shown}.txt`;
    this.texts.set(path, detail);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: SCHEME, path }));
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: true });
  }

  dispose(): void {
    this.current?.dispose();
    this.changed.dispose();
    this.provider.dispose();
  }
}
