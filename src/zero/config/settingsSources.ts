/**
 * Which settings source may decide what (pure: no `vscode`, unit-tested in plain Node).
 *
 * A cloned repository's `.vscode/settings.json` must never choose the program that runs or widen
 * what Zero may do. So the binary, its environment, extra flags and extra folders come from the
 * user's (or the remote machine's) settings only, and a workspace may pick a permission mode or
 * autonomy only from an allow-list of values that never mean unsafe. Zero lower-cases both with
 * Go's rules (docs/zero-exec.md §9.1: `unsafe`/`high` mode, `--auto high`); an allow-list after trim
 * and lower-case also rejects spellings where Go and JavaScript case-map differently (`HİGH`).
 */
import type { TransportKind } from '../../conversation/model';

/** The part of `WorkspaceConfiguration.inspect()` this module reads. */
export interface Inspected {
  readonly defaultValue?: unknown;
  readonly globalValue?: unknown;
  readonly workspaceValue?: unknown;
  readonly workspaceFolderValue?: unknown;
}

export type InspectSetting = (key: string) => Inspected | undefined;

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
  /** How much of one run's output a chat keeps (head and tail), in MB. */
  readonly maxRunOutputMB: number;
  /** How new chats talk to Zero: `exec` (one process per turn) or `acp` (`zero acp`, approvals inside the turn). */
  readonly transport?: TransportKind;
  /** Workspace values that were not used, for a visible warning. */
  readonly ignored: readonly IgnoredSetting[];
}

export interface IgnoredSetting {
  /** `zero.mode`. */
  readonly key: string;
  /** Why, in words the user can act on. */
  readonly why: string;
}

/** Settings only the user (or the remote machine) may set. */
// `transport` chooses which Zero command runs (`zero acp` vs `zero exec`), so it is the user's call too.
export const USER_ONLY_KEYS = ['path', 'env', 'extraArgs', 'addDirs', 'addWorkspaceFolders', 'transport'] as const;

/** Values a workspace may choose; everything else (unsafe, high, member…, typos) is ignored there. */
const WORKSPACE_MODES = new Set(['', 'auto', 'ask', 'plan']);
const WORKSPACE_AUTONOMY = new Set(['', 'low', 'medium']);

/** Trim and lower-case, as Zero compares them; non-strings become null. */
export function normaliseLevel(v: unknown): string | null {
  return typeof v === 'string' ? v.trim().toLowerCase() : null;
}

/** True when Zero would run this mode or autonomy value unsafe, in any spelling JavaScript can see. */
export function meansUnsafe(v: unknown): boolean {
  const n = normaliseLevel(v);
  return n === 'unsafe' || n === 'high';
}

export function resolveSettings(inspect: InspectSetting): ZeroSettings {
  const ignored: IgnoredSetting[] = [];
  const info = (key: string): Inspected => inspect(key) ?? {};
  /** What `getConfiguration().get()` would return (language overrides do not apply to our keys). */
  const effective = (key: string): unknown => {
    const i = info(key);
    return i.workspaceFolderValue ?? i.workspaceValue ?? i.globalValue ?? i.defaultValue;
  };
  const workspaceLevels = (i: Inspected): unknown[] =>
    [i.workspaceFolderValue, i.workspaceValue].filter((v) => v !== undefined);

  const userOnly = (key: (typeof USER_ONLY_KEYS)[number]): unknown => {
    const i = info(key);
    const used = i.globalValue ?? i.defaultValue;
    if (workspaceLevels(i).some((v) => JSON.stringify(v) !== JSON.stringify(used))) {
      ignored.push({ key: `zero.${key}`, why: 'only your user settings can set it' });
    }
    return used;
  };

  /** The first workspace-level value that is on the allow-list wins; a refused one is reported. */
  const level = (key: 'mode' | 'autonomy', allowed: ReadonlySet<string>): string => {
    const i = info(key);
    for (const v of [i.workspaceFolderValue, i.workspaceValue]) {
      if (v === undefined) continue;
      const n = normaliseLevel(v);
      if (n !== null && allowed.has(n)) return n;
      ignored.push({
        key: `zero.${key}`,
        why: meansUnsafe(v)
          ? `${JSON.stringify(v)} means unsafe, which only your user settings can choose`
          : `${JSON.stringify(v)} is not one of ${[...allowed].filter(Boolean).join(', ')}, the values a workspace may choose`,
      });
    }
    const user = i.globalValue ?? i.defaultValue;
    return typeof user === 'string' ? user : '';
  };

  const env = userOnly('env');
  const model = effective('model');
  const maxLineMB = effective('maxLineMB');
  const maxRunOutputMB = effective('maxRunOutputMB');
  return {
    path: asString(userOnly('path')).trim(),
    model: asString(model).trim(),
    mode: level('mode', WORKSPACE_MODES),
    autonomy: level('autonomy', WORKSPACE_AUTONOMY),
    addDirs: stringArray(userOnly('addDirs')),
    addWorkspaceFolders: userOnly('addWorkspaceFolders') === true,
    extraArgs: stringArray(userOnly('extraArgs')),
    env: stringRecord(env),
    maxLineMB: clamp(typeof maxLineMB === 'number' ? maxLineMB : 64, 1, 1024),
    maxRunOutputMB: clamp(typeof maxRunOutputMB === 'number' ? maxRunOutputMB : 16, 1, 512),
    transport: userOnly('transport') === 'acp' ? 'acp' : 'exec',
    ignored: dedupe(ignored),
  };
}

/** One line for the warning and the log: "zero.mode ("unsafe" means unsafe, …); zero.env (…)". */
export function describeIgnored(ignored: readonly IgnoredSetting[]): string {
  return ignored.map((i) => `${i.key} (${i.why})`).join('; ');
}

function asString(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function stringArray(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
}

function stringRecord(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function clamp(n: number, lo: number, hi: number): number {
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : lo;
}

function dedupe(list: IgnoredSetting[]): IgnoredSetting[] {
  const seen = new Set<string>();
  return list.filter((i) => {
    const k = `${i.key}\0${i.why}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * The user-only keys a workspace settings file (`.vscode/settings.json`, JSON with comments) sets.
 * VS Code drops machine-scoped values from workspace settings before `inspect()` sees them, so this
 * reads the file itself, only to tell the user; what runs never depends on it. `section` picks the
 * `settings` object of a `.code-workspace` file.
 */
export function userOnlyKeysInFile(text: string, section?: 'settings'): IgnoredSetting[] {
  let data: unknown;
  try {
    data = JSON.parse(stripJsonc(text));
  } catch {
    return [];
  }
  if (section && data && typeof data === 'object') data = (data as Record<string, unknown>)[section];
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  const keys = new Set(Object.keys(data));
  return USER_ONLY_KEYS.filter((k) => keys.has(`zero.${k}`)).map((k) => ({
    key: `zero.${k}`,
    why: 'only your user settings can set it',
  }));
}

/** JSON with comments and trailing commas → JSON (strings kept intact). */
function stripJsonc(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else {
      out += c;
    }
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}
