/**
 * Merge back: an isolated chat's changes applied to the main working tree, file by file, against the
 * commit the worktree started from. A file the main tree still has as it was then takes the
 * worktree's version; a file changed on both sides is merged three ways (`git merge-file`, conflict
 * markers where both changed the same lines), so the user's uncommitted work is never overwritten.
 * Both sides are the files on disk and the base is as a checkout writes it (workingForm.ts), so line
 * endings match and what is written is what the agent wrote; a file under a clean/smudge filter (Git
 * LFS) is skipped. Each file is looked at again at write time (mainTree.ts), and a rename the disk
 * sees as one file deletes nothing (oneFileRenames.ts). Nothing is staged. Symlinks, submodules and
 * paths that would leave the tree are never written. Plain Node.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChatWorktree } from '../conversation/model';
import { git } from './git';
import { folderProblem, look, mainTree, respell, sameSeen, writeChecked, type MainTree, type Seen } from './mainTree';
import { shownPath } from './shownPath';
import { oneFileRenames } from './oneFileRenames';
import { blobAsFile, filteredPaths } from './workingForm';
import { isRegular, rawChanges, snapshotTree, type RawChange } from './worktreeChanges';

export interface MergeItem {
  readonly path: string;
  readonly change: 'added' | 'modified' | 'deleted';
  /** The main tree's file is not what the worktree started from (or is unsaved in an editor): asked first. */
  readonly mainChanged: boolean;
  /** The main tree already has the worktree's version. */
  readonly same: boolean;
  /** Why it is never written, or null. */
  readonly refused: string | null;
  /** Added under a name that is one file on this disk with this deleted one (oneFileRenames.ts), or null. */
  readonly renamedFrom: string | null;
  /** Deleted, but one file on this disk with this added one: never deleted. */
  readonly renamedTo: string | null;
  readonly raw: RawChange;
  /** What the plan saw in the main tree and the worktree (what the user confirmed): looked at again at write time. */
  readonly seen: { readonly main: Seen; readonly theirs: Seen };
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
  /** Renames written to a name that is one file with the old one on this disk: nothing was deleted. */
  readonly renamed: { from: string; to: string }[];
}

const ZERO = /^0+$/;
const NOTHING = { main: null, theirs: null } as const;

/**
 * The worktree's changes and, for each, what the main tree did to the same file since the base. Both
 * sides are read as files on disk, the base as a checkout writes it, so line-ending conversions match.
 */
export async function planMerge(
  wt: ChatWorktree,
  dirty: (file: string) => boolean = () => false,
  tree: MainTree = mainTree(wt.repoRoot),
): Promise<MergePlan> {
  const snapshot = await snapshotTree(wt.path);
  const raw = await rawChanges(wt.path, wt.baseCommit, snapshot);
  const worktree = mainTree(wt.path);
  const paths = raw.map((c) => c.path);
  const [mainFilters, wtFilters] = await Promise.all([
    filteredPaths(wt.repoRoot, paths),
    filteredPaths(wt.path, paths),
  ]);
  const sides = raw.map((c) => {
    const change = ZERO.test(c.oldBlob) ? 'added' : ZERO.test(c.newBlob) ? 'deleted' : 'modified';
    const filter = mainFilters.get(c.path) ?? wtFilters.get(c.path);
    const unsafe = refusal(tree, c) ?? folderProblem(worktree, c.path, 'the worktree');
    const refused =
      unsafe ??
      (filter ? `it has ${filter} (Git LFS or another clean/smudge filter): copy it from the worktree yourself` : null);
    // Only what is there, to find the renames (a filtered one too: its old name is then not deleted either).
    return { c, change, refused, unsafe, main: unsafe ? null : look(tree.file(c.path)).seen } as const;
  });
  const renames = oneFileRenames(sides.filter((s) => !s.unsafe).map((s) => ({ path: s.c.path, ...s })));
  const renamedFrom = new Map([...renames].map(([from, to]) => [to, from]));
  const items: MergeItem[] = [];
  for (const { c, change, refused } of sides) {
    const item = { path: c.path, change, renamedFrom: null, renamedTo: null, raw: c };
    const none = { seen: null, bytes: null };
    const main = refused ? none : look(tree.file(c.path));
    const theirs = refused ? none : look(worktree.file(c.path));
    const problem = refused ?? mainProblem(main.seen) ?? theirsProblem(theirs.seen, change);
    if (problem) {
      items.push({ ...item, mainChanged: !refused, same: false, refused: problem, seen: NOTHING });
      continue;
    }
    const seen = { main: main.seen, theirs: theirs.seen };
    const to = renames.get(c.path);
    if (to) {
      items.push({ ...item, renamedTo: to, mainChanged: false, same: false, refused: null, seen });
      continue;
    }
    const from = renamedFrom.get(c.path);
    const old = from ? raw.find((r) => r.path === from)! : c;
    const base = await blobAsFile(wt.repoRoot, old.oldBlob, old.path);
    const unsaved = dirty(tree.file(c.path)) || (from !== undefined && dirty(tree.file(from)));
    items.push({
      ...item,
      renamedFrom: from ?? null,
      mainChanged: unsaved || !equal(main.bytes, base),
      same: !unsaved && equal(main.bytes, theirs.bytes),
      refused: null,
      seen,
    });
  }
  return { tree: snapshot, items };
}

/**
 * Applies a plan the user confirmed. Each file is looked at again, on both sides, and written only
 * while it is as the plan saw it; anything else is refused and named.
 */
export async function applyMerge(
  wt: ChatWorktree,
  plan: MergePlan,
  tree: MainTree = mainTree(wt.repoRoot),
): Promise<MergeReport> {
  const report: MergeReport = {
    applied: [],
    merged: [],
    conflicted: [],
    kept: [],
    refused: [],
    same: [],
    renamed: [],
  };
  const worktree = mainTree(wt.path);
  for (const item of plan.items) {
    if (item.renamedTo) continue; // said with the name it became, and never deleted
    if (item.refused) {
      report.refused.push({ path: item.path, why: item.refused });
      continue;
    }
    if (item.same) {
      report.same.push(item.path);
      if (item.renamedFrom) {
        respell(tree, item.path);
        report.renamed.push({ from: item.renamedFrom, to: item.path });
      }
      continue;
    }
    const refuse = (why: string) => void report.refused.push({ path: item.path, why });
    // Checked again at write time: a folder made a link since the plan is still never followed.
    const unsafe = refusal(tree, item.raw) ?? folderProblem(worktree, item.path, 'the worktree');
    if (unsafe) {
      refuse(unsafe);
      continue;
    }
    const now = look(worktree.file(item.path));
    if (!sameSeen(now.seen, item.seen.theirs)) {
      refuse('changed in the worktree after Merge back looked at it (run Merge back again)');
      continue;
    }
    const theirs = now.bytes;
    const target = tree.file(item.path);
    const done = (list: string[]) => {
      list.push(item.path);
      if (!item.renamedFrom) return;
      respell(tree, item.path);
      report.renamed.push({ from: item.renamedFrom, to: item.path });
    };
    if (!item.mainChanged) {
      const why = writeChecked(target, item.seen.main, theirs, item.raw.newMode);
      if (why) refuse(why);
      else done(report.applied);
      continue;
    }
    const main = look(target);
    if (!sameSeen(main.seen, item.seen.main)) {
      refuse(
        main.seen?.kind === 'link'
          ? 'it became a link in your tree after Merge back looked at it'
          : 'changed in your tree after Merge back looked at it (run Merge back again)',
      );
      continue;
    }
    if (theirs === null) {
      report.kept.push({ path: item.path, why: 'deleted in the worktree, changed in your tree: kept' });
      continue;
    }
    const old = item.renamedFrom ? plan.items.find((i) => i.path === item.renamedFrom)!.raw : item.raw;
    const base = await blobAsFile(wt.repoRoot, old.oldBlob, old.path);
    if ([main.bytes, base, theirs].some((b) => b !== null && isBinary(b))) {
      report.kept.push({ path: item.path, why: 'a binary file changed on both sides: kept as yours' });
      continue;
    }
    const merged = await mergeFile(wt, main.bytes ?? Buffer.alloc(0), base ?? Buffer.alloc(0), theirs);
    if (merged === null) {
      report.kept.push({ path: item.path, why: 'git merge-file failed: kept as yours' });
      continue;
    }
    const why = writeChecked(target, item.seen.main, merged.text, item.raw.newMode);
    if (why) refuse(why);
    else done(merged.conflicts > 0 ? report.conflicted : report.merged);
  }
  return report;
}

/** What Merge back did, in a few lines for the chat and the notification. */
export function mergeSummary(report: MergeReport, repoRoot: string): string {
  const n = (k: number): string => `${k} file${k === 1 ? '' : 's'}`;
  const list = (all: readonly string[]): string => {
    const paths = all.map(shownPath);
    return paths.length > 8 ? `${paths.slice(0, 8).join(', ')} and ${paths.length - 8} more` : paths.join(', ');
  };
  const parts: string[] = [];
  if (report.applied.length > 0) parts.push(`applied ${n(report.applied.length)} (${list(report.applied)})`);
  if (report.merged.length > 0)
    parts.push(`merged ${n(report.merged.length)} changed on both sides (${list(report.merged)})`);
  if (report.conflicted.length > 0)
    parts.push(`merged ${n(report.conflicted.length)} with conflict markers to resolve (${list(report.conflicted)})`);
  for (const m of report.renamed)
    parts.push(`renamed ${shownPath(m.from)} to ${shownPath(m.to)} (one file on this disk: nothing deleted)`);
  for (const k of report.kept) parts.push(`${shownPath(k.path)}: ${k.why}`);
  for (const r of report.refused) parts.push(`${shownPath(r.path)}: not merged, ${r.why}`);
  if (report.same.length > 0) parts.push(`${n(report.same.length)} already the same`);
  const done = report.applied.length + report.merged.length + report.conflicted.length;
  return done === 0 && parts.length === 0
    ? `Merge back: the worktree has no changes for ${repoRoot}.`
    : `Merge back into ${repoRoot}: ${parts.join('; ')}. Nothing was staged.`;
}

/** Why a path is never written into the main tree, or null. */
function refusal(tree: MainTree, c: RawChange): string | null {
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
  return folderProblem(tree, c.path, 'your tree');
}

/** Why the main tree's side cannot be read as a file, or null. */
function mainProblem(seen: Seen): string | null {
  if (seen?.kind === 'link') return 'it is a link in your tree';
  if (seen?.kind === 'folder') return 'it is a folder in your tree';
  return seen?.kind === 'other' ? 'it is not a file in your tree' : null;
}

/** Why the worktree's side is not what the snapshot just found, or null. */
function theirsProblem(seen: Seen, change: MergeItem['change']): string | null {
  if (seen !== null && seen.kind !== 'file') return 'it is not a file in the worktree';
  return (seen === null) !== (change === 'deleted') ? 'it changed in the worktree while Merge back looked at it' : null;
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

const equal = (a: Buffer | null, b: Buffer | null): boolean => (a === null || b === null ? a === b : a.equals(b));
const isBinary = (b: Buffer): boolean => b.subarray(0, 8000).includes(0);
