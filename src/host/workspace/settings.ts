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
} from '../../zero/config/settingsSources';

export type { IgnoredSetting, ZeroSettings } from '../../zero/config/settingsSources';

/** The settings read in this run of the event loop: see readSettings. */
let memo: ZeroSettings | undefined;

/**
 * The settings, read once per run of the event loop: they cannot change within one (VS Code delivers a change
 * as a message of its own), and a Send reads them a dozen times on its way to Zero (composer picks, transport,
 * run plan), 0.3-1 ms each (npm run bench:latency).
 */
export function readSettings(): ZeroSettings {
  if (memo) return memo;
  const cfg = vscode.workspace.getConfiguration('zero');
  const read = resolveSettings((key) => cfg.inspect(key));
  memo = read;
  queueMicrotask(() => (memo = undefined));
  return read;
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
