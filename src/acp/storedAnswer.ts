/**
 * The answer Zero recorded for a turn, read from its session store. Over ACP some of Zero's final
 * answers are set without a single message chunk (its no-output guard: "Agent stopped after 3 turns
 * with no output…", the tool-failure guard), so the store is the only place that has them.
 * persistTurn (internal/acp/agent.go) appends the user's text, then the final answer, before
 * session/prompt returns.
 */
import { readSessionEvents, type SessionEvent } from '../zero/sessions/checkpoints';

interface Message {
  readonly role?: unknown;
  readonly content?: unknown;
}

/** The assistant message stored after the last user message equal to `prompt`; null when there is none. */
export async function storedAnswer(sessionsRoot: string, sessionId: string, prompt: string): Promise<string | null> {
  let events: SessionEvent[];
  try {
    events = await readSessionEvents(sessionsRoot, sessionId);
  } catch {
    return null;
  }
  const messages = events.filter((e) => e.type === 'message').map((e) => (e.payload ?? {}) as Message);
  const asked = prompt.trim();
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'user' || typeof m.content !== 'string' || m.content.trim() !== asked) continue;
    const answer = messages[i + 1];
    return answer?.role === 'assistant' && typeof answer.content === 'string' ? answer.content : null;
  }
  return null;
}
