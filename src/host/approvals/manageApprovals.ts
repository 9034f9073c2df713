/**
 * "Zero: Manage Approvals": what "Always allow" saved, revocable one by one: Zero's persistent
 * grants (listed and revoked by Zero itself), its persistent MCP permissions (`zero mcp permissions`), and
 * the folders saved in the user's `zero.addDirs`.
 */
import * as vscode from 'vscode';
import { listApprovals, revokeApproval, type Approvals, type CommandPrefixGrant, type Grant } from '../../zero';
import { runZeroCli } from '../../zero/zeroCli';
import { listMcpPermissions, mcpCli, revokeMcpPermission, type McpPermission } from '../../zero/config/mcpServers';
import { forgetAddDir, savedAddDirs } from './addDirsSetting';

type Entry = vscode.QuickPickItem &
  (
    | { readonly grant: Grant }
    | { readonly prefix: CommandPrefixGrant }
    | { readonly folder: string }
    | { readonly mcp: McpPermission }
  );

export async function manageApprovals(
  binary: string | null,
  env: Readonly<Record<string, string>>,
  log: vscode.LogOutputChannel,
): Promise<void> {
  let approvals: Approvals = { grants: [], commandPrefixes: [] };
  let mcp: McpPermission[] = [];
  const folders = savedAddDirs();
  if (!binary) {
    void vscode.window.showErrorMessage(
      `Zero CLI not found: set "zero.path" to list Zero's own approvals.${folders.length > 0 ? ' Saved folders are listed.' : ''}`,
    );
    if (folders.length === 0) return;
  } else {
    const [sandbox, mcpList] = await Promise.allSettled([
      listApprovals(binary, env),
      listMcpPermissions(mcpCli(runZeroCli, binary, env, undefined)),
    ]);
    if (sandbox.status === 'fulfilled') approvals = sandbox.value;
    if (mcpList.status === 'fulfilled') mcp = mcpList.value;
    for (const r of [sandbox, mcpList])
      if (r.status === 'rejected') {
        log.error(String(r.reason));
        void vscode.window.showErrorMessage(`Could not list Zero's approvals: ${(r.reason as Error).message}`);
      }
  }
  const { grants, commandPrefixes } = approvals;
  if (grants.length === 0 && commandPrefixes.length === 0 && folders.length === 0 && mcp.length === 0) {
    void vscode.window.showInformationMessage(
      'Zero has no persistent approvals ("Always allow" grants or saved folders).',
    );
    return;
  }
  const entries: Entry[] = [
    ...folders.map((folder) => ({
      label: `$(folder) ${folder}`,
      description: 'folder Zero may write in (zero.addDirs)',
      folder,
    })),
    ...grants.map((g) => ({
      label: `${g.decision === 'deny' ? '$(circle-slash)' : '$(check)'} ${g.toolName}`,
      description: g.scope ? `${g.scopeKind ?? 'scope'}: ${g.scope}` : 'every call',
      detail: [g.reason, g.approvedAt ? `since ${new Date(g.approvedAt).toLocaleString()}` : '']
        .filter(Boolean)
        .join(' · '),
      grant: g,
    })),
    ...commandPrefixes.map((p) => ({
      label: `$(terminal) ${p.toolName}`,
      description: `commands starting with: ${p.prefix.join(' ')}`,
      detail: [p.reason, p.approvedAt ? `since ${new Date(p.approvedAt).toLocaleString()}` : '']
        .filter(Boolean)
        .join(' · '),
      prefix: p,
    })),
    ...mcp.map((p) => ({
      label: `$(server) MCP ${p.serverName}/${p.scope === 'tool' ? p.toolName : '*'}`,
      description:
        p.scope === 'tool'
          ? `MCP tool ${p.toolName} of server ${p.serverName}`
          : `every tool of MCP server ${p.serverName}`,
      detail: [
        p.maxAutonomy ? `up to autonomy ${p.maxAutonomy}` : '',
        p.approvedAt ? `since ${new Date(p.approvedAt).toLocaleString()}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
      mcp: p,
    })),
  ];
  const picked = await vscode.window.showQuickPick(entries, {
    title: 'Zero approvals',
    placeHolder: 'Pick an approval to revoke it',
  });
  if (!picked) return;
  const what =
    'mcp' in picked
      ? `MCP permission for ${picked.mcp.scope === 'tool' ? `tool ${picked.mcp.toolName} of server` : 'every tool of server'} ${picked.mcp.serverName}`
      : 'folder' in picked
        ? `access to ${picked.folder}`
        : 'prefix' in picked
          ? `approval for ${picked.prefix.toolName} commands starting with "${picked.prefix.prefix.join(' ')}"`
          : `approval for ${picked.grant.toolName}${picked.grant.scope ? ` (${picked.grant.scope})` : ''}`;
  const revoke = 'Revoke';
  // Zero's `mcp permissions revoke <server>` takes the server's tool permissions with it (RevokeServer).
  const detail =
    'mcp' in picked && picked.mcp.scope !== 'tool'
      ? `Zero revokes it with every tool permission of ${picked.mcp.serverName}; it will ask again before the server's tools run.`
      : 'folder' in picked
        ? 'It is removed from "zero.addDirs" in your user settings; Zero will ask again before writing there.'
        : 'Only this approval is revoked; Zero will ask again the next time it needs it.';
  const ok = await vscode.window.showWarningMessage(`Revoke Zero's ${what}?`, { modal: true, detail }, revoke);
  if (ok !== revoke) return;
  try {
    if ('folder' in picked) await forgetAddDir(picked.folder);
    else if ('mcp' in picked) {
      if (binary) await revokeMcpPermission(mcpCli(runZeroCli, binary, env, undefined), picked.mcp);
    } else if (binary)
      await revokeApproval(binary, 'prefix' in picked ? { prefix: picked.prefix } : { grant: picked.grant }, env);
    void vscode.window.showInformationMessage(`Revoked Zero's ${what}.`);
  } catch (err) {
    void vscode.window.showErrorMessage((err as Error).message);
  }
}
