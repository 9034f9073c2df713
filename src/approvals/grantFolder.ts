/**
 * Which folder an approved outside-workspace write may open up (`--add-dir`), pure.
 *
 * `--add-dir` gives Zero's file tools and sandbox read AND write access to the whole folder
 * (docs/zero-exec.md §9.1). So the folder must be absolute, never the home folder, a folder that
 * contains it, or a filesystem root (`/`, `C:\`, `\\server\share\`): approving `~/.bashrc` must not
 * hand Zero the whole home folder, and a file in `/` must not hand it the disk.
 */

/** The part of Node's `path` (posix or win32) used here; passed in because approvals/ does no I/O. */
export interface PathApi {
  readonly sep: string;
  isAbsolute(p: string): boolean;
  normalize(p: string): string;
  dirname(p: string): string;
  relative(from: string, to: string): string;
  parse(p: string): { root: string };
}

export interface FolderRules {
  readonly home: string;
  readonly path: PathApi;
  /** Windows and macOS file systems usually ignore case: compare folders the same way. */
  readonly caseInsensitive: boolean;
  /** Where a folder really is (symlinks resolved), or null when it does not exist. */
  readonly realpath?: (p: string) => string | null;
}

export type FolderCheck =
  { readonly ok: true; readonly folder: string } | { readonly ok: false; readonly reason: string };

export type FolderChoices =
  { readonly ok: true; readonly choices: readonly string[] } | { readonly ok: false; readonly reason: string };

function same(a: string, b: string, rules: FolderRules): boolean {
  return rules.caseInsensitive ? a.toLowerCase() === b.toLowerCase() : a === b;
}

function strip(p: string, pa: PathApi): string {
  const root = pa.parse(p).root;
  return p.length > root.length ? p.replace(/[\\/]+$/, '') : p;
}

/** Is `folder` one Zero may be given with --add-dir? A symlink is judged by where it leads too. */
export function checkGrantFolder(raw: string, rules: FolderRules): FolderCheck {
  const check = checkSpelledFolder(raw, rules);
  if (!check.ok || !rules.realpath) return check;
  const real = rules.realpath(check.folder);
  if (real === null || real === check.folder) return check;
  const target = checkSpelledFolder(real, { ...rules, home: rules.realpath(rules.home) ?? rules.home });
  return target.ok ? check : { ok: false, reason: `${check.folder} leads to ${real}. ${target.reason}` };
}

function checkSpelledFolder(raw: string, rules: FolderRules): FolderCheck {
  const pa = rules.path;
  if (
    typeof raw !== 'string' ||
    raw.trim() === '' ||
    !pa.isAbsolute(raw) ||
    (pa.sep === '\\' && /^[\\/](?![\\/])/.test(raw))
  ) {
    return { ok: false, reason: `"${raw}" is not an absolute path, so it cannot be given to Zero as a folder.` };
  }
  const folder = strip(pa.normalize(raw), pa);
  if (pa.parse(folder).root === folder || pa.dirname(folder) === folder) {
    return {
      ok: false,
      reason: `${folder} is the root of a drive or file system: Zero would be able to write anywhere on it.`,
    };
  }
  const home = strip(pa.normalize(rules.home), pa);
  if (same(folder, home, rules)) {
    return {
      ok: false,
      reason: `${folder} is your home folder: Zero would be able to write to every file in it (shell profiles, SSH keys…).`,
    };
  }
  const rel = pa.relative(folder, home);
  if (rel !== '' && !rel.startsWith('..') && !pa.isAbsolute(rel)) {
    return {
      ok: false,
      reason: `${folder} contains your home folder: Zero would be able to write to every file in it.`,
    };
  }
  return { ok: true, folder };
}

/**
 * The folders that would let Zero write `file`, narrowest first: its folder, then each parent up to
 * (not including) the home folder or a root. Empty means no folder can be offered, with the reason.
 */
export function folderChoices(file: string, rules: FolderRules): FolderChoices {
  const pa = rules.path;
  if (typeof file !== 'string' || !pa.isAbsolute(file)) {
    return {
      ok: false,
      reason: `Zero asked about "${file}", which is not an absolute path, so no folder can be given for it.`,
    };
  }
  const choices: string[] = [];
  let first: FolderCheck | null = null;
  for (let dir = pa.dirname(pa.normalize(file)); ; dir = pa.dirname(dir)) {
    const check = checkGrantFolder(dir, rules);
    first ??= check;
    if (!check.ok) break;
    choices.push(check.folder);
    if (pa.dirname(dir) === dir) break;
  }
  if (choices.length === 0)
    return { ok: false, reason: first && !first.ok ? first.reason : `No folder can be given for ${file}.` };
  return { ok: true, choices };
}

/** Is `file` inside `folder` (so a grant of `folder` covers it)? */
export function coversFile(folder: string, file: string, rules: FolderRules): boolean {
  const pa = rules.path;
  const rel = pa.relative(pa.normalize(folder), pa.normalize(file));
  return rel !== '' && !rel.startsWith('..') && !pa.isAbsolute(rel);
}
