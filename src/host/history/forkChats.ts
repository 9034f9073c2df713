/**
 * Fork: a turn's **Fork from here** and **Zero: Fork Chat** (from the last turn) copy the chat up to
 * that turn into a new chat on a fork of its Zero session (src/chats/chatFork.ts, docs/zero-exec.md
 * §23). The fork opens where the user forked: in a new editor tab from a tab, in the sidebar from the
 * sidebar (the original stays in History). The original chat and session are never changed.
 */
import * as vscode from 'vscode';
import type { ChatController } from '../../chats/chatController';
import { findZero } from '../../zero';
import { sessionsRoot } from '../../zero/sessions/checkpoints';
import { loadFork } from './forkLoader';
import { runEnv } from '../review/checkpointBefore';
import { readSettings } from '../workspace/settings';

export interface ForkChatDeps {
  readonly controller: ChatController;
  /** Open a chat in a new editor tab. */
  readonly openInTab: (chatId: string) => unknown;
  /** Show a chat in the sidebar and bring it up. */
  readonly openInSidebar: (chatId: string) => Promise<void>;
  readonly log: vscode.LogOutputChannel;
}

export interface ForkChats {
  /** The turn's Fork from here, in the chat `chatId` (the view's). */
  forkTurn(chatId: string, turnId: string): Promise<void>;
  /** Zero: Fork Chat: the chat the user works in, from its last turn. */
  forkWorkingChat(): Promise<void>;
}

export function forkChats(d: ForkChatDeps): ForkChats {
  /** One fork at a time per chat: a double click makes one fork. */
  const forking = new Set<string>();

  const forkTurn = async (chatId: string, turnId: string): Promise<void> => {
    if (forking.has(chatId)) return;
    const settings = readSettings();
    const found = findZero({ configuredPath: settings.path });
    if (!found.ok) {
      void vscode.window.showErrorMessage(`Cannot fork: ${found.reason}`);
      return;
    }
    // Asked now: the tab forked from is the one the user works in.
    const fromTab = chatId !== d.controller.focus.sidebarShownChat.id;
    forking.add(chatId);
    try {
      const { forkChat, checkSessionFork } = loadFork();
      const outcome = await forkChat(
        d.controller,
        {
          sessionsRoot: () => sessionsRoot(runEnv()),
          check: (fork) => checkSessionFork(found.path, fork, settings.env),
        },
        chatId,
        turnId,
      );
      if (!outcome.ok) {
        void vscode.window.showWarningMessage(`Cannot fork this chat: ${outcome.why}`);
        return;
      }
      d.log.info(
        `Forked chat ${chatId} at turn ${turnId} into chat ${outcome.chatId}, Zero session ${outcome.sessionId}.`,
      );
      if (fromTab) d.openInTab(outcome.chatId);
      else await d.openInSidebar(outcome.chatId);
    } finally {
      forking.delete(chatId);
    }
  };

  return {
    forkTurn,
    forkWorkingChat: async () => {
      if (d.controller.focus.workingInTranscript) {
        void vscode.window.showInformationMessage('A saved transcript did not run here: fork the chat that ran it.');
        return;
      }
      const chat = d.controller.focus.workingChatWhole;
      const last = chat.turns.at(-1);
      if (!last) {
        void vscode.window.showInformationMessage(
          'Send a message first: a chat can be forked from a turn Zero has finished.',
        );
        return;
      }
      await forkTurn(chat.id, last.id);
    },
  };
}
