/**
 * The list of turns; a welcome with recent chats when the chat is empty.
 *
 * A long chat is windowed (windowedList.ts): only turns near the viewport are drawn, the others
 * are placeholders as tall as the turn was when last drawn (turnPlaceholder.ts), in the same order,
 * so the scroll bar, the reading order and find in page still cover the whole chat. A snapshot
 * draws the latest turns at once (the view opens at the bottom). The turn being streamed, a turn
 * holding the focus or an open card, and every turn of a short chat stay drawn, so a frame while
 * streaming touches that turn only, however long the chat. See docs/long-chats.md.
 */
import type { Chat, Turn, TurnItem } from '../../conversation/model';
import { RUNNING_STATUSES } from '../../conversation/model';
import type { ChatSummary } from '../../messages/protocol';
import { button, h, setText } from '../dom';
import { CLEARED_WORDS } from '../composer/slashCommands';
import { post } from '../vscodeApi';
import { renderWelcome } from './history';
import { TurnView, type TurnActions } from './turn';
import { copyStandIn } from './standInCopy';
import { estimateHeight, plainText, TurnPlaceholder } from './turnPlaceholder';
import { nearObserver, WindowedList } from './windowedList';

/** Characters of turn content drawn at once when a snapshot arrives or the view jumps. */
const EAGER_CHARS = 60_000;
/**
 * Turns beyond the far margin (windowedList.ts) that stay drawn, the most recently seen: scrolling
 * back and forth redraws nothing, and a pass through the chat drops each turn once, not per scroll.
 */
const KEPT_AWAY = 12;
/** A chat this short is drawn whole: windowing it would save nothing. */
const WINDOW_MIN_TURNS = 20;

/** What `/clear` took off the view: the chat's turns at the time. */
export interface Cleared {
  readonly chatId: string;
  readonly ids: ReadonlySet<string>;
  /** Puts them back (Show cleared turns). */
  show(): void;
}

/** One turn's place: drawn (`view`) or a placeholder. */
interface Slot {
  turn: Turn;
  view: TurnView | null;
  placeholder: TurnPlaceholder | null;
}

export class TurnList {
  // Not role=log: that is a live region, and a screen reader would read every streamed word.
  readonly el = h('section', { class: 'transcript', attrs: { 'aria-label': 'Conversation' } });
  private readonly slots = new Map<string, Slot>();
  private order: Slot[] = [];
  private readonly list: WindowedList<Slot>;
  private turns: readonly Turn[] | null = null;
  private history: readonly ChatSummary[] | null = null;
  private welcome: HTMLElement | null = null;
  /** A big chat opened with its latest turns only: stands for the others, fetches them when near. */
  private older: HTMLElement | null = null;
  private olderSeen: IntersectionObserver | null = null;
  private asked = false;
  /** Turns `/clear` took off the view (Zero keeps them in its session), and the line that says so. */
  private cleared: Cleared | null = null;
  private clearedLine: HTMLElement | null = null;
  private rawTurns: readonly Turn[] | null = null;
  private shownTurns: readonly Turn[] = [];

  /** `grew`: turns were drawn above (the view may need to stay at the bottom); `actions`: what their buttons ask of the composer. */
  constructor(grew: () => void, actions: TurnActions) {
    this.list = new WindowedList<Slot>(this.el, {
      draw: (slot) => {
        slot.view = new TurnView(slot.turn, actions);
        slot.placeholder = null;
        return slot.view.el;
      },
      stub: (slot, height) => {
        slot.view = null;
        slot.placeholder = new TurnPlaceholder(slot.turn.id, height);
        copyStandIn(slot.placeholder.el, () => plainText(slot.turn));
        return slot.placeholder.el;
      },
      words: (slot) => slot.placeholder?.writeWords(slot.turn),
      reveal: (slot) => slot.placeholder?.reveal(),
      keep: (slot) => this.keepDrawn(slot),
      keptAway: KEPT_AWAY,
      grew,
    });
  }

  /** Call once the element is in the document: `root` is the scrolling container. */
  attach(root: HTMLElement): void {
    this.detach();
    this.list.window(root);
    this.olderSeen = nearObserver(root, (entries) => {
      if (entries.some((e) => e.isIntersecting)) this.askOlder();
    });
    if (this.older) this.olderSeen.observe(this.older);
  }

  /** Stops observing (the view was replaced by a fresh one). */
  detach(): void {
    this.list.stop();
    this.olderSeen?.disconnect();
    this.olderSeen = null;
  }

  /**
   * Zero's `/clear`: the turns in `cleared.ids` are not drawn, and a line says Zero still has them.
   * Call before the first update (the app draws a fresh list when this changes).
   */
  setCleared(cleared: Cleared | null): void {
    this.cleared = cleared && cleared.ids.size > 0 ? cleared : null;
  }

  update(chat: Chat, history: readonly ChatSummary[], olderTurns = 0): void {
    const cleared = this.cleared?.chatId === chat.id ? this.cleared : null;
    this.updateCleared(cleared);
    this.updateOlder(cleared ? 0 : olderTurns);
    if (chat.turns !== this.rawTurns) {
      this.rawTurns = chat.turns;
      this.shownTurns = cleared ? chat.turns.filter((t) => !cleared.ids.has(t.id)) : chat.turns;
    }
    chat = this.shownTurns === chat.turns ? chat : { ...chat, turns: this.shownTurns };
    if (chat.turns === this.turns && (history === this.history || chat.turns.length > 0)) return;
    const first = this.turns === null;
    const prevTurns = this.turns;
    this.turns = chat.turns;
    this.history = history;
    this.updateWelcome(chat, history);
    if (prevTurns && sameButLast(prevTurns, chat.turns)) {
      // Streaming: only the last turn changed; nothing else is looked at.
      this.updateSlot(this.slots.get(chat.turns[chat.turns.length - 1]!.id)!, chat.turns[chat.turns.length - 1]!);
      return;
    }
    const eagerFrom = first && chat.turns.length >= WINDOW_MIN_TURNS ? eagerStart(chat.turns) : 0;
    const width = this.el.clientWidth || 400;
    const seen = new Set<string>();
    const order: Slot[] = [];
    chat.turns.forEach((turn, i) => {
      seen.add(turn.id);
      let slot = this.slots.get(turn.id);
      if (slot) this.updateSlot(slot, turn);
      else {
        slot = { turn, view: null, placeholder: null };
        this.slots.set(turn.id, slot);
        this.el.append(this.list.add(slot, i >= eagerFrom ? undefined : estimateHeight(turn, width)));
      }
      order.push(slot);
    });
    for (const [id, slot] of this.slots) {
      if (seen.has(id)) continue;
      this.list.remove(slot);
      this.slots.delete(id);
    }
    this.order = order;
    const last = order[order.length - 1];
    if (last) this.list.draw(last);
  }

  /** Draws the first (or last) turns at once and puts them in view. */
  jump(to: 'top' | 'bottom', scroller: HTMLElement): void {
    if (to === 'top') this.askOlder();
    const slots = to === 'top' ? this.order : [...this.order].reverse();
    let chars = 0;
    for (const slot of slots) {
      this.list.draw(slot);
      chars += turnChars(slot.turn);
      if (chars > EAGER_CHARS) break;
    }
    scroller.scrollTop = to === 'top' ? 0 : scroller.scrollHeight;
  }

  private updateSlot(slot: Slot, turn: Turn): void {
    if (slot.turn === turn && (slot.view || !RUNNING_STATUSES.has(turn.status))) return;
    slot.turn = turn;
    if (slot.view) slot.view.update(turn);
    // A running turn is always drawn; a changed placeholder writes its words again.
    else if (RUNNING_STATUSES.has(turn.status)) this.list.draw(slot);
    else this.list.changed(slot);
  }

  private updateOlder(count: number): void {
    if (count <= 0) {
      this.older?.remove();
      this.older = null;
      return;
    }
    if (this.older) return;
    const label = `${count} earlier turn${count === 1 ? '' : 's'}`;
    this.older = h(
      'div',
      { class: 'older-turns muted' },
      h('span', { text: `${label} not loaded yet.` }),
      button('Show earlier turns', () => this.askOlder(), { class: 'secondary small' }),
    );
    this.el.prepend(this.older);
    this.olderSeen?.observe(this.older);
  }

  /** Once: the host answers with a snapshot of the whole chat. */
  private askOlder(): void {
    if (!this.older || this.asked) return;
    this.asked = true;
    setText(this.older.firstElementChild as HTMLElement, 'Loading earlier turns…');
    post({ type: 'loadOlder' });
  }

  private updateCleared(cleared: Cleared | null): void {
    if (!cleared) {
      this.clearedLine?.remove();
      this.clearedLine = null;
      return;
    }
    if (this.clearedLine) return;
    this.clearedLine = h(
      'div',
      { class: 'transcript-cleared muted', attrs: { role: 'status' } },
      h('span', { text: CLEARED_WORDS }),
      button('Show cleared turns', () => cleared.show(), { class: 'secondary small' }),
    );
    this.el.prepend(this.clearedLine);
  }

  private updateWelcome(chat: Chat, history: readonly ChatSummary[]): void {
    this.welcome?.remove();
    this.welcome =
      (this.rawTurns ?? chat.turns).length === 0
        ? renderWelcome(
            history.filter((c) => c.id !== chat.id),
            chat.sessionId,
          )
        : null;
    if (this.welcome) this.el.prepend(this.welcome);
  }

  /** A short chat, the last turn, a running one, or one holding the focus or an open card stays drawn. */
  private keepDrawn(slot: Slot): boolean {
    if (
      this.order.length < WINDOW_MIN_TURNS ||
      slot === this.order[this.order.length - 1] ||
      RUNNING_STATUSES.has(slot.turn.status)
    )
      return true;
    return (
      slot.view !== null &&
      (slot.view.el.contains(document.activeElement) || slot.view.el.querySelector('details[open]') !== null)
    );
  }
}

/** Only the last turn is a different object (a streamed frame): a pointer compare per turn, no DOM. */
function sameButLast(a: readonly Turn[], b: readonly Turn[]): boolean {
  const n = b.length;
  if (a.length !== n || n === 0 || a[n - 1]!.id !== b[n - 1]!.id) return false;
  for (let i = n - 2; i >= 0; i--) if (a[i] !== b[i]) return false;
  return true;
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
