/**
 * Runs one small Zero subcommand (`zero sandbox grants list`, `zero models`, `zero sessions list`…) and collects
 * its output: the one helper every module that only asks Zero something uses.
 */
import { crossSpawn } from './process/nodeOnDemand';
import { mergeEnv } from './process/mergeEnv';

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Killed after `timeoutMs`. */
  readonly timedOut?: boolean;
}

/** More output than a small command prints: the rest is dropped (a runaway must not fill memory). */
const MAX_CLI_OUTPUT = 16 * 1024 * 1024;

type Env = Readonly<Record<string, string | undefined>>;

/** Runs `zero <args>` without a shell and collects its output (small commands only). `cwd`: where Zero reads its
 *  project config (`zero doctor` has no flag for the folder); default: the extension host's own. */
export function runZeroCli(
  binary: string,
  args: readonly string[],
  env: Env = {},
  timeoutMs = 15000,
  cwd?: string,
): Promise<CliResult> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const child = crossSpawn(binary, [...args], {
      ...(cwd ? { cwd } : {}),
      shell: false,
      windowsHide: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: mergeEnv(process.env, env, process.platform === 'win32'),
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout?.on('data', (d: Buffer) => {
      if (stdout.length < MAX_CLI_OUTPUT) stdout += d.toString('utf8');
    });
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < MAX_CLI_OUTPUT) stderr += d.toString('utf8');
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr: stderr + err.message, timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}
