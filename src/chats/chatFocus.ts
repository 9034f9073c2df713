/**
 * Which chat the sidebar shows (its chat, or a read-only transcript over it) and which chat the user
 * works in (the sidebar's, or the editor tab they last used). Commands and dialogs act on the latter.
 */
import type { Chat } from '../conversation/model';
import type { ChatRegistry } from './chatRegistry';

export class ChatFocus {
  /** The sidebar's chat (the one a window reload reopens); undefined: the last window's, not read yet. */
  private sidebarChosen: string | undefined;
  /** The editor tab's chat the user last worked in; null: the sidebar. */
  private activeTab: string | null = null;
  private transcript: Chat | null = null;

  constructor(private readonly chats: ChatRegistry) {}

  // The last window's chat is read when first asked for (chatRegistry.ts readFirst), not at activation.
  private get sidebarId(): string {
    return (this.sidebarChosen ??= this.chats.firstSidebarId);
  }

  private set sidebarId(id: string) {
    this.sidebarChosen = id;
  }

  /**
   * The chat the user works in: the active tab's, else what the sidebar shows. The sidebar's may
   * hold only its latest turns (see `sidebarShownChat`).
   */
  get workingChat(): Chat {
    return (this.activeTab ? this.chats.wholeInMemory(this.activeTab) : undefined) ?? this.sidebarShownChat;
  }

  /** The chat the user works in with all its turns (read now if only its latest were). */
  get workingChatWhole(): Chat {
    const shown = this.workingChat;
    return this.chats.wholeChat(shown.id) ?? shown;
  }

  /** The id of the chat the user works in (never a transcript's). */
  get workingChatId(): string {
    return this.activeTab && this.chats.wholeInMemory(this.activeTab) ? this.activeTab : this.sidebarId;
  }

  /** The chat the user works in is a read-only transcript (in the sidebar). */
  get workingInTranscript(): boolean {
    return this.transcript !== null && this.workingChat === this.transcript;
  }

  /** What the sidebar shows: a read-only transcript if one is open, else its chat (maybe its latest turns only). */
  get sidebarShownChat(): Chat {
    return this.transcript ?? this.chats.heldChat(this.sidebarId)!;
  }

  /** The sidebar's own chat (never a transcript's). */
  get sidebarChatId(): string {
    return this.sidebarId;
  }

  get transcriptOpen(): boolean {
    return this.transcript !== null;
  }

  /** The sidebar shows this chat itself (not a transcript over it). */
  sidebarShows(chatId: string): boolean {
    return this.transcript === null && chatId === this.sidebarId;
  }

  /** The user works in this tab's chat now (null: in the sidebar). */
  workIn(tabChatId: string | null): void {
    this.activeTab = tabChatId;
  }

  /** Turns of the sidebar's chat not read yet (the view says so and can ask for them). */
  get olderTurns(): number {
    return this.transcript ? 0 : this.chats.unreadTurns(this.sidebarId);
  }

  /** Reads the sidebar's chat whole if only its head was read; the views get it. */
  loadOlder(): void {
    if (this.olderTurns > 0 && this.chats.readWhole(this.sidebarId)) this.chats.notify({ kind: 'snapshot' });
  }

  /** Show a saved stream-json run read-only (not saved, no composer) until another chat is opened. */
  openTranscript(chat: Chat): void {
    this.transcript = chat;
    this.chats.notify({ kind: 'snapshot' });
  }

  leaveTranscript(): void {
    if (this.transcript) {
      this.transcript = null;
      this.chats.notify({ kind: 'snapshot' });
    }
  }

  /** A new empty chat in the sidebar. */
  newChat(): void {
    this.transcript = null;
    this.chats.dropHead();
    this.sidebarId = this.chats.createChat().id;
    this.chats.savedSidebarId = null;
    this.chats.notify({ kind: 'snapshot' });
  }

  /** Show a saved chat in the sidebar. `running`: it has a live run (see ChatRegistry.loadWholeChat). */
  openChat(id: string, running: boolean): boolean {
    if (!this.chats.loadWholeChat(id, running)) return false;
    this.transcript = null;
    this.chats.dropHead();
    this.sidebarId = id;
    this.chats.savedSidebarId = id;
    this.chats.notify({ kind: 'snapshot' });
    return true;
  }

  /**
   * Continue a Zero session started elsewhere (a terminal): the chat that already holds it, or a
   * new chat bound to it, whose first message resumes it (`--resume=<id>`, or ACP `session/load`).
   */
  continueSession(sessionId: string, title: string): void {
    const known = this.chats.chatIdOfSession(sessionId);
    if (known && this.openChat(known, false)) return;
    this.transcript = null;
    this.sidebarId = this.chats.createChat(title.trim() || 'Zero session', sessionId).id;
    this.chats.savedSidebarId = null;
    this.chats.notify({ kind: 'snapshot' });
  }

  /** A chat with a turn is the one a window reload reopens (newChat() cleared the index's current id). */
  rememberAsCurrent(chatId: string): void {
    if (chatId !== this.sidebarId || this.chats.savedSidebarId === chatId) return;
    this.chats.savedSidebarId = chatId;
    this.chats.save(chatId, true);
  }
}
