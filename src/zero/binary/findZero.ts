/**
 * Find the `zero` executable: the `zero.path` setting, then PATH, then the usual install places.
 *
 * Everything that touches the machine (file system, env, platform, home) is injectable, so the
 * Windows rules can be tested on Linux and the other way round.
 */
import * as nodeFs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export type FindZeroResult =
  | { readonly ok: true; readonly path: string; readonly source: 'setting' | 'path' | 'known-location' }
  | { readonly ok: false; readonly reason: string; readonly tried: readonly string[] };

/** What `findZero` needs to know about a path. `undefined` means it does not exist. */
export interface PathInfo {
  readonly isFile: boolean;
  readonly isDirectory: boolean;
  /** POSIX: the execute bit is usable by us. Windows: always true for files (the extension decides). */
  readonly executable: boolean;
}

export interface FindZeroOptions {
  /** The `zero.path` setting, raw. Empty or whitespace means "not set". */
  readonly configuredPath?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly platform?: NodeJS.Platform;
  readonly homedir?: string;
  readonly stat?: (p: string) => PathInfo | undefined;
}

/** Executable extensions we accept on Windows, in lookup order. `.com`/`.js`/`.vbs` from PATHEXT are not wanted. */
const WINDOWS_EXTS = ['.exe', '.cmd', '.bat'];

export function findZero(options: FindZeroOptions = {}): FindZeroResult {
  const platform = options.platform ?? process.platform;
  const win = platform === 'win32';
  const p = win ? path.win32 : path.posix;
  const env = options.env ?? process.env;
  const home = options.homedir ?? os.homedir();
  const stat = options.stat ?? defaultStat(win);
  const tried: string[] = [];

  /** Returns the runnable file for `base` (trying Windows extensions), recording every attempt. */
  const probe = (base: string): string | undefined => {
    for (const candidate of withExtensions(base, win)) {
      if (tried.includes(candidate)) continue;
      tried.push(candidate);
      const info = stat(candidate);
      if (info?.isFile && info.executable) return candidate;
    }
    return undefined;
  };

  const configured = options.configuredPath?.trim();
  if (configured) return fromSetting(configured);

  for (const dir of pathDirs(env, win)) {
    const found = probe(p.join(dir, 'zero'));
    if (found) return { ok: true, path: found, source: 'path' };
  }
  for (const dir of knownDirs(env, win, home, p)) {
    const found = probe(p.join(dir, 'zero'));
    if (found) return { ok: true, path: found, source: 'known-location' };
  }
  return {
    ok: false,
    reason:
      'Zero CLI not found on PATH or in the usual install locations. Install Zero, or set "zero.path" to the zero executable.',
    tried,
  };

  /**
   * An explicit setting is never silently replaced by another binary: if it is wrong, say why.
   * A bare name ("zero-nightly") is looked up on PATH.
   */
  function fromSetting(raw: string): FindZeroResult {
    const expanded = expandHome(raw, home, win);
    if (!expanded.includes('/') && !(win && expanded.includes('\\'))) {
      for (const dir of pathDirs(env, win)) {
        const found = probe(p.join(dir, expanded));
        if (found) return { ok: true, path: found, source: 'setting' };
      }
      return {
        ok: false,
        reason: `"zero.path" is set to "${raw}", which was not found on PATH. Use an absolute path.`,
        tried,
      };
    }
    if (!p.isAbsolute(expanded)) {
      return {
        ok: false,
        reason: `"zero.path" must be an absolute path (or start with ~); got "${raw}".`,
        tried: [expanded],
      };
    }
    const found = probe(expanded);
    if (found) return { ok: true, path: found, source: 'setting' };
    const info = stat(expanded);
    let why: string;
    if (!info) why = 'does not exist';
    else if (info.isDirectory) why = 'is a directory, not the zero executable';
    else if (!info.isFile) why = 'is not a regular file';
    else if (win) why = `is not a Windows executable (${WINDOWS_EXTS.join(', ')})`;
    else why = 'is not executable (try chmod +x)';
    return { ok: false, reason: `"zero.path" is set to ${expanded}, which ${why}.`, tried };
  }
}

/** `~` and `~/x` (and `~\x` on Windows) become the home directory; `~user` is left alone. */
export function expandHome(raw: string, home: string, win: boolean): string {
  if (raw === '~') return home;
  if (raw.startsWith('~/') || (win && raw.startsWith('~\\'))) {
    return (win ? path.win32 : path.posix).join(home, raw.slice(2));
  }
  return raw;
}

function withExtensions(base: string, win: boolean): string[] {
  if (!win) return [base];
  const ext = path.win32.extname(base).toLowerCase();
  // npm puts an extensionless sh script next to zero.cmd; Windows cannot run it, so try the shims first.
  if (WINDOWS_EXTS.includes(ext)) return [base];
  return WINDOWS_EXTS.map((e) => base + e);
}

/** Windows env names are case-insensitive (`Path`, `PATH`); Node's process.env hides that, injected envs may not. */
function getEnv(env: Readonly<Record<string, string | undefined>>, name: string, win: boolean): string | undefined {
  if (!win) return env[name];
  const key = Object.keys(env).find((k) => k.toUpperCase() === name);
  return key === undefined ? undefined : env[key];
}

function pathDirs(env: Readonly<Record<string, string | undefined>>, win: boolean): string[] {
  const raw = getEnv(env, 'PATH', win) ?? '';
  return (
    raw
      .split(win ? ';' : ':')
      .map((d) => (win ? d.replace(/^"(.*)"$/, '$1') : d).trim())
      // An empty entry means "the current directory": never run a binary from there.
      .filter((d) => d !== '' && (win ? path.win32 : path.posix).isAbsolute(d))
  );
}

function knownDirs(
  env: Readonly<Record<string, string | undefined>>,
  win: boolean,
  home: string,
  p: typeof path.posix,
): string[] {
  const dirs: string[] = [];
  const prefix = getEnv(env, 'npm_config_prefix', win) ?? getEnv(env, 'NPM_CONFIG_PREFIX', win);
  if (win) {
    const local = getEnv(env, 'LOCALAPPDATA', win);
    const roaming = getEnv(env, 'APPDATA', win);
    if (local) dirs.push(p.join(local, 'Programs', 'zero'));
    if (roaming) dirs.push(p.join(roaming, 'npm'));
    // On Windows npm puts global shims directly in the prefix, not in prefix\bin.
    if (prefix) dirs.push(prefix);
    if (home) dirs.push(p.join(home, 'go', 'bin'));
  } else {
    if (home) dirs.push(p.join(home, '.local', 'bin'), p.join(home, '.npm-global', 'bin'));
    if (prefix) dirs.push(p.join(prefix, 'bin'));
    const termuxPrefix = env.PREFIX;
    if (termuxPrefix) dirs.push(p.join(termuxPrefix, 'bin'));
    dirs.push('/usr/local/bin', '/opt/homebrew/bin');
    // Zero is a Go program: `go install` puts it here.
    if (home) dirs.push(p.join(home, 'go', 'bin'));
  }
  return dirs.filter((d) => p.isAbsolute(d));
}

export function defaultStat(win: boolean): (p: string) => PathInfo | undefined {
  return (p) => {
    let st: nodeFs.Stats;
    try {
      st = nodeFs.statSync(p);
    } catch {
      return undefined;
    }
    let executable = st.isFile();
    if (executable && !win) {
      try {
        nodeFs.accessSync(p, nodeFs.constants.X_OK);
      } catch {
        executable = false;
      }
    }
    return { isFile: st.isFile(), isDirectory: st.isDirectory(), executable };
  };
}
