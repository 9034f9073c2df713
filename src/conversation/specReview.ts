/**
 * Spec mode (`zero exec --use-spec`, docs/zero-exec.md §25): Zero's drafting run ends with
 * `run_end.status` spec_review_required and a `final.meta` naming the spec; the chat shows it for
 * review, and records what the user decided (Approve or Reject, through `zero spec`) on the turn.
 */
import type { SpecOutcome, SpecReview, Turn } from './model';

export type { SpecOutcome, SpecReview } from './model';

/** The composer's mode for a `/spec` message (never a picker entry: a message is sent with it). */
export const SPEC_MODE = 'spec';
export const SPEC_REVIEW_STATUS = 'spec_review_required';

/** What the host accepts as a spec id before it goes into argv (Zero's are `<date>-<slug>[-n]`). */
const SPEC_ID = /^[\w.-]+$/;
export const validSpecId = (id: string): boolean => SPEC_ID.test(id) && !id.startsWith('-') && id.length <= 200;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The spec a `final` event names (`meta.stopReason` spec_review_required), or null. */
export function specFromFinal(meta: unknown): SpecReview | null {
  if (!meta || typeof meta !== 'object') return null;
  const m = meta as Record<string, unknown>;
  if (m.stopReason !== SPEC_REVIEW_STATUS) return null;
  const specId = str(m.specId);
  if (!specId) return null;
  return {
    specId,
    title: str(m.specTitle) || specId,
    filePath: str(m.specFilePath),
    relativePath: str(m.relativePath),
    draftSessionId: str(m.draftSessionId) || null,
  };
}

/** Zero's `spec approve|reject --json` answer, or null when it is not one. */
export function outcomeFromCli(stdout: string, note: string, at: number): SpecOutcome | null {
  let raw: unknown;
  try {
    raw = JSON.parse(stdout);
  } catch {
    return null;
  }
  const r = (raw ?? {}) as Record<string, unknown>;
  if (r.status !== 'approved' && r.status !== 'rejected') return null;
  const impl = str(r.implementationSessionId);
  return {
    status: r.status,
    message: str(r.message) || (r.status === 'approved' ? 'Spec approved.' : 'Spec rejected.'),
    ...(impl ? { implementationSessionId: impl } : {}),
    ...(note.trim() ? { note: note.trim() } : {}),
    at,
  };
}

/** `spec_reviewed`: the outcome once (Zero decides only once), the implementation once, or a problem. */
export function specReviewed(
  turn: Turn,
  a: { readonly outcome?: SpecOutcome; readonly implementationSentAt?: number; readonly problem?: string },
): Turn {
  const spec = turn.spec;
  if (!spec) return turn;
  const outcome = spec.outcome ?? a.outcome;
  const sent = spec.implementationSentAt ?? (outcome?.status === 'approved' ? a.implementationSentAt : undefined);
  // A new outcome or a sent implementation clears the last problem; a problem replaces it.
  const problem = a.problem ?? (a.outcome || a.implementationSentAt !== undefined ? undefined : spec.problem);
  const { specId, title, filePath, relativePath, draftSessionId } = spec;
  return {
    ...turn,
    spec: {
      specId,
      title,
      filePath,
      relativePath,
      draftSessionId,
      ...(outcome ? { outcome } : {}),
      ...(sent !== undefined ? { implementationSentAt: sent } : {}),
      ...(problem ? { problem } : {}),
    },
  };
}

/** What the spec card shows: its words and which buttons it offers. */
export interface SpecCardModel {
  readonly heading: string;
  readonly detail: string;
  readonly status: string;
  /** Zero's words for the last action that failed, or null. */
  readonly problem: string | null;
  readonly canReview: boolean;
  readonly canImplement: boolean;
  readonly canOpen: boolean;
}

export function specCardModel(spec: SpecReview): SpecCardModel {
  const o = spec.outcome;
  const heading = `Spec ready for review: ${spec.title}`;
  const detail = `${spec.relativePath || spec.filePath} (spec ${spec.specId})`;
  const common = { heading, detail, problem: spec.problem ?? null, canOpen: spec.filePath !== '' };
  if (!o)
    return {
      ...common,
      status: 'Zero drafted this spec and stopped. Approve it to implement it, or reject it.',
      canReview: true,
      canImplement: false,
    };
  const note = o.note ? ` (${o.status === 'approved' ? 'comment' : 'reason'}: ${o.note})` : '';
  if (o.status === 'rejected')
    return {
      ...common,
      status: `${o.message}${note} Send /spec with a revised task to draft again.`,
      canReview: false,
      canImplement: false,
    };
  const started = spec.implementationSentAt !== undefined;
  return {
    ...common,
    status: started
      ? `${o.message}${note} The implementation prompt is sent as your next message.`
      : `${o.message}${note} Start Implementation sends Zero's implementation prompt (the whole spec) as the next message.`,
    canReview: false,
    canImplement: !started && o.implementationSessionId !== undefined,
  };
}
