// A machine for the diagnose checks: files by path, what each `zero <args>` prints, and the settings.
import { diagnoseChecks, type DiagnoseInput } from '../../../src/diagnose/diagnose';
import type { CheckResult } from '../../../src/diagnose/report';
import { runChecks } from '../../../src/diagnose/runChecks';
import type { CliResult } from '../../../src/zero/zeroCli';
import type { PathInfo } from '../../../src/zero/binary/findZero';
import { resolveSettings, type ZeroSettings } from '../../../src/zero/config/settingsSources';

export function fakeStat(files: Record<string, 'exe' | 'file' | 'dir'>): (p: string) => PathInfo | undefined {
  return (p) => {
    const kind = files[p];
    if (!kind) return undefined;
    return { isFile: kind !== 'dir', isDirectory: kind === 'dir', executable: kind === 'exe' };
  };
}

export const ok = (stdout: string): CliResult => ({ code: 0, stdout, stderr: '' });

export function settings(user: Record<string, unknown> = {}, workspace: Record<string, unknown> = {}): ZeroSettings {
  return resolveSettings((key) => ({ globalValue: user[key], workspaceValue: workspace[key] }));
}

export interface Fake {
  files?: Record<string, 'exe' | 'file' | 'dir'>;
  /** `zero <args joined by a space>` → what it prints. */
  cli?: Record<string, CliResult | (() => Promise<CliResult>)>;
  version?: string | null;
  settings?: ZeroSettings;
  platform?: NodeJS.Platform;
  path?: string;
  realpath?: Record<string, string>;
}

export interface Recorded {
  calls: { binary: string; args: string[]; env: Readonly<Record<string, string | undefined>>; cwd?: string }[];
}

export function fakeInput(f: Fake, more: Partial<DiagnoseInput> = {}): DiagnoseInput & Recorded {
  const calls: Recorded['calls'] = [];
  return {
    calls,
    settings: f.settings ?? settings(),
    ignoredFromFiles: [],
    trusted: true,
    cwd: '/work/project',
    log: [],
    about: [{ label: 'Extension', value: 'Zero for VS Code 0.0.0-test' }],
    clientVersion: '0.0.0-test',
    machine: {
      platform: f.platform ?? 'linux',
      hostEnv: { PATH: f.path ?? '/usr/local/bin:/usr/bin' },
      homedir: '/home/me',
      stat: fakeStat(f.files ?? {}),
      realpath: (p) => f.realpath?.[p] ?? p,
      probeVersion: (binary) =>
        Promise.resolve(
          f.version === null ? null : { text: f.version ?? 'zero 0.8.0', demo: /demo|fake/.test(f.version ?? '') },
        ).then((v) => (binary ? v : null)),
      runCli: async (binary, args, env, _timeout, cwd) => {
        calls.push({ binary, args: [...args], env, ...(cwd !== undefined ? { cwd } : {}) });
        const r = f.cli?.[args.join(' ')];
        if (!r) return { code: 2, stdout: '', stderr: `[zero] unknown command ${JSON.stringify(args.join(' '))}` };
        return typeof r === 'function' ? r() : r;
      },
    },
    ...more,
  };
}

/** Runs one check of the report (by id) on this input, as the report runs it (time limit included). */
export async function runCheck(input: DiagnoseInput, id: string): Promise<CheckResult> {
  const check = diagnoseChecks(input).find((c) => c.id === id);
  if (!check) throw new Error(`no check ${id}`);
  const [result] = await runChecks([check]);
  return result!;
}

/** A detail's value by label (undefined when the check has none). */
export const valueOf = (r: CheckResult, label: string): string | undefined =>
  r.details.find((d) => d.label === label)?.value;
