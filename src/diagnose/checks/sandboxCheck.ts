/**
 * Zero's Linux sandbox helper. Zero 0.8.0 picks its sandbox backend (internal/sandbox/manager.go
 * selectPlatformBackend) by looking up `zero-linux-sandbox` on PATH only (a stat per PATH folder,
 * the execute bit set), then `bwrap` on PATH: without both, shell commands run without the native
 * sandbox. A helper next to `zero` but not on PATH is not used for that choice, which is why
 * Zero's install guide says to put both in one folder on PATH. `zero-seccomp` is an optional
 * compatibility wrapper. Zero's own verdict comes from `zero doctor` (sandbox.backend); this check
 * adds where each file is, so the finding says what to fix. Off Linux it does not apply.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PathInfo } from '../../zero/binary/findZero';
import { detail, type CheckOutcome, type Detail } from '../report';
import type { Check } from '../runChecks';
import type { ZeroProbes } from '../zeroProbes';

export const LINUX_HELPER = 'zero-linux-sandbox';

export function sandboxCheck(probes: ZeroProbes): Check {
  return {
    id: 'sandbox',
    title: 'Linux sandbox helper',
    timeoutMs: 25_000,
    async run(): Promise<CheckOutcome> {
      const { platform } = probes.deps;
      if (platform !== 'linux')
        return {
          status: 'skipped',
          finding: `Not applicable on ${platform}: ${LINUX_HELPER} is Zero's sandbox helper for Linux only.`,
          details: [],
        };
      const binary = await probes.path();
      if (!binary)
        return {
          status: 'skipped',
          finding: `No Zero CLI: ${LINUX_HELPER} is checked once zero is found.`,
          details: [],
        };
      const stat = probes.deps.stat ?? statPath;
      // Zero sees the PATH of the environment it runs in: zero.env over the host's.
      const pathVar = probes.deps.zeroEnv.PATH ?? probes.deps.hostEnv.PATH ?? '';
      const onPath = (name: string): string | null => lookPath(name, pathVar, stat);
      const binDir = path.dirname(probes.realpath(binary));
      const besideZero = (name: string): string | null => {
        const p = path.join(binDir, name);
        return runnable(stat(p)) ? p : null;
      };
      const helper = onPath(LINUX_HELPER);
      const beside = besideZero(LINUX_HELPER);
      const bwrap = onPath('bwrap');
      const seccomp = onPath('zero-seccomp') ?? besideZero('zero-seccomp');
      const doctor = await probes.doctor();
      const verdict = doctor.kind === 'ran' ? doctor.report.checks.find((c) => c.id === 'sandbox.backend') : undefined;

      const details: Detail[] = [
        detail(`${LINUX_HELPER} on PATH`, helper ?? 'not found'),
        detail(`${LINUX_HELPER} next to zero`, beside ?? `not in ${binDir}`),
        detail('bubblewrap (bwrap) on PATH', bwrap ?? 'not found'),
        detail('zero-seccomp', seccomp ?? 'not found (optional: a compatibility wrapper)'),
        detail(
          'Zero says',
          verdict
            ? `${verdict.status}: ${verdict.message}`
            : `no verdict: ${doctor.kind === 'failed' ? doctor.problem : 'zero doctor did not report sandbox.backend'}`,
        ),
      ];
      const ready = verdict ? verdict.status === 'pass' : helper !== null && bwrap !== null;
      if (ready)
        return {
          status: 'ok',
          finding: `${LINUX_HELPER} is at ${helper ?? beside ?? 'a place Zero found'} and Zero's native sandbox is available.`,
          details,
        };
      return { status: 'warning', finding: why(helper, beside, bwrap, verdict?.message), details };
    },
  };
}

function why(helper: string | null, beside: string | null, bwrap: string | null, zeroSays?: string): string {
  const without = 'Zero runs shell commands without its native sandbox';
  if (!helper && beside)
    return `${LINUX_HELPER} is next to zero (${path.dirname(beside)}) but that folder is not on PATH, where Zero 0.8 looks for it: add it to PATH. Until then ${without}.`;
  if (!helper)
    return `${LINUX_HELPER} was not found: ${without}. Install it next to zero, in a folder on PATH (Zero's install guide, "Sandbox Helpers").`;
  if (!bwrap)
    return `${LINUX_HELPER} is at ${helper}, but bubblewrap (bwrap) is not installed, and Zero's Linux sandbox needs it: ${without}.`;
  return `Zero's native sandbox is not available${zeroSays ? `: ${zeroSays}` : ''}.`;
}

/** The first runnable `name` in the PATH folders, as Zero's lookupExecutable finds it (absolute folders only). */
export function lookPath(name: string, pathVar: string, stat: (p: string) => PathInfo | undefined): string | null {
  for (const dir of pathVar.split(':')) {
    if (!path.isAbsolute(dir)) continue;
    const p = path.join(dir, name);
    if (runnable(stat(p))) return p;
  }
  return null;
}

const runnable = (info: PathInfo | undefined): boolean => info?.isFile === true && info.executable;

function statPath(p: string): PathInfo | undefined {
  try {
    const st = fs.statSync(p);
    // Zero tests the mode bits (any execute bit), not access(2).
    return { isFile: st.isFile(), isDirectory: st.isDirectory(), executable: st.isFile() && (st.mode & 0o111) !== 0 };
  } catch {
    return undefined;
  }
}
