/**
 * Zero: Diagnose, as plain Node: the checks, run side by side, and the report they make (redacted
 * once, at the end). The host gives the settings, trust and log as data (host/diagnose/).
 */
import type { IgnoredSetting, ZeroSettings } from '../zero/config/settingsSources';
import { acpCheck, type StartAcp } from './checks/acpCheck';
import { authCheck } from './checks/authCheck';
import { binaryCheck } from './checks/binaryCheck';
import { doctorCheck } from './checks/doctorCheck';
import { logCheck } from './checks/logCheck';
import { mcpCheck } from './checks/mcpCheck';
import { providerCheck } from './checks/providerCheck';
import { sandboxCheck } from './checks/sandboxCheck';
import { settingsCheck, trustCheck } from './checks/workspaceChecks';
import type { LogLine } from './logRing';
import { scrubReport, type DiagnoseReport, type Detail } from './report';
import { runChecks, type Check } from './runChecks';
import { ZeroProbes, type ProbeDeps } from './zeroProbes';

export interface DiagnoseInput {
  readonly settings: ZeroSettings;
  /** User-only keys found in the workspace's settings files (VS Code drops them before inspect()). */
  readonly ignoredFromFiles: readonly IgnoredSetting[];
  readonly trusted: boolean;
  /** The folder a chat would run in. */
  readonly cwd: string | null;
  readonly log: readonly LogLine[];
  readonly logDropped?: number;
  /** The extension, the editor and the platform, for the report's first lines. */
  readonly about: readonly Detail[];
  /** This extension's version, sent in ACP's `initialize` as a chat does. */
  readonly clientVersion: string;
  /** The machine, for tests: the platform, the host's environment, file lookups, how Zero is run. */
  readonly machine?: Partial<Omit<ProbeDeps, 'configuredPath' | 'zeroEnv' | 'cwd'>> & {
    readonly startAcp?: StartAcp;
    readonly acpHandshakeMs?: number;
  };
  readonly now?: () => number;
}

export function diagnoseChecks(input: DiagnoseInput): Check[] {
  const m = input.machine ?? {};
  const probes = new ZeroProbes({
    platform: process.platform,
    hostEnv: process.env,
    ...m,
    configuredPath: input.settings.path,
    zeroEnv: input.settings.env,
    cwd: input.cwd,
  });
  return [
    binaryCheck(probes),
    providerCheck(probes),
    authCheck(probes),
    acpCheck(probes, {
      clientVersion: input.clientVersion,
      ...(m.startAcp ? { start: m.startAcp } : {}),
      ...(m.acpHandshakeMs !== undefined ? { handshakeMs: m.acpHandshakeMs } : {}),
    }),
    sandboxCheck(probes),
    mcpCheck(probes, input.trusted),
    doctorCheck(probes),
    trustCheck(input.trusted),
    settingsCheck(input.settings, input.ignoredFromFiles),
    logCheck(input.log, input.logDropped),
  ];
}

export async function runDiagnose(input: DiagnoseInput, checks = diagnoseChecks(input)): Promise<DiagnoseReport> {
  const now = input.now ?? Date.now;
  const results = await runChecks(checks, now);
  return scrubReport({ generatedAt: new Date(now()).toISOString(), about: input.about, checks: results });
}
