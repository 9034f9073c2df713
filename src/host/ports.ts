/**
 * Two pairs of objects need each other while they run: the transports read the chats of the controller that runs
 * on them, and the rooms' handlers open the chat views that are built on those handlers. The side built first is
 * given a port, a small interface that composition.ts binds to the other side as soon as that exists; neither
 * side uses it before activate() has returned, and a port used unbound throws (a wiring bug, not a state).
 */
import type { Chat } from '../conversation/model';

/** The chats by id, as the transports look them up when a turn starts (the controller's registry). */
export interface ChatLookup {
  wholeChat(id: string): Chat | undefined;
}

/** What the rooms ask of the chat views: the sidebar and the editor tabs. */
export interface ChatViews {
  /** Bring up the sidebar with the cursor in its composer. */
  reveal(): Promise<void>;
  /** Open a chat in an editor tab, or bring up the tab that shows it. */
  openInTab(chatId: string): unknown;
  /** Open a chat where the user works: the tab they work in, else the sidebar. */
  openChat(chatId: string): void;
  /** Show a chat in the sidebar and bring it up. */
  showInSidebar(chatId: string): Promise<void>;
}

abstract class Port<T> {
  private bound: T | undefined;

  constructor(private readonly name: string) {}

  bind(impl: T): void {
    if (this.bound) throw new Error(`${this.name} is bound already`);
    this.bound = impl;
  }

  protected get to(): T {
    if (!this.bound) throw new Error(`${this.name} was used before composition.ts bound it`);
    return this.bound;
  }
}

export class ChatLookupPort extends Port<ChatLookup> implements ChatLookup {
  constructor() {
    super('The chat lookup port');
  }

  wholeChat(id: string): Chat | undefined {
    return this.to.wholeChat(id);
  }
}

export class ChatViewsPort extends Port<ChatViews> implements ChatViews {
  constructor() {
    super('The chat views port');
  }

  reveal(): Promise<void> {
    return this.to.reveal();
  }

  openInTab(chatId: string): unknown {
    return this.to.openInTab(chatId);
  }

  openChat(chatId: string): void {
    this.to.openChat(chatId);
  }

  showInSidebar(chatId: string): Promise<void> {
    return this.to.showInSidebar(chatId);
  }
}
