/**
 * What the checks ask the machine and Zero, each asked once and shared: several checks need the
 * binary, and the provider, doctor and sandbox checks all read one `zero doctor --json`. Everything
 * that touches the machine is injectable, so the checks are tested against fakes.
 */
import * as fs from 'node:fs';
import { findZero, type FindZeroResult, type PathInfo } from '../zero/binary/findZero';
import { runZeroCli, type CliResult } from '../zero/zeroCli';
import { probeVersion, type ZeroVersion } from '../zero/binary/probeVersion';
import { parseDoctor, type DoctorOutcome } from './zeroDoctor';

type Env = Readonly<Record<string, string | undefined>>;

export type RunCli = (
  binary: string,
  args: readonly string[],
  env: Env,
  timeoutMs: number,
  cwd?: string,
) => Promise<CliResult>;

export interface ProbeDeps {
  /** `zero.path` as the user settings give it ('' when not set). */
  readonly configuredPath: string;
  /** `zero.env`: merged over the host's environment for every Zero the checks run, as for a chat. */
  readonly zeroEnv: Readonly<Record<string, string>>;
  /** The workspace folder a chat runs in (Zero reads its project config there); null without one. */
  readonly cwd: string | null;
  readonly platform: NodeJS.Platform;
  /** The extension host's environment (where `zero` is looked for, as findZero does for a chat). */
  readonly hostEnv: Env;
  readonly homedir?: string;
  readonly stat?: (p: string) => PathInfo | undefined;
  readonly runCli?: RunCli;
  readonly probeVersion?: (binary: string) => Promise<ZeroVersion | null>;
  readonly realpath?: (p: string) => string;
}

export interface FoundZero {
  readonly find: FindZeroResult;
  /** `zero --version`; null when it did not answer (or nothing was found). */
  readonly version: ZeroVersion | null;
}

export const DOCTOR_TIMEOUT_MS = 20_000;

export class ZeroProbes {
  private binaryProbe: Promise<FoundZero> | undefined;
  private doctorProbe: Promise<DoctorOutcome> | undefined;

  constructor(readonly deps: ProbeDeps) {}

  binary(): Promise<FoundZero> {
    return (this.binaryProbe ??= (async () => {
      const d = this.deps;
      const find = findZero({
        configuredPath: d.configuredPath,
        env: d.hostEnv,
        platform: d.platform,
        ...(d.homedir !== undefined ? { homedir: d.homedir } : {}),
        ...(d.stat ? { stat: d.stat } : {}),
      });
      const version = find.ok ? await (d.probeVersion ?? probeVersion)(find.path) : null;
      return { find, version };
    })());
  }

  /** The binary's path, or null when none was found. */
  async path(): Promise<string | null> {
    const { find } = await this.binary();
    return find.ok ? find.path : null;
  }

  /** Runs `zero <args>` as a chat would: `zero.env` over the host's environment, in the workspace folder. */
  run(binary: string, args: readonly string[], timeoutMs: number): Promise<CliResult> {
    const run = this.deps.runCli ?? runZeroCli;
    return run(binary, args, this.deps.zeroEnv, timeoutMs, this.deps.cwd ?? undefined);
  }

  doctor(): Promise<DoctorOutcome> {
    return (this.doctorProbe ??= (async (): Promise<DoctorOutcome> => {
      const binary = await this.path();
      if (!binary) return { kind: 'no-binary' };
      const r = await this.run(binary, ['doctor', '--json'], DOCTOR_TIMEOUT_MS);
      if (r.timedOut)
        return { kind: 'failed', problem: `zero doctor --json gave no answer within ${DOCTOR_TIMEOUT_MS / 1000} s` };
      const report = parseDoctor(r.stdout);
      if (report) return { kind: 'ran', report };
      const said = firstLines(r.stderr || r.stdout) || 'no output';
      return { kind: 'failed', problem: `zero doctor --json printed no report (exit ${r.code ?? 'none'}): ${said}` };
    })());
  }

  /** Symlinks resolved, as Zero's os.Executable() sees its own path; the path itself when that fails. */
  realpath(p: string): string {
    try {
      return (this.deps.realpath ?? fs.realpathSync)(p);
    } catch {
      return p;
    }
  }
}

/** The first lines of what a command printed, for a one-line finding. */
export function firstLines(text: string, max = 300): string {
  const t = text.trim().replace(/\s*\n\s*/g, ' | ');
  return t.length > max ? `${t.slice(0, max)}…` : t;
}
