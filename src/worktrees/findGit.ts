/**
 * Find the `git` executable as an absolute path: VS Code's `git.path` (the user's value only), then
 * the absolute PATH entries, then the usual install places. Never a bare name, never the current
 * folder: on Windows a bare `git` is looked up in the spawn's cwd first, so a `git.exe` shipped in a
 * repository would run. Everything that touches the machine is injectable, as in findZero.ts.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultStat, expandHome, type PathInfo } from '../zero/binary/findZero';

export type FindGitResult =
  | { readonly ok: true; readonly path: string; readonly source: 'setting' | 'path' | 'known-location' }
  | { readonly ok: false; readonly reason: string; readonly tried: readonly string[] };

export interface FindGitOptions {
  /** The user's `git.path`: a path, a list of paths, or null/undefined (not set). */
  readonly configured?: unknown;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly platform?: NodeJS.Platform;
  readonly homedir?: string;
  readonly stat?: (p: string) => PathInfo | undefined;
}

/** What Node can spawn without a shell on Windows: a .cmd or .bat needs cmd.exe, which we never use. */
const SPAWNABLE = ['.com', '.exe'];

export const GIT_NOT_FOUND =
  'git was not found on PATH: isolated chats run git. Install git, or set "git.path" in your user settings to the git executable.';

export function findGit(options: FindGitOptions = {}): FindGitResult {
  const win = (options.platform ?? process.platform) === 'win32';
  const p = win ? path.win32 : path.posix;
  const env = options.env ?? process.env;
  const home = options.homedir ?? os.homedir();
  const stat = options.stat ?? defaultStat(win);
  const exts = win ? windowsExts(env) : [''];
  const tried: string[] = [];

  const probe = (base: string): string | undefined => {
    const ext = p.extname(base).toLowerCase();
    for (const candidate of win && !SPAWNABLE.includes(ext) ? exts.map((e) => base + e) : [base]) {
      if (tried.includes(candidate)) continue;
      tried.push(candidate);
      const info = stat(candidate);
      if (info?.isFile && info.executable) return candidate;
    }
    return undefined;
  };
  const onPath = (name: string): string | undefined => {
    for (const dir of pathDirs(env, win)) {
      const found = probe(p.join(dir, name));
      if (found) return found;
    }
    return undefined;
  };

  const configured = settingPaths(options.configured);
  if (configured.length > 0) {
    const why: string[] = [];
    for (const raw of configured) {
      const r = fromSetting(raw);
      if (typeof r !== 'string') return r;
      why.push(r);
    }
    return { ok: false, reason: why.join(' '), tried };
  }
  const found = onPath('git');
  if (found) return { ok: true, path: found, source: 'path' };
  for (const dir of knownDirs(env, win, p)) {
    const known = probe(p.join(dir, 'git'));
    if (known) return { ok: true, path: known, source: 'known-location' };
  }
  return { ok: false, reason: GIT_NOT_FOUND, tried };

  /** The found git, or why this value of the setting is not one: a setting is never silently replaced. */
  function fromSetting(raw: string): FindGitResult | string {
    const expanded = expandHome(raw, home, win);
    if (!expanded.includes('/') && !(win && /[\\:]/.test(expanded))) {
      const hit = onPath(expanded);
      return hit
        ? { ok: true, path: hit, source: 'setting' }
        : `"git.path" is set to "${raw}", which was not found on PATH: use an absolute path.`;
    }
    if (!isAbsolute(expanded, win)) return `"git.path" must be an absolute path (or start with ~); got "${raw}".`;
    const hit = probe(expanded);
    if (hit) return { ok: true, path: hit, source: 'setting' };
    const info = stat(expanded);
    const why = !info
      ? 'does not exist'
      : info.isDirectory
        ? 'is a folder, not the git executable'
        : !info.isFile
          ? 'is not a regular file'
          : win
            ? 'is not a program that runs without a shell (git.exe)'
            : 'is not executable';
    return `"git.path" is set to ${expanded}, which ${why}.`;
  }
}

/** `git.path` is a string, a list of strings, or null. */
function settingPaths(v: unknown): string[] {
  const list = Array.isArray(v) ? v : [v];
  return list.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim());
}

/** PATHEXT's order, kept to what spawns without a shell; Windows' own default when unset. */
function windowsExts(env: Readonly<Record<string, string | undefined>>): string[] {
  const raw = getEnv(env, 'PATHEXT', true);
  const listed = (raw ?? '.COM;.EXE')
    .split(';')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => SPAWNABLE.includes(e));
  return listed.length > 0 ? [...new Set(listed)] : ['.exe'];
}

/**
 * A path from the root: on Windows a drive and a slash, or a UNC share. `C:git` and `\git` depend on
 * the current drive's folder or drive, so they are not taken.
 */
function isAbsolute(p: string, win: boolean): boolean {
  return win ? /^[A-Za-z]:[\\/]/.test(p) || /^[\\/]{2}[^\\/]/.test(p) : p.startsWith('/');
}

function getEnv(env: Readonly<Record<string, string | undefined>>, name: string, win: boolean): string | undefined {
  if (!win) return env[name];
  const key = Object.keys(env).find((k) => k.toUpperCase() === name);
  return key === undefined ? undefined : env[key];
}

/** PATH's absolute entries: an empty or relative entry means a folder under the cwd, never searched. */
function pathDirs(env: Readonly<Record<string, string | undefined>>, win: boolean): string[] {
  return (getEnv(env, 'PATH', win) ?? '')
    .split(win ? ';' : ':')
    .map((d) => (win ? d.trim().replace(/^"(.*)"$/, '$1') : d))
    .filter((d) => d !== '' && isAbsolute(d, win));
}

/** Where git's installers put it when PATH lacks it (VS Code's git extension looks there too). */
function knownDirs(env: Readonly<Record<string, string | undefined>>, win: boolean, p: typeof path.posix): string[] {
  if (!win) return ['/usr/bin', '/usr/local/bin', '/opt/homebrew/bin'];
  const roots = ['ProgramW6432', 'ProgramFiles', 'ProgramFiles(x86)']
    .map((k) => getEnv(env, k.toUpperCase(), win))
    .filter((d): d is string => !!d)
    .map((d) => p.join(d, 'Git', 'cmd'));
  const local = getEnv(env, 'LOCALAPPDATA', win);
  if (local) roots.push(p.join(local, 'Programs', 'Git', 'cmd'));
  return roots.filter((d) => isAbsolute(d, win));
}
