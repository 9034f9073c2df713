/**
 * The webviews that show chats (the sidebar and any editor tabs), so the host knows whether the
 * user can see a chat: for "finished, unread", the attention notification, and "Show".
 */
import { Emitter } from '../lifecycle/emitter';
import type { DisposableLike } from '../lifecycle/disposable';
import { Disposable } from '../lifecycle/disposable';

export interface ChatSurface {
  /** The chat the view shows now. */
  readonly chatId: string;
  /** The user can see it: the sidebar view is visible, or the tab is the active editor. */
  readonly inView: boolean;
  /** Bring the view to the front (a view may do it asynchronously). */
  reveal(): void | Promise<void>;
}

export class ChatSurfaces extends Disposable {
  private readonly all = new Set<ChatSurface>();
  private readonly changes = this.register(new Emitter<void>());
  /** A view appeared or went, changed chat, or was shown or hidden. */
  readonly onDidChange = this.changes.event;

  add(surface: ChatSurface): DisposableLike {
    this.all.add(surface);
    this.changed();
    return { dispose: () => this.all.delete(surface) && this.changed() };
  }

  /** A surface's chat or visibility changed. */
  changed(): void {
    this.changes.fire();
  }

  /** Some view the user can see shows this chat. */
  inView(chatId: string): boolean {
    return [...this.all].some((s) => s.chatId === chatId && s.inView);
  }

  /** The views showing this chat, the visible ones first. */
  showing(chatId: string): ChatSurface[] {
    return [...this.all].filter((s) => s.chatId === chatId).sort((a, b) => Number(b.inView) - Number(a.inView));
  }
}
