import * as vscode from 'vscode';
import { createZero, type Zero } from './host/composition';

/** What `activate` returns: the integration tests drive the extension through it. Not a public API. */
export type ZeroExtensionApi = Zero;

export function activate(context: vscode.ExtensionContext): ZeroExtensionApi {
  const log = vscode.window.createOutputChannel('Zero', { log: true });
  context.subscriptions.push(log);
  try {
    return createZero(context, log);
  } catch (err) {
    // Show activation failures to the user, then rethrow so VS Code records them too.
    void vscode.window.showErrorMessage(`Zero failed to start: ${(err as Error).message}`);
    log.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    throw err;
  }
}

/** Runs are killed by the controller's dispose (it is in context.subscriptions): no orphans. */
export function deactivate(): void {}
