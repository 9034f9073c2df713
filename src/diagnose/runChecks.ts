/**
 * Runs the checks side by side, each with its own time limit, so one that hangs (a Zero that never
 * answers) fails alone and the report still comes. A check's signal aborts at its limit: it should
 * stop what it started (kill its process) then; its late answer is ignored.
 */
import type { CheckOutcome, CheckResult } from './report';

export interface Check {
  readonly id: string;
  readonly title: string;
  readonly timeoutMs: number;
  run(signal: AbortSignal): Promise<CheckOutcome>;
}

export function runChecks(checks: readonly Check[], now: () => number = Date.now): Promise<CheckResult[]> {
  return Promise.all(checks.map((c) => runOne(c, now)));
}

async function runOne(check: Check, now: () => number): Promise<CheckResult> {
  const started = now();
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve({
        status: 'failed',
        finding: `No answer within ${seconds(check.timeoutMs)}: the check was stopped.`,
        details: [],
      });
    }, check.timeoutMs);
  });
  const ran = Promise.resolve()
    .then(() => check.run(abort.signal))
    .catch((err: unknown): CheckOutcome => ({
      status: 'failed',
      finding: `The check could not run: ${err instanceof Error ? err.message : String(err)}`,
      details: [],
    }));
  try {
    const outcome = await Promise.race([ran, limit]);
    return { id: check.id, title: check.title, ms: now() - started, ...outcome };
  } finally {
    clearTimeout(timer);
  }
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
