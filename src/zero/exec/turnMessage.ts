/**
 * Which stored user message opened a chat turn, for Edit and resend. Not simply the session's last
 * one: the session may have been continued in a terminal since (its messages come later), and Zero
 * records events best-effort (a turn's message can be missing). So the turn is matched by its time
 * window (Zero stores whole seconds) and by the prompt Zero was given.
 */
import type { SessionEvent } from '../sessions/checkpoints';

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

/**
 * The turn's own `message` event (role user), or null when Zero's session holds none of it: the first
 * one in the window with the turn's prompt (a later identical prompt in that second is the terminal's),
 * else the last one in the window (Zero may store a prompt of several parts differently).
 */
export function turnUserMessage(
  events: readonly SessionEvent[],
  turn: TurnWindow,
  now = Date.now(),
): SessionEvent | null {
  const from = Math.floor(turn.startedAt / 1000) * 1000;
  const to = Math.ceil((turn.endedAt ?? now) / 1000) * 1000;
  const inWindow = events.filter((e) => {
    const p = (e.payload ?? {}) as UserMessage;
    const at = e.createdAt ? Date.parse(e.createdAt) : NaN;
    return e.type === 'message' && p.role === 'user' && at >= from && at <= to;
  });
  const prompt = turn.prompt.trim();
  const same = inWindow.find((e) => String((e.payload as UserMessage).content ?? '').trim() === prompt);
  return same ?? inWindow.at(-1) ?? null;
}
