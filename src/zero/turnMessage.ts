/**
 * Which stored user message opened a chat turn, for Edit and resend. Not simply the session's last
 * one: the session may have been continued in a terminal since (its messages come later), and Zero
 * records events best-effort (a turn's message can be missing). So the turn is matched by its time
 * window (Zero stores whole seconds) and by the prompt Zero was given.
 */
import type { SessionEvent } from './checkpoints';

export interface TurnWindow {
  readonly prompt: string;
  /** ms since the epoch. */
  readonly startedAt: number;
  /** null while it runs. */
  readonly endedAt: number | null;
}

interface UserMessage {
  readonly role?: unknown;
  readonly content?: unknown;
}

/** The turn's own `message` event (role user), or null when Zero's session holds none of it. */
export function turnUserMessage(events: readonly SessionEvent[], turn: TurnWindow, now = Date.now()): SessionEvent | null {
  const from = Math.floor(turn.startedAt / 1000) * 1000;
  const to = Math.ceil((turn.endedAt ?? now) / 1000) * 1000;
  const prompt = turn.prompt.trim();
  for (const e of events) {
    if (e.type !== 'message' || !e.createdAt) continue;
    const p = (e.payload ?? {}) as UserMessage;
    const at = Date.parse(e.createdAt);
    // The first match: a later identical prompt in the same second is the terminal's, not this turn's.
    if (p.role === 'user' && typeof p.content === 'string' && p.content.trim() === prompt && at >= from && at <= to) return e;
  }
  return null;
}
