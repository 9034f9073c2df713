/** The view's state: the last snapshot plus the actions applied since, with the shared reducer. */
import type { ChatAction } from '../conversation/actions';
import { reduceChat } from '../conversation/reducer';
import type { ComposerState, ViewState } from '../messages/protocol';
import { noteGrowth } from './markdown/textGrowth';

export class Store {
  private current: ViewState | null = null;

  get state(): ViewState | null {
    return this.current;
  }

  snapshot(state: ViewState): void {
    this.current = state;
  }

  /** Applies actions for the shown chat; others are ignored (a snapshot follows a chat switch). */
  applyActions(chatId: string, actions: readonly ChatAction[]): boolean {
    const s = this.current;
    if (!s || s.chat.id !== chatId || actions.length === 0) return false;
    let chat = s.chat;
    for (const a of actions) {
      const next = reduceChat(chat, a);
      noteGrowth(chat, a, next);
      chat = next;
    }
    if (chat === s.chat) return false;
    this.current = { ...s, chat };
    return true;
  }

  /** Kept so a later snapshot-free redraw still has the pickers. */
  setComposer(composer: ComposerState): void {
    if (this.current) this.current = { ...this.current, composer };
  }

  setQueue(queued: readonly string[]): boolean {
    if (!this.current) return false;
    this.current = { ...this.current, queued };
    return true;
  }
}
