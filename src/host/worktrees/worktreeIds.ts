/** The ids isolated chats contribute (package.json), apart so activation needs nothing else of this room. */
export const WORKTREE_VIEW = 'zero.worktreeChanges';
/** True while the chat the user works in has a worktree (the view and its title actions show). */
export const WORKTREE_CONTEXT = 'zero.worktreeChat';
