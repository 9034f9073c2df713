/**
 * Undo through Zero itself: `zero sessions rewind <id> --sequence <n> [--exclude-target] --json`
 * (internal/cli/sessions.go). Zero keeps the events through n (n-1 with --exclude-target),
 * restores the before-state of every later checkpoint in the session's recorded workspace,
 * deletes files those checkpoints saw as new, and drops the later events. It asks nothing, so
 * the caller confirms first.
 */
import { validSessionId } from './checkpoints';
import { runZeroCli } from '../zeroCli';

type Env = Readonly<Record<string, string | undefined>>;

/** Zero's RestoreReport. */
export interface RewindReport {
  /** The last event Zero kept. */
  readonly targetSequence: number;
  readonly filesRestored: number;
  readonly filesDeleted: number;
  /** Files whose before-state Zero could not restore. */
  readonly skipped: readonly string[];
}

export interface RewindOptions {
  /** Drop the target event too, i.e. undo from `targetSequence` itself on. */
  readonly excludeTarget?: boolean;
  readonly timeoutMs?: number;
}

export class RewindError extends Error {}

export async function rewindSession(
  binary: string,
  sessionId: string,
  targetSequence: number,
  env: Env = {},
  options: RewindOptions = {},
): Promise<RewindReport> {
  if (!validSessionId(sessionId)) throw new RewindError(`Invalid Zero session id ${JSON.stringify(sessionId)}.`);
  if (!Number.isInteger(targetSequence) || targetSequence <= 0)
    throw new RewindError(`Invalid sequence ${targetSequence}: Zero expects a positive integer.`);
  const args = [
    'sessions',
    'rewind',
    sessionId,
    '--sequence',
    String(targetSequence),
    ...(options.excludeTarget ? ['--exclude-target'] : []),
    '--json',
  ];
  const r = await runZeroCli(binary, args, env, options.timeoutMs ?? 60_000);
  if (r.code !== 0) {
    const said = (r.stderr || r.stdout).trim().replace(/^\[zero\]\s*/, '');
    if (r.code === null) throw new RewindError(`Could not run ${binary}: ${said || 'it did not finish'}.`);
    throw new RewindError(`zero sessions rewind failed (exit ${r.code}): ${said || 'no message'}`);
  }
  return parseReport(r.stdout);
}

function parseReport(stdout: string): RewindReport {
  let raw: unknown;
  try {
    raw = JSON.parse(stdout);
  } catch {
    throw new RewindError(
      `zero sessions rewind succeeded but printed no report: ${stdout.trim().slice(0, 200) || '(nothing)'}`,
    );
  }
  const r = (raw ?? {}) as Record<string, unknown>;
  const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    targetSequence: count(r.targetSequence),
    filesRestored: count(r.filesRestored),
    filesDeleted: count(r.filesDeleted),
    skipped: Array.isArray(r.skipped) ? r.skipped.filter((s): s is string => typeof s === 'string') : [],
  };
}
