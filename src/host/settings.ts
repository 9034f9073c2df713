/**
 * The `zero.*` settings as plain data for the `zero/` layer.
 *
 * What decides which program runs and with what power (path, env, extra args, unsafe modes,
 * add-dirs) is read from user/machine settings only: a cloned repository's `.vscode/settings.json`
 * must never choose the binary or widen its permissions. package.json scopes these `machine`, and
 * this module ignores workspace values again in case a scope is ever loosened.
 */
import * as vscode from 'vscode';

export interface ZeroSettings {
  readonly path: string;
  readonly model: string;
  readonly mode: string;
  readonly autonomy: string;
  readonly addDirs: readonly string[];
  readonly addWorkspaceFolders: boolean;
  readonly extraArgs: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly maxLineMB: number;
  /** Workspace values we refused to use, for a warning in the log. */
  readonly ignored: readonly string[];
}

const SENSITIVE = ['path', 'env', 'extraArgs', 'addDirs'] as const;

export function readSettings(): ZeroSettings {
  const cfg = vscode.workspace.getConfiguration('zero');
  const ignored: string[] = [];
  const userOnly = <T>(key: string, fallback: T): T => {
    const i = cfg.inspect<T>(key);
    if (i && (i.workspaceValue !== undefined || i.workspaceFolderValue !== undefined)) ignored.push(`zero.${key}`);
    return (i?.globalValue ?? i?.defaultValue ?? fallback) as T;
  };
  let mode = cfg.get<string>('mode', '');
  const modeInfo = cfg.inspect<string>('mode');
  if (mode === 'unsafe' && (modeInfo?.workspaceValue === 'unsafe' || modeInfo?.workspaceFolderValue === 'unsafe')) {
    ignored.push('zero.mode (unsafe)');
    mode = modeInfo?.globalValue ?? '';
  }
  const env = userOnly<Record<string, unknown>>('env', {});
  return {
    path: userOnly<string>(SENSITIVE[0], ''),
    model: cfg.get<string>('model', '').trim(),
    mode,
    autonomy: cfg.get<string>('autonomy', ''),
    addDirs: stringArray(userOnly<unknown>('addDirs', [])),
    addWorkspaceFolders: cfg.get<boolean>('addWorkspaceFolders', false),
    extraArgs: stringArray(userOnly<unknown>('extraArgs', [])),
    env: Object.fromEntries(Object.entries(env ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string')),
    maxLineMB: clamp(cfg.get<number>('maxLineMB', 64), 1, 1024),
    ignored,
  };
}

function stringArray(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
}

function clamp(n: number, lo: number, hi: number): number {
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : lo;
}
