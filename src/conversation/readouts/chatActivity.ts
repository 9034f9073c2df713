/**
 * What a chat is doing, as the tab title, the history list and the Zero view's badge show it, and
 * when a run that ends or asks for approval deserves a notification. Pure: the host feeds it the
 * chat, whether a run is live, and what the user has seen.
 */
import type { ChatAction } from '../actions';
import type { Chat } from '../model';
import { currentTurn } from '../reducer';

/** `waiting`: a permission request waits for the user; `unread`: a run ended that nobody has seen. */
export type ChatActivity = 'running' | 'waiting' | 'unread' | 'idle';

/** A permission request in the chat's last turn still waits for the user's decision. */
export function waitsForApproval(chat: Chat): boolean {
  return currentTurn(chat)?.items.some((i) => i.kind === 'permission' && i.approval === 'pending') ?? false;
}

/**
 * Whether an action can change what `chatActivity` says: permissions, a turn's start and end, a
 * rename. Streamed text, reasoning and tool output cannot, so a flood of them is not rescanned.
 */
export function mayChangeActivity(action: ChatAction): boolean {
  if (action.type === 'event') return action.event.type.startsWith('permission') || action.event.type === 'run_end';
  return (
    action.type !== 'unknown_event' &&
    action.type !== 'problem' &&
    action.type !== 'notice' &&
    action.type !== 'acp_plan' &&
    action.type !== 'acp_locations' &&
    action.type !== 'acp_commands'
  );
}

/** Waiting wins over running: an ACP run that asks is blocked on the user, not busy. */
export function chatActivity(chat: Chat, busy: boolean, unread: boolean): ChatActivity {
  if (waitsForApproval(chat)) return 'waiting';
  if (busy) return 'running';
  if (unread) return 'unread';
  return 'idle';
}

const WORDS: Record<ChatActivity, string> = {
  running: 'running',
  waiting: 'waiting for approval',
  unread: 'finished, unread',
  idle: '',
};

/** The state in words (empty when idle), for tab titles, history and screen readers. */
export function activityWords(activity: ChatActivity): string {
  return WORDS[activity];
}

/** An editor tab's title: the chat's title, then its state when it is not idle. */
export function chatTabTitle(title: string, activity: ChatActivity): string {
  const name = title.trim() || 'New chat';
  const short = name.length > 40 ? `${name.slice(0, 39)}…` : name;
  return activity === 'idle' ? `Zero: ${short}` : `Zero: ${short} (${WORDS[activity]})`;
}

/** How many chats wait for the user: the number on the Zero view's badge. */
export function waitingCount(activities: Iterable<ChatActivity>): number {
  let n = 0;
  for (const a of activities) if (a === 'waiting') n += 1;
  return n;
}

/** Why the user may want to look at a chat now. */
export type AttentionReason = 'finished' | 'failed' | 'waiting';

export interface AttentionContext {
  /** `zero.notifications`. */
  readonly enabled: boolean;
  /** The VS Code window has the focus. */
  readonly windowFocused: boolean;
  /** A view that shows this chat is visible (and, for a tab, the active one). */
  readonly chatInView: boolean;
}

/** Notify only when the user cannot see it happen: window in the background, or the chat not in view. */
export function needsNotification(ctx: AttentionContext): boolean {
  return ctx.enabled && (!ctx.windowFocused || !ctx.chatInView);
}

/** The notification's text. */
export function attentionMessage(reason: AttentionReason, title: string): string {
  const name = `"${title.trim() || 'New chat'}"`;
  switch (reason) {
    case 'finished':
      return `Zero finished in ${name}.`;
    case 'failed':
      return `Zero stopped with a problem in ${name}.`;
    case 'waiting':
      return `Zero is waiting for your approval in ${name}.`;
  }
}
