/**
 * Fork a chat from one of its turns: which turns may be forked (and why not), and the new chat's
 * copy of the turns up to and including that one, bound to the forked Zero session. Pure: the host
 * makes the session (src/zero/sessions/fork/sessionFork.ts) and the chat core adds the chat (src/chats/chatFork.ts).
 */
import type { ChatAction } from './actions';
import { RUNNING_STATUSES, ZERO_USAGE, type Chat, type ForkOrigin, type Turn, type UsageTotals } from './model';
import { clampAmount, clampCount } from '../protocol/numbers';

export const FORK_SUFFIX = ' (fork)';

/** Why Fork is not offered on an ACP turn, as the button's tooltip and the command say it. */
export const FORK_ACP_WHY =
  "Fork is not offered over ACP: Zero 0.8's zero acp has no session/fork (it offers only session/new and session/load), and its sessions keep no tool calls to copy.";

/** Why this turn cannot be forked now, in words; null when it can. `busy`: the chat runs a turn. */
export function forkRefusal(chat: Chat, turnId: string, busy: boolean): string | null {
  const at = chat.turns.findIndex((t) => t.id === turnId);
  const turn = chat.turns[at];
  if (!turn) return 'That turn is no longer in this chat.';
  if (chat.transport === 'acp' || turn.transport === 'acp') return FORK_ACP_WHY;
  if (RUNNING_STATUSES.has(turn.status)) return 'Fork from a turn once Zero has finished it.';
  if (busy) return 'Zero is still working in this chat: fork it once the run has ended.';
  if (chat.isolated || chat.worktree)
    return "An isolated chat cannot be forked: its worktree is its own, and Zero refuses --fork with --worktree (forked sessions continue in the source session's folder).";
  if (!chat.sessionId || !turn.run.sessionId)
    return 'This turn never reached a Zero session, so there is nothing of it to fork.';
  const other = chat.turns.slice(0, at + 1).find((t) => t.run.sessionId && t.run.sessionId !== chat.sessionId);
  if (other) return "Turns of this chat ran in more than one Zero session; a fork copies the chat's one session.";
  return null;
}

/** The fork's title: the chat's, marked. */
export const forkTitle = (title: string): string => `${title}${FORK_SUFFIX}`;

export interface ForkedSession {
  readonly sessionId: string;
  /** The original session's sequence of each copied event → its sequence in the fork (Zero renumbers). */
  readonly sequences: ReadonlyMap<number, number>;
  readonly at: number;
}

/**
 * The `forked` action that fills a new empty chat: the turns up to and including `turnId`, each bound
 * to the fork's session, with its checkpoints at their sequences in the fork (so Diff, Undo and Edit
 * in the fork act on the fork's session, never on the original's). Null when the turn is not there.
 */
export function forkedChatAction(source: Chat, turnId: string, fork: ForkedSession): ChatAction | null {
  const at = source.turns.findIndex((t) => t.id === turnId);
  if (at < 0) return null;
  const rebind = (id: string | null): string | null => (id !== null && id === source.sessionId ? fork.sessionId : id);
  const turns = source.turns.slice(0, at + 1).map((t) => copyTurn(t, rebind, fork.sequences));
  const from: ForkOrigin = {
    chatId: source.id,
    turnId,
    title: source.title,
    sessionId: source.sessionId ?? '',
    at: fork.at,
    turns: turns.length,
  };
  return { type: 'forked', from, sessionId: fork.sessionId, title: forkTitle(source.title), turns };
}

function copyTurn(t: Turn, rebind: (id: string | null) => string | null, sequences: ReadonlyMap<number, number>): Turn {
  const items = t.items.map((i) =>
    i.kind === 'tool' && i.checkpoint
      ? {
          ...i,
          checkpoint: { ...i.checkpoint, sequence: sequences.get(i.checkpoint.sequence) ?? i.checkpoint.sequence },
        }
      : i,
  );
  return {
    ...t,
    run: { ...t.run, sessionId: rebind(t.run.sessionId) },
    items,
    ...(t.cutOff ? { cutOff: { ...t.cutOff, sessionId: rebind(t.cutOff.sessionId) } } : {}),
  };
}

/** The reducer's `forked`: only a new chat (no turns, no session) takes the copy. */
export function applyForked(chat: Chat, action: Extract<ChatAction, { type: 'forked' }>): Chat {
  if (chat.turns.length > 0 || chat.sessionId !== null) return chat;
  return {
    ...chat,
    title: action.title,
    sessionId: action.sessionId,
    transport: 'exec',
    turns: action.turns,
    usage: action.turns.reduce((sum, t) => addUsage(sum, t.usage), ZERO_USAGE),
    forkedFrom: action.from,
    updatedAt: action.from.at,
  };
}

function addUsage(a: UsageTotals, b: UsageTotals): UsageTotals {
  return {
    promptTokens: clampCount(a.promptTokens + b.promptTokens),
    completionTokens: clampCount(a.completionTokens + b.completionTokens),
    totalTokens: clampCount(a.totalTokens + b.totalTokens),
    costUsd: a.costUsd === null && b.costUsd === null ? null : clampAmount((a.costUsd ?? 0) + (b.costUsd ?? 0)),
  };
}
