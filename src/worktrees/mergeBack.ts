/**
 * Merge back: an isolated chat's changes applied to the main working tree, file by file, against the
 * commit the worktree started from. A file the main tree still has as it was then takes the
 * worktree's version; a file changed on both sides is merged three ways (`git merge-file`, conflict
 * markers where both changed the same lines), so the user's uncommitted work is never overwritten.
 * Nothing is staged. Symlinks, submodules and paths that would leave the tree are never written.
 * Plain Node.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChatWorktree } from '../conversation/model';
import { git } from './git';
import { blob, isRegular, rawChanges, snapshotTree, type RawChange } from './worktreeChanges';

export interface MergeItem {
  readonly path: string;
  readonly change: 'added' | 'modified' | 'deleted';
  /** The main tree's file is not what the worktree started from (or is unsaved in an editor): asked first. */
  readonly mainChanged: boolean;
  /** The main tree already has the worktree's version. */
  readonly same: boolean;
  /** Why it is never written, or null. */
  readonly refused: string | null;
  readonly raw: RawChange;
}

export interface MergePlan {
  readonly tree: string;
  readonly items: readonly MergeItem[];
}

export interface MergeReport {
  /** Took the worktree's version (or was deleted), the main tree had not changed it. */
  readonly applied: string[];
  /** Changed on both sides, merged without conflict. */
  readonly merged: string[];
  /** Changed on both sides, merged with conflict markers to resolve. */
  readonly conflicted: string[];
  /** Left as the main tree has it: changed on both sides and not mergeable as text. */
  readonly kept: { path: string; why: string }[];
  readonly refused: { path: string; why: string }[];
  readonly same: string[];
}

const ZERO = /^0+$/;

/** The worktree's changes and, for each, what the main tree did to the same file since the base. */
export async function planMerge(wt: ChatWorktree, dirty: (file: string) => boolean = () => false): Promise<MergePlan> {
  const tree = await snapshotTree(wt.path);
  const raw = await rawChanges(wt.path, wt.baseCommit, tree);
  const items: MergeItem[] = [];
  for (const c of raw) {
    const change = ZERO.test(c.oldBlob) ? 'added' : ZERO.test(c.newBlob) ? 'deleted' : 'modified';
    const refused = refusal(wt.repoRoot, c);
    if (refused) {
      items.push({ path: c.path, change, mainChanged: false, same: false, refused, raw: c });
      continue;
    }
    const main = readMain(wt.repoRoot, c.path);
    if (typeof main === 'string') {
      items.push({ path: c.path, change, mainChanged: true, same: false, refused: main, raw: c });
      continue;
    }
    const [base, theirs] = await Promise.all([blob(wt.path, c.oldBlob), blob(wt.path, c.newBlob)]);
    const unsaved = dirty(path.join(wt.repoRoot, c.path));
    items.push({
      path: c.path,
      change,
      mainChanged: unsaved || !equal(main, base),
      same: !unsaved && equal(main, theirs),
      refused: null,
      raw: c,
    });
  }
  return { tree, items };
}

/** Applies a plan (made just before, so the main tree is as it saw it). */
export async function applyMerge(wt: ChatWorktree, plan: MergePlan): Promise<MergeReport> {
  const report: MergeReport = { applied: [], merged: [], conflicted: [], kept: [], refused: [], same: [] };
  for (const item of plan.items) {
    if (item.refused) {
      report.refused.push({ path: item.path, why: item.refused });
      continue;
    }
    if (item.same) {
      report.same.push(item.path);
      continue;
    }
    const target = path.join(wt.repoRoot, item.path);
    const theirs = await blob(wt.path, item.raw.newBlob);
    // Checked again at write time: a folder made a link since the plan is still never followed.
    const unsafe = refusal(wt.repoRoot, item.raw);
    if (unsafe) {
      report.refused.push({ path: item.path, why: unsafe });
      continue;
    }
    if (!item.mainChanged) {
      write(target, theirs, item.raw.newMode);
      report.applied.push(item.path);
      continue;
    }
    const main = readMain(wt.repoRoot, item.path);
    if (typeof main === 'string') {
      report.refused.push({ path: item.path, why: main });
      continue;
    }
    if (theirs === null) {
      report.kept.push({ path: item.path, why: 'deleted in the worktree, changed in your tree: kept' });
      continue;
    }
    const base = await blob(wt.path, item.raw.oldBlob);
    if ([main, base, theirs].some((b) => b !== null && isBinary(b))) {
      report.kept.push({ path: item.path, why: 'a binary file changed on both sides: kept as yours' });
      continue;
    }
    const merged = await mergeFile(wt, main ?? Buffer.alloc(0), base ?? Buffer.alloc(0), theirs);
    if (merged === null) {
      report.kept.push({ path: item.path, why: 'git merge-file failed: kept as yours' });
      continue;
    }
    write(target, merged.text, item.raw.newMode);
    (merged.conflicts > 0 ? report.conflicted : report.merged).push(item.path);
  }
  return report;
}

/** What Merge back did, in a few lines for the chat and the notification. */
export function mergeSummary(report: MergeReport, repoRoot: string): string {
  const n = (k: number): string => `${k} file${k === 1 ? '' : 's'}`;
  const list = (paths: readonly string[]): string =>
    paths.length > 8 ? `${paths.slice(0, 8).join(', ')} and ${paths.length - 8} more` : paths.join(', ');
  const parts: string[] = [];
  if (report.applied.length > 0) parts.push(`applied ${n(report.applied.length)} (${list(report.applied)})`);
  if (report.merged.length > 0)
    parts.push(`merged ${n(report.merged.length)} changed on both sides (${list(report.merged)})`);
  if (report.conflicted.length > 0)
    parts.push(`merged ${n(report.conflicted.length)} with conflict markers to resolve (${list(report.conflicted)})`);
  for (const k of report.kept) parts.push(`${k.path}: ${k.why}`);
  for (const r of report.refused) parts.push(`${r.path}: not merged, ${r.why}`);
  if (report.same.length > 0) parts.push(`${n(report.same.length)} already the same`);
  const done = report.applied.length + report.merged.length + report.conflicted.length;
  return done === 0 && parts.length === 0
    ? `Merge back: the worktree has no changes for ${repoRoot}.`
    : `Merge back into ${repoRoot}: ${parts.join('; ')}. Nothing was staged.`;
}

/** Why a path is never written into the main tree, or null. */
function refusal(root: string, c: RawChange): string | null {
  const parts = c.path.split('/');
  if (path.isAbsolute(c.path) || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\')))
    return 'its path leaves the repository';
  if (parts[0]!.toLowerCase() === '.git') return "it is inside git's own folder";
  for (const mode of [c.oldMode, c.newMode]) {
    if (mode === '120000') return 'it is a symbolic link';
    if (mode === '160000') return 'it is a submodule';
    if (mode !== '000000' && !isRegular(mode)) return `git mode ${mode} is not a file`;
  }
  // Every folder on the way must be a real folder of the tree, never a link out of it.
  let dir = root;
  for (const p of parts.slice(0, -1)) {
    dir = path.join(dir, p);
    const st = lstat(dir);
    if (st?.isSymbolicLink()) return `${path.relative(root, dir)} is a link in your tree`;
    if (st && !st.isDirectory()) return `${path.relative(root, dir)} is a file in your tree`;
  }
  return null;
}

/** The main tree's file, null when absent, or why it cannot be read as one. */
function readMain(root: string, rel: string): Buffer | null | string {
  const file = path.join(root, rel);
  const st = lstat(file);
  if (!st) return null;
  if (st.isSymbolicLink()) return 'it is a link in your tree';
  if (!st.isFile()) return 'it is a folder in your tree';
  return fs.readFileSync(file);
}

function write(file: string, bytes: Buffer | null, mode: string): void {
  if (bytes === null) {
    fs.rmSync(file, { force: true });
    return;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  if (process.platform !== 'win32') fs.chmodSync(file, mode === '100755' ? 0o755 : 0o644);
}

async function mergeFile(
  wt: ChatWorktree,
  ours: Buffer,
  base: Buffer,
  theirs: Buffer,
): Promise<{ text: Buffer; conflicts: number } | null> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-merge-'));
  try {
    const [o, b, t] = ['ours', 'base', 'theirs'].map((n) => path.join(scratch, n)) as [string, string, string];
    fs.writeFileSync(o, ours);
    fs.writeFileSync(b, base);
    fs.writeFileSync(t, theirs);
    const labels = ['-L', 'your tree', '-L', `base ${wt.baseCommit.slice(0, 7)}`, '-L', wt.branch];
    const r = await git(wt.repoRoot, ['merge-file', '-p', ...labels, o, b, t]);
    // 0: clean; 1..127: that many conflicts; anything else (or no exit): an error.
    if (r.code === null || r.code < 0 || r.code > 127) return null;
    return { text: r.stdout, conflicts: r.code };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function lstat(p: string): fs.Stats | null {
  try {
    return fs.lstatSync(p);
  } catch {
    return null;
  }
}

const equal = (a: Buffer | null, b: Buffer | null): boolean => (a === null || b === null ? a === b : a.equals(b));
const isBinary = (b: Buffer): boolean => b.subarray(0, 8000).includes(0);
