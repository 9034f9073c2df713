/**
 * An isolated chat's git worktree: where it is, and what it started from, so its changes can be
 * reviewed and merged back against that. Made by the extension with git at the place Zero's own
 * `zero exec -w <name>` uses, then reused by Zero on every turn (docs/zero-exec.md §21).
 */
export interface ChatWorktree {
  /** Zero's worktree name (`-w <name>`), made from the chat id. */
  readonly name: string;
  /** The worktree folder: `<dir>/zero-worktree-<repository key>/<name>`. */
  readonly path: string;
  /** Zero's base folder for worktrees (`--worktree-dir`). */
  readonly dir: string;
  /** The branch made for it (`zero/<name>`). */
  readonly branch: string;
  /** The main working tree (the workspace's repository root): Merge back applies there. */
  readonly repoRoot: string;
  /** The branch the main tree was on when the worktree was made; null: a detached HEAD. */
  readonly baseBranch: string | null;
  /** The commit it started from (a full id): its changes are measured against it. */
  readonly baseCommit: string;
  readonly createdAt: number;
  /** The last Merge back. */
  readonly mergedAt?: number;
  /** Discarded: the folder and the branch are gone, and the chat takes no more messages. */
  readonly discardedAt?: number;
}
