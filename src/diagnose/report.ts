/** The diagnose report as data: what each check found, rendered as HTML (the panel) and Markdown (an issue). */
import { redactSecrets } from '../zero/process/redact';

export type CheckStatus = 'ok' | 'warning' | 'failed' | 'skipped';

/** One labelled fact of a check. A value with line breaks is shown as a block. */
export interface Detail {
  readonly label: string;
  readonly value: string;
}

/**
 * Text the report shows only when the user reveals it on the page (the provider's base URL, which
 * can name a company's internal host): `text` wherever it occurs is shown as `shown` until then.
 */
export interface Hidden {
  readonly text: string;
  readonly shown: string;
}

/** What one check returns. */
export interface CheckOutcome {
  readonly status: CheckStatus;
  /** One line: what the user most needs to know. */
  readonly finding: string;
  readonly details: readonly Detail[];
  readonly hidden?: readonly Hidden[];
}

export interface CheckResult extends CheckOutcome {
  readonly id: string;
  readonly title: string;
  /** How long the check took. */
  readonly ms: number;
}

export interface DiagnoseReport {
  /** ISO 8601. */
  readonly generatedAt: string;
  /** `Zero for VS Code 0.4.0`, the editor, the platform: the first lines of an issue. */
  readonly about: readonly Detail[];
  readonly checks: readonly CheckResult[];
}

export const detail = (label: string, value: string | number | boolean): Detail => ({ label, value: String(value) });

/** The worst status first: what the summary line leads with. */
const ORDER: readonly CheckStatus[] = ['failed', 'warning', 'ok', 'skipped'];

export function summary(report: DiagnoseReport): string {
  const counts = ORDER.map((s) => [s, report.checks.filter((c) => c.status === s).length] as const).filter(
    ([, n]) => n > 0,
  );
  return counts.map(([s, n]) => `${n} ${s === 'warning' && n > 1 ? 'warnings' : s}`).join(', ') || 'no checks';
}

/**
 * Every string of the report through the redactor, once, at the end: no check can forget it.
 * Labels too, since a label can carry a name Zero printed.
 */
export function scrubReport(report: DiagnoseReport): DiagnoseReport {
  const scrub = (d: Detail): Detail => ({ label: redactSecrets(d.label), value: redactSecrets(d.value) });
  return {
    generatedAt: report.generatedAt,
    about: report.about.map(scrub),
    checks: report.checks.map((c) => ({
      ...c,
      title: redactSecrets(c.title),
      finding: redactSecrets(c.finding),
      details: c.details.map(scrub),
      ...(c.hidden ? { hidden: c.hidden.map((h) => ({ text: redactSecrets(h.text), shown: h.shown })) } : {}),
    })),
  };
}

/** Whether the report holds anything the page shows only on Reveal. */
export const hasHidden = (report: DiagnoseReport): boolean => report.checks.some((c) => (c.hidden ?? []).length > 0);

/**
 * The report as the page and Copy report show it: each Hidden text replaced in every string (the
 * longest first, so a URL goes before its host) unless the user revealed them.
 */
export function shownReport(report: DiagnoseReport, reveal: boolean): DiagnoseReport {
  const hidden = report.checks
    .flatMap((c) => c.hidden ?? [])
    .filter((h) => h.text !== '')
    .sort((a, b) => b.text.length - a.text.length);
  if (reveal || hidden.length === 0) return report;
  const mask = (text: string): string => hidden.reduce((t, h) => t.split(h.text).join(h.shown), text);
  const maskDetail = (d: Detail): Detail => ({ label: mask(d.label), value: mask(d.value) });
  return {
    generatedAt: report.generatedAt,
    about: report.about.map(maskDetail),
    checks: report.checks.map((c) => ({
      ...c,
      title: mask(c.title),
      finding: mask(c.finding),
      details: c.details.map(maskDetail),
    })),
  };
}
