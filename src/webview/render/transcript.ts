/**
 * The list of turns; a welcome with recent chats when the chat is empty.
 *
 * A long chat is windowed: only turns near the viewport are drawn. The others are placeholders as
 * tall as the turn was when last drawn (see turnPlaceholder.ts), in the same order, so the scroll bar,
 * the reading order and find in page (which reveals a placeholder's words) still cover the whole
 * chat. A snapshot draws the latest turns at once (the view opens at the bottom); intersection
 * observers (viewportWindow.ts) draw a turn in idle time as it comes within the far margin of the
 * viewport, at once within the near one, and drop it once it is beyond the far margin and not
 * among the KEPT_AWAY turns seen last. The turn being streamed, a turn holding the focus or an open card, and every
 * turn of a short chat stay drawn, so a frame while streaming touches that turn only, however
 * long the chat. See docs/long-chats.md.
 */
import type { Chat, Turn, TurnItem } from '../../conversation/model';
import { RUNNING_STATUSES } from '../../conversation/model';
import type { ChatSummary } from '../../messages/messages';
import { button, h, setText } from '../dom';
import { whenIdle } from '../idle';
import { post } from '../vscodeApi';
import { renderWelcome } from './history';
import { TurnView } from './turn';
import { estimateHeight, TurnPlaceholder } from './turnPlaceholder';
import { windowObservers } from './viewportWindow';

/** Characters of turn content drawn at once when a snapshot arrives or the view jumps. */
const EAGER_CHARS = 60_000;
/**
 * Turns beyond the far margin (viewportWindow.ts) stay drawn, the most recently seen first, up to this many: scrolling
 * back and forth redraws nothing, and a pass through the chat drops each turn once, not per scroll.
 */
const KEPT_AWAY = 12;
/** A chat this short is drawn whole: windowing it would save nothing. */
const WINDOW_MIN_TURNS = 20;

interface Slot {
  turn: Turn;
  view: TurnView | null;
  placeholder: TurnPlaceholder | null;
  /** The turn's height when it was last drawn. */
  height: number | null;
}

/** A drawn turn beyond the far margin, and its height when it left. */
interface Away {
  readonly slot: Slot;
  readonly height: number;
}

export class TranscriptView {
  // Not role=log: that is a live region, and a screen reader would read every streamed word.
  readonly el = h('section', { class: 'transcript', attrs: { 'aria-label': 'Conversation' } });
  private readonly slots = new Map<string, Slot>();
  private readonly byEl = new WeakMap<Element, Slot>();
  private order: Slot[] = [];
  private turns: readonly Turn[] | null = null;
  private history: readonly ChatSummary[] | null = null;
  private welcome: HTMLElement | null = null;
  private near: IntersectionObserver | null = null;
  private far: IntersectionObserver | null = null;
  /** Turns within the far margin waiting for idle time to be drawn. */
  private readonly soon = new Set<Slot>();
  /** Drawn turns beyond the far margin, in the order they left it. */
  private readonly away = new Map<Slot, Away>();
  private drawing = false;
  private writing = false;
  /** A big chat opened with its latest turns only: stands for the others, fetches them when near. */
  private older: HTMLElement | null = null;
  private asked = false;

  /** `onGrow`: turns were drawn above (the view may need to stay at the bottom). */
  constructor(private readonly onGrow: () => void = () => {}) {
    // Find in page found words in a placeholder: show them there (plain) until it leaves the window.
    this.el.addEventListener('beforematch', (ev) => {
      const slot = this.slotOf(ev.target);
      slot?.placeholder?.reveal();
    }, true);
  }

  /** Call once the element is in the document: `root` is the scrolling container. */
  attach(root: HTMLElement): void {
    this.detach();
    const { near, far } = windowObservers(root, (entries) => this.onNear(entries), (entries) => this.onFar(entries));
    this.near = near;
    this.far = far;
    for (const slot of this.order) this.observe(this.elOf(slot));
    if (this.older) near.observe(this.older);
  }

  /** Stops observing (the view was replaced by a fresh one). */
  detach(): void {
    this.near?.disconnect();
    this.far?.disconnect();
    this.near = this.far = null;
    this.soon.clear();
    this.away.clear();
  }

  update(chat: Chat, history: readonly ChatSummary[], olderTurns = 0): void {
    this.updateOlder(olderTurns);
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
        slot = { turn, view: null, placeholder: null, height: null };
        this.slots.set(turn.id, slot);
        if (i >= eagerFrom) this.draw(slot);
        else this.stub(slot, estimateHeight(turn, width));
        this.el.append(this.elOf(slot));
        this.observe(this.elOf(slot));
      }
      order.push(slot);
    });
    for (const [id, slot] of this.slots) {
      if (seen.has(id)) continue;
      this.unobserve(this.elOf(slot));
      this.soon.delete(slot);
      this.away.delete(slot);
      this.elOf(slot).remove();
      this.slots.delete(id);
    }
    this.order = order;
    const last = order[order.length - 1];
    if (last && !last.view) this.mount(last);
    this.scheduleWords();
  }

  /** Draws the first (or last) turns at once and puts them in view. */
  jump(to: 'top' | 'bottom', scroller: HTMLElement): void {
    if (to === 'top') this.askOlder();
    const slots = to === 'top' ? this.order : [...this.order].reverse();
    let chars = 0;
    for (const slot of slots) {
      if (!slot.view) this.mount(slot);
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
    else if (RUNNING_STATUSES.has(turn.status)) this.mount(slot);
    else {
      slot.placeholder?.invalidate();
      this.scheduleWords();
    }
  }

  private updateOlder(count: number): void {
    if (count <= 0) {
      this.older?.remove();
      this.older = null;
      return;
    }
    if (this.older) return;
    const label = `${count} earlier turn${count === 1 ? '' : 's'}`;
    this.older = h('div', { class: 'older-turns muted' }, h('span', { text: `${label} not loaded yet.` }), button('Show earlier turns', () => this.askOlder(), { class: 'secondary small' }));
    this.el.prepend(this.older);
    this.near?.observe(this.older);
  }

  /** Once: the host answers with a snapshot of the whole chat. */
  private askOlder(): void {
    if (!this.older || this.asked) return;
    this.asked = true;
    setText(this.older.firstElementChild as HTMLElement, 'Loading earlier turns…');
    post({ type: 'loadOlder' });
  }

  private updateWelcome(chat: Chat, history: readonly ChatSummary[]): void {
    this.welcome?.remove();
    this.welcome = chat.turns.length === 0 ? renderWelcome(history.filter((c) => c.id !== chat.id), chat.sessionId) : null;
    if (this.welcome) this.el.prepend(this.welcome);
  }

  private observe(el: HTMLElement): void {
    this.near?.observe(el);
    this.far?.observe(el);
  }

  private unobserve(el: HTMLElement): void {
    this.near?.unobserve(el);
    this.far?.unobserve(el);
  }

  /** Near the viewport: drawn now (unless find revealed its words there). */
  private onNear(entries: readonly IntersectionObserverEntry[]): void {
    let grew = false;
    for (const e of entries) {
      if (e.target === this.older) {
        if (e.isIntersecting) this.askOlder();
        continue;
      }
      const slot = this.byEl.get(e.target);
      if (!slot || !e.target.isConnected || !e.isIntersecting || slot.view || slot.placeholder?.revealed) continue;
      this.mount(slot);
      grew = true;
    }
    if (grew) this.onGrow();
  }

  /** Coming within the far margin: drawn in idle time; leaving it: dropped. */
  private onFar(entries: readonly IntersectionObserverEntry[]): void {
    for (const e of entries) {
      const slot = this.byEl.get(e.target);
      if (!slot || !e.target.isConnected) continue;
      if (e.isIntersecting) {
        this.away.delete(slot);
        if (!slot.view && !slot.placeholder?.revealed) this.soon.add(slot);
        continue;
      }
      this.soon.delete(slot);
      if (slot.view) {
        this.away.delete(slot);
        this.away.set(slot, { slot, height: e.boundingClientRect.height });
      } else if (slot.placeholder?.revealed) {
        // Words that find revealed, now out of the window: hidden again, the turn's height back.
        this.swap(slot, () => this.stub(slot, slot.height ?? e.boundingClientRect.height));
      }
    }
    this.dropAway();
    this.drawSoon();
  }

  /** Drops the turns that left the far margin longest ago, beyond the KEPT_AWAY most recent. */
  private dropAway(): void {
    for (const [slot, { height }] of this.away) {
      if (this.away.size <= KEPT_AWAY) return;
      this.away.delete(slot);
      if (slot.view && !this.keepDrawn(slot)) this.unmount(slot, height);
    }
  }

  /** One waiting turn per idle period, so a scroll reaches turns already drawn. */
  private drawSoon(): void {
    if (this.drawing || this.soon.size === 0) return;
    this.drawing = true;
    whenIdle(() => {
      this.drawing = false;
      const [slot] = this.soon;
      if (!slot) return;
      this.soon.delete(slot);
      if (!slot.view && !slot.placeholder?.revealed && this.slots.get(slot.turn.id) === slot) {
        this.mount(slot);
        this.onGrow();
      }
      this.drawSoon();
    });
  }

  /** A short chat, the last turn, a running one, or one holding the focus or an open card stays drawn. */
  private keepDrawn(slot: Slot): boolean {
    if (this.order.length < WINDOW_MIN_TURNS || slot === this.order[this.order.length - 1] || RUNNING_STATUSES.has(slot.turn.status)) return true;
    return slot.view !== null && (slot.view.el.contains(document.activeElement) || slot.view.el.querySelector('details[open]') !== null);
  }

  private mount(slot: Slot): void {
    this.swap(slot, () => this.draw(slot));
  }

  private unmount(slot: Slot, height: number): void {
    this.away.delete(slot);
    if (height <= 0) return; // not laid out (a hidden view): nothing to measure
    slot.height = height;
    this.swap(slot, () => this.stub(slot, height));
    this.scheduleWords();
  }

  /** Replaces the slot's element with what `make` builds, keeping its place and observation. */
  private swap(slot: Slot, make: () => void): void {
    const old = this.elOf(slot);
    this.unobserve(old);
    make();
    const fresh = this.elOf(slot);
    if (old !== fresh) old.replaceWith(fresh);
    this.observe(fresh);
  }

  private draw(slot: Slot): void {
    slot.view = new TurnView(slot.turn);
    slot.placeholder = null;
    this.byEl.set(slot.view.el, slot);
  }

  private stub(slot: Slot, height: number): void {
    slot.view = null;
    slot.placeholder = new TurnPlaceholder(slot.turn.id, height);
    this.byEl.set(slot.placeholder.el, slot);
  }

  private elOf(slot: Slot): HTMLElement {
    return slot.view?.el ?? slot.placeholder!.el;
  }

  private slotOf(target: EventTarget | null): Slot | undefined {
    const el = target instanceof Element ? target.closest('.turn-placeholder') : null;
    return el ? this.byEl.get(el) : undefined;
  }

  /** Writes placeholders' words for find in page while the view is idle, a few turns at a time. */
  private scheduleWords(): void {
    if (this.writing) return;
    this.writing = true;
    whenIdle((deadline) => {
      this.writing = false;
      let more = false;
      for (let i = this.order.length - 1; i >= 0; i--) {
        const p = this.order[i]!.placeholder;
        if (!p?.needsWords) continue;
        if (deadline && deadline.timeRemaining() < 2) {
          more = true;
          break;
        }
        p.writeWords(this.order[i]!.turn);
        if (!deadline) {
          more = true;
          break;
        }
      }
      if (more) this.scheduleWords();
    });
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
