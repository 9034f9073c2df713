/**
 * Zero's MCP servers: each configured one (`zero mcp list --json`) and, for an enabled one, whether it
 * starts and how many tools it offers (`zero mcp check <server> --json`). Zero 0.8 enables a keyless Exa
 * web-search server by default: where it is unreachable (no network), the model has no web search.
 * In Restricted Mode no server is started. ACP chats get no MCP tools at all (zero acp starts none).
 */
import {
  checkMcpServer,
  listMcpServers,
  MCP_CHECK_TIMEOUT_MS,
  type McpCheck,
  type RunMcpCli,
} from '../../zero/config/mcpServers';
import { detail, type CheckOutcome } from '../report';
import type { Check } from '../runChecks';
import type { ZeroProbes } from '../zeroProbes';

const ACP_NOTE = 'ACP chats get no MCP tools: zero acp starts no MCP server.';

export function mcpCheck(probes: ZeroProbes, trusted: boolean): Check {
  return {
    id: 'mcp',
    title: 'MCP servers',
    timeoutMs: MCP_CHECK_TIMEOUT_MS + 5_000,
    async run(): Promise<CheckOutcome> {
      const binary = await probes.path();
      if (!binary) return { status: 'skipped', finding: 'No Zero CLI to ask for its MCP servers.', details: [] };
      const run: RunMcpCli = (args, ms) => probes.run(binary, args, ms);
      let servers;
      try {
        servers = await listMcpServers(run);
      } catch (err) {
        return { status: 'failed', finding: (err as Error).message, details: [] };
      }
      if (servers.length === 0)
        return { status: 'ok', finding: 'No MCP server is configured.', details: [detail('ACP', ACP_NOTE)] };
      const enabled = servers.filter((s) => !s.disabled);
      const checks = new Map<string, McpCheck>();
      if (trusted) await Promise.all(enabled.map(async (s) => checks.set(s.name, await checkMcpServer(run, s.name))));
      const details = servers.map((s) => {
        const c = checks.get(s.name);
        const state = s.disabled
          ? 'disabled'
          : !c
            ? 'not started (Restricted Mode)'
            : c.ok
              ? `reachable, ${c.tools.length} tool${c.tools.length === 1 ? '' : 's'}: ${c.tools.map((t) => t.name).join(', ')}`
              : `${c.status}: ${c.error}`;
        return detail(`${s.name} (${s.type})`, state);
      });
      details.push(detail('ACP', ACP_NOTE));
      const failed = enabled.filter((s) => checks.get(s.name)?.ok === false).map((s) => s.name);
      const n = servers.length;
      const summary = `${n} MCP server${n === 1 ? '' : 's'}, ${enabled.length} enabled`;
      if (failed.length > 0)
        return {
          status: 'warning',
          finding: `${summary}; not reachable: ${failed.join(', ')} (its tools are missing from exec chats).`,
          details,
        };
      return {
        status: 'ok',
        finding: trusted
          ? `${summary}${enabled.length > 0 ? ', every enabled one reachable' : ''}.`
          : `${summary}; none started in Restricted Mode.`,
        details,
      };
    },
  };
}
