/**
 * One chat in an editor tab. The tab holds its own chat, not the sidebar's: its New Chat and
 * history open chats in the tab, and its title says what the chat is doing.
 */
import * as vscode from 'vscode';
import { chatTabTitle, mayChangeActivity } from '../../conversation/readouts/chatActivity';
import type { ChatController } from '../../chats/chatController';
import type { ChatSurface } from '../../chats/chatSurfaces';
import { ChatWebviewBinding, type EditorHandlers, type BindingTarget } from './chatWebviewBinding';
import { Disposable } from '../../lifecycle/disposable';
import { webviewHtml, webviewOptions } from './webviewHtml';

export const CHAT_TAB_VIEW_TYPE = 'zero.chatPanel';

export class ChatTab extends Disposable implements ChatSurface, BindingTarget {
  readonly panel: vscode.WebviewPanel;
  private readonly binding: ChatWebviewBinding;
  private shown: string;

  constructor(
    extensionUri: vscode.Uri,
    private readonly controller: ChatController,
    handlers: EditorHandlers,
    log: vscode.LogOutputChannel,
    private id: string,
    /** A tab VS Code restored after a reload (WebviewPanelSerializer); absent: a new tab. */
    restored?: vscode.WebviewPanel,
  ) {
    super();
    this.shown = this.title();
    // Ctrl+F in a chat tab: VS Code's find widget (VS Code keeps the option for a restored tab).
    // The sidebar's view cannot have it: the API offers no find widget for a WebviewView.
    const panel =
      restored ??
      vscode.window.createWebviewPanel(CHAT_TAB_VIEW_TYPE, this.shown, vscode.ViewColumn.Active, {
        ...webviewOptions(extensionUri),
        enableFindWidget: true,
      });
    if (restored) {
      restored.webview.options = webviewOptions(extensionUri);
      restored.title = this.shown;
    }
    this.panel = panel;
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'zero.svg');
    this.binding = this.register(new ChatWebviewBinding(panel.webview, controller, handlers, log, this));
    panel.webview.html = webviewHtml(panel.webview, extensionUri);
    this.register(controller.surfaces.add(this));
    this.register(
      panel.onDidChangeViewState(() => {
        if (panel.active) controller.focus.workIn(this.id);
        if (!panel.visible) this.binding.forgetFocus();
        controller.surfaces.changed();
      }),
    );
    this.register(controller.activity.onDidChange(() => this.updateTitle()));
    this.register(
      controller.chats.onDidChange((c) => {
        // The chat was deleted from history: nothing left to show.
        if (c.kind === 'snapshot' && !controller.chats.wholeChat(this.id)) panel.dispose();
        else if (c.kind === 'actions' && c.chatId === this.id && c.actions.some(mayChangeActivity)) this.updateTitle();
      }),
    );
    this.register(panel.onDidDispose(() => this.dispose()));
    if (panel.active) controller.focus.workIn(this.id);
  }

  get chatId(): string {
    return this.id;
  }

  get inView(): boolean {
    return !this.isDisposed && this.panel.active && this.panel.visible;
  }

  reveal(): void {
    this.panel.reveal();
  }

  focusComposer(): void {
    this.binding.focusComposer();
  }

  /** Whether the tab's document has the focus (as its webview last said); a tab in the background has not. */
  get hasFocus(): boolean {
    return !this.isDisposed && this.panel.active && this.panel.visible && this.binding.hasFocus;
  }

  // BindingTarget: the webview asks about and acts on this tab's chat.
  viewState() {
    return this.controller.viewState(this.id);
  }

  activate(): void {
    this.controller.focus.workIn(this.id);
  }

  newChat(): void {
    const chat = this.controller.chatForTab();
    if (chat) this.show(chat.id);
  }

  openChat(chatId: string): void {
    if (this.controller.chatForTab(chatId)) this.show(chatId);
  }

  private show(chatId: string): void {
    this.id = chatId;
    this.controller.focus.workIn(chatId);
    this.binding.refresh();
    this.controller.surfaces.changed();
    this.updateTitle();
  }

  private title(): string {
    const chat = this.controller.chats.wholeChat(this.id);
    return chatTabTitle(chat?.title ?? '', this.controller.activity.activity(this.id));
  }

  private updateTitle(): void {
    const title = this.title();
    if (title === this.shown || this.isDisposed) return;
    this.shown = title;
    this.panel.title = title;
  }

  /** Closing the tab never stops its chat's run: it goes on, shows in history, and notifies when done. */
  override dispose(): void {
    if (this.isDisposed) return;
    if (this.controller.focus.workingChatId === this.id && this.controller.focus.sidebarShownChat.id !== this.id)
      this.controller.focus.workIn(null);
    super.dispose();
    this.panel.dispose();
  }
}
