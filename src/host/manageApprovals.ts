/** "Zero: Manage Approvals": Zero's persistent grants, listed by Zero itself, revocable one by one. */
import * as vscode from 'vscode';
import { listGrants, revokeGrant, type Grant } from '../zero';

export async function manageApprovals(binary: string | null, env: Readonly<Record<string, string>>, log: vscode.LogOutputChannel): Promise<void> {
  if (!binary) {
    void vscode.window.showErrorMessage('Zero CLI not found: set "zero.path" first.');
    return;
  }
  let grants: Grant[];
  try {
    grants = await listGrants(binary, env);
  } catch (err) {
    log.error(String(err));
    void vscode.window.showErrorMessage(`Could not list Zero's approvals: ${(err as Error).message}`);
    return;
  }
  if (grants.length === 0) {
    void vscode.window.showInformationMessage('Zero has no persistent approvals ("Always allow" grants).');
    return;
  }
  const picked = await vscode.window.showQuickPick(
    grants.map((g) => ({
      label: `${g.decision === 'deny' ? '$(circle-slash)' : '$(check)'} ${g.toolName}`,
      description: g.scope ? `${g.scopeKind ?? 'scope'}: ${g.scope}` : 'every call',
      detail: [g.reason, g.approvedAt ? `since ${new Date(g.approvedAt).toLocaleString()}` : ''].filter(Boolean).join(' · '),
      grant: g,
    })),
    { title: 'Zero approvals', placeHolder: 'Pick an approval to revoke it' },
  );
  if (!picked) return;
  const revoke = 'Revoke';
  const ok = await vscode.window.showWarningMessage(`Revoke Zero's approval for ${picked.grant.toolName}?`, { modal: true, detail: 'Zero will ask again the next time it needs this tool.' }, revoke);
  if (ok !== revoke) return;
  try {
    await revokeGrant(binary, picked.grant, env);
    void vscode.window.showInformationMessage(`Revoked the approval for ${picked.grant.toolName}.`);
  } catch (err) {
    void vscode.window.showErrorMessage((err as Error).message);
  }
}
