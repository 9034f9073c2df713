/**
 * Makes an isolated chat's worktree with git where Zero's `-w <name>` looks for it
 * (`<dir>/zero-worktree-<repo key>/<name>`, docs/zero-exec.md §21), on a branch of its own from the
 * main tree's HEAD; Zero then reuses it on every turn. Also puts it back from its branch when it has
 * gone (Zero's cleaning removes idle, clean worktrees after a day). Plain Node.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChatWorktree } from '../conversation/model';
import { worktreeRepoKey } from '../zero/exec/turnRoot';
import { git, gitProblem, gitText, GitError, type Made } from './git';

export type { Made } from './git';
import { entryOf, listWorktrees, lockProblem, removeEntry } from './worktreeEntries';

/** Zero's worktree name for a chat: its id in the characters Zero takes (WORKTREE_NAME). */
export function worktreeName(chatId: string): string {
  const name = chatId.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '');
  return (name || 'chat').slice(0, 64).replace(/[.-]+$/, '') || 'chat';
}

export const branchFor = (name: string): string => `zero/${name}`;

/** What a worktree of `folder` would start from: its repository, the main worktree, HEAD and its branch. */
export interface WorktreeSource {
  /** The working tree `folder` belongs to (Merge back writes here). */
  readonly repoRoot: string;
  /** The repository's main worktree (Zero keys its worktree folder on it). */
  readonly primaryRoot: string;
  readonly baseCommit: string;
  readonly baseBranch: string | null;
}

export async function worktreeSource(folder: string): Promise<Made<WorktreeSource>> {
  // Restricted Mode, or no git: said as it is, and no git starts.
  const problem = gitProblem();
  if (problem) return { ok: false, why: problem };
  let repoRoot: string;
  try {
    repoRoot = fs.realpathSync.native(await gitText(folder, ['rev-parse', '--show-toplevel']));
  } catch (err) {
    return {
      ok: false,
      why: `${folder} is not in a git repository, and an isolated chat runs in a git worktree.${detail(err)}`,
    };
  }
  const head = await git(repoRoot, ['rev-parse', '--verify', '-q', 'HEAD^{commit}']);
  const baseCommit = head.stdout.toString('utf8').trim();
  if (head.code !== 0 || !/^[0-9a-f]{40,64}$/.test(baseCommit))
    return {
      ok: false,
      why: `The repository ${repoRoot} has no commit yet: commit once, then start the isolated chat.`,
    };
  const branch = await git(repoRoot, ['symbolic-ref', '-q', '--short', 'HEAD']);
  // The first entry of the porcelain list is the main worktree, from wherever git runs (Zero's primaryWorktreeRoot).
  const list = (await git(repoRoot, ['worktree', 'list', '--porcelain'])).stdout.toString('utf8').split('\n');
  const first = list.find((l) => l.startsWith('worktree '))?.slice('worktree '.length) ?? repoRoot;
  let primaryRoot = first;
  try {
    primaryRoot = fs.realpathSync.native(first);
  } catch {
    // A main worktree that is gone (a bare repository's): keep git's spelling, as Zero does.
  }
  const name = branch.stdout.toString('utf8').trim();
  return {
    ok: true,
    value: { repoRoot, primaryRoot, baseCommit, baseBranch: branch.code === 0 && name ? name : null },
  };
}

export function worktreePath(dir: string, primaryRoot: string, name: string): string {
  return path.join(dir, `zero-worktree-${worktreeRepoKey(primaryRoot)}`, name);
}

/** `git worktree add -b zero/<name> <path> <HEAD>` in the repository of `folder`. */
export async function createWorktree(
  folder: string,
  chatId: string,
  dir: string,
  now: number = Date.now(),
): Promise<Made<ChatWorktree>> {
  const source = await worktreeSource(folder);
  if (!source.ok) return source;
  const { repoRoot, primaryRoot, baseCommit, baseBranch } = source.value;
  const name = worktreeName(chatId);
  const target = worktreePath(dir, primaryRoot, name);
  const branch = branchFor(name);
  if (fs.existsSync(target)) return { ok: false, why: `The folder ${target} already exists: it is not made again.` };
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const add = await git(repoRoot, ['worktree', 'add', '-q', '-b', branch, target, baseCommit]);
  if (add.code !== 0)
    return { ok: false, why: `git could not make the worktree ${target}: ${add.stderr.trim() || `exit ${add.code}`}` };
  const real = fs.realpathSync.native(target);
  return {
    ok: true,
    value: { name, path: real, dir, branch, repoRoot, baseBranch, baseCommit, createdAt: now },
  };
}

/** True when `wt.path` is still a worktree folder (it has its `.git` file). */
export function worktreeExists(wt: Pick<ChatWorktree, 'path'>): boolean {
  return fs.existsSync(path.join(wt.path, '.git'));
}

/** Puts a worktree that has gone back from its branch (at the branch's last commit). */
export async function restoreWorktree(wt: ChatWorktree): Promise<Made<null>> {
  if (worktreeExists(wt)) return { ok: true, value: null };
  const problem = gitProblem();
  if (problem) return { ok: false, why: problem };
  if (fs.existsSync(wt.path))
    return {
      ok: false,
      why: `${wt.path} is no longer a worktree (its .git file is gone): it is left as it is; start a new chat.`,
    };
  // git keeps the entry of a folder that has gone, and would refuse to add it again: take out that one only.
  const list = await listWorktrees(wt.repoRoot);
  if (!list.ok) return list;
  const stale = entryOf(list.value, wt.path);
  if (stale) {
    const locked = lockProblem(stale, wt.path);
    if (locked) return { ok: false, why: locked };
    const out = await removeEntry(wt.repoRoot, stale);
    if (!out.ok) return out;
  }
  const ref = await git(wt.repoRoot, ['rev-parse', '--verify', '-q', `refs/heads/${wt.branch}`]);
  if (ref.code !== 0)
    return { ok: false, why: `The worktree ${wt.path} and its branch ${wt.branch} are gone: start a new chat.` };
  fs.mkdirSync(path.dirname(wt.path), { recursive: true, mode: 0o700 });
  const add = await git(wt.repoRoot, ['worktree', 'add', '-q', wt.path, wt.branch]);
  if (add.code !== 0)
    return {
      ok: false,
      why: `git could not put the worktree ${wt.path} back: ${add.stderr.trim() || `exit ${add.code}`}`,
    };
  return { ok: true, value: null };
}

const detail = (err: unknown): string => (err instanceof GitError && err.message ? ` (git: ${err.message})` : '');
