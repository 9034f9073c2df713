/**
 * How an ACP prompt turn ended, in the statuses and words the exec footer uses
 * (conversation/model TurnStatus, zero/exitReason).
 */
import type { TurnStatus } from '../conversation/model';

export interface TurnEnd {
  readonly status: TurnStatus;
  readonly explanation: string | null;
}

/** `stopReason` from session/prompt. `stopRequested`: the user pressed Stop (cancel was ours). */
export function endFromStopReason(stopReason: string, stopRequested: boolean): TurnEnd {
  switch (stopReason) {
    case 'end_turn':
      return { status: 'success', explanation: null };
    case 'cancelled':
      return { status: 'interrupted', explanation: stopRequested ? 'Stopped.' : 'Zero cancelled the turn.' };
    case 'max_tokens':
      return { status: 'incomplete', explanation: "The response was cut off at the model's output token limit and may be incomplete. Ask Zero to continue." };
    case 'max_turn_requests':
      return { status: 'incomplete', explanation: 'Zero reached its turn limit before finishing.' };
    case 'refusal':
      return { status: 'error', explanation: 'The model refused to continue (content filter).' };
    default:
      return { status: 'error', explanation: `Zero ended the turn with an unknown reason "${stopReason}".` };
  }
}

/**
 * session/prompt failed with a JSON-RPC error (Zero's config, provider or workspace errors). Zero 0.8
 * sends the loop's error text as -32603: `provider error: …`, `rate limit error: …` (after its own
 * retries), or `provider: …` when the provider cannot be built.
 */
export function endFromError(message: string): TurnEnd {
  const provider = /^(provider|provider error|provider request error|rate limit error|auth error):|provider_error|No provider configured/i.test(message);
  return { status: 'error', explanation: provider ? `Zero's model provider failed: ${message}` : `Zero could not run the turn: ${message}` };
}

/** The `zero acp` process went away during the turn. */
export function endFromCrash(code: number | null, signal: string | null): TurnEnd {
  const how = signal ? `was killed by ${signal}` : `exited with code ${code ?? 'unknown'}`;
  return {
    status: 'crashed',
    explanation: `zero acp ${how} during this turn. The transcript is kept; your next message starts Zero again and continues the session.`,
  };
}
