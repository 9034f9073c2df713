/**
 * How full the model's context was on the last request: its prompt tokens against the window
 * Zero lists for the model (`zero models --json`, or the ACP session). Where no window is listed,
 * tokens only: a window is never guessed. Pure.
 */
import type { Chat } from '../model';

/** A model the composer can pick, with what Zero says about it. */
export interface ModelInfo {
  readonly id: string;
  readonly displayName: string;
  readonly apiModel: string;
  /** Max input tokens; null when Zero lists none. */
  readonly contextWindow: number | null;
  /** What `--reasoning-effort` takes for this model (`zero providers models`); absent or empty: none. */
  readonly reasoningEfforts?: readonly string[];
}

export interface ContextMeter {
  readonly promptTokens: number;
  /** Null when the model's window is not known. */
  readonly window: number | null;
  /** 0-100, rounded down; null without a window. */
  readonly percent: number | null;
  /** At or above WARN_AT of the window. */
  readonly nearLimit: boolean;
  readonly model: string | null;
}

export const WARN_AT = 0.8;

/** The meter for the latest turn that reported usage; null before any. */
export function contextMeter(chat: Chat, models: readonly ModelInfo[]): ContextMeter | null {
  for (let i = chat.turns.length - 1; i >= 0; i--) {
    const t = chat.turns[i]!;
    if (!t.lastPromptTokens) continue;
    const info = matchModel(models, t.run.model, t.run.apiModel ?? null);
    const window = info?.contextWindow ?? null;
    const ratio = window ? t.lastPromptTokens / window : null;
    return {
      promptTokens: t.lastPromptTokens,
      window,
      percent: ratio === null ? null : Math.min(100, Math.floor(ratio * 100)),
      nearLimit: ratio !== null && ratio >= WARN_AT,
      model: t.run.model,
    };
  }
  return null;
}

/** `run_start.model` is Zero's id or an alias; `apiModel` the provider's id. Null when unlisted. */
export function matchModel<T extends ModelInfo>(
  models: readonly T[],
  model: string | null,
  apiModel: string | null,
): T | null {
  if (!model && !apiModel) return null;
  return (
    models.find((m) => m.id === model) ??
    models.find((m) => !!apiModel && m.apiModel === apiModel) ??
    models.find((m) => !!model && m.apiModel === model) ??
    null
  );
}

/** `12.3k / 1.0M tokens (1%)`, `12.3k tokens`. */
export function meterText(m: ContextMeter): string {
  return m.window === null
    ? `${compact(m.promptTokens)} tokens`
    : `${compact(m.promptTokens)} / ${compact(m.window)} tokens (${m.percent}%)`;
}

export function compact(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}
