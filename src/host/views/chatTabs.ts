/**
 * "Open Chat in Editor": chats in editor tabs, each bound to its own chat, as many as the user
 * opens. A chat already in a tab is revealed rather than opened twice. After a window reload VS
 * Code restores the tabs (this is their WebviewPanelSerializer): each is bound again to the chat
 * its webview last showed (its `chatId` state), or, when VS Code saved the tab before its webview
 * said (a reload soon after opening it), to a chat the tabs showed as the host saved them (the
 * history index, written at once); a tab whose chat was deleted closes.
 */
import type * as vscode from 'vscode';
import type { ChatController } from '../../chats/chatController';
import { ChatTab } from './chatTab';
import type { EditorHandlers } from './chatWebviewBinding';
import { Disposable } from '../../lifecycle/disposable';
import type { FocusTarget } from './focusAfterDialogs';
import { restoredTabChat } from '../../chats/restoredTabChat';

/** A closed tab is dropped from the saved list after this long (a reload ends the extension sooner). */
const FORGET_CLOSED_TAB_MS = 5000;

export class ChatTabs extends Disposable implements vscode.WebviewPanelSerializer {
  private readonly tabs = new Set<ChatTab>();
  /** The chats the tabs showed before the reload, for restored tabs whose webview state says none. */
  private lastWindowTabs: readonly string[] | undefined;
  /** Deactivating: the tabs close with the window, and must not be forgotten for the reload. */
  private stopping = false;
  /**
   * Chats of tabs closed a moment ago, still in the saved list: a window reload disposes every
   * panel before it deactivates the extension, and those tabs must come back.
   */
  private readonly closing = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly controller: ChatController,
    private readonly handlers: EditorHandlers,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.register({ dispose: () => [...this.tabs].forEach((t) => t.dispose()) });
    this.register(controller.surfaces.onDidChange(() => this.remember()));
    this.register({ dispose: () => [...this.closing.values()].forEach(clearTimeout) });
    // Disposed first (last registered): from here on, closing tabs is the window going away.
    this.register({ dispose: () => (this.stopping = true) });
  }

  /** The chats the last window's tabs showed, read when first needed (not in activate()) and before any change. */
  private get before(): readonly string[] {
    return (this.lastWindowTabs ??= [...this.controller.chats.tabChats]);
  }

  /** Saves which chats the tabs show, so a reload can bind each restored tab to its chat. */
  private remember(): void {
    if (this.stopping) return;
    void this.before;
    this.controller.chats.tabChats = [...new Set([...[...this.tabs].map((t) => t.chatId), ...this.closing.keys()])];
  }

  /**
   * The command: the sidebar's chat moves to a tab (the sidebar starts a new chat), or, when the
   * sidebar's chat is empty or a read-only transcript, a new chat opens in a tab.
   */
  openCurrent(): ChatTab | undefined {
    const chat = this.controller.focus.sidebarShownChat;
    // A transcript is not a chat of the store; a big chat known by its latest turns is read whole.
    const movable = chat.turns.length > 0 && this.controller.chats.wholeChat(chat.id) !== undefined;
    const tab = this.open(movable ? chat.id : undefined);
    if (tab && movable) this.controller.focus.newChat();
    return tab;
  }

  /** Open `chatId` (absent: a new chat) in a tab, or reveal the tab that already shows it. */
  open(chatId?: string): ChatTab | undefined {
    const existing = chatId === undefined ? undefined : [...this.tabs].find((t) => t.chatId === chatId);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const chat = this.controller.chatForTab(chatId);
    if (!chat) return undefined;
    const tab = this.add(chat.id);
    tab.focusComposer();
    return tab;
  }

  /** VS Code restores a chat tab after a reload: bind it to its chat again, or close it when that is gone. */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const picked = restoredTabChat(state, this.before, new Set([...this.tabs].map((t) => t.chatId)));
    const chat = picked.chatId === null ? undefined : this.controller.chatForTab(picked.chatId);
    if (picked.chatId === null || !chat) {
      this.log.info(
        `A restored chat tab was closed: ${picked.chatId === null ? picked.why : `chat ${picked.chatId} is no longer in the history`}.`,
      );
      panel.dispose();
      return;
    }
    this.log.info(`Restored the editor tab of chat ${chat.id} (from ${picked.from}).`);
    this.add(chat.id, panel);
  }

  private add(chatId: string, restored?: vscode.WebviewPanel): ChatTab {
    const tab = new ChatTab(this.extensionUri, this.controller, this.handlers, this.log, chatId, restored);
    this.tabs.add(tab);
    tab.panel.onDidDispose(() => {
      const id = tab.chatId;
      this.tabs.delete(tab);
      if (this.stopping) return;
      clearTimeout(this.closing.get(id));
      this.closing.set(
        id,
        setTimeout(() => {
          this.closing.delete(id);
          this.remember();
        }, FORGET_CLOSED_TAB_MS),
      );
    });
    this.remember();
    return tab;
  }

  /** The tab the user works in, if the current chat is a tab's (not the sidebar's). */
  focused(): ChatTab | undefined {
    const id = this.controller.focus.workingChatId;
    return id === this.controller.focus.sidebarShownChat.id ? undefined : [...this.tabs].find((t) => t.chatId === id);
  }

  /** The open tabs, for the integration tests. */
  get all(): readonly ChatTab[] {
    return [...this.tabs];
  }
}

/**
 * The chat view that has the focus when a dialog opens, the sidebar's or a tab's, so the focus
 * goes back to that one's message box once the dialogs close (focusAfterDialogs.ts). Each look at
 * `hasFocus` names the view again: a retry while no chat view has the focus (the user went on,
 * say to the command palette) reveals nothing, and once the user has gone to another chat
 * (another tab, "Show" on a notification) no try takes them back.
 */
export function focusedChatView(
  sidebar: FocusTarget,
  tabs: { readonly all: readonly FocusableTab[]; focused(): FocusableTab | undefined },
): FocusTarget {
  let last: FocusTarget | undefined;
  return {
    get hasFocus() {
      const tab = tabs.all.find((t) => t.hasFocus);
      last = tab
        ? {
            hasFocus: true,
            reveal: async () => {
              if (tabs.focused() !== tab) return;
              tab.reveal();
              tab.focusComposer();
            },
          }
        : sidebar.hasFocus
          ? { hasFocus: true, reveal: async () => (tabs.focused() === undefined ? sidebar.reveal() : undefined) }
          : undefined;
      return last !== undefined;
    },
    reveal: () => last?.reveal() ?? Promise.resolve(),
  };
}

/** What focusedChatView needs of a tab. */
export interface FocusableTab {
  readonly hasFocus: boolean;
  reveal(): void;
  focusComposer(): void;
}
