/** The list of turns; a welcome with recent chats when the chat is empty. */
import type { Chat, Turn } from '../../conversation/model';
import type { ChatSummary } from '../../messages/messages';
import { h } from '../dom';
import { renderWelcome } from './history';
import { TurnView } from './turn';

export class TranscriptView {
  readonly el = h('div', { class: 'transcript', attrs: { role: 'log', 'aria-label': 'Conversation' } });
  private readonly views = new Map<string, TurnView>();
  private turns: readonly Turn[] | null = null;
  private history: readonly ChatSummary[] | null = null;
  private welcome: HTMLElement | null = null;

  update(chat: Chat, history: readonly ChatSummary[]): void {
    if (chat.turns === this.turns && (history === this.history || chat.turns.length > 0)) return;
    this.turns = chat.turns;
    this.history = history;
    if (chat.turns.length === 0) {
      this.welcome?.remove();
      this.welcome = renderWelcome(history.filter((c) => c.id !== chat.id));
      this.el.append(this.welcome);
    } else if (this.welcome) {
      this.welcome.remove();
      this.welcome = null;
    }
    const seen = new Set<string>();
    for (const turn of chat.turns) {
      seen.add(turn.id);
      const view = this.views.get(turn.id);
      if (view) view.update(turn);
      else {
        const fresh = new TurnView(turn);
        this.views.set(turn.id, fresh);
        this.el.append(fresh.el);
      }
    }
    for (const [id, view] of this.views) {
      if (!seen.has(id)) {
        view.el.remove();
        this.views.delete(id);
      }
    }
  }
}
