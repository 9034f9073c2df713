/** Zero: Diagnose (`zero.diagnose`): the settings, trust and log as VS Code gives them, to the checks in diagnose/. */
import * as vscode from 'vscode';
import type { LogRing } from '../../diagnose/logRing';
import type { DiagnoseInput } from '../../diagnose/diagnose.bundle';
import { readSettings, userOnlyKeysInWorkspaceFiles } from '../workspace/settings';
import { activeFolder } from '../workspace/workspaceFolders';
import { DiagnosePanel } from './diagnosePanel';

export const DIAGNOSE_COMMAND = 'zero.diagnose';

export interface DiagnoseDeps {
  readonly extensionUri: vscode.Uri;
  /** This extension's version (package.json). */
  readonly version: string;
  /** The log's last errors and warnings (recordingLog.ts). */
  readonly ring: LogRing;
  readonly log: vscode.LogOutputChannel;
}

export function registerDiagnose(d: DiagnoseDeps): vscode.Disposable[] {
  const panel = new DiagnosePanel(d.extensionUri, () => diagnoseInput(d), d.log);
  return [panel, vscode.commands.registerCommand(DIAGNOSE_COMMAND, () => panel.show())];
}

function diagnoseInput(d: DiagnoseDeps): DiagnoseInput {
  const settings = readSettings();
  // The kind of remote (ssh-remote, wsl, dev-container…), never a host name (code-server gives host:port).
  const kind = vscode.env.remoteName;
  const remote = kind ? `, remote${/^[a-z][a-z-]*$/.test(kind) ? ` ${kind}` : ''}` : '';
  return {
    settings,
    ignoredFromFiles: userOnlyKeysInWorkspaceFiles(),
    trusted: vscode.workspace.isTrusted,
    cwd: activeFolder(),
    log: d.ring.lines(),
    logDropped: d.ring.dropped,
    clientVersion: d.version,
    about: [
      { label: 'Extension', value: `Zero for VS Code ${d.version}` },
      { label: 'Editor', value: `${vscode.env.appName} ${vscode.version} (${vscode.env.appHost}${remote})` },
      { label: 'Extension host', value: `${process.platform} ${process.arch}, Node ${process.versions.node}` },
    ],
  };
}
