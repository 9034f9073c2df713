/**
 * What isolated chats load on first use, bundled by esbuild.mjs into dist/worktrees.js (vscode
 * external): the git side (src/worktrees/: making and checking worktrees, their changes, Merge back and
 * Discard), the service (toggle, Merge back, Discard) and the Worktree view. loadWorktrees() requires it;
 * activation loads none of it. What crosses between the two bundles is plain data.
 */
export { createWorktree, restoreWorktree } from '../../worktrees/worktreeCreate';
export { useHostGit } from './hostGit';
export { DISCARD_CHOICE, MERGE_CHOICE, WorktreeService } from './worktreeService';
export { WorktreeChangesView } from './worktreeChangesView';
