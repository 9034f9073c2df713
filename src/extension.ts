import * as vscode from 'vscode';
import { ChatViewProvider } from './host/chatViewProvider';

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, new ChatViewProvider(context.extensionUri)),
  );
}

export function deactivate(): void {}
