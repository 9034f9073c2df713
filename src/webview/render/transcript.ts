/**
 * The list of turns; a welcome with recent chats when the chat is empty. A long chat reopened
 * from a snapshot draws its latest turns at once (what the user sees) and the older ones while the
 * view is idle, newest first, so reopening never blocks for long.
 */
import type { Chat, Turn, TurnItem } from '../../conversation/model';
import type { ChatSummary } from '../../messages/messages';
import { h } from '../dom';
import { renderWelcome } from './history';
import { TurnView } from './turn';

/** Characters of turn content drawn at once when a snapshot arrives. */
const EAGER_CHARS = 60_000;

interface Deferred {
  turn: Turn;
  readonly placeholder: HTMLElement;
}

export class TranscriptView {
  // Not role=log: that is a live region, and a screen reader would read every streamed word.
  readonly el = h('section', { class: 'transcript', attrs: { 'aria-label': 'Conversation' } });
  private readonly views = new Map<string, TurnView>();
  private readonly deferred = new Map<string, Deferred>();
  private turns: readonly Turn[] | null = null;
  private history: readonly ChatSummary[] | null = null;
  private welcome: HTMLElement | null = null;
  private idle = false;

  /** `onGrow`: older turns were drawn above (the view may need to stay at the bottom). */
  constructor(private readonly onGrow: () => void = () => {}) {}

  update(chat: Chat, history: readonly ChatSummary[]): void {
    if (chat.turns === this.turns && (history === this.history || chat.turns.length > 0)) return;
    const first = this.turns === null;
    this.turns = chat.turns;
    this.history = history;
    this.updateWelcome(chat, history);
    const eagerFrom = first ? eagerStart(chat.turns) : 0;
    const seen = new Set<string>();
    chat.turns.forEach((turn, i) => {
      seen.add(turn.id);
      const view = this.views.get(turn.id);
      const later = this.deferred.get(turn.id);
      if (view) view.update(turn);
      else if (later) later.turn = turn;
      else if (i < eagerFrom) {
        const placeholder = h('div', { class: 'turn-placeholder' });
        this.deferred.set(turn.id, { turn, placeholder });
        this.el.append(placeholder);
      } else {
        const fresh = new TurnView(turn);
        this.views.set(turn.id, fresh);
        this.el.append(fresh.el);
      }
    });
    for (const [id, view] of this.views) {
      if (!seen.has(id)) {
        view.el.remove();
        this.views.delete(id);
      }
    }
    for (const [id, later] of this.deferred) {
      if (!seen.has(id)) {
        later.placeholder.remove();
        this.deferred.delete(id);
      }
    }
    this.scheduleDeferred();
  }

  private updateWelcome(chat: Chat, history: readonly ChatSummary[]): void {
    this.welcome?.remove();
    this.welcome = chat.turns.length === 0 ? renderWelcome(history.filter((c) => c.id !== chat.id)) : null;
    if (this.welcome) this.el.prepend(this.welcome);
  }

  private scheduleDeferred(): void {
    if (this.idle || this.deferred.size === 0) return;
    this.idle = true;
    const idle: (cb: () => void) => void = window.requestIdleCallback ?? ((cb) => setTimeout(cb, 16));
    idle(() => {
      this.idle = false;
      const entries = [...this.deferred];
      const last = entries[entries.length - 1];
      if (!last) return;
      const [id, { turn, placeholder }] = last;
      this.deferred.delete(id);
      if (!placeholder.isConnected) return this.scheduleDeferred();
      const view = new TurnView(turn);
      this.views.set(id, view);
      placeholder.replaceWith(view.el);
      this.onGrow();
      this.scheduleDeferred();
    });
  }
}

/** Index of the first turn to draw at once: the latest turns up to EAGER_CHARS, at least one. */
function eagerStart(turns: readonly Turn[]): number {
  let chars = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    chars += turnChars(turns[i]!);
    if (chars > EAGER_CHARS) return i === turns.length - 1 ? i : i + 1;
  }
  return 0;
}

function turnChars(turn: Turn): number {
  let n = turn.prompt.length;
  for (const item of turn.items) n += itemChars(item);
  return n;
}

function itemChars(item: TurnItem): number {
  switch (item.kind) {
    case 'text':
    case 'reasoning':
      return item.text.length;
    case 'tool':
      return (item.output?.length ?? 0) + 200;
    default:
      return 200;
  }
}
