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
      return {
        status: 'incomplete',
        explanation:
          "The response was cut off at the model's output token limit and may be incomplete. Ask Zero to continue.",
      };
    // Zero 0.8 never sends it (its turn limit ends as end_turn): see acpTurn's unanswered-turn check.
    case 'max_turn_requests':
      return { status: 'incomplete', explanation: 'Zero reached its turn limit before finishing.' };
    case 'refusal':
      return { status: 'error', explanation: 'The model refused to continue (content filter).' };
    default:
      return { status: 'error', explanation: `Zero ended the turn with an unknown reason "${stopReason}".` };
  }
}

/**
 * session/prompt (or session/new) failed with a JSON-RPC error. Zero 0.8 sends its text as -32603:
 * `config: …`, `provider: …` (no usable provider), `workspace: …` (sandbox), or the loop's error, which
 * carries providerio's prefixes (`auth error:`, `rate limit error:` after Zero's own retries,
 * `provider error:`, `provider request error:`). Classified as Zero's errhint does, in exec's words
 * (zero/exitReason: "The model provider failed: …") plus what the user can do.
 */
export function endFromError(raw: string): TurnEnd {
  const message = raw.replace(/^(Internal error|Request failed)[:\s-]*(?=\S)/i, '').trim() || raw;
  return { status: 'error', explanation: explainError(message) };
}

function explainError(m: string): string {
  const lower = m.toLowerCase();
  /** Zero's words, then what to do (one full stop between them). */
  const hint = (what: string, todo: string): string => `${what}: ${m.replace(/[.\s]+$/, '')}. ${todo}`;
  if (/^config:/.test(lower))
    return hint(
      'Zero could not read its configuration',
      "Fix Zero's config.json (or run `zero setup`), then send again.",
    );
  if (/^provider:|no provider configured/.test(lower))
    return hint('Zero has no usable model provider', 'Run `zero setup`, or set the provider\'s API key in "zero.env".');
  if (/^workspace:/.test(lower)) return `Zero could not set up its sandbox for this folder: ${m}`;
  const fromProvider =
    /(auth error|rate limit error|provider error|provider request error|provider stream error):|provider_error/.test(
      lower,
    );
  if (!fromProvider) return `Zero could not run the turn: ${m}`;
  if (/auth error:|unauthorized|invalid_api_key|api key/.test(lower))
    return `The model provider rejected Zero's credentials: ${m}`;
  if (/rate limit|rate_limit|too many requests|quota|overloaded/.test(lower)) {
    return hint(
      'The model provider is rate-limiting requests (Zero already retried)',
      'Wait a moment and send again, or pick another model.',
    );
  }
  if (
    /context length|context window|maximum context|context_length_exceeded|too many tokens|prompt is too long|reduce the length/.test(
      lower,
    )
  ) {
    return hint(
      "The conversation no longer fits the model's context window",
      'Use Continue on exec, start a new chat, or pick a model with a larger window.',
    );
  }
  return `The model provider failed: ${m}`;
}

/** The `zero acp` process went away during the turn. */
export function endFromCrash(code: number | null, signal: string | null): TurnEnd {
  const how = signal ? `was killed by ${signal}` : `exited with code ${code ?? 'unknown'}`;
  return {
    status: 'crashed',
    explanation: `zero acp ${how} during this turn. The transcript is kept; Resume or your next message starts Zero again and continues the session.`,
  };
}
