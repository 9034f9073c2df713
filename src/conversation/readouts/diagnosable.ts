/**
 * Which failed turns get a Diagnose button: those whose cause lies in the setup Zero: Diagnose checks
 * (the binary, the provider and its key, Zero's config and sandbox, zero acp itself), not in the task.
 * Read from the start of the turn's explanation, which the host writes in fixed words
 * (zero/exec/exitReason.ts, acp/stopReason.ts, acp/zeroAcp.ts) before any text of Zero's.
 */
import type { Turn } from '../model';

const SETUP_FAILURES: readonly RegExp[] = [
  /^The model provider (failed|rejected)/,
  /^Zero has no usable model provider/,
  /^Zero could not read its configuration/,
  /^Zero could not set up its sandbox/,
  /^Zero CLI not found/,
  /^.{1,4096}? is (not executable|a folder, not the zero executable)/,
  /^zero acp (could not start|exited|was killed)/,
];

const FAILED: ReadonlySet<string> = new Set(['error', 'failed', 'crashed']);

export function suggestsDiagnose(turn: Pick<Turn, 'status' | 'explanation'>): boolean {
  const why = turn.explanation;
  return FAILED.has(turn.status) && why !== null && SETUP_FAILURES.some((re) => re.test(why));
}
