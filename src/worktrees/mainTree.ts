/**
 * A working tree as Merge back reads and writes it: where a repository path is on disk, what is
 * there (looked at with lstat, never followed, and hashed), and a write or delete that happens only
 * while the path still holds what the plan saw, through a temp file and a rename so a half-written
 * file is never seen and a hard link to the old file is not written into. Plain Node.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface MainTree {
  readonly root: string;
  /** The absolute path of `rel` (repository-relative, `/` separators) on this disk. */
  file(rel: string): string;
}

/** The tree at `root`, its paths joined as given (the disk decides whether names fold). */
export function mainTree(root: string): MainTree {
  return { root, file: (rel) => path.join(root, ...rel.split('/')) };
}

/** Case and normalisation folded, as a case-insensitive, normalisation-insensitive disk compares names. */
export const foldName = (name: string): string => name.normalize('NFC').toLowerCase();

/** What a path holds: nothing (null), a regular file, or something Merge back never reads or writes. */
export type Seen =
  | null
  | { readonly kind: 'file'; readonly sha256: string; readonly id: string }
  | { readonly kind: 'link' | 'folder' | 'other'; readonly id: string };

/** What is at `file` now, and a regular file's bytes. */
export function look(file: string): { seen: Seen; bytes: Buffer | null } {
  let st: fs.BigIntStats;
  try {
    st = fs.lstatSync(file, { bigint: true });
  } catch {
    return { seen: null, bytes: null };
  }
  // Two names of one file (a disk that folds case, a hard link) share this.
  const id = `${st.dev}:${st.ino}`;
  if (st.isSymbolicLink()) return { seen: { kind: 'link', id }, bytes: null };
  if (st.isDirectory()) return { seen: { kind: 'folder', id }, bytes: null };
  if (!st.isFile()) return { seen: { kind: 'other', id }, bytes: null };
  const bytes = fs.readFileSync(file);
  return { seen: { kind: 'file', sha256: sha256(bytes), id }, bytes };
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Same kind and, for a file, the same bytes (a save that rewrote the same bytes is no change). */
export function sameSeen(a: Seen, b: Seen): boolean {
  if (a === null || b === null) return a === b;
  return a.kind === b.kind && (a.kind !== 'file' || (b.kind === 'file' && a.sha256 === b.sha256));
}

/**
 * Writes `bytes` at `file` (null: deletes it) if it still holds `expected`; else why not. The check
 * is made again just before the rename, which replaces the name in one step.
 */
export function writeChecked(file: string, expected: Seen, bytes: Buffer | null, mode: string): string | null {
  const changed = (): string | null => {
    const now = look(file).seen;
    if (sameSeen(now, expected)) return null;
    return now?.kind === 'link'
      ? 'it became a link in your tree after Merge back looked at it'
      : 'changed in your tree after Merge back looked at it (run Merge back again)';
  };
  const first = changed();
  if (first) return first;
  if (bytes === null) {
    fs.rmSync(file, { force: true });
    return null;
  }
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.zero-merge-${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fd = fs.openSync(temp, 'wx', 0o600);
    try {
      fs.writeFileSync(fd, bytes);
    } finally {
      fs.closeSync(fd);
    }
    if (process.platform !== 'win32') fs.chmodSync(temp, mode === '100755' ? 0o755 : 0o644);
    const last = changed();
    if (last) return last;
    fs.renameSync(temp, file);
    return null;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/**
 * On a disk that folds names, gives the file the new spelling of its name (`readme.md` becomes
 * `README.md`): the one entry whose name folds to it and is the same file is renamed. Elsewhere a no-op.
 */
export function respell(tree: MainTree, rel: string): void {
  const file = tree.file(rel);
  const dir = path.dirname(file);
  const wanted = rel.split('/').pop()!;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  const actual = names.find((n) => n !== wanted && foldName(n) === foldName(wanted));
  if (!actual || names.includes(wanted)) return;
  const [was, is] = [look(path.join(dir, actual)).seen, look(file).seen];
  if (was?.kind === 'file' && is?.kind === 'file' && was.id === is.id)
    fs.renameSync(path.join(dir, actual), path.join(dir, wanted));
}

/** Why the folders on the way to `rel` under `root` are not plain folders of the tree (a link, a file), or null. */
export function folderProblem(tree: MainTree, rel: string, whose: string): string | null {
  const parts = rel.split('/');
  for (let k = 1; k < parts.length; k++) {
    const at = parts.slice(0, k).join('/');
    const st = lstat(tree.file(at));
    if (st?.isSymbolicLink()) return `${at} is a link in ${whose}`;
    if (st && !st.isDirectory()) return `${at} is a file in ${whose}`;
  }
  return null;
}

function lstat(p: string): fs.Stats | null {
  try {
    return fs.lstatSync(p);
  } catch {
    return null;
  }
}
