/** Zero's own verdict (`zero doctor --json`), one line per check it ran. */
import { detail, type CheckOutcome } from '../report';
import type { Check } from '../runChecks';
import type { ZeroProbes } from '../zeroProbes';

export function doctorCheck(probes: ZeroProbes): Check {
  return {
    id: 'doctor',
    title: 'Zero doctor',
    timeoutMs: 25_000,
    async run(): Promise<CheckOutcome> {
      const d = await probes.doctor();
      if (d.kind === 'no-binary')
        return { status: 'skipped', finding: 'No Zero CLI to run `zero doctor` with.', details: [] };
      if (d.kind === 'failed') return { status: 'failed', finding: d.problem, details: [] };
      const { checks } = d.report;
      const failed = checks.filter((c) => c.status === 'fail');
      const warned = checks.filter((c) => c.status === 'warn');
      const details = checks.map((c) => detail(`${c.label} (${c.status || 'no status'})`, c.message || '(no message)'));
      if (failed.length > 0)
        return {
          status: 'failed',
          finding: `zero doctor: ${failed.map((c) => `${c.label}: ${c.message}`).join(' ')}`,
          details,
        };
      // Zero warns about what is often fine (no language servers, connectivity not probed): shown, not counted.
      const notes = warned.length > 0 ? ` (${warned.length} warning${warned.length === 1 ? '' : 's'}, below)` : '';
      return { status: 'ok', finding: `zero doctor passed its ${checks.length} checks${notes}.`, details };
    },
  };
}
