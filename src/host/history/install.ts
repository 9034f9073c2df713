/**
 * The history room: the History list, Fork, subagent transcripts, Open Transcript… and Export, and Zero's own
 * terminal UI for a chat's session (Continue in Terminal).
 */
import * as vscode from 'vscode';
import { sessionsRoot } from '../../zero/sessions/checkpoints';
import { runEnv } from '../review/checkpointBefore';
import type { RoomContext, RoomHandlers } from '../room';
import { readSettings } from '../workspace/settings';
import { forkChats } from './forkChats';
import { loadHistory } from './historyLoader';
import { SubagentTranscripts } from './subagentTranscripts';
import { registerTranscriptCommands } from './transcriptCommands';

export function installHistory({ controller, log, views }: RoomContext) {
  const fork = forkChats({
    controller,
    openInTab: (id) => views.openInTab(id),
    openInSidebar: (id) => views.showInSidebar(id),
    log,
  });
  const subagents = new SubagentTranscripts({
    root: () => sessionsRoot(runEnv()),
    zero: () => {
      const binary = controller.view.binary.path;
      return binary ? { binary, env: readSettings().env } : null;
    },
    log,
  });
  return {
    handlers: {
      showHistory: () =>
        loadHistory().showHistory(controller, {
          openInTab: (id) => views.openInTab(id),
          open: (id) => views.openChat(id),
        }),
      forkTurn: (msg, view) => fork.forkTurn(view.chatId, msg.turnId),
      openSubagent: (msg, view) => subagents.open(controller.chats.wholeChat(view.chatId), msg.turnId, msg.toolId),
      exportChat: () => vscode.commands.executeCommand('zero.exportMarkdown'),
      zeroInTerminal: (msg) => vscode.commands.executeCommand('zero.continueInTerminal', msg.command),
    } satisfies RoomHandlers,
    commands: [
      ...registerTranscriptCommands(controller, () => views.reveal()),
      vscode.commands.registerCommand('zero.forkChat', () => fork.forkWorkingChat()),
    ],
    disposables: [subagents],
  };
}
