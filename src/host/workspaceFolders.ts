import * as vscode from 'vscode';

/** The folder a run starts in: the active file's workspace folder, else the first one. */
export function activeFolder(): string | null {
  const doc = vscode.window.activeTextEditor?.document.uri;
  const folder = (doc && vscode.workspace.getWorkspaceFolder(doc)) ?? vscode.workspace.workspaceFolders?.[0];
  return folder?.uri.scheme === 'file' ? folder.uri.fsPath : null;
}

/** The other workspace folders, which `zero.addWorkspaceFolders` passes as `--add-dir`. */
export function otherFolders(): string[] {
  const active = activeFolder();
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file' && f.uri.fsPath !== active).map((f) => f.uri.fsPath);
}
