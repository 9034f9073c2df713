import * as vscode from 'vscode';
import type { ChatController } from './chatController';
import { ChatWebviewBinding, type BindingHandlers } from './chatWebviewBinding';
import { Disposable } from './disposable';
import { webviewHtml, webviewOptions } from './webviewHtml';

/** The same chat in an editor tab ("Zero: Open Chat in Editor"). One tab at a time. */
export class ChatPanel extends Disposable {
  static readonly viewType = 'zero.chatPanel';
  private panel: vscode.WebviewPanel | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly controller: ChatController,
    private readonly handlers: BindingHandlers,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.register({ dispose: () => this.panel?.dispose() });
  }

  show(): void {
    if (this.panel) {
      this.panel.reveal();
      return;
    }
    const panel = vscode.window.createWebviewPanel(ChatPanel.viewType, 'Zero Chat', vscode.ViewColumn.Beside, webviewOptions(this.extensionUri));
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'zero.svg');
    const binding = new ChatWebviewBinding(panel.webview, this.controller, this.handlers, this.log);
    panel.webview.html = webviewHtml(panel.webview, this.extensionUri);
    panel.onDidDispose(() => {
      binding.dispose();
      this.panel = undefined;
    });
    this.panel = panel;
  }
}
