/**
 * What an isolated chat changed: its worktree as it is on disk (changed, new and deleted files, not
 * ignored ones, committed or not) against the commit it started from. The worktree is written as a
 * tree through a scratch index (a copy of its own, so its staging area is left alone), then compared
 * with git's plumbing, which reads no diff drivers. Plain Node.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { git, gitText, zFields } from './git';

/** One path that differs, as `git diff-tree --raw` tells it. */
export interface RawChange {
  readonly path: string;
  /** git's letter: A added, D deleted, M modified, T type changed. */
  readonly status: string;
  readonly oldMode: string;
  readonly newMode: string;
  readonly oldBlob: string;
  readonly newBlob: string;
}

export interface WorktreeFile {
  /** Repository-relative, `/` separators. */
  readonly path: string;
  readonly change: 'added' | 'modified' | 'deleted';
  /** Lines added and removed; null for a binary file. */
  readonly added: number | null;
  readonly removed: number | null;
  /** A symlink or a submodule on one side: listed, never merged back. */
  readonly special: boolean;
}

export interface WorktreeChanges {
  /** The worktree's state as a tree id. */
  readonly tree: string;
  readonly changes: readonly RawChange[];
  readonly files: readonly WorktreeFile[];
}

const ZERO_BLOB = /^0+$/;
/** Regular files (plain or executable); anything else is special. */
export const isRegular = (mode: string): boolean => mode === '100644' || mode === '100755';

/** The worktree on disk as a tree in the repository's object store. */
export async function snapshotTree(worktree: string): Promise<string> {
  const index = path.resolve(worktree, await gitText(worktree, ['rev-parse', '--git-path', 'index']));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-worktree-'));
  try {
    const env = { GIT_INDEX_FILE: path.join(scratch, 'index') };
    // Its own index knows the files' stat data, so `add -A` rehashes only what changed. The copy keeps the
    // index's time, 2 s earlier: git rehashes a file whose time is not older than its index (racy git), and a
    // copy made now would vouch for a file rewritten, same size, within the clock's grain of the checkout.
    if (fs.existsSync(index)) {
      fs.copyFileSync(index, env.GIT_INDEX_FILE);
      const t = fs.statSync(index).mtimeMs / 1000 - 2;
      fs.utimesSync(env.GIT_INDEX_FILE, t, t);
    } else await gitText(worktree, ['read-tree', 'HEAD'], { env });
    await gitText(worktree, ['add', '-A'], { env, timeoutMs: 300_000 });
    return await gitText(worktree, ['write-tree'], { env });
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The paths that differ between two trees (or commits), renames as a delete and an add. */
export async function rawChanges(cwd: string, from: string, to: string): Promise<RawChange[]> {
  const r = await git(cwd, ['diff-tree', '-r', '-z', '--no-renames', from, to]);
  if (r.code !== 0) throw new Error(r.stderr.trim() || `git diff-tree exited with code ${r.code}`);
  const fields = zFields(r.stdout);
  const out: RawChange[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const m = /^:(\d{6}) (\d{6}) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])/.exec(fields[i]!);
    if (m)
      out.push({ oldMode: m[1]!, newMode: m[2]!, oldBlob: m[3]!, newBlob: m[4]!, status: m[5]!, path: fields[i + 1]! });
  }
  return out;
}

/** Lines added and removed per path (null: binary). */
async function lineCounts(cwd: string, from: string, to: string): Promise<Map<string, [number, number] | null>> {
  const r = await git(cwd, ['diff-tree', '-r', '-z', '--no-renames', '--numstat', from, to]);
  const counts = new Map<string, [number, number] | null>();
  if (r.code !== 0) return counts;
  for (const field of zFields(r.stdout)) {
    const m = /^(\d+|-)\t(\d+|-)\t(.*)$/s.exec(field);
    if (m) counts.set(m[3]!, m[1] === '-' ? null : [Number(m[1]), Number(m[2])]);
  }
  return counts;
}

/** The worktree's changes since `base`, sorted by path. */
export async function worktreeChanges(worktree: string, base: string): Promise<WorktreeChanges> {
  const tree = await snapshotTree(worktree);
  const [changes, counts] = await Promise.all([rawChanges(worktree, base, tree), lineCounts(worktree, base, tree)]);
  const files = changes
    .map((c): WorktreeFile => {
      const n = counts.get(c.path);
      return {
        path: c.path,
        change: ZERO_BLOB.test(c.oldBlob) ? 'added' : ZERO_BLOB.test(c.newBlob) ? 'deleted' : 'modified',
        added: n ? n[0] : null,
        removed: n ? n[1] : null,
        special: !(isRegular(c.oldMode) || c.oldMode === '000000') || !(isRegular(c.newMode) || c.newMode === '000000'),
      };
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { tree, changes, files };
}

/** A blob's bytes (`git cat-file blob`), or null for the all-zero id of a side that has no file. */
export async function blob(cwd: string, id: string, maxBytes?: number): Promise<Buffer | null> {
  if (ZERO_BLOB.test(id)) return null;
  const r = await git(cwd, ['cat-file', 'blob', id], maxBytes ? { maxBytes } : {});
  if (r.code !== 0) throw new Error(r.stderr.trim() || `git cat-file exited with code ${r.code}`);
  return r.stdout;
}

/** A file as the commit has it (the base side of a diff), or null when the commit has no such file. */
export async function fileAt(cwd: string, commit: string, file: string, maxBytes?: number): Promise<Buffer | null> {
  const r = await git(cwd, ['cat-file', 'blob', `${commit}:${file}`], maxBytes ? { maxBytes } : {});
  return r.code === 0 ? r.stdout : null;
}
