/**
 * Where a fork from a chat turn cuts Zero's session: after that turn's run, before the next run's
 * user message. Every exec run stores its prompt first (docs/zero-exec.md §10.1), so a run's events
 * are its user message and what follows, up to the next user message. Matched by the turns' time
 * windows and prompts (turnMessage.ts), never by "the last one": the session may have gone on in a
 * terminal, and a rewind reuses sequence numbers.
 */
import type { SessionEvent } from '../checkpoints';
import { turnUserMessage, type TurnWindow } from '../../exec/turnMessage';

export type ForkPoint =
  /** Keep the session's first `keep` events (file order). */
  { readonly ok: true; readonly keep: number } | { readonly ok: false; readonly why: string };

const isUserMessage = (e: SessionEvent): boolean =>
  e.type === 'message' && (e.payload as { role?: unknown } | null)?.role === 'user';

/**
 * `turn` is the turn forked from; `next` the chat's turn after it (null: it is the last). The cut is
 * before `next`'s own message when Zero stored it, else before the first user message after `turn`'s.
 */
export function forkPoint(
  events: readonly SessionEvent[],
  turn: TurnWindow,
  next: TurnWindow | null,
  now = Date.now(),
): ForkPoint {
  const own = turnUserMessage(events, turn, now);
  const ownAt = own ? events.indexOf(own) : -1;
  const nextMessage = next ? turnUserMessage(events, next, now) : null;
  const nextAt = nextMessage ? events.indexOf(nextMessage) : -1;
  if (nextAt > ownAt && ownAt >= 0) return { ok: true, keep: nextAt };
  if (ownAt < 0) {
    // Zero holds nothing of the turn itself: a later turn's message still marks where it ended.
    if (nextAt > 0) return { ok: true, keep: nextAt };
    return {
      ok: false,
      why: "Zero's session holds no record of this turn (Zero stores each run's message first; this one is missing), so there is no point to fork it at.",
    };
  }
  const after = events.findIndex((e, i) => i > ownAt && isUserMessage(e));
  return { ok: true, keep: after < 0 ? events.length : after };
}
