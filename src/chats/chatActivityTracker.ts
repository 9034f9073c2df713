/**
 * Each chat's activity (running, waiting for approval, finished and unread) as the tab titles,
 * history and the view's badge show it. A run that ends while no visible view shows its chat
 * leaves the chat unread until a view shows it. Unread is kept for this window only.
 */
import { Emitter, type Event } from '../lifecycle/emitter';
import { chatActivity, waitingCount, type ChatActivity } from '../conversation/readouts/chatActivity';
import type { Chat } from '../conversation/model';
import type { ChatSurfaces } from './chatSurfaces';
import { Disposable } from '../lifecycle/disposable';

export interface ActivitySources {
  chat(chatId: string): Chat | undefined;
  loaded(): Iterable<Chat>;
  isBusy(chatId: string): boolean;
  /** Something changed in this chat (or in all of them: undefined). */
  readonly onDidChangeChat: Event<string | undefined>;
  readonly onDidEndRun: Event<{ readonly chatId: string }>;
  readonly onDidStartTurn: Event<{ readonly chatId: string }>;
}

export class ChatActivityTracker extends Disposable {
  private readonly unread = new Set<string>();
  private readonly last = new Map<string, ChatActivity>();
  private readonly changes = this.register(new Emitter<void>());
  /** Some chat's activity changed. */
  readonly onDidChange = this.changes.event;

  constructor(
    private readonly src: ActivitySources,
    private readonly surfaces: ChatSurfaces,
  ) {
    super();
    this.register(src.onDidChangeChat((id) => (id === undefined ? this.updateAll() : this.update(id))));
    this.register(src.onDidStartTurn((t) => this.update(t.chatId)));
    this.register(
      src.onDidEndRun((e) => {
        if (!surfaces.inView(e.chatId)) this.unread.add(e.chatId);
        this.update(e.chatId);
      }),
    );
    this.register(surfaces.onDidChange(() => this.markSeen()));
  }

  activity(chatId: string): ChatActivity {
    const chat = this.src.chat(chatId);
    return chat ? chatActivity(chat, this.src.isBusy(chatId), this.unread.has(chatId)) : 'idle';
  }

  /** Chats waiting for the user (the badge). Only chats in memory can wait: every run starts there. */
  get waiting(): number {
    return waitingCount([...this.src.loaded()].map((c) => this.activity(c.id)));
  }

  private markSeen(): void {
    const seen = [...this.unread].filter((id) => this.surfaces.inView(id));
    for (const id of seen) this.unread.delete(id);
    for (const id of seen) this.update(id);
  }

  private update(chatId: string): void {
    const now = this.activity(chatId);
    if (this.last.get(chatId) === now) return;
    this.last.set(chatId, now);
    this.changes.fire();
  }

  private updateAll(): void {
    for (const chat of this.src.loaded()) this.update(chat.id);
  }
}
