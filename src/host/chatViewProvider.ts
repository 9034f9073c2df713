import * as vscode from 'vscode';
import type { ChatController } from './chatController';
import { ChatWebviewBinding, type BindingHandlers } from './chatWebviewBinding';
import { Disposable } from './disposable';
import { webviewHtml, webviewOptions } from './webviewHtml';

/** The chat in the Zero sidebar container. */
export class ChatViewProvider extends Disposable implements vscode.WebviewViewProvider {
  static readonly viewType = 'zero.chat';
  private binding: ChatWebviewBinding | undefined;
  private view: vscode.WebviewView | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly controller: ChatController,
    private readonly handlers: BindingHandlers,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.register({ dispose: () => this.binding?.dispose() });
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.binding?.dispose();
    this.view = view;
    view.webview.options = webviewOptions(this.extensionUri);
    this.binding = new ChatWebviewBinding(view.webview, this.controller, this.handlers, this.log);
    view.webview.html = webviewHtml(view.webview, this.extensionUri);
    view.onDidDispose(() => {
      this.binding?.dispose();
      this.binding = undefined;
      this.view = undefined;
    });
  }

  /** Reveal the view and put the cursor in the composer. */
  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${ChatViewProvider.viewType}.focus`);
    this.binding?.focusComposer();
    this.view?.show(true);
  }
}
