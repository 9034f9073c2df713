/** The last errors and warnings of the extension's log in this window (logRing.ts). */
import type { LogLine } from '../logRing';
import { detail, type CheckOutcome } from '../report';
import type { Check } from '../runChecks';

const SHOWN = 20;

export function logCheck(lines: readonly LogLine[], dropped = 0): Check {
  return {
    id: 'log',
    title: 'Recent log errors',
    timeoutMs: 1_000,
    run: () => Promise.resolve(outcome(lines, dropped)),
  };
}

function outcome(lines: readonly LogLine[], dropped: number): CheckOutcome {
  if (lines.length === 0)
    return { status: 'ok', finding: 'No errors or warnings were logged in this window.', details: [] };
  const errors = lines.filter((l) => l.level === 'error').length;
  const warnings = lines.length - errors;
  const last = lines[lines.length - 1]!;
  const counts = [plural(errors, 'error'), plural(warnings, 'warning')].filter(Boolean).join(' and ');
  const shown = lines.slice(-SHOWN).map((l) => `${time(l.at)} [${l.level}] ${l.text}`);
  const older = lines.length - shown.length + dropped;
  return {
    // An error in the log is worth a look; warnings alone are often expected (an ignored setting).
    status: errors > 0 ? 'warning' : 'ok',
    finding: `${counts} logged in this window; the last: ${oneLine(last.text)}`,
    details: [
      detail(`Last ${shown.length} (newest last)`, shown.join('\n')),
      ...(older > 0 ? [detail('Older', `${older} more (Zero: Show Log has everything)`)] : []),
    ],
  };
}

const plural = (n: number, word: string): string => (n === 0 ? '' : `${n} ${word}${n === 1 ? '' : 's'}`);

function oneLine(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 200 ? `${t.slice(0, 199)}…` : t;
}

function time(at: number): string {
  return new Date(at).toISOString().slice(11, 19);
}
