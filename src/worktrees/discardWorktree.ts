/**
 * Discard: removes an isolated chat's worktree and its branch. Zero's `zero worktrees` has no remove
 * (only prepare and release, docs/zero-exec.md §21), so this is `git worktree remove --force` and
 * `git branch -D`. Refused while a live Zero run holds the worktree's lock. Plain Node.
 */
import * as fs from 'node:fs';
import type { ChatWorktree } from '../conversation/model';
import { git } from './git';
import { WORKTREE_NAME } from '../zero/execArgs';
import { branchFor, type Made } from './worktreeCreate';

/** Zero's lock reason for a run's lease (internal/worktrees leaseReason). */
const LEASE = /^zero: active task worktree(?: \(pid (\d+)\))?$/;

interface Entry {
  readonly path: string;
  readonly locked: string | null;
}

/** `git worktree list --porcelain`, one entry per worktree. */
export async function listWorktrees(repoRoot: string): Promise<Entry[]> {
  const out = (await git(repoRoot, ['worktree', 'list', '--porcelain'])).stdout.toString('utf8');
  const entries: { path: string; locked: string | null }[] = [];
  for (const line of out.split('\n')) {
    if (line.startsWith('worktree ')) entries.push({ path: line.slice('worktree '.length), locked: null });
    else if ((line === 'locked' || line.startsWith('locked ')) && entries.length > 0)
      entries[entries.length - 1]!.locked = line.slice('locked'.length).trim();
  }
  return entries;
}

const real = (p: string): string => {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return p;
  }
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export interface Discarded {
  /** What was removed, in words. */
  readonly removed: readonly string[];
}

export async function discardWorktree(wt: ChatWorktree): Promise<Made<Discarded>> {
  const removed: string[] = [];
  const mine = real(wt.path);
  const list = await listWorktrees(wt.repoRoot);
  // The first entry is the main working tree: never the one to remove.
  const entry = list.slice(1).find((e) => real(e.path) === mine);
  if (entry?.locked !== null && entry?.locked !== undefined) {
    const lease = LEASE.exec(entry.locked);
    const pid = lease?.[1] ? Number(lease[1]) : null;
    if (!lease || pid === null || alive(pid))
      return {
        ok: false,
        why:
          pid !== null
            ? `A Zero run (process ${pid}) is working in ${wt.path}: stop it first.`
            : `The worktree ${wt.path} is locked${entry.locked ? ` (${entry.locked})` : ''}: unlock it first (git worktree unlock, or zero worktrees release).`,
      };
  }
  if (entry) {
    // Twice forced: also a worktree whose lock a dead Zero run left behind.
    const r = await git(wt.repoRoot, ['worktree', 'remove', '--force', '--force', entry.path]);
    if (r.code !== 0)
      return { ok: false, why: `git could not remove ${wt.path}: ${r.stderr.trim() || `exit ${r.code}`}` };
    removed.push(`the worktree ${wt.path}`);
  } else if (fs.existsSync(wt.path)) {
    return { ok: false, why: `${wt.path} is not a worktree of ${wt.repoRoot} any more: it is left as it is.` };
  }
  await git(wt.repoRoot, ['worktree', 'prune']);
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
