import * as vscode from 'vscode';
import type { ChatController } from '../../chats/chatController';
import { ChatWebviewBinding, type EditorHandlers } from './chatWebviewBinding';
import type { ChatSurface } from '../../chats/chatSurfaces';
import { Disposable } from '../../lifecycle/disposable';
import { webviewHtml, webviewOptions } from './webviewHtml';

/** The chat in the Zero sidebar container. Its badge counts the chats waiting for the user. */
export class ChatViewProvider extends Disposable implements vscode.WebviewViewProvider, ChatSurface {
  static readonly viewType = 'zero.chat';
  private binding: ChatWebviewBinding | undefined;
  private view: vscode.WebviewView | undefined;
  /** Focus Chat before the view existed: the composer gets the cursor once it is resolved and ready. */
  private focusOnResolve = false;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly controller: ChatController,
    private readonly handlers: EditorHandlers,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.register({ dispose: () => this.binding?.dispose() });
    this.register(controller.surfaces.add(this));
    this.register(controller.activity.onDidChange(() => this.updateBadge()));
    // Opening another chat in the sidebar changes what the user can see.
    this.register(controller.chats.onDidChange((c) => c.kind === 'snapshot' && controller.surfaces.changed()));
  }

  get chatId(): string {
    return this.controller.focus.sidebarShownChat.id;
  }

  get inView(): boolean {
    return this.view?.visible ?? false;
  }

  /** The badge's number, for the integration tests. */
  get badge(): number {
    return this.view?.badge?.value ?? 0;
  }

  private updateBadge(): void {
    if (!this.view) return;
    const n = this.controller.activity.waiting;
    // Zero, not undefined: VS Code's webview view keeps a badge that is set back to undefined
    // (microsoft/vscode#331019); the activity bar shows no number for 0.
    this.view.badge = {
      value: n,
      tooltip: n > 0 ? `${n} Zero chat${n === 1 ? '' : 's'} waiting for your approval` : '',
    };
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.binding?.dispose();
    this.view = view;
    view.webview.options = webviewOptions(this.extensionUri);
    const binding = new ChatWebviewBinding(view.webview, this.controller, this.handlers, this.log);
    this.binding = binding;
    if (this.focusOnResolve) binding.focusComposer();
    this.focusOnResolve = false;
    view.webview.html = webviewHtml(view.webview, this.extensionUri);
    this.updateBadge();
    this.controller.surfaces.changed();
    const visibility = view.onDidChangeVisibility(() => {
      if (view.visible) this.controller.focus.workIn(null);
      else binding.forgetFocus();
      this.controller.surfaces.changed();
    });
    // VS Code may resolve the view again (moved to another container) before disposing the old one:
    // each view's dispose unbinds only its own binding, never a newer one.
    view.onDidDispose(() => {
      binding.dispose();
      visibility.dispose();
      if (this.binding !== binding) return;
      this.binding = undefined;
      this.view = undefined;
    });
  }

  /** Whether the view's document has the focus (as the webview last said). */
  get hasFocus(): boolean {
    return (this.view?.visible ?? false) && (this.binding?.hasFocus ?? false);
  }

  /** Reveal the view and put the cursor in the composer. */
  async reveal(): Promise<void> {
    this.controller.focus.workIn(null);
    await vscode.commands.executeCommand(`${ChatViewProvider.viewType}.focus`);
    if (this.binding) this.binding.focusComposer();
    else this.focusOnResolve = true;
    this.view?.show(true);
  }
}
