/** Restricted Mode (an untrusted workspace) runs plan only: the one place that rule is written. */
import * as vscode from 'vscode';

export function restrictedModeAllows(mode: string): boolean {
  return vscode.workspace.isTrusted || mode === 'plan';
}
