/**
 * Isolated chats in the reducer: the header's toggle, the worktree once made, Merge back and
 * Discard (which the chat says in its last turn). Also the words the chat and the header use for
 * what an isolated chat cannot do. Pure.
 */
import type { ChatAction } from './actions';
import type { Chat, ChatWorktree } from './model';
import { pushItem } from './turnEvents';

export const WORKTREE_MERGED_CODE = 'worktree-merged';
export const WORKTREE_DISCARDED_CODE = 'worktree-discarded';

/** Why an ACP chat has no Isolated toggle (docs/zero-acp.md §7). */
export const ACP_NO_WORKTREE =
  "Isolated (worktree) chats run on exec only: Zero's ACP server offers no worktree (zero acp has no -w), so an ACP chat works in the workspace folder.";

/** Why Restricted Mode has none: Zero runs plan there, and `--plan` cannot be combined with `--worktree`. */
export const RESTRICTED_NO_WORKTREE =
  'Restricted Mode: no isolated chats. Zero runs read-only (plan mode) until you trust this workspace, and Zero makes no worktree in plan mode.';

type WorktreeAction = Extract<
  ChatAction,
  { type: 'worktree_set' | 'worktree_created' | 'worktree_merged' | 'worktree_discarded' }
>;

/** What an isolated chat says when a message comes after Discard. */
export function discardedRefusal(wt: ChatWorktree): string {
  return `This chat's worktree (${wt.branch}) was discarded: its changes are gone, so the chat takes no more messages. Start a new chat to go on.`;
}

export function discardedNotice(wt: ChatWorktree): string {
  return `Discarded the worktree ${wt.path} and its branch ${wt.branch}. This chat takes no more messages.`;
}

/** The worktree, in a line: its branch and folder. */
export function worktreeLabel(wt: ChatWorktree): string {
  return `${wt.branch} · ${wt.path}`;
}

/** Where it started from: `main @ 1a2b3c4` (or the commit alone when the main tree was detached). */
export function worktreeBase(wt: ChatWorktree): string {
  const commit = wt.baseCommit.slice(0, 7);
  return wt.baseBranch ? `${wt.baseBranch} @ ${commit}` : commit;
}

export function applyWorktree(chat: Chat, action: WorktreeAction): Chat {
  switch (action.type) {
    case 'worktree_set': {
      // Only before the first message: a chat that ran in the main tree cannot move, nor one that has a worktree.
      if (chat.turns.length > 0 || chat.worktree || (chat.isolated === true) === action.on) return chat;
      return action.on ? { ...chat, isolated: true } : withoutIsolated(chat);
    }
    case 'worktree_created':
      return chat.worktree ? chat : { ...chat, isolated: true, worktree: action.worktree };
    case 'worktree_merged': {
      const wt = chat.worktree;
      if (!wt || wt.discardedAt !== undefined) return chat;
      return { ...notice(chat, WORKTREE_MERGED_CODE, action.summary), worktree: { ...wt, mergedAt: action.at } };
    }
    case 'worktree_discarded': {
      const wt = chat.worktree;
      if (!wt || wt.discardedAt !== undefined) return chat;
      return {
        ...notice(chat, WORKTREE_DISCARDED_CODE, discardedNotice(wt)),
        worktree: { ...wt, discardedAt: action.at },
      };
    }
  }
}

/** After the transport switch: an ACP chat cannot be isolated (ACP_NO_WORKTREE). */
export function isolationAfterTransport(chat: Chat): Chat {
  return chat.transport !== 'acp' || !chat.isolated || chat.worktree ? chat : withoutIsolated(chat);
}

function withoutIsolated(chat: Chat): Chat {
  const next = { ...chat };
  delete (next as { isolated?: boolean }).isolated;
  return next;
}

function notice(chat: Chat, code: string, message: string): Chat {
  const last = chat.turns.length - 1;
  if (last < 0) return chat;
  const turns = chat.turns.slice();
  turns[last] = pushItem(turns[last]!, { kind: 'warning', code, message, recoverable: null });
  return { ...chat, turns };
}
