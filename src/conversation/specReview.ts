/**
 * Spec mode (`zero exec --use-spec`, docs/zero-exec.md §22): Zero's drafting run ends with
 * `run_end.status` spec_review_required and a `final.meta` naming the spec; the chat shows it for
 * review, and records what the user decided (Approve or Reject, through `zero spec`) on the turn.
 */
import type { Turn } from './model';

/** The composer's mode for a `/spec` message (never a picker entry: a message is sent with it). */
export const SPEC_MODE = 'spec';
export const SPEC_REVIEW_STATUS = 'spec_review_required';

/** What the host accepts as a spec id before it goes into argv (Zero's are `<date>-<slug>[-n]`). */
const SPEC_ID = /^[\w.-]+$/;
export const validSpecId = (id: string): boolean => SPEC_ID.test(id) && !id.startsWith('-') && id.length <= 200;

export interface SpecOutcome {
  readonly status: 'approved' | 'rejected';
  /** Zero's `message` ("Spec approved.", "Spec already approved.", "Spec rejected."). */
  readonly message: string;
  /** Approved: Zero's `spec-impl` session that holds the implementation prompt. */
  readonly implementationSessionId?: string;
  /** The comment (approve) or reason (reject) the user gave. */
  readonly note?: string;
  readonly at: number;
}

export interface SpecReview {
  readonly specId: string;
  readonly title: string;
  /** Absolute, as Zero printed it; the host opens it only inside the workspace's `.zero/specs/`. */
  readonly filePath: string;
  /** `.zero/specs/<id>.md`. */
  readonly relativePath: string;
  readonly draftSessionId: string | null;
  readonly outcome?: SpecOutcome;
  /** The implementation turn this spec started, once the user pressed Start Implementation. */
  readonly implementationTurnId?: string;
}

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

/** `spec_reviewed`: the outcome once (Zero decides only once), and the implementation turn once. */
export function specReviewed(
  turn: Turn,
  a: { readonly outcome?: SpecOutcome; readonly implementationTurnId?: string },
): Turn {
  const spec = turn.spec;
  if (!spec) return turn;
  const outcome = spec.outcome ?? a.outcome;
  const impl = spec.implementationTurnId ?? (outcome?.status === 'approved' ? a.implementationTurnId : undefined);
  return {
    ...turn,
    spec: { ...spec, ...(outcome ? { outcome } : {}), ...(impl !== undefined ? { implementationTurnId: impl } : {}) },
  };
}

/** What the spec card shows: its words and which buttons it offers. */
export interface SpecCardModel {
  readonly heading: string;
  readonly detail: string;
  readonly status: string;
  readonly canReview: boolean;
  readonly canImplement: boolean;
}

export function specCardModel(spec: SpecReview): SpecCardModel {
  const o = spec.outcome;
  const heading = `Spec ready for review: ${spec.title}`;
  const detail = `${spec.relativePath || spec.filePath} (spec ${spec.specId})`;
  if (!o)
    return {
      heading,
      detail,
      status: 'Zero drafted this spec and stopped. Approve it to implement it, or reject it.',
      canReview: true,
      canImplement: false,
    };
  const note = o.note ? ` (${o.status === 'approved' ? 'comment' : 'reason'}: ${o.note})` : '';
  if (o.status === 'rejected')
    return { heading, detail, status: `${o.message}${note}`, canReview: false, canImplement: false };
  const started = spec.implementationTurnId !== undefined;
  return {
    heading,
    detail,
    status: started
      ? `${o.message}${note} The implementation runs in the next turn.`
      : `${o.message}${note} Start Implementation sends Zero's implementation prompt (the whole spec) as the next message.`,
    canReview: false,
    canImplement: !started && o.implementationSessionId !== undefined,
  };
}
