import * as vscode from 'vscode';

/** A folder the user picked for runs (multi-root); cleared when it leaves the workspace. */
let chosen: string | null = null;

/** The folder a run starts in: the user's pick, else the active file's folder, else the first one. */
export function activeFolder(): string | null {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  if (chosen && folders.some((f) => f.uri.fsPath === chosen)) return chosen;
  const doc = vscode.window.activeTextEditor?.document.uri;
  const folder = (doc && vscode.workspace.getWorkspaceFolder(doc)) ?? folders[0];
  return folder?.uri.scheme === 'file' ? folder.uri.fsPath : null;
}

/** The other workspace folders, which `zero.addWorkspaceFolders` passes as `--add-dir`. */
export function otherFolders(): string[] {
  const active = activeFolder();
  return (vscode.workspace.workspaceFolders ?? [])
    .filter((f) => f.uri.scheme === 'file' && f.uri.fsPath !== active)
    .map((f) => f.uri.fsPath);
}

/** "Zero: Choose Folder": where the next runs start. Returns true when the choice changed. */
export async function chooseFolder(): Promise<boolean> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) {
    void vscode.window.showInformationMessage('Open a folder first: Zero runs inside a workspace folder.');
    return false;
  }
  const picked = await vscode.window.showWorkspaceFolderPick({ placeHolder: 'Folder Zero runs in (its --cwd)' });
  if (!picked || picked.uri.fsPath === chosen) return false;
  chosen = picked.uri.fsPath;
  return true;
}
