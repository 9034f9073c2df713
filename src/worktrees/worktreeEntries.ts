/**
 * A chat's own entry in its repository's worktree list, and taking only that one out. Never
 * `git worktree prune`: that drops every worktree whose folder is missing, such as the user's own on a
 * disk that is not mounted now. Plain Node.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { git, type Made } from './git';

/** Zero's lock reason for a run's lease (internal/worktrees leaseReason). */
const LEASE = /^zero: active task worktree(?: \(pid (\d+)\))?$/;

export interface Entry {
  readonly path: string;
  readonly locked: string | null;
}

/** `git worktree list --porcelain`, one entry per worktree (the main one first). */
export async function listWorktrees(repoRoot: string): Promise<Made<Entry[]>> {
  const r = await git(repoRoot, ['worktree', 'list', '--porcelain']);
  if (r.code !== 0)
    return {
      ok: false,
      why: `git could not list the worktrees of ${repoRoot}: ${r.stderr.trim() || `exit ${r.code}`}`,
    };
  const entries: { path: string; locked: string | null }[] = [];
  for (const line of r.stdout.toString('utf8').split('\n')) {
    if (line.startsWith('worktree ')) entries.push({ path: line.slice('worktree '.length), locked: null });
    else if ((line === 'locked' || line.startsWith('locked ')) && entries.length > 0)
      entries[entries.length - 1]!.locked = line.slice('locked'.length).trim();
  }
  return { ok: true, value: entries };
}

/** `p` as the disk spells it, a folder that is gone too: its nearest existing parent resolved, the rest as given. */
export function canonical(p: string): string {
  const rest: string[] = [];
  let at = path.resolve(p);
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(at), ...rest);
    } catch {
      const up = path.dirname(at);
      if (up === at) return path.resolve(p);
      rest.unshift(path.basename(at));
      at = up;
    }
  }
}

/** The entry of the worktree at `wtPath`; never the main working tree (the list's first). */
export function entryOf(list: readonly Entry[], wtPath: string): Entry | undefined {
  const mine = canonical(wtPath);
  return list.slice(1).find((e) => canonical(e.path) === mine);
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Why the entry's lock forbids taking it out, or null: none, or the lease of a Zero run that has ended. */
export function lockProblem(entry: Entry, wtPath: string): string | null {
  if (entry.locked === null) return null;
  const lease = LEASE.exec(entry.locked);
  const pid = lease?.[1] ? Number(lease[1]) : null;
  if (lease && pid !== null && !alive(pid)) return null;
  return pid !== null
    ? `A Zero run (process ${pid}) is working in ${wtPath}: stop it first.`
    : `The worktree ${wtPath} is locked${entry.locked ? ` (${entry.locked})` : ''}: unlock it first (git worktree unlock, or zero worktrees release).`;
}

/**
 * Takes this one entry out: its folder, changes and all, when it is there, else only its record in
 * the repository (git checks that record's gitdir points at this path). Twice forced: also an entry
 * whose lock a dead Zero run left behind (callers check lockProblem first).
 */
export async function removeEntry(repoRoot: string, entry: Entry): Promise<Made<null>> {
  const r = await git(repoRoot, ['worktree', 'remove', '--force', '--force', entry.path]);
  return r.code === 0
    ? { ok: true, value: null }
    : { ok: false, why: `git could not remove ${entry.path}: ${r.stderr.trim() || `exit ${r.code}`}` };
}
