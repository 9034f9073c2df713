/**
 * The views room: the chat in the sidebar and in editor tabs, built last, on every room's handlers; the focus given
 * back after a dialog; and the view's own messages about the editor (viewActions.ts) and Open Full Output.
 */
import * as vscode from 'vscode';
import type { ChatViews } from '../ports';
import { runEnv } from '../review/checkpointBefore';
import type { RoomContext, RoomHandlers } from '../room';
import { CHAT_TAB_VIEW_TYPE } from './chatTab';
import { ChatTabs, focusedChatView } from './chatTabs';
import { ChatViewProvider } from './chatViewProvider';
import type { EditorHandlers } from './chatWebviewBinding';
import { returnFocusAfterDialogs, type DialogSource } from './focusAfterDialogs';
import { FullToolOutput } from './fullToolOutput';
import { viewActions } from './viewActions';

/** The view's messages that this room answers, made before the views (which are built on every room's). */
export function installViewActions({ controller, log }: RoomContext) {
  const fullOutput = new FullToolOutput({ chat: (id) => controller.chats.wholeChat(id), env: runEnv, log });
  return {
    handlers: {
      ...viewActions(),
      openToolOutput: (msg, view) => fullOutput.open(view.chatId, msg.turnId, msg.key),
    } satisfies RoomHandlers,
    commands: [],
    disposables: [fullOutput],
  };
}

/** `dialogs`: the approvals' and ACP's, after which the focus goes back to the chat view that had it. */
export function installViews(
  { controller, log, extension }: RoomContext,
  handlers: EditorHandlers,
  dialogs: readonly DialogSource[],
) {
  const view = new ChatViewProvider(extension.extensionUri, controller, handlers, log);
  const tabs = new ChatTabs(extension.extensionUri, controller, handlers, log);
  const views: ChatViews = {
    reveal: () => view.reveal(),
    openInTab: (id) => tabs.open(id),
    openChat: (id) => {
      const tab = tabs.focused();
      if (tab) tab.openChat(id);
      else controller.openChat(id);
    },
    showInSidebar: async (id) => {
      controller.openChat(id);
      await view.reveal();
    },
  };
  // The last window's chat is read once activate() has returned (before the view asks for it, usually).
  const firstChat = setImmediate(() => controller.chats.readFirst());
  return {
    view,
    tabs,
    views,
    handlers: {},
    commands: [
      vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, view),
      vscode.window.registerWebviewPanelSerializer(CHAT_TAB_VIEW_TYPE, tabs),
    ],
    disposables: [
      view,
      tabs,
      returnFocusAfterDialogs(dialogs, focusedChatView(view, tabs)),
      { dispose: () => clearImmediate(firstChat) },
    ],
  };
}
