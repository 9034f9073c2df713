import * as vscode from 'vscode';
import { webviewHtml } from './webviewHtml';

/** Hosts the chat webview in the Zero sidebar container. */
export class ChatViewProvider implements vscode.WebviewViewProvider {
  static readonly viewType = 'zero.chat';

  constructor(private readonly extensionUri: vscode.Uri) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    view.webview.options = {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist'), vscode.Uri.joinPath(this.extensionUri, 'media')],
    };
    view.webview.html = webviewHtml(view.webview, this.extensionUri);
  }
}
