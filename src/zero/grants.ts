/**
 * Zero's persistent sandbox grants, managed through Zero itself (`zero sandbox grants …`), and the
 * temporary grants file that makes an "allow once" apply to exactly one follow-up run (docs/zero-exec.md §15).
 */
import spawn from 'cross-spawn';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { array, looseObject, string, union, unknown } from 'zod';
import { mergeEnv } from './zeroProcess';

export interface Grant {
  readonly toolName: string;
  readonly scope?: string;
  readonly scopeKind?: string;
  readonly decision?: string;
  readonly approvedAt?: string;
  readonly reason?: string;
}

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

/** Runs `zero <args>` without a shell and collects its output (small commands only). */
export function runZeroCli(binary: string, args: readonly string[], env: Env = {}, timeoutMs = 15000): Promise<CliResult> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const child = spawn(binary, [...args], { shell: false, windowsHide: true, stdio: ['ignore', 'pipe', 'pipe'], env: mergeEnv(process.env, env, process.platform === 'win32') });
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

/** Where Zero keeps persistent grants for this environment (`sandbox/grants.go:81-108`). */
export function userGrantsPath(env: Env = process.env, home = os.homedir()): string {
  if (env.ZERO_SANDBOX_GRANTS_PATH) return env.ZERO_SANDBOX_GRANTS_PATH;
  const config = env.XDG_CONFIG_HOME || path.join(home, '.config');
  return path.join(config, 'zero', 'sandbox-grants.json');
}

export async function allowGrant(binary: string, tool: string, opts: { path?: string; reason: string; env?: Env }): Promise<void> {
  const args = ['sandbox', 'grants', 'allow', tool, ...(opts.path ? ['--path', opts.path] : []), '--reason', opts.reason];
  const r = await runZeroCli(binary, args, opts.env);
  if (r.code !== 0) throw new Error(`zero sandbox grants allow ${tool} failed: ${(r.stderr || r.stdout).trim() || `exit ${r.code}`}`);
}

export async function listGrants(binary: string, env: Env = {}): Promise<Grant[]> {
  const r = await runZeroCli(binary, ['sandbox', 'grants', 'list', '--json'], env);
  if (r.code !== 0) throw new Error(`zero sandbox grants list failed: ${(r.stderr || r.stdout).trim() || `exit ${r.code}`}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(r.stdout);
  } catch {
    throw new Error(`zero sandbox grants list --json printed something that is not JSON: ${r.stdout.trim().slice(0, 200) || '(nothing)'}`);
  }
  const list = GrantListSchema.safeParse(parsed);
  if (!list.success) throw new Error('zero sandbox grants list --json printed JSON of an unexpected shape (expected a list of grants).');
  const entries = Array.isArray(list.data) ? list.data : (list.data.grants ?? []);
  // One odd entry (a newer Zero's kind of grant) must not hide the others.
  return entries.flatMap((g) => {
    const ok = GrantEntrySchema.safeParse(g);
    return ok.success ? [ok.data as Grant] : [];
  });
}

/** A grant as `zero sandbox grants list --json` prints it; fields this code does not read may grow. */
const GrantEntrySchema = looseObject({
  toolName: string(),
  scope: string().optional(),
  scopeKind: string().optional(),
  decision: string().optional(),
  approvedAt: string().optional(),
  reason: string().optional(),
});
const GrantListSchema = union([array(unknown()), looseObject({ grants: array(unknown()).optional() })]);

export async function revokeGrant(binary: string, grant: Grant, env: Env = {}): Promise<void> {
  const args = ['sandbox', 'grants', 'revoke', grant.toolName, ...(grant.scopeKind === 'path' && grant.scope ? ['--path', grant.scope] : [])];
  const r = await runZeroCli(binary, args, env);
  if (r.code !== 0) throw new Error(`zero sandbox grants revoke ${grant.toolName} failed: ${(r.stderr || r.stdout).trim() || `exit ${r.code}`}`);
}

/**
 * A private copy of the user's grants file with extra one-run grants: the follow-up run points
 * `ZERO_SANDBOX_GRANTS_PATH` at it, so the user's own file never gains them. `cleanup()` deletes it.
 */
export async function tempGrantsFile(binary: string, tools: readonly string[], env: Env = {}): Promise<{ path: string; cleanup: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-vscode-grants-'));
  const file = path.join(dir, 'sandbox-grants.json');
  const cleanup = (): void => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const source = userGrantsPath({ ...process.env, ...env });
    if (fs.existsSync(source)) fs.copyFileSync(source, file);
    for (const tool of tools) {
      await allowGrant(binary, tool, { reason: 'VS Code: allow once', env: { ...env, ZERO_SANDBOX_GRANTS_PATH: file } });
    }
    return { path: file, cleanup };
  } catch (err) {
    cleanup();
    throw err;
  }
}
