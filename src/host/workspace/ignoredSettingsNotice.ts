/**
 * Tells the user when this workspace's settings asked for something only user settings may set
 * (settingsSources.ts), so a repository's attempt to widen Zero is visible, not only logged.
 * One warning per distinct set of ignored keys per window: a settings change that ignores the same
 * keys again does not nag.
 */
import * as vscode from 'vscode';
import { describeIgnored, type IgnoredSetting } from '../../zero/config/settingsSources';

export const OPEN_WORKSPACE_SETTINGS = 'Open Workspace Settings';

export class IgnoredSettingsNotice {
  private readonly shown = new Set<string>();

  constructor(private readonly log: vscode.LogOutputChannel) {}

  report(all: readonly IgnoredSetting[]): void {
    // The same key can be reported from inspect() and from the file: once is enough.
    const ignored = all.filter((i, n) => all.findIndex((j) => j.key === i.key) === n);
    if (ignored.length === 0) return;
    const keys = [...new Set(ignored.map((i) => i.key))].sort();
    const signature = keys.join(',');
    if (this.shown.has(signature)) return;
    this.shown.add(signature);
    const detail = describeIgnored(ignored);
    this.log.warn(`Ignored workspace settings: ${detail}.`);
    void vscode.window
      .showWarningMessage(
        `Zero ignored ${keys.join(', ')} from this workspace's settings: ${detail}. Set them in your user settings if you want them.`,
        OPEN_WORKSPACE_SETTINGS,
      )
      .then((picked) =>
        picked === OPEN_WORKSPACE_SETTINGS
          ? vscode.commands.executeCommand('workbench.action.openWorkspaceSettingsFile')
          : undefined,
      );
  }
}
