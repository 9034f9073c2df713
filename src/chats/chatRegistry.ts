/**
 * The chats this window holds, by id: whole in memory, or (the sidebar's big chat at activation)
 * only its latest turns until something needs it whole. Every change goes through the pure reducer,
 * is saved, and is told to the views. Knows nothing of focus or runs.
 */
import { Emitter } from '../lifecycle/emitter';
import type { ChatAction } from '../conversation/actions';
import type { Chat } from '../conversation/model';
import { isRunning, newChat, reduceChat } from '../conversation/reducer';
import { nextRun } from '../conversation/deltaRuns';
import type { ChatSummary } from '../messages/protocol';
import type { InputImage } from '../protocol/input';
import type { ChatStore } from '../storage/chatStore';
import type { ChatHead } from '../storage/chatTail';
import { Disposable } from '../lifecycle/disposable';
import type { ChatsEnv } from './chatsEnv';
import { TurnRecovery } from './turnRecovery';

export type ControllerChange =
  | { readonly kind: 'snapshot' }
  | { readonly kind: 'actions'; readonly chatId: string; readonly actions: readonly ChatAction[] }
  | { readonly kind: 'queue'; readonly chatId: string; readonly queued: readonly string[] }
  /** Text (and images Zero did not take) put back in the composer, without sending. */
  | {
      readonly kind: 'insertDraft';
      readonly chatId: string;
      readonly text: string;
      readonly images?: readonly InputImage[];
    }
  | { readonly kind: 'composer' };

export class ChatRegistry extends Disposable {
  private readonly changes = this.register(new Emitter<ControllerChange>());
  readonly onDidChange = this.changes.event;
  private readonly held = new Map<string, Chat>();
  /**
   * The sidebar's chat's latest turns only, until something needs it whole: the view's first paint
   * reads just its tail (chatTail.ts), however big the chat is.
   */
  private heldHead: ChatHead | null = null;
  /** The chat the last window left in the sidebar (or a new one), once read: see readFirst(). */
  private first: string | undefined;
  /** Reads what Zero recorded of a turn cut off under this window or the last one. */
  private readonly recovery: TurnRecovery;

  /** `sidebarShows`: the sidebar shows this chat (no transcript over it), so its head is resent whole before a change. */
  constructor(
    private readonly store: ChatStore,
    private readonly env: Pick<ChatsEnv, 'log' | 'readCutOff'>,
    private readonly sidebarShows: (chatId: string) => boolean,
  ) {
    super();
    this.recovery = new TurnRecovery(this, env);
  }

  /** The chat the last window left in the sidebar (or a new one). */
  get firstSidebarId(): string {
    return this.readFirst();
  }

  // Every use of the chats reads the last window's sidebar chat first.
  private get chats(): Map<string, Chat> {
    this.readFirst();
    return this.held;
  }

  private get head(): ChatHead | null {
    this.readFirst();
    return this.heldHead;
  }

  private set head(head: ChatHead | null) {
    this.readFirst();
    this.heldHead = head;
  }

  /**
   * Reads the chat the last window left in the sidebar (its head when it has a tail file), once: on first use,
   * or when the window is idle after activation (host/views/install.ts), not during activate(), which shows no chat.
   * Returns its id.
   */
  readFirst(): string {
    if (this.first !== undefined) return this.first;
    const store = this.store;
    const id = this.guard('read the history index', () => store.currentId) ?? null;
    // A run cut off by a reload is marked in the whole chat, so only a chat at rest starts as its head.
    const head = id ? this.guard('read the last chat', () => store.loadHead(id)) : undefined;
    if (head && !isRunning(head.chat)) {
      this.heldHead = head;
      this.first = head.chat.id;
    } else {
      const restored = this.guard('load the last chat', () => (id ? store.load(id) : undefined));
      const chat = restored ? this.markCutOff(restored) : newChat(newId('chat'), Date.now());
      this.held.set(chat.id, chat);
      this.first = chat.id;
    }
    this.recovery.check(this.first);
    return this.first;
  }

  /** The chat as held now, never read from disk: a big chat may be its latest turns only. */
  heldChat(chatId: string): Chat | undefined {
    return this.chats.get(chatId) ?? (this.head?.chat.id === chatId ? this.head.chat : undefined);
  }

  /** The chat with all its turns (a chat held only by its latest turns is read from disk now). */
  wholeChat(chatId: string): Chat | undefined {
    return this.chats.get(chatId) ?? this.readWhole(chatId);
  }

  /** The chat if this window holds it whole, without reading anything (history search). */
  wholeInMemory(chatId: string): Chat | undefined {
    return this.chats.get(chatId);
  }

  /** The chats held whole in memory (every chat run or opened in a tab since the window opened). */
  allWholeInMemory(): IterableIterator<Chat> {
    return this.chats.values();
  }

  /** Turns of this chat not read yet (it is held by its latest turns only). */
  unreadTurns(chatId: string): number {
    return this.head && this.head.chat.id === chatId && !this.chats.has(chatId) ? this.head.older : 0;
  }

  /** Reads the chat held by its latest turns whole; undefined for another id. */
  readWhole(chatId: string): Chat | undefined {
    const head = this.head;
    if (!head || head.chat.id !== chatId) return undefined;
    this.head = null;
    // Unreadable now (set aside meanwhile): carry on with what the view shows rather than lose the chat.
    const chat = this.guard(`load chat ${chatId}`, () => this.store.load(chatId)) ?? head.chat;
    this.chats.set(chatId, chat);
    return chat;
  }

  /** The sidebar moves to another chat: its latest turns are no longer what it shows. */
  dropHead(): void {
    this.head = null;
  }

  /** A new empty chat, held whole. */
  createChat(title?: string, sessionId?: string): Chat {
    const created = newChat(newId('chat'), Date.now(), title);
    const chat: Chat = sessionId === undefined ? created : { ...created, sessionId };
    this.chats.set(chat.id, chat);
    return chat;
  }

  /**
   * Bring a saved chat into memory whole (for the sidebar or a tab). `running`: the chat has a live
   * run, so a running turn in it is not a leftover of a reload.
   */
  loadWholeChat(id: string, running: boolean): Chat | undefined {
    const chat = this.wholeChat(id) ?? this.guard(`load chat ${id}`, () => this.store.load(id));
    if (!chat) return undefined;
    const ready = running ? chat : this.markCutOff(chat);
    this.chats.set(id, ready);
    if (!running) this.recovery.check(id);
    return ready;
  }

  /** The id of the chat that holds this Zero session, saved or in memory. */
  chatIdOfSession(sessionId: string): string | undefined {
    return (
      this.store.summaries().find((c) => c.sessionId === sessionId) ??
      [...this.chats.values()].find((c) => c.sessionId === sessionId)
    )?.id;
  }

  /** A new name for a chat, open or only in the history; false when the chat cannot be read. */
  renameChat(id: string, title: string): boolean {
    const name = title.replace(/\s+/g, ' ').trim();
    if (!name) return false;
    const open = this.wholeChat(id);
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

  /** Delete the chat's file and forget it (the caller moves the sidebar off it). */
  forget(id: string): void {
    this.guard(`delete chat ${id}`, () => this.store.delete(id));
    this.chats.delete(id);
    if (this.head?.chat.id === id) this.head = null;
  }

  /**
   * Reduce actions into a chat, save soon, tell the views once. Returns the chat before and after,
   * or undefined when the chat is unknown or nothing changed. A reducer, save or view failure is
   * logged: the run that produced the actions must still be able to finish.
   */
  dispatch(
    chatId: string,
    actions: readonly ChatAction[],
  ): { readonly before: Chat; readonly after: Chat } | undefined {
    if (actions.length === 0) return undefined;
    const partial = this.unreadTurns(chatId) > 0 && this.sidebarShows(chatId);
    const before = this.wholeChat(chatId);
    if (!before) return undefined;
    // The view showed the head: it gets the whole chat before the change.
    if (partial) this.notify({ kind: 'snapshot' });
    let after = before;
    const applied: ChatAction[] = [];
    // A run of streamed deltas is one action (deltaRuns.ts): one copy of the turn, one log line, one post.
    for (let i = 0; i < actions.length;) {
      const run = nextRun(after, actions, i);
      const action = run.action;
      i = run.end;
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
    // Zero died under a turn of this window: its record is final now.
    if (applied.some((a) => a.type === 'process_exited' || a.type === 'acp_turn_ended')) this.recovery.check(chatId);
    return { before, after };
  }

  /** Record a decision in the chat and save it now: the user's answers must survive a reload at once. */
  commit(chatId: string, actions: readonly ChatAction[]): void {
    this.dispatch(chatId, actions);
    this.save(chatId, true);
  }

  /** Save a chat: soon by default, `now` at turn boundaries so a reload right after loses nothing. */
  save(chatId: string, now = false): void {
    const chat = this.wholeChat(chatId);
    if (chat) this.guard(`save chat ${chatId}`, () => this.store.save(chat, now));
  }

  /** The chat a window reload reopens in the sidebar (null: a new one). */
  get savedSidebarId(): string | null {
    return this.store.currentId;
  }

  set savedSidebarId(id: string | null) {
    this.guard('update the history index', () => (this.store.currentId = id));
  }

  flush(): void {
    this.guard('save chats', () => this.store.flush());
  }

  /** Tell the views. A broken listener is logged and never stops the caller. */
  notify(change: ControllerChange): void {
    this.guard(`show a ${change.kind} change`, () => this.changes.fire(change));
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

  /** Still running on disk: the last extension host stopped without deactivating (a reload marks it itself). */
  private markCutOff(chat: Chat): Chat {
    if (!isRunning(chat)) return chat;
    const cut = reduceChat(chat, { type: 'run_cut_off', at: Date.now(), cause: 'host-stopped' });
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
  const random = Math.floor(Math.random() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, '0');
  return `${prefix}-${Date.now().toString(36)}-${random}`;
}
