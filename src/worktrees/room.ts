/**
 * What the host loads when an isolated chat first needs git: making and checking worktrees, their
 * changes, Merge back and Discard. esbuild.mjs bundles this into dist/worktrees.js
 * (src/host/worktrees/worktreeRoom.ts requires it), so no window pays for it at activation. What
 * crosses between the two bundles is plain data.
 */
export { createWorktree, restoreWorktree, worktreeExists, worktreeSource } from './worktreeCreate';
export { fileAt, worktreeChanges } from './worktreeChanges';
export { applyMerge, mergeSummary, planMerge } from './mergeBack';
export { mergeConfirmation } from './mergeConfirmation';
export { discardWorktree } from './discardWorktree';
export { configureGit } from './git';
