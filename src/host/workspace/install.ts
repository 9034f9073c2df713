/**
 * The workspace room: the settings and what follows a change to them (the binary looked for again, `zero acp`
 * restarted for a new path or environment), the folder Zero works in, trust, and the binary's fixes.
 */
import * as vscode from 'vscode';
import type { LazyAcpTransport } from '../../acp/acpLoader';
import { assertNever } from '../../conversation/actions';
import { checkBinary } from '../../zero/binary/binaryStatus';
import type { ComposerService } from '../composer/composerService';
import type { RoomContext, RoomHandlers } from '../room';
import { IgnoredSettingsNotice } from './ignoredSettingsNotice';
import { readSettings, userOnlyKeysInWorkspaceFiles } from './settings';
import { chooseFolder } from './workspaceFolders';

export const INSTALL_URL = 'https://github.com/Gitlawb/zero#installation';

/**
 * `composer`: its model and provider lists are read again with the binary and when the workspace is trusted.
 * `acp`: when `zero.path` or `zero.env` changes, `zero acp`, if it runs, starts again with them.
 */
export function installWorkspace(
  { controller, log }: RoomContext,
  composer: Pick<ComposerService, 'refreshModels'>,
  acp: Pick<LazyAcpTransport, 'launchSettingsChanged'>,
) {
  const ignoredNotice = new IgnoredSettingsNotice(log);
  /** Reads the settings, says which ones a workspace may not set, and looks for the binary they name. */
  const recheckBinary = async (): Promise<void> => {
    const s = readSettings();
    ignoredNotice.report([...s.ignored, ...userOnlyKeysInWorkspaceFiles()]);
    const state = await checkBinary(s.path);
    log.info(
      state.ok
        ? `Using ${state.path}${state.version ? ` (${state.version})` : ''}`
        : `Zero CLI not available: ${state.problem}`,
    );
    if (state.note) log.warn(state.note);
    controller.view.binary = state;
    void composer.refreshModels();
  };
  const pickFolder = async (): Promise<void> => {
    if (await chooseFolder()) controller.view.refresh();
  };
  const fixBinary = async (action: 'setPath' | 'installHelp' | 'showLog' | 'retry'): Promise<void> => {
    switch (action) {
      case 'setPath':
        await vscode.commands.executeCommand('zero.setPath');
        return;
      case 'installHelp':
        await vscode.env.openExternal(vscode.Uri.parse(INSTALL_URL));
        return;
      case 'showLog':
        log.show(true);
        return;
      case 'retry':
        await recheckBinary();
        return;
      default:
        assertNever(action);
    }
  };
  // Looking for zero (a stat per PATH folder, then `zero --version`) waits until activate() has
  // returned: VS Code goes on to show the view meanwhile, and the view shows the result when it comes.
  const firstCheck = setImmediate(() => void recheckBinary());
  return {
    recheckBinary,
    handlers: {
      fixBinary: (msg) => fixBinary(msg.action),
      trustWorkspace: () => vscode.commands.executeCommand('workbench.trust.manage'),
      chooseFolder: () => pickFolder(),
    } satisfies RoomHandlers,
    commands: [vscode.commands.registerCommand('zero.chooseFolder', pickFolder)],
    disposables: [
      vscode.window.onDidChangeActiveTextEditor(() => controller.view.refresh()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => controller.view.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration('zero')) return;
        void recheckBinary();
        if (e.affectsConfiguration('zero.path') || e.affectsConfiguration('zero.env')) void acp.launchSettingsChanged();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        controller.view.refresh();
        void composer.refreshModels();
      }),
      { dispose: () => clearImmediate(firstCheck) },
    ],
  };
}
