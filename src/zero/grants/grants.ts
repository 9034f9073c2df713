/**
 * Zero's persistent sandbox grants, managed through Zero itself (`zero sandbox grants …`), and the
 * temporary grants file that makes an "allow once" apply to exactly one follow-up run (docs/zero-exec.md §15).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  array,
  boolean,
  lazySchema,
  looseObject,
  minLength,
  optional,
  string,
  union,
  unknown,
} from '../../protocol/zod';
import { removeGrantEntry, type GrantEntry } from './grantsFile';
import { runZeroCli } from '../zeroCli';

/** A persistent grant as `zero sandbox grants list --json` prints it (sandbox.Grant; empty fields omitted). */
export interface Grant {
  readonly toolName: string;
  /** An absolute path (file, dir) or a host; absent for a tool-wide grant. */
  readonly scope?: string;
  /** `file`, `dir` or `host`; absent for a tool-wide grant. */
  readonly scopeKind?: string;
  readonly decision?: string;
  readonly approvedAt?: string;
  readonly reason?: string;
  /** Zero's own flag (a bool, omitted when false). */
  readonly session?: boolean;
}

/** A shell command prefix Zero allows (sandbox.CommandPrefixGrant), e.g. `git status` for exec_command. */
export interface CommandPrefixGrant {
  readonly toolName: string;
  readonly prefix: readonly string[];
  readonly approvedAt?: string;
  readonly reason?: string;
  readonly session?: boolean;
}

export interface Approvals {
  readonly grants: readonly Grant[];
  readonly commandPrefixes: readonly CommandPrefixGrant[];
}

type Env = Readonly<Record<string, string | undefined>>;

/** Where Zero keeps persistent grants for this environment (sandbox/grants.go ResolveGrantPath). */
export function userGrantsPath(env: Env = process.env, home = os.homedir()): string {
  const override = (env.ZERO_SANDBOX_GRANTS_PATH ?? '').trim();
  if (override) return path.resolve(override);
  const config = (env.XDG_CONFIG_HOME ?? '').trim();
  if (config) return path.join(path.resolve(config), 'zero', 'sandbox-grants.json');
  const base = (env.HOME ?? '').trim() || (env.USERPROFILE ?? '').trim() || home;
  return path.join(base, '.config', 'zero', 'sandbox-grants.json');
}

export async function allowGrant(
  binary: string,
  tool: string,
  opts: { path?: string; reason: string; env?: Env },
): Promise<void> {
  const args = [
    'sandbox',
    'grants',
    'allow',
    tool,
    ...(opts.path ? ['--path', opts.path] : []),
    '--reason',
    opts.reason,
  ];
  const r = await runZeroCli(binary, args, opts.env);
  if (r.code !== 0)
    throw new Error(`zero sandbox grants allow ${tool} failed: ${(r.stderr || r.stdout).trim() || `exit ${r.code}`}`);
}

/** Zero's grants and command prefixes, from `zero sandbox grants list --json`. */
export async function listApprovals(binary: string, env: Env = {}): Promise<Approvals> {
  const r = await runZeroCli(binary, ['sandbox', 'grants', 'list', '--json'], env);
  if (r.code !== 0)
    throw new Error(`zero sandbox grants list failed: ${(r.stderr || r.stdout).trim() || `exit ${r.code}`}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(r.stdout);
  } catch {
    throw new Error(
      `zero sandbox grants list --json printed something that is not JSON: ${r.stdout.trim().slice(0, 200) || '(nothing)'}`,
    );
  }
  const list = GrantListSchema.safeParse(parsed);
  if (!list.success)
    throw new Error('zero sandbox grants list --json printed JSON of an unexpected shape (expected a list of grants).');
  const entries = Array.isArray(list.data) ? list.data : (list.data.grants ?? []);
  const prefixes = Array.isArray(list.data) ? [] : (list.data.commandPrefixes ?? []);
  // One odd entry (a newer Zero's kind of grant) must not hide the others.
  const valid = <T>(schema: { safeParse(v: unknown): { success: boolean; data?: unknown } }, items: unknown[]): T[] =>
    items.flatMap((g) => {
      const ok = schema.safeParse(g);
      return ok.success ? [ok.data as T] : [];
    });
  return {
    grants: valid<Grant>(GrantEntrySchema, entries),
    commandPrefixes: valid<CommandPrefixGrant>(PrefixEntrySchema, prefixes),
  };
}

/** A grant as `zero sandbox grants list --json` prints it; fields this code does not read may grow. */
const GrantEntrySchema = lazySchema(() =>
  looseObject({
    toolName: string(),
    scope: optional(string()),
    scopeKind: optional(string()),
    decision: optional(string()),
    approvedAt: optional(string()),
    reason: optional(string()),
    session: optional(boolean()),
  }),
);
const PrefixEntrySchema = lazySchema(() =>
  looseObject({
    toolName: string(),
    prefix: array(string()).check(minLength(1)),
    approvedAt: optional(string()),
    reason: optional(string()),
    session: optional(boolean()),
  }),
);
const GrantListSchema = lazySchema(() =>
  union([
    array(unknown()),
    looseObject({ grants: optional(array(unknown())), commandPrefixes: optional(array(unknown())) }),
  ]),
);

const PATH_KINDS = new Set(['file', 'dir']);
const sameGrant = (a: Grant, b: Grant): boolean =>
  a.toolName === b.toolName &&
  (a.scope ?? '') === (b.scope ?? '') &&
  (a.scopeKind ?? '') === (b.scopeKind ?? '') &&
  (a.decision ?? '') === (b.decision ?? '');

/**
 * Revokes exactly this grant or command prefix. Through Zero's CLI when it removes exactly that one
 * (`revoke <tool> --path <scope>` removes every grant of the tool with that path; `revoke <tool>`
 * removes all of the tool's grants and prefixes); otherwise the one entry is taken out of Zero's
 * grants file (grantsFile.ts), and Zero must still read the file, else it is put back.
 */
export async function revokeApproval(
  binary: string,
  entry: { grant: Grant } | { prefix: CommandPrefixGrant },
  env: Env = {},
): Promise<void> {
  const now = await listApprovals(binary, env);
  const tool = 'grant' in entry ? entry.grant.toolName : entry.prefix.toolName;
  const ofTool = now.grants.filter((g) => g.toolName === tool);
  const prefixesOfTool = now.commandPrefixes.filter((p) => p.toolName === tool);
  let args: string[] | null = null;
  if ('grant' in entry) {
    const g = entry.grant;
    if (g.scope && PATH_KINDS.has(g.scopeKind ?? '') && ofTool.filter((o) => o.scope === g.scope).length === 1)
      args = ['--path', g.scope];
    else if (ofTool.length === 1 && prefixesOfTool.length === 0 && sameGrant(ofTool[0]!, g)) args = [];
  } else if (ofTool.length === 0 && prefixesOfTool.length === 1) {
    args = [];
  }
  if (args) {
    const r = await runZeroCli(binary, ['sandbox', 'grants', 'revoke', tool, ...args, '--json'], env);
    if (r.code !== 0)
      throw new Error(
        `zero sandbox grants revoke ${tool} failed: ${(r.stderr || r.stdout).trim() || `exit ${r.code}`}`,
      );
    return;
  }
  const file = userGrantsPath({ ...process.env, ...env });
  const target: GrantEntry =
    'grant' in entry
      ? {
          kind: 'grant',
          toolName: tool,
          scope: entry.grant.scope ?? '',
          scopeKind: entry.grant.scopeKind ?? '',
          decision: entry.grant.decision ?? '',
        }
      : { kind: 'prefix', toolName: tool, prefix: entry.prefix.prefix };
  const before = removeGrantEntry(file, target);
  try {
    await listApprovals(binary, env);
  } catch (err) {
    fs.writeFileSync(file, before, { mode: 0o600 });
    throw new Error(
      `Zero could not read its grants file after the revoke, so it was put back: ${(err as Error).message}`,
    );
  }
}

/**
 * A private copy of the user's grants file with extra one-run grants: the follow-up run points
 * `ZERO_SANDBOX_GRANTS_PATH` at it, so the user's own file never gains them. `cleanup()` deletes it.
 */
export async function tempGrantsFile(
  binary: string,
  tools: readonly string[],
  env: Env = {},
): Promise<{ path: string; cleanup: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-vscode-grants-'));
  const file = path.join(dir, 'sandbox-grants.json');
  const cleanup = (): void => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const source = userGrantsPath({ ...process.env, ...env });
    if (fs.existsSync(source)) fs.copyFileSync(source, file);
    for (const tool of tools) {
      await allowGrant(binary, tool, {
        reason: 'VS Code: allow once',
        env: { ...env, ZERO_SANDBOX_GRANTS_PATH: file },
      });
    }
    return { path: file, cleanup };
  } catch (err) {
    cleanup();
    throw err;
  }
}
