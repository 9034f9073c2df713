/** What one stdout line became: an event, an event type we do not know yet, or a problem. */
import type { ZeroEvent } from './events';

/** A line we could not use. Never fatal to the run: it is shown and logged. */
export interface ProtocolProblem {
  /** 1-based stdout line number (blank lines count). */
  readonly line: number;
  /** The start of the offending line, at most ~120 characters. */
  readonly excerpt: string;
  /** Why it was rejected, in words a user can act on. */
  readonly reason: string;
  /** The line was not JSON at all (help text, a banner), as opposed to JSON of the wrong shape. */
  readonly notJson?: true;
}

/** A well-formed line whose `type` this client does not know (Zero grew); kept and shown. */
export interface UnknownEvent {
  readonly line: number;
  readonly type: string;
  readonly raw: Readonly<Record<string, unknown>>;
}

export type Decoded =
  | { readonly kind: 'event'; readonly line: number; readonly event: ZeroEvent }
  | { readonly kind: 'unknown'; readonly unknown: UnknownEvent }
  | { readonly kind: 'problem'; readonly problem: ProtocolProblem };
