/**
 * `zero doctor --json`: Zero's own health checks (internal/doctor: config files, provider config and
 * model, connectivity, the sandbox backend, language servers). Pretty JSON
 * `{"generatedAt", "ok", "checks":[{id, label, status: pass|warn|fail, message, details?}]}`, every
 * field through Zero's redaction; the provider's key is reported as `credentialConfigured` (set / not
 * set / oauth login), never its value. Exit 3 when a check failed, with the same JSON: the exit code
 * alone says nothing, so stdout is read whatever it was.
 */
export interface DoctorCheck {
  readonly id: string;
  readonly label: string;
  /** `pass`, `warn` or `fail` (kept as Zero spells it, should it grow). */
  readonly status: string;
  readonly message: string;
  readonly details: Readonly<Record<string, unknown>>;
}

export interface DoctorReport {
  readonly ok: boolean;
  readonly checks: readonly DoctorCheck[];
}

export type DoctorOutcome =
  | { readonly kind: 'ran'; readonly report: DoctorReport }
  | { readonly kind: 'failed'; readonly problem: string }
  | { readonly kind: 'no-binary' };

export function parseDoctor(stdout: string): DoctorReport | null {
  let raw: unknown;
  try {
    raw = JSON.parse(stdout);
  } catch {
    return null;
  }
  if (!isRecord(raw) || !Array.isArray(raw.checks)) return null;
  const checks: DoctorCheck[] = [];
  for (const c of raw.checks) {
    if (!isRecord(c) || typeof c.id !== 'string') continue;
    checks.push({
      id: c.id,
      label: typeof c.label === 'string' && c.label ? c.label : c.id,
      status: typeof c.status === 'string' ? c.status : '',
      message: typeof c.message === 'string' ? c.message : '',
      details: isRecord(c.details) ? c.details : {},
    });
  }
  return { ok: raw.ok === true, checks };
}

/** A field of a check's details as text ('' when absent or not a plain value). */
export function detailText(check: DoctorCheck | undefined, key: string): string {
  const v = check?.details[key];
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
