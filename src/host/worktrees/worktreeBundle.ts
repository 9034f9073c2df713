/**
 * What isolated chats load on first use, bundled by esbuild.mjs into dist/worktrees.js (vscode
 * external): the git side (src/worktrees/room.ts), the service (toggle, Merge back, Discard) and the
 * Worktree view. worktreeRoom() requires it; activation loads none of it.
 */
export * from '../../worktrees/room';
export { DISCARD_CHOICE, MERGE_CHOICE, WorktreeService } from './worktreeService';
export { WorktreeChangesView } from './worktreeChangesView';
