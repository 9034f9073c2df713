/**
 * "Zero: Manage Approvals": what "Always allow" saved, revocable one by one: Zero's persistent
 * grants (listed and revoked by Zero itself) and the folders saved in the user's `zero.addDirs`.
 */
import * as vscode from 'vscode';
import { listApprovals, revokeApproval, type Approvals, type CommandPrefixGrant, type Grant } from '../../zero';
import { forgetAddDir, savedAddDirs } from './addDirsSetting';

type Entry = vscode.QuickPickItem &
  ({ readonly grant: Grant } | { readonly prefix: CommandPrefixGrant } | { readonly folder: string });

export async function manageApprovals(
  binary: string | null,
  env: Readonly<Record<string, string>>,
  log: vscode.LogOutputChannel,
): Promise<void> {
  let approvals: Approvals = { grants: [], commandPrefixes: [] };
  const folders = savedAddDirs();
  if (!binary) {
    void vscode.window.showErrorMessage(
      `Zero CLI not found: set "zero.path" to list Zero's own approvals.${folders.length > 0 ? ' Saved folders are listed.' : ''}`,
    );
    if (folders.length === 0) return;
  } else {
    try {
      approvals = await listApprovals(binary, env);
    } catch (err) {
      log.error(String(err));
      void vscode.window.showErrorMessage(`Could not list Zero's approvals: ${(err as Error).message}`);
    }
  }
  const { grants, commandPrefixes } = approvals;
  if (grants.length === 0 && commandPrefixes.length === 0 && folders.length === 0) {
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
  ];
  const picked = await vscode.window.showQuickPick(entries, {
    title: 'Zero approvals',
    placeHolder: 'Pick an approval to revoke it',
  });
  if (!picked) return;
  const what =
    'folder' in picked
      ? `access to ${picked.folder}`
      : 'prefix' in picked
        ? `approval for ${picked.prefix.toolName} commands starting with "${picked.prefix.prefix.join(' ')}"`
        : `approval for ${picked.grant.toolName}${picked.grant.scope ? ` (${picked.grant.scope})` : ''}`;
  const revoke = 'Revoke';
  const detail =
    'folder' in picked
      ? 'It is removed from "zero.addDirs" in your user settings; Zero will ask again before writing there.'
      : 'Only this approval is revoked; Zero will ask again the next time it needs it.';
  const ok = await vscode.window.showWarningMessage(`Revoke Zero's ${what}?`, { modal: true, detail }, revoke);
  if (ok !== revoke) return;
  try {
    if ('folder' in picked) await forgetAddDir(picked.folder);
    else if (binary)
      await revokeApproval(binary, 'prefix' in picked ? { prefix: picked.prefix } : { grant: picked.grant }, env);
    void vscode.window.showInformationMessage(`Revoked Zero's ${what}.`);
  } catch (err) {
    void vscode.window.showErrorMessage((err as Error).message);
  }
}
