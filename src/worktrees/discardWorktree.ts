/**
 * Discard: removes an isolated chat's worktree and its branch. Zero's `zero worktrees` has no remove
 * (only prepare and release, docs/zero-exec.md §21), so this is `git worktree remove --force` and
 * `git branch -D`. Refused while a live Zero run holds the worktree's lock. Only this chat's entry
 * goes: never `git worktree prune`, which would drop the user's worktrees whose folder is missing.
 * Plain Node.
 */
import * as fs from 'node:fs';
import type { ChatWorktree } from '../conversation/model';
import { git, gitProblem } from './git';
import { WORKTREE_NAME } from '../zero/exec/execArgs';
import { branchFor, type Made } from './worktreeCreate';
import { entryOf, listWorktrees, lockProblem, removeEntry } from './worktreeEntries';

export { listWorktrees } from './worktreeEntries';

export interface Discarded {
  /** What was removed, in words. */
  readonly removed: readonly string[];
}

export async function discardWorktree(wt: ChatWorktree): Promise<Made<Discarded>> {
  const problem = gitProblem();
  if (problem) return { ok: false, why: problem };
  const removed: string[] = [];
  const list = await listWorktrees(wt.repoRoot);
  if (!list.ok) return list;
  const entry = entryOf(list.value, wt.path);
  const locked = entry ? lockProblem(entry, wt.path) : null;
  if (locked) return { ok: false, why: locked };
  if (entry) {
    const r = await removeEntry(wt.repoRoot, entry);
    if (!r.ok) return r;
    removed.push(`the worktree ${wt.path}`);
  } else if (fs.existsSync(wt.path)) {
    return { ok: false, why: `${wt.path} is not a worktree of ${wt.repoRoot} any more: it is left as it is.` };
  }
  // Only the branch made for this chat's worktree: a chat file cannot name another one to delete.
  if (wt.branch !== branchFor(wt.name) || !WORKTREE_NAME.test(wt.name)) return { ok: true, value: { removed } };
  const ref = await git(wt.repoRoot, ['rev-parse', '--verify', '-q', `refs/heads/${wt.branch}`]);
  if (ref.code === 0) {
    const d = await git(wt.repoRoot, ['branch', '-D', wt.branch]);
    if (d.code !== 0)
      return { ok: false, why: `git could not delete the branch ${wt.branch}: ${d.stderr.trim() || `exit ${d.code}`}` };
    removed.push(`the branch ${wt.branch}`);
  }
  return { ok: true, value: { removed } };
}
