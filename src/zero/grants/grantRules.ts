/**
 * Zero's stored rules, read from Zero itself for the permission cards (src/approvals/storedRules.ts,
 * askedAgain.ts): `zero sandbox grants list --json` for the rules, and `zero sandbox policy --effective
 * --json` for the file they are in (its `grantsPath`; Zero's own resolution, else userGrantsPath's).
 */
import type { RulesRead } from '../../approvals/storedRules';
import { listApprovals, userGrantsPath } from './grants';
import { runZeroCli } from '../zeroCli';

type Env = Readonly<Record<string, string | undefined>>;

const READ_TIMEOUT_MS = 5000;

export async function readRules(binary: string, env: Env = {}): Promise<RulesRead> {
  const [listed, where] = await Promise.allSettled([listApprovals(binary, env), grantsPath(binary, env)]);
  if (listed.status === 'rejected')
    return { ok: false, error: listed.reason instanceof Error ? listed.reason.message : String(listed.reason) };
  const file = where.status === 'fulfilled' && where.value ? where.value : userGrantsPath({ ...process.env, ...env });
  return { ok: true, grants: listed.value.grants, prefixes: listed.value.commandPrefixes, file };
}

async function grantsPath(binary: string, env: Env): Promise<string | null> {
  const r = await runZeroCli(binary, ['sandbox', 'policy', '--effective', '--json'], env, READ_TIMEOUT_MS);
  if (r.code !== 0) return null;
  try {
    const v = (JSON.parse(r.stdout) as { grantsPath?: unknown }).grantsPath;
    return typeof v === 'string' && v.trim() !== '' ? v : null;
  } catch {
    return null;
  }
}

/**
 * One read for the requests that arrive together (ACP can ask several questions at once), kept for
 * `maxAgeMs`; `invalidate()` after an answer may have changed the rules.
 */
export class RulesReader {
  private last: { at: number; read: Promise<RulesRead> } | null = null;

  constructor(
    private readonly source: () => { binary: string; env: Env } | null,
    private readonly maxAgeMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  read(): Promise<RulesRead> {
    const at = this.now();
    if (this.last && at - this.last.at < this.maxAgeMs) return this.last.read;
    const src = this.source();
    const read = src
      ? readRules(src.binary, src.env)
      : Promise.resolve<RulesRead>({ ok: false, error: 'the Zero CLI was not found' });
    this.last = { at, read };
    return read;
  }

  invalidate(): void {
    this.last = null;
  }
}
