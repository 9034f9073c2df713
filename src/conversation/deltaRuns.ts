/**
 * Consecutive text (or reasoning) deltas reduced as one: a run of them, merged into one `event` action whose
 * delta is theirs joined, leaves the chat exactly as reducing each would (deltaRuns.test.ts), at one copy of
 * the turn and its items instead of one per delta. Zero streams hundreds of deltas per stdout chunk, and each
 * copy of a turn's items costs its length: per delta, a long turn made the host's reducing cost the square of
 * its length (`npm run bench`).
 *
 * A run stops where a delta would make charge() compact the turn (outputBudget.ts): that delta is reduced
 * alone, so compaction cuts at the same place as it would delta by delta.
 */
import type { ChatAction } from './actions';
import type { Chat } from './model';
import { overBudget } from './outputBudget';
import { currentTurn, reduceChat } from './reducer';

type EventAction = Extract<ChatAction, { type: 'event' }>;

/** A text or reasoning delta's action, with its delta's length; null for any other action. */
function deltaOf(action: ChatAction): { kind: 'text' | 'reasoning'; delta: string } | null {
  if (action.type !== 'event') return null;
  const e = action.event;
  if (e.type !== 'text' && e.type !== 'reasoning') return null;
  return { kind: e.type, delta: e.delta ?? '' };
}

/**
 * The action to reduce next into `chat`, from `actions[from]`: a run of deltas of one kind merged into one
 * action, or `actions[from]` itself. `end` is the index after what it stands for.
 */
export function nextRun(chat: Chat, actions: readonly ChatAction[], from: number): { action: ChatAction; end: number } {
  const first = actions[from]!;
  const d = deltaOf(first);
  const turn = currentTurn(chat);
  if (!d || !turn) return { action: first, end: from + 1 };
  const budget = turn.budget;
  // The run adds at most one item (its first delta may open a block; the rest append to it).
  const items = turn.items.length + 1;
  let used = budget ? budget.used + d.delta.length : 0;
  if (budget && overBudget(budget, used, items)) return { action: first, end: from + 1 };
  const parts = [d.delta];
  let end = from + 1;
  for (; end < actions.length; end++) {
    const next = deltaOf(actions[end]!);
    if (!next || next.kind !== d.kind) break;
    if (budget && overBudget(budget, used + next.delta.length, items)) break;
    used += next.delta.length;
    parts.push(next.delta);
  }
  if (end === from + 1) return { action: first, end };
  const event = (first as EventAction).event;
  return { action: { ...first, event: { ...event, delta: parts.join('') } } as EventAction, end };
}

/** `actions` reduced into `chat`, runs of deltas at once: the same chat as reducing them one by one. */
export function reduceActions(chat: Chat, actions: readonly ChatAction[]): Chat {
  for (let i = 0; i < actions.length;) {
    const { action, end } = nextRun(chat, actions, i);
    chat = reduceChat(chat, action);
    i = end;
  }
  return chat;
}
