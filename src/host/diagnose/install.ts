/** The diagnose room: Zero: Diagnose, from the palette and from the chat's error cards. */
import * as vscode from 'vscode';
import type { LogRing } from '../../diagnose/logRing';
import type { RoomContext, RoomHandlers } from '../room';
import { DIAGNOSE_COMMAND, registerDiagnose } from './diagnoseCommand';

/** `version`: this extension's (package.json); `ring`: the log's last errors and warnings (recordingLog.ts). */
export function installDiagnose({ extension, log }: RoomContext, about: { version: string; ring: LogRing }) {
  return {
    handlers: { diagnose: () => vscode.commands.executeCommand(DIAGNOSE_COMMAND) } satisfies RoomHandlers,
    // The command and its panel.
    commands: registerDiagnose({ extensionUri: extension.extensionUri, ...about, log }),
    disposables: [],
  };
}
