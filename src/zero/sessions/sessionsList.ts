/**
 * `zero sessions list --json`: Zero's sessions, including the ones started in a terminal
 * (internal/cli/sessions.go runSessionsList). Zero prints a JSON array of
 * zerocommands.SessionSnapshot passed through redaction.RedactValue, which turns each struct into
 * a map: every field is present (empty strings and zeros included) and keys come sorted.
 * Parsed with zod; an odd entry is skipped rather than guessed, and every failure is a sentence.
 */
import * as path from 'node:path';
import { array, int, lazySchema, looseObject, nonnegative, optional, regex, string, unknown } from '../../protocol/zod';
import { runZeroCli } from '../zeroCli';

type Env = Readonly<Record<string, string | undefined>>;

/** `sessions/store.go:238`: also what makes an id safe to pass as an argument or type into a terminal. */
export const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function isSessionId(id: string): boolean {
  return SESSION_ID.test(id);
}

export interface ZeroSession {
  readonly sessionId: string;
  /** '' for a regular session; fork, child, side, spec-draft, spec-impl. */
  readonly kind: string;
  readonly title: string;
  readonly cwd: string;
  readonly modelId: string;
  /** Milliseconds since the epoch; 0 when Zero printed no readable time. */
  readonly updatedAt: number;
  readonly eventCount: number;
}

const SessionEntrySchema = lazySchema(() =>
  looseObject({
    sessionId: string().check(regex(SESSION_ID)),
    kind: optional(string()),
    title: optional(string()),
    cwd: optional(string()),
    modelId: optional(string()),
    createdAt: optional(string()),
    updatedAt: optional(string()),
    eventCount: optional(int().check(nonnegative())),
  }),
);

export type SessionsOutcome =
  | { readonly ok: true; readonly sessions: readonly ZeroSession[]; readonly skipped: number }
  | { readonly ok: false; readonly problem: string };

export function parseSessionsList(stdout: string): SessionsOutcome {
  let raw: unknown;
  try {
    raw = JSON.parse(stdout);
  } catch {
    return {
      ok: false,
      problem: `zero sessions list --json printed no JSON: ${stdout.trim().slice(0, 200) || '(nothing)'}`,
    };
  }
  const list = array(unknown()).safeParse(raw);
  if (!list.success)
    return {
      ok: false,
      problem: 'zero sessions list --json printed JSON of an unexpected shape (expected a list of sessions).',
    };
  const sessions: ZeroSession[] = [];
  let skipped = 0;
  for (const entry of list.data) {
    const s = SessionEntrySchema.safeParse(entry);
    if (!s.success) {
      skipped++;
      continue;
    }
    const at = Date.parse(s.data.updatedAt || s.data.createdAt || '');
    sessions.push({
      sessionId: s.data.sessionId,
      kind: s.data.kind ?? '',
      title: s.data.title ?? '',
      cwd: s.data.cwd ?? '',
      modelId: s.data.modelId ?? '',
      updatedAt: Number.isFinite(at) ? at : 0,
      eventCount: s.data.eventCount ?? 0,
    });
  }
  return { ok: true, sessions, skipped };
}

/**
 * The sessions worth offering to continue in this workspace, as Zero's own resume picker chooses
 * them (tui/session.go): regular or fork sessions (`IsResumableKind`), with events, recorded in
 * this folder (a session with no recorded folder is kept, as Zero keeps it), and not already a chat.
 */
export function resumableHere(
  sessions: readonly ZeroSession[],
  folder: string,
  known: ReadonlySet<string>,
  platform = process.platform,
): ZeroSession[] {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const norm = (f: string): string =>
    (platform === 'win32' ? p.normalize(f).toLowerCase() : p.normalize(f)).replace(/(.)[\\/]+$/, '$1');
  const here = norm(folder);
  return sessions.filter(
    (s) =>
      (s.kind === '' || s.kind === 'fork') &&
      s.eventCount > 0 &&
      !known.has(s.sessionId) &&
      (s.cwd.trim() === '' || norm(s.cwd.trim()) === here),
  );
}

/** Runs the command with a deadline; every failure (old Zero, crash, timeout, odd output) is a sentence. */
export async function listSessions(binary: string, env: Env = {}, timeoutMs = 10_000): Promise<SessionsOutcome> {
  const r = await runZeroCli(binary, ['sessions', 'list', '--json'], env, timeoutMs);
  if (r.timedOut)
    return {
      ok: false,
      problem: `zero sessions list --json did not answer within ${+(timeoutMs / 1000).toFixed(1)} s.`,
    };
  if (r.code !== 0) {
    const said = (r.stderr || r.stdout).trim().slice(0, 300);
    if (/unknown (sessions )?command|unknown command|no such command/i.test(said))
      return { ok: false, problem: `This Zero cannot list its sessions (zero sessions list): ${said}` };
    return {
      ok: false,
      problem: `zero sessions list --json failed (exit ${r.code ?? 'none'}): ${said || 'no message'}`,
    };
  }
  return parseSessionsList(r.stdout);
}
