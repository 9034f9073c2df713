import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { createZero, type Zero } from './host/composition';
import { setLatencySink } from './protocol/latencyMarks';

/** What `activate` returns: the integration tests drive the extension through it. Not a public API. */
export type ZeroExtensionApi = Zero;

export function activate(context: vscode.ExtensionContext): ZeroExtensionApi {
  const log = vscode.window.createOutputChannel('Zero', { log: true });
  context.subscriptions.push(log);
  // `npm run bench:latency` (bench/latency.ts) reads each message's stage times from this file; unset, no marks.
  const marks = process.env.ZERO_VSCODE_LATENCY_MARKS;
  if (marks) {
    // Written a moment later, off the path being measured.
    setLatencySink((r) => void setTimeout(() => fs.appendFile(marks, `${JSON.stringify(r)}\n`, () => undefined), 50));
  }
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
