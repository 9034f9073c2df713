/**
 * The chat's title as the name of the Zero session its first exec turn creates (`--session-title`,
 * docs/zero-exec.md §10.1). Zero stores the value as given (trimmed): control characters, line
 * breaks and bidi overrides would land in `metadata.json` and in `zero sessions list`, so they go.
 * The title is the first message, and argv is readable by every process on the machine for the
 * whole first turn (§20): anything shaped like a key is redacted first (redact.ts), before the cut,
 * so a key across the cut is hidden whole.
 */
import { redactSecretsCut } from '../process/redact';

/** Zero's own limit for a session name typed in its interactive mode (internal/tui/session.go). */
export const SESSION_TITLE_MAX = 80;

/** C0/C1 controls, line and paragraph separators, zero-width space, BOM and the bidi marks, overrides and isolates. */
const UNWANTED = /[\p{Cc}\u2028\u2029\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;

/** The title Zero should store, or '' when nothing printable is left (Zero then titles it from the prompt). */
export function cleanSessionTitle(raw: string): string {
  const line = redactSecretsCut(raw.replace(UNWANTED, ' ').replace(/\s+/g, ' ').trim());
  const chars = Array.from(line); // by code point, so a surrogate pair is never cut in half
  // The cut can end inside what is left of a key's shape again (the chat title is already cut at 57).
  return chars.length > SESSION_TITLE_MAX
    ? redactSecretsCut(chars.slice(0, SESSION_TITLE_MAX).join('').trimEnd())
    : line;
}

/**
 * The argv element: always the `=` form, so a title that starts with `-` is the flag's value, never a
 * flag of its own (Zero refuses a separate value that looks like a flag). Null when there is no title.
 */
export function sessionTitleArg(raw: string): string | null {
  const title = cleanSessionTitle(raw);
  return title ? `--session-title=${title}` : null;
}

/** The argv for the log: the title comes from the user's first message, which is never logged. */
export function argsForLog(args: readonly string[]): string[] {
  return args.map((a) => (a.startsWith('--session-title=') ? '--session-title=<the chat title>' : a));
}
