/**
 * Zero's MCP servers, asked of Zero itself (never read from its config files): `zero mcp list --json` (every
 * configured server, never started; env and header values come redacted), `zero mcp check <server> --json`
 * (starts one server and lists its tools), `zero mcp enable|disable <server> --json` (user config only),
 * and the persistent MCP permissions (`zero mcp permissions list|revoke --json`). Checked against Zero 0.8.0
 * (internal/cli/extensions.go, mcp_config.go): docs/zero-exec.md §24.
 */
import type { CliResult } from '../zeroCli';

type Env = Readonly<Record<string, string | undefined>>;
export type RunMcpCli = (args: readonly string[], timeoutMs: number) => Promise<CliResult>;

export interface McpServer {
  readonly name: string;
  /** `stdio`, `http` or `sse`. */
  readonly type: string;
  /** What runs: the URL (Zero redacts its secrets), or the command and its arguments. */
  readonly target: string;
  readonly disabled: boolean;
}

export interface McpTool {
  /** As the model calls it: `mcp_<server>_<tool>`. */
  readonly name: string;
  readonly description: string;
  /** Zero's permission for the tool without a grant (`prompt`, `allow`). */
  readonly permission: string;
  readonly sideEffect: string;
}

export type McpCheck =
  | { readonly ok: true; readonly tools: readonly McpTool[] }
  | { readonly ok: false; readonly status: string; readonly error: string };

/** A persistent MCP permission (mcp.PermissionGrant): a whole server, or one of its tools. */
export interface McpPermission {
  readonly scope: string;
  readonly serverName: string;
  readonly serverIdentity: string;
  readonly toolName?: string;
  readonly maxAutonomy: string;
  readonly approvedAt: string;
}

/** Zero's own rule for a server name (mcp.ValidateServerName): nothing else goes into an argv. */
const SERVER_NAME = /^[A-Za-z0-9._-]+$/;
/** A tool name as Zero stores it in a grant. */
const TOOL_NAME = /^[A-Za-z0-9._-]+$/;

export const MCP_LIST_TIMEOUT_MS = 15_000;
/** Starting a server (npx fetching a package, a remote handshake) can take a while. */
export const MCP_CHECK_TIMEOUT_MS = 30_000;

export function isServerName(name: string): boolean {
  return SERVER_NAME.test(name) && !name.startsWith('-');
}

/** Every server Zero's config names (user, project, Zero's defaults), none started. */
export async function listMcpServers(run: RunMcpCli): Promise<McpServer[]> {
  const data = await json(run, ['mcp', 'list', '--json'], MCP_LIST_TIMEOUT_MS);
  const servers = record(record(data)?.servers);
  if (!servers) throw new Error('zero mcp list --json printed no servers object.');
  return Object.entries(servers)
    .flatMap(([name, raw]): McpServer[] => {
      const s = record(raw);
      if (!s || !isServerName(name)) return [];
      const type = str(s.type) || (str(s.url) ? 'http' : 'stdio');
      const args = Array.isArray(s.args) ? s.args.filter((a): a is string => typeof a === 'string') : [];
      const target = str(s.url) || [str(s.command), ...args].filter(Boolean).join(' ');
      return [{ name, type, target, disabled: s.disabled === true }];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Starts one server as Zero would and lists its tools; an unreachable server is an answer, not an error. */
export async function checkMcpServer(run: RunMcpCli, server: string): Promise<McpCheck> {
  if (!isServerName(server))
    return { ok: false, status: 'invalid', error: `Not a server name Zero accepts: ${server}` };
  const r = await run(['mcp', 'check', server, '--json'], MCP_CHECK_TIMEOUT_MS);
  if (r.timedOut) return { ok: false, status: 'timeout', error: `no answer within ${MCP_CHECK_TIMEOUT_MS / 1000} s` };
  const data = record(parse(r.stdout));
  if (data && str(data.status) === 'ok') return { ok: true, tools: tools(data.tools) };
  const error = (data && str(data.error)) || said(r) || `exit ${r.code ?? 'none'}`;
  return { ok: false, status: (data && str(data.status)) || 'failed', error };
}

/** `zero mcp list --tools --json`: the tools of every enabled server that answered (one that did not is left out). */
export async function listMcpTools(run: RunMcpCli): Promise<McpTool[]> {
  return tools(record(await json(run, ['mcp', 'list', '--tools', '--json'], MCP_CHECK_TIMEOUT_MS))?.tools);
}

/** Zero writes the change to the user's config; it refuses a server only a project or Zero's defaults name. */
export async function setMcpServerEnabled(run: RunMcpCli, server: string, enabled: boolean): Promise<void> {
  if (!isServerName(server)) throw new Error(`Not a server name Zero accepts: ${server}`);
  await json(run, ['mcp', enabled ? 'enable' : 'disable', server, '--json'], MCP_LIST_TIMEOUT_MS);
}

export async function listMcpPermissions(run: RunMcpCli): Promise<McpPermission[]> {
  const list = record(await json(run, ['mcp', 'permissions', 'list', '--json'], MCP_LIST_TIMEOUT_MS))?.permissions;
  if (!Array.isArray(list)) throw new Error('zero mcp permissions list --json printed no permissions list.');
  return list.flatMap((raw): McpPermission[] => {
    const p = record(raw);
    const serverName = p ? str(p.serverName) : '';
    if (!p || !isServerName(serverName)) return [];
    const toolName = str(p.toolName);
    return [
      {
        scope: str(p.scope) || (toolName ? 'tool' : 'server'),
        serverName,
        serverIdentity: str(p.serverIdentity),
        ...(toolName ? { toolName } : {}),
        maxAutonomy: str(p.maxAutonomy),
        approvedAt: str(p.approvedAt),
      },
    ];
  });
}

/** Revokes the one permission: the server's (`revoke <server>`) or one tool's (`revoke <server> <tool>`). */
export async function revokeMcpPermission(run: RunMcpCli, p: McpPermission): Promise<number> {
  const tool = p.scope === 'tool' ? (p.toolName ?? '') : '';
  if (!isServerName(p.serverName) || (tool && (!TOOL_NAME.test(tool) || tool.startsWith('-'))))
    throw new Error(`Not a permission Zero can revoke by name: ${p.serverName}/${tool || '*'}`);
  const data = await json(
    run,
    ['mcp', 'permissions', 'revoke', p.serverName, ...(tool ? [tool] : []), '--json'],
    MCP_LIST_TIMEOUT_MS,
  );
  const n = record(data)?.revoked;
  return typeof n === 'number' ? n : 0;
}

/** Runs the command and parses its JSON; a failure names the command and what Zero said. */
async function json(run: RunMcpCli, args: readonly string[], timeoutMs: number): Promise<unknown> {
  const cmd = `zero ${args.join(' ')}`;
  const r = await run(args, timeoutMs);
  if (r.timedOut) throw new Error(`${cmd} gave no answer within ${timeoutMs / 1000} s`);
  if (r.code !== 0) throw new Error(`${cmd} failed: ${said(r) || `exit ${r.code ?? 'none'}`}`);
  const data = parse(r.stdout);
  if (data === undefined) throw new Error(`${cmd} printed something that is not JSON`);
  return data;
}

function tools(raw: unknown): McpTool[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((t): McpTool[] => {
    const o = record(t);
    const name = o ? str(o.name) : '';
    if (!o || !name) return [];
    return [{ name, description: str(o.description), permission: str(o.permission), sideEffect: str(o.sideEffect) }];
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** What Zero printed about a failure, without its `[zero] ` tag, on one line. */
function said(r: CliResult): string {
  return (r.stderr || r.stdout)
    .trim()
    .replace(/^\[zero\]\s*/gm, '')
    .replace(/\s*\n\s*/g, ' | ')
    .slice(0, 400);
}

const record = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The runner for these commands: `zero` without a shell, `zero.env` over the host's, in the workspace folder. */
export function mcpCli(
  runZero: (binary: string, args: readonly string[], env: Env, timeoutMs: number, cwd?: string) => Promise<CliResult>,
  binary: string,
  env: Env,
  cwd: string | undefined,
): RunMcpCli {
  return (args, timeoutMs) => runZero(binary, args, env, timeoutMs, cwd);
}
