/** Which `zero` runs, how it was found, its version and whether this extension supports it. */
import * as path from 'node:path';
import type { FindZeroResult } from '../../zero/binary/findZero';
import { checkZeroVersion, MIN_ZERO_VERSION } from '../../zero/binary/zeroVersion';
import { detail, type CheckOutcome, type Detail } from '../report';
import type { Check } from '../runChecks';
import type { ZeroProbes } from '../zeroProbes';

const MAX_TRIED = 30;

export function binaryCheck(probes: ZeroProbes): Check {
  return {
    id: 'binary',
    title: 'Zero CLI',
    timeoutMs: 15_000,
    async run(): Promise<CheckOutcome> {
      const { find, version } = await probes.binary();
      if (!find.ok) return { status: 'failed', finding: find.reason, details: tried(find.tried) };
      const win = probes.deps.platform === 'win32';
      const how = foundBy(find, win);
      const real = probes.realpath(find.path);
      const details: Detail[] = [
        detail('Path', find.path),
        ...(real !== find.path ? [detail('Real path', real)] : []),
        detail('Found', how),
        detail('zero --version', version?.text ?? 'did not answer within 5 s'),
        detail('Supported', `Zero ${MIN_ZERO_VERSION.slice(0, 2).join('.')} or newer`),
      ];
      if (version?.demo)
        return {
          status: 'warning',
          finding: `${find.path} is the demo agent, not a real Zero: it knows only the demo tour. Install Zero, or set "zero.path".`,
          details,
        };
      const verdict = checkZeroVersion(version?.text ?? null);
      if (verdict.kind === 'old') return { status: 'failed', finding: verdict.message, details };
      if (verdict.kind === 'unknown') return { status: 'warning', finding: verdict.message, details };
      return { status: 'ok', finding: `Zero ${verdict.version} at ${find.path}, found ${how}.`, details };
    },
  };
}

function foundBy(find: Extract<FindZeroResult, { ok: true }>, win: boolean): string {
  switch (find.source) {
    case 'setting':
      return 'from "zero.path" in your user settings';
    case 'path':
      return 'on PATH';
    case 'known-location':
      return `in ${(win ? path.win32 : path.posix).dirname(find.path)}, a usual install folder (not on PATH)`;
  }
}

function tried(list: readonly string[]): Detail[] {
  if (list.length === 0) return [];
  const shown = list.slice(0, MAX_TRIED).join('\n');
  const more = list.length > MAX_TRIED ? `\n… and ${list.length - MAX_TRIED} more` : '';
  return [detail('Looked for', `${shown}${more}`)];
}
