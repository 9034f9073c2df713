/**
 * The `zero.*` settings as plain data for the `zero/` layer. Which source may set what is decided
 * in settingsSources.ts (pure); this file only hands it VS Code's `inspect()`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TransportKind } from '../../conversation/model';
import {
  resolveSettings,
  userOnlyKeysInFile,
  type IgnoredSetting,
  type ZeroSettings,
} from '../../zero/settingsSources';

export type { IgnoredSetting, ZeroSettings } from '../../zero/settingsSources';

export function readSettings(): ZeroSettings {
  const cfg = vscode.workspace.getConfiguration('zero');
  return resolveSettings((key) => cfg.inspect(key));
}

/** `zero.transport`: what a chat that has not run yet uses. */
export function defaultTransport(): TransportKind {
  return readSettings().transport ?? 'exec';
}

/**
 * User-only keys written in this workspace's settings files. VS Code ignores them there without a
 * word (they are machine-scoped, so `inspect()` never shows them): this is only for telling the user.
 */
export function userOnlyKeysInWorkspaceFiles(): IgnoredSetting[] {
  const found: IgnoredSetting[] = [];
  const read = (file: string, section?: 'settings'): void => {
    try {
      found.push(...userOnlyKeysInFile(fs.readFileSync(file, 'utf8'), section));
    } catch {
      // No such file: nothing to report.
    }
  };
  for (const f of vscode.workspace.workspaceFolders ?? []) {
    if (f.uri.scheme === 'file') read(path.join(f.uri.fsPath, '.vscode', 'settings.json'));
  }
  const ws = vscode.workspace.workspaceFile;
  if (ws?.scheme === 'file') read(ws.fsPath, 'settings');
  return found;
}
