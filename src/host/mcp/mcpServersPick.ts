/**
 * "Zero: MCP Servers": Zero's configured servers (`zero mcp list --json`), each then started once by
 * `zero mcp check` for its status and tools; picking one lists its tools and offers Enable or Disable
 * (Zero changes only the user's config; it says so when a server is not there). In Restricted Mode no
 * server is started: a workspace's config must not run a command before it is trusted.
 */
import * as vscode from 'vscode';
import { runZeroCli } from '../../zero/zeroCli';
import {
  checkMcpServer,
  listMcpServers,
  mcpCli,
  setMcpServerEnabled,
  type McpCheck,
  type McpServer,
  type RunMcpCli,
} from '../../zero/config/mcpServers';

export const ACP_NO_MCP =
  "ACP chats get none of these tools: Zero's ACP server (zero acp) starts no MCP server. exec chats get them.";

type ServerItem = vscode.QuickPickItem & { readonly server: McpServer };

export interface McpServersDeps {
  readonly binary: string | null;
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string | null;
  readonly trusted: boolean;
  readonly log: vscode.LogOutputChannel;
  /** Tests: the runner instead of Zero. */
  readonly run?: RunMcpCli;
}

export async function showMcpServers(d: McpServersDeps): Promise<void> {
  if (!d.binary) {
    void vscode.window.showErrorMessage('Zero CLI not found: set "zero.path" to list Zero\'s MCP servers.');
    return;
  }
  const run = d.run ?? mcpCli(runZeroCli, d.binary, d.env, d.cwd ?? undefined);
  let servers: McpServer[];
  try {
    servers = await listMcpServers(run);
  } catch (err) {
    d.log.error(String(err));
    void vscode.window.showErrorMessage(`Could not list Zero's MCP servers: ${(err as Error).message}`);
    return;
  }
  if (servers.length === 0) {
    void vscode.window.showInformationMessage('Zero has no MCP servers configured (zero mcp add adds one).');
    return;
  }
  const checks = new Map<string, McpCheck>();
  const pick = vscode.window.createQuickPick<ServerItem>();
  pick.title = 'Zero: MCP Servers';
  pick.placeholder = `Pick a server for its tools, or to enable or disable it. ${ACP_NO_MCP}`;
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  const draw = (): void => {
    pick.items = servers.map((s) => serverItem(s, checks.get(s.name), d.trusted));
  };
  draw();
  const enabled = servers.filter((s) => !s.disabled);
  pick.busy = d.trusted && enabled.length > 0;
  pick.show();
  if (d.trusted)
    void Promise.all(
      enabled.map(async (s) => {
        checks.set(s.name, await checkMcpServer(run, s.name));
        draw();
      }),
    ).finally(() => (pick.busy = false));
  const chosen = await new Promise<ServerItem | undefined>((resolve) => {
    pick.onDidAccept(() => resolve(pick.selectedItems[0]));
    pick.onDidHide(() => resolve(undefined));
  });
  pick.dispose();
  if (chosen) await serverActions(run, chosen.server, checks.get(chosen.server.name), d);
}

function serverItem(s: McpServer, check: McpCheck | undefined, trusted: boolean): ServerItem {
  const status = s.disabled
    ? 'disabled'
    : !trusted
      ? 'not started: Restricted Mode'
      : !check
        ? 'checking…'
        : check.ok
          ? `reachable, ${check.tools.length} tool${check.tools.length === 1 ? '' : 's'}`
          : `${check.status}: ${check.error}`;
  const icon = s.disabled ? '$(circle-slash)' : check && !check.ok ? '$(error)' : check?.ok ? '$(pass)' : '$(server)';
  return {
    label: `${icon} ${s.name}`,
    description: `${s.type} · ${status}`,
    detail:
      check?.ok && check.tools.length > 0 ? check.tools.map((t) => toolLabel(s.name, t.name)).join(', ') : s.target,
    server: s,
  };
}

/** `mcp_exa_web_search_exa` on server exa is `web_search_exa`. */
function toolLabel(server: string, name: string): string {
  const prefix = `mcp_${server}_`;
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

type ActionItem = vscode.QuickPickItem & { readonly enable?: boolean };

async function serverActions(
  run: RunMcpCli,
  s: McpServer,
  check: McpCheck | undefined,
  d: McpServersDeps,
): Promise<void> {
  const items: ActionItem[] = [
    s.disabled
      ? { label: '$(play) Enable', description: `Zero starts ${s.name} for exec chats again`, enable: true }
      : { label: '$(circle-slash) Disable', description: `Zero stops offering ${s.name}'s tools`, enable: false },
  ];
  if (check?.ok && check.tools.length > 0) {
    items.push({ label: 'Tools', kind: vscode.QuickPickItemKind.Separator });
    for (const t of check.tools)
      items.push({
        label: toolLabel(s.name, t.name),
        description: [t.sideEffect, t.permission && `permission: ${t.permission}`].filter(Boolean).join(' · '),
        detail: t.description,
      });
  } else if (check && !check.ok) items.push({ label: `$(error) ${check.status}`, detail: check.error });
  const picked = await vscode.window.showQuickPick(items, {
    title: `Zero MCP server ${s.name} (${s.type}: ${s.target})`,
    placeHolder: s.disabled ? 'Disabled: enable it, or press Escape' : 'Its tools; or disable it',
  });
  if (picked?.enable === undefined) return;
  try {
    await setMcpServerEnabled(run, s.name, picked.enable);
    void vscode.window.showInformationMessage(
      `Zero's MCP server ${s.name} is ${picked.enable ? 'enabled' : 'disabled'} (in your user config) from the next run.`,
    );
  } catch (err) {
    d.log.error(String(err));
    void vscode.window.showErrorMessage((err as Error).message);
  }
}
