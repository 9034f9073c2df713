/**
 * The commands room: the palette's and view titles' chat commands, the editor's selection commands and code
 * actions, and Add to Chat. Installed after the views, which most of them bring up.
 */
import * as vscode from 'vscode';
import type { RoomContext } from '../room';
import { activeFolder } from '../workspace/workspaceFolders';
import { registerAddToChatCommands } from './addToChatCommands';
import { ZeroCodeActions } from './codeActions';
import { registerCommands, type CommandDeps } from './commands';
import { registerSelectionCommands } from './selectionCommands';

export function installCommands({ controller, log }: RoomContext, d: Omit<CommandDeps, 'controller' | 'log'>) {
  const reveal = (): Promise<void> => d.view.reveal();
  return {
    handlers: {},
    commands: [
      ...registerCommands({ controller, log, ...d }),
      ...registerSelectionCommands(controller, reveal),
      ...registerAddToChatCommands(controller, activeFolder, reveal),
      vscode.languages.registerCodeActionsProvider(
        [{ scheme: 'file' }, { scheme: 'untitled' }],
        new ZeroCodeActions(),
        {
          providedCodeActionKinds: ZeroCodeActions.kinds,
        },
      ),
    ],
    disposables: [],
  };
}
