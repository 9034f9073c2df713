/** The chat view's messages about the editor itself: the clipboard, the cursor, a file a link names. */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { resolveFileRef } from '../../pathSearch/fileRefs';
import type { RoomHandlers } from '../room';
import { activeFolder } from '../workspace/workspaceFolders';

export function viewActions() {
  return {
    copy: (msg) => vscode.env.clipboard.writeText(msg.text),
    insertAtCursor: (msg) => insertAtCursor(msg.text),
    openFile: (msg) => openFile(activeFolder(), msg.path, msg.line),
  } satisfies RoomHandlers;
}

async function insertAtCursor(text: string): Promise<void> {
  const editor = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors[0];
  if (!editor) {
    void vscode.window.showInformationMessage('Open a file to insert the code into.');
    return;
  }
  await editor.edit((b) => editor.selections.forEach((s) => b.replace(s, text)));
}

/** Opens a path from the chat at a line (see fileRefs for which paths are followed). A file outside
 *  the workspace (symlinks resolved) opens only after a modal confirmation: the link is model output. */
export async function openFile(folder: string | null, raw: string, line?: number): Promise<void> {
  const roots = (vscode.workspace.workspaceFolders ?? [])
    .filter((f) => f.uri.scheme === 'file')
    .map((f) => f.uri.fsPath);
  const realpath = (p: string): string | null => {
    try {
      return fs.realpathSync.native(p);
    } catch {
      return null;
    }
  };
  const target = resolveFileRef(raw, folder, roots, (p) => fs.existsSync(p), undefined, realpath);
  if (!target || !fs.existsSync(target.real)) {
    void vscode.window.showWarningMessage(
      target ? `File not found: ${raw}` : `Not opening ${raw}: it is outside the workspace and does not exist.`,
    );
    return;
  }
  if (!target.inside && !(await confirmOutside(target.file, target.real))) return;
  const pos = new vscode.Position(Math.max(0, (line ?? 1) - 1), 0);
  await vscode.window.showTextDocument(vscode.Uri.file(target.real), {
    selection: new vscode.Range(pos, pos),
    preview: true,
  });
}

export const OPEN_OUTSIDE = 'Open';

async function confirmOutside(file: string, real: string): Promise<boolean> {
  const where = file === real ? file : `${file}\n(a link to ${real})`;
  const picked = await vscode.window.showWarningMessage(
    'Open a file outside the workspace?',
    {
      modal: true,
      detail: `A link in Zero's answer points outside this workspace:\n${where}\n\nOpen it only if you expected Zero to mention this file.`,
    },
    OPEN_OUTSIDE,
  );
  return picked === OPEN_OUTSIDE;
}
