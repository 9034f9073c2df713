/**
 * The chats as the views see them: which chat the sidebar shows, which one the user works in (the
 * sidebar's or an editor tab's), every change through the pure reducer, saving, and what the
 * webviews are told. Knows nothing about runs (see turnRunner.ts).
 */
import { Emitter } from '../lifecycle/emitter';
import type { ChatAction } from '../conversation/actions';
import type { MentionRef } from '../conversation/composerPrompt';
import type { Chat, TransportKind } from '../conversation/model';
import { isRunning, newChat, reduceChat } from '../conversation/reducer';
import type { Attachment, BinaryState, ChatSummary, ComposerState, ViewState } from '../messages/messages';
import type { InputImage } from '../protocol/input';
import type { ChatStore } from '../storage/chatStore';
import type { ChatHead } from '../storage/chatTail';
import { Disposable } from '../lifecycle/disposable';
import type { TransportLog } from '../conversation/transport';

export type ControllerChange =
  | { readonly kind: 'snapshot' }
  | { readonly kind: 'actions'; readonly chatId: string; readonly actions: readonly ChatAction[] }
  | { readonly kind: 'queue'; readonly chatId: string; readonly queued: readonly string[] }
  /** Text (and images Zero did not take) put back in the composer, without sending. */
  | { readonly kind: 'insertDraft'; readonly chatId: string; readonly text: string; readonly images?: readonly InputImage[] }
  | { readonly kind: 'composer' };

export interface ChatStateEnv {
  folder(): string | null;
  trusted(): boolean;
  /** `zero.transport`: what a new chat uses. */
  defaultTransport?(): TransportKind;
  readonly log: TransportLog;
}

/** A selection (its fenced block) or a file or folder from the Explorer (a mention, sent as its path). */
type HeldAttachment = Attachment & { readonly block: string; readonly mention?: MentionRef };

export class ChatState extends Disposable {
  private readonly changes = this.register(new Emitter<ControllerChange>());
  readonly onDidChange = this.changes.event;
  private readonly chats = new Map<string, Chat>();
  /** The sidebar's chat (the one a window reload reopens). */
  private currentId: string;
  /** The editor tab's chat the user last worked in; null: the sidebar. */
  private activeTab: string | null = null;
  private binaryState: BinaryState = { ok: true, path: null, demo: false, problem: null };
  private readonly drafts = new Map<string, string>();
  private attachments: HeldAttachment[] = [];
  private composerState: ComposerState | undefined;
  private transcript: Chat | null = null;
  /**
   * The current chat's latest turns only, until something needs it whole: activation and the
   * view's first paint read just its tail (chatTail.ts), however big the chat is.
   */
  private head: ChatHead | null = null;
  /** What the last snapshot showed, so editor switches only resend when the folder really changed. */
  private shown: { folder: string | null; trusted: boolean } = { folder: null, trusted: true };

  constructor(private readonly store: ChatStore, private readonly env: ChatStateEnv) {
    super();
    const id = store.currentId;
    // A run cut off by a reload is marked in the whole chat, so only a chat at rest starts as its head.
    const head = id ? this.guard('read the last chat', () => store.loadHead(id)) : undefined;
    if (head && !isRunning(head.chat)) {
      this.head = head;
      this.currentId = head.chat.id;
      return;
    }
    const restored = this.guard('load the last chat', () => (id ? store.load(id) : undefined));
    const chat = restored ? this.markCutOff(restored) : newChat(newId('chat'), Date.now());
    this.chats.set(chat.id, chat);
    this.currentId = chat.id;
  }

  /**
   * The chat the user works in: the active tab's, else the sidebar's (a read-only transcript if one
   * is open). The sidebar's may hold only its latest turns (see `sidebarChat`).
   */
  get current(): Chat {
    return (this.activeTab ? this.chats.get(this.activeTab) : undefined) ?? this.sidebarChat;
  }

  /** The chat the user works in is a read-only transcript (in the sidebar). */
  get currentIsTranscript(): boolean {
    return this.transcript !== null && this.current === this.transcript;
  }

  /** Turns of the sidebar's chat not read yet (the view says so and can ask for them). */
  get olderTurns(): number {
    return !this.transcript && this.head && !this.chats.has(this.currentId) ? this.head.older : 0;
  }

  /** Reads the sidebar's chat whole if only its head was read; the views get it. */
  loadOlder(): void {
    if (this.olderTurns > 0 && this.whole(this.currentId)) this.notify({ kind: 'snapshot' });
  }

  /** The current chat's id (never a transcript's). */
  get currentChatId(): string {
    return this.activeTab && this.chats.has(this.activeTab) ? this.activeTab : this.currentId;
  }

  /** What the sidebar shows: a read-only transcript if one is open, else its chat. */
  get sidebarChat(): Chat {
    return this.transcript ?? this.chats.get(this.currentId) ?? this.head!.chat;
  }

  get sidebarChatId(): string {
    return this.currentId;
  }

  /** The user works in this tab's chat now (null: in the sidebar). Commands and dialogs act on it. */
  focus(tabChatId: string | null): void {
    this.activeTab = tabChatId;
  }

  /** The chats held whole in memory (every chat run or opened in a tab since the window opened). */
  allLoaded(): IterableIterator<Chat> {
    return this.chats.values();
  }

  /** The chat as held now, never read from disk (the sidebar's big chat may be its latest turns only). */
  peek(chatId: string): Chat | undefined {
    return this.chats.get(chatId) ?? (this.head?.chat.id === chatId ? this.head.chat : undefined);
  }

  /** The chat, whole (a chat known only by its head is read now). */
  chat(chatId: string): Chat | undefined {
    return this.chats.get(chatId) ?? this.whole(chatId);
  }

  /** The chat if this window holds it whole, without reading anything (history search). */
  loaded(chatId: string): Chat | undefined {
    return this.chats.get(chatId);
  }

  /** Reads the head's chat whole; undefined for another id. */
  private whole(chatId: string): Chat | undefined {
    const head = this.head;
    if (!head || head.chat.id !== chatId) return undefined;
    this.head = null;
    // Unreadable now (set aside meanwhile): carry on with what the view shows rather than lose the chat.
    const chat = this.guard(`load chat ${chatId}`, () => this.store.load(chatId)) ?? head.chat;
    this.chats.set(chatId, chat);
    return chat;
  }

  get binary(): BinaryState {
    return this.binaryState;
  }

  set binary(state: BinaryState) {
    this.binaryState = state;
    this.notify({ kind: 'snapshot' });
  }

  setDraft(chatId: string, text: string): void {
    this.drafts.set(chatId, text);
  }

  /** Tell the views. A broken listener is logged and never stops the caller. */
  notify(change: ControllerChange): void {
    this.guard(`show a ${change.kind} change`, () => this.changes.fire(change));
  }

  /** Something the view shows changed outside the chat (folder, trust): send a fresh snapshot. */
  refreshView(): void {
    if (this.env.folder() === this.shown.folder && this.env.trusted() === this.shown.trusted) return;
    this.notify({ kind: 'snapshot' });
  }

  /** `tabChatId`: an editor tab's view of its chat; absent: the sidebar's. */
  viewState(queued: readonly string[], tabChatId?: string, history: readonly ChatSummary[] = this.summaries()): ViewState {
    this.shown = { folder: this.env.folder(), trusted: this.env.trusted() };
    const tab = tabChatId === undefined ? undefined : this.chats.get(tabChatId);
    const chat = tab ?? this.sidebarChat;
    return {
      chat,
      history,
      binary: this.binaryState,
      trusted: this.shown.trusted,
      folder: this.shown.folder,
      queued,
      draft: this.drafts.get(chat.id) ?? '',
      readOnly: !tab && this.transcript !== null,
      ...(!tab && this.olderTurns > 0 ? { olderTurns: this.olderTurns } : {}),
      // Selections and Explorer files are added to the sidebar's chat (the commands reveal it).
      attachments: tab ? [] : this.attachments.map(({ id, label, languageId }) => ({ id, label, languageId })),
      defaultTransport: this.env.defaultTransport?.() ?? 'exec',
      ...(this.composerState ? { composer: this.composerState } : {}),
    };
  }

  /** The saved chats, newest first as the store keeps them. */
  summaries(): readonly ChatSummary[] {
    return this.guard('read the history index', () => this.store.summaries()) ?? [];
  }

  /** The chats open in editor tabs, saved so a reload binds each restored tab to its chat. */
  get tabChats(): readonly string[] {
    return this.guard('read the history index', () => this.store.tabs) ?? [];
  }

  set tabChats(ids: readonly string[]) {
    this.guard('update the history index', () => (this.store.tabs = ids));
  }

  /** Zero sessions of deleted chats (Zero keeps them; History does not offer them again). */
  hiddenSessions(): ReadonlySet<string> {
    return this.guard('read the history index', () => this.store.hiddenSessions()) ?? new Set();
  }

  /** The composer's pickers and toggles (set by the composer service); the views get it at once. */
  get composer(): ComposerState | undefined {
    return this.composerState;
  }

  set composer(state: ComposerState) {
    this.composerState = state;
    this.notify({ kind: 'composer' });
  }

  /** The labels of the attached selections (chips the sent message shows). */
  get attachmentLabels(): readonly string[] {
    return this.attachments.map((a) => a.label);
  }

  attach(label: string, languageId: string, block: string, mention?: MentionRef): void {
    this.leaveTranscript();
    this.attachments = [...this.attachments.filter((a) => a.label !== label), { id: newId('sel'), label, languageId, block, ...(mention ? { mention } : {}) }];
    this.notify({ kind: 'snapshot' });
  }

  removeAttachment(id: string): void {
    this.attachments = this.attachments.filter((a) => a.id !== id);
    this.notify({ kind: 'snapshot' });
  }

  /** The attached blocks, for the message being sent; the composer's chips go away. */
  takeAttachments(): readonly string[] {
    return this.takeAttached().blocks;
  }

  /** Selection blocks and Explorer mentions, for the message being sent; the chips go away. */
  takeAttached(): { readonly blocks: readonly string[]; readonly mentions: readonly MentionRef[] } {
    const blocks = this.attachments.flatMap((a) => (a.mention ? [] : [a.block]));
    const mentions = this.attachments.flatMap((a) => (a.mention ? [a.mention] : []));
    if (this.attachments.length > 0) {
      this.attachments = [];
      this.notify({ kind: 'snapshot' });
    }
    return { blocks, mentions };
  }

  get hasAttachments(): boolean {
    return this.attachments.length > 0;
  }

  /** Show a saved stream-json run read-only (not saved, no composer) until another chat is opened. */
  openTranscript(chat: Chat): void {
    this.transcript = chat;
    this.notify({ kind: 'snapshot' });
  }

  leaveTranscript(): void {
    if (this.transcript) {
      this.transcript = null;
      this.notify({ kind: 'snapshot' });
    }
  }

  newChat(): void {
    this.transcript = null;
    this.head = null;
    const chat = newChat(newId('chat'), Date.now());
    this.chats.set(chat.id, chat);
    this.currentId = chat.id;
    this.guard('update the history index', () => (this.store.currentId = null));
    this.notify({ kind: 'snapshot' });
  }

  /** A new empty chat for an editor tab; the sidebar keeps its own. */
  createChat(): string {
    const chat = newChat(newId('chat'), Date.now());
    this.chats.set(chat.id, chat);
    return chat.id;
  }

  /**
   * Bring a saved chat into memory whole (for the sidebar or a tab). `running`: the chat has a live
   * run, so a running turn in it is not a leftover of a reload.
   */
  load(id: string, running: boolean): Chat | undefined {
    const chat = this.chat(id) ?? this.guard(`load chat ${id}`, () => this.store.load(id));
    if (!chat) return undefined;
    const ready = running ? chat : this.markCutOff(chat);
    this.chats.set(id, ready);
    return ready;
  }

  openChat(id: string, running: boolean): boolean {
    if (!this.load(id, running)) return false;
    this.transcript = null;
    this.head = null;
    this.currentId = id;
    this.guard('update the history index', () => (this.store.currentId = id));
    this.notify({ kind: 'snapshot' });
    return true;
  }

  /** A new name for a chat, open or only in the history; false when the chat cannot be read. */
  renameChat(id: string, title: string): boolean {
    const name = title.replace(/\s+/g, ' ').trim();
    if (!name) return false;
    const open = this.chats.get(id) ?? this.whole(id);
    if (open) {
      this.dispatch(id, [{ type: 'renamed', title: name }]);
      this.save(id, true);
    } else {
      const chat = this.guard(`load chat ${id}`, () => this.store.load(id));
      if (!chat) return false;
      const renamed = reduceChat(chat, { type: 'renamed', title: name });
      this.guard(`rename chat ${id}`, () => {
        this.store.record(chat, { type: 'renamed', title: name }, renamed);
        this.store.save(renamed, true);
      });
    }
    this.notify({ kind: 'snapshot' });
    return true;
  }

  /**
   * Continue a Zero session started elsewhere (a terminal): the chat that already holds it, or a
   * new chat bound to it, whose first message resumes it (`--resume=<id>`, or ACP `session/load`).
   */
  continueSession(sessionId: string, title: string): void {
    const known = this.store.summaries().find((c) => c.sessionId === sessionId) ?? [...this.chats.values()].find((c) => c.sessionId === sessionId);
    if (known && this.openChat(known.id, false)) return;
    this.transcript = null;
    const chat: Chat = { ...newChat(newId('chat'), Date.now(), title.trim() || 'Zero session'), sessionId };
    this.chats.set(chat.id, chat);
    this.currentId = chat.id;
    this.guard('update the history index', () => (this.store.currentId = null));
    this.notify({ kind: 'snapshot' });
  }

  deleteChat(id: string): void {
    this.guard(`delete chat ${id}`, () => this.store.delete(id));
    this.chats.delete(id);
    this.drafts.delete(id);
    if (this.head?.chat.id === id) this.head = null;
    if (id === this.currentId) this.newChat();
    else this.notify({ kind: 'snapshot' });
  }

  /**
   * Reduce actions into a chat, save soon, tell the views once. Returns the chat before and after,
   * or undefined when the chat is unknown or nothing changed. A reducer, save or view failure is
   * logged: the run that produced the actions must still be able to finish.
   */
  dispatch(chatId: string, actions: readonly ChatAction[]): { readonly before: Chat; readonly after: Chat } | undefined {
    if (actions.length === 0) return undefined;
    const partial = this.olderTurns > 0 && chatId === this.currentId;
    const before = this.chat(chatId);
    if (!before) return undefined;
    // The view showed the head: it gets the whole chat before the change.
    if (partial) this.notify({ kind: 'snapshot' });
    let after = before;
    const applied: ChatAction[] = [];
    for (const action of actions) {
      const prev = after;
      const next = this.guard(`apply ${action.type}`, () => reduceChat(prev, action));
      if (next === undefined || next === prev) continue;
      after = next;
      applied.push(action);
      // Appended to the chat's log (the store falls back to a whole save when it cannot append).
      this.guard(`save chat ${chatId}`, () => this.store.record(prev, action, next));
    }
    if (after === before) return undefined;
    this.chats.set(chatId, after);
    this.notify({ kind: 'actions', chatId, actions: applied });
    return { before, after };
  }

  /** Save a chat: soon by default, `now` at turn boundaries so a reload right after loses nothing. */
  save(chatId: string, now = false): void {
    const chat = this.chat(chatId);
    if (chat) this.guard(`save chat ${chatId}`, () => this.store.save(chat, now));
  }

  /** A chat with a turn is the one a window reload reopens (newChat() cleared the index's current id). */
  rememberAsCurrent(chatId: string): void {
    if (chatId !== this.currentId || this.store.currentId === chatId) return;
    this.guard('update the history index', () => (this.store.currentId = chatId));
    this.save(chatId, true);
  }

  flush(): void {
    this.guard('save chats', () => this.store.flush());
  }

  private markCutOff(chat: Chat): Chat {
    if (!isRunning(chat)) return chat;
    const cut = reduceChat(chat, { type: 'run_cut_off', at: Date.now() });
    this.guard(`save chat ${chat.id}`, () => this.store.save(cut, true));
    return cut;
  }

  /** Run `fn`; on a throw, log what we were doing and return undefined. */
  private guard<T>(what: string, fn: () => T): T | undefined {
    try {
      return fn();
    } catch (err) {
      this.env.log.error(`Could not ${what}: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  }
}

/** Unique, not secret: Math.random spares activation (which names the new chat) loading node:crypto. */
export function newId(prefix: string): string {
  const random = Math.floor(Math.random() * 0x1_0000_0000).toString(16).padStart(8, '0');
  return `${prefix}-${Date.now().toString(36)}-${random}`;
}
