/**
 * A list of entries of which only those near the viewport are drawn: a long chat's turns
 * (transcript.ts) and a very long answer's pages (answerPages.ts). An entry not drawn is a
 * stand-in that keeps its place and height and holds its words, hidden until find in page
 * matches them (`hidden="until-found"`): find then reveals the words, plain, until the entry
 * leaves the window. See docs/long-chats.md.
 *
 * Within NEAR_MARGIN of the scroller's viewport, above and below, an entry is drawn at once;
 * within FAR_MARGIN, while the view is idle, so the frames that scroll to it have nothing to draw;
 * beyond FAR_MARGIN a drawn entry is dropped, unless it is among the `keptAway` seen last (scrolling
 * back and forth redraws nothing) or must stay drawn.
 */
import { whenIdle } from '../idle';

const NEAR_MARGIN = '150% 0px';
const FAR_MARGIN = '400% 0px';
/** Idle time an entry's drawing needs to begin: less, and it waits for the next idle period. */
const DRAW_IDLE_MS = 10;

/** How a list draws its entries and stands in for them. */
export interface Drawing<T> {
  /** The entry drawn: a new element, or its own one refilled. */
  draw(item: T): HTMLElement;
  /** Its stand-in, `height` px tall (as last drawn, or estimated); the words come later, by `words`. */
  stub(item: T, height: number): HTMLElement;
  /** Writes the stand-in's words for find in page (in idle time: there may be megabytes of them). */
  words(item: T): void;
  /** Drop an entry even when it was not laid out (height 0): its stand-in keeps no height of its own (pages). */
  readonly dropUnmeasured?: boolean;
  /** Find in page showed the stand-in's words. */
  reveal?(item: T): void;
  /** A drawn entry that must not be dropped now (it holds the focus, is streaming…). */
  keep(item: T): boolean;
  /** Drawn entries beyond the far margin that stay drawn, the most recently seen. */
  readonly keptAway: number;
  /** Entries came near and were drawn (the view may need to stay at the bottom). */
  grew?(): void;
}

interface Slot<T> {
  readonly item: T;
  el: HTMLElement;
  drawn: boolean;
  /** Find revealed the stand-in's words: they stay until the entry leaves the window. */
  revealed: boolean;
  /** The stand-in's words are to be written (again). */
  wordsDue: boolean;
  /** Within the far margin, as last reported. */
  inWindow: boolean;
  /** Its height when it was last dropped. */
  height: number | null;
}

/** An observer of what comes within the near margin of `root`'s viewport. */
export function nearObserver(
  root: Element,
  cb: (entries: readonly IntersectionObserverEntry[]) => void,
): IntersectionObserver {
  return new IntersectionObserver((entries) => cb(entries), { root, rootMargin: NEAR_MARGIN });
}

export class WindowedList<T> {
  private slots: Slot<T>[] = [];
  private readonly byItem = new Map<T, Slot<T>>();
  private readonly byEl = new WeakMap<Element, Slot<T>>();
  /** Drawn entries beyond the far margin, in the order they left it, with their height then. */
  private readonly away = new Map<Slot<T>, number>();
  private near: IntersectionObserver | null = null;
  private far: IntersectionObserver | null = null;
  private stopped = false;
  private idle = false;

  /**
   * `container` holds the entries (find's `beforematch` is heard there). Until `window` is called
   * nothing is windowed: entries not drawn are drawn in idle time, the latest first.
   */
  constructor(
    private readonly container: HTMLElement,
    private readonly drawing: Drawing<T>,
  ) {
    container.addEventListener(
      'beforematch',
      (ev) => {
        const slot = this.slotAt(ev.target);
        if (!slot || slot.drawn) return;
        slot.revealed = true;
        this.drawing.reveal?.(slot.item);
      },
      true,
    );
  }

  get windowed(): boolean {
    return this.near !== null;
  }

  isDrawn(item: T): boolean {
    return this.byItem.get(item)?.drawn ?? false;
  }

  /** Adds `item` after the others, drawn or, given `stubHeight`, as a stand-in; returns its element to place. */
  add(item: T, stubHeight?: number): HTMLElement {
    const drawn = stubHeight === undefined;
    const el = drawn ? this.drawing.draw(item) : this.drawing.stub(item, stubHeight);
    const slot: Slot<T> = { item, el, drawn, revealed: false, wordsDue: !drawn, inWindow: false, height: null };
    this.slots.push(slot);
    this.byItem.set(item, slot);
    this.byEl.set(el, slot);
    this.observe(el);
    if (!drawn) this.schedule();
    return el;
  }

  remove(item: T): void {
    const slot = this.byItem.get(item);
    if (!slot) return;
    this.unobserve(slot.el);
    this.away.delete(slot);
    slot.el.remove();
    this.byItem.delete(item);
    this.slots = this.slots.filter((s) => s !== slot);
  }

  /** Draws `item` now, in its place. */
  draw(item: T): void {
    const slot = this.byItem.get(item);
    if (!slot || slot.drawn) return;
    this.swap(slot, this.drawing.draw(item));
    slot.drawn = true;
    slot.revealed = slot.wordsDue = false;
  }

  /** `item` changed while not drawn: its words are written again. */
  changed(item: T): void {
    const slot = this.byItem.get(item);
    if (!slot || slot.drawn) return;
    slot.wordsDue = true;
    this.schedule();
  }

  /** From now on only the entries near `root`'s viewport (the scrolling container) are drawn. */
  window(root: Element): void {
    this.stop();
    this.stopped = false;
    this.near = nearObserver(root, (entries) => this.onNear(entries));
    this.far = new IntersectionObserver((entries) => this.onFar(entries), { root, rootMargin: FAR_MARGIN });
    for (const slot of this.slots) this.observe(slot.el);
  }

  /** Stops observing and drawing (the list was replaced by a fresh one). */
  stop(): void {
    this.near?.disconnect();
    this.far?.disconnect();
    this.near = this.far = null;
    this.away.clear();
    this.stopped = true;
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
      const slot = this.byEl.get(e.target);
      if (!slot || !e.target.isConnected || !e.isIntersecting || slot.drawn || slot.revealed) continue;
      this.draw(slot.item);
      grew = true;
    }
    if (grew) this.drawing.grew?.();
  }

  /** Coming within the far margin: drawn in idle time; leaving it: dropped in turn. */
  private onFar(entries: readonly IntersectionObserverEntry[]): void {
    for (const e of entries) {
      const slot = this.byEl.get(e.target);
      if (!slot || !e.target.isConnected) continue;
      slot.inWindow = e.isIntersecting;
      this.away.delete(slot);
      if (e.isIntersecting) continue;
      if (slot.drawn) this.away.set(slot, e.boundingClientRect.height);
      // Words that find revealed, now out of the window: hidden again.
      else if (slot.revealed) this.toStub(slot, slot.height ?? e.boundingClientRect.height);
    }
    this.dropAway();
    this.schedule();
  }

  /** Drops the entries that left the far margin longest ago, beyond the `keptAway` most recent. */
  private dropAway(): void {
    for (const [slot, height] of this.away) {
      if (this.away.size <= this.drawing.keptAway) return;
      this.away.delete(slot);
      // Not laid out (a hidden view): nothing to measure, nothing dropped.
      if (!slot.drawn || this.drawing.keep(slot.item) || (height <= 0 && !this.drawing.dropUnmeasured)) continue;
      slot.height = height;
      this.toStub(slot, height);
    }
  }

  private toStub(slot: Slot<T>, height: number): void {
    this.swap(slot, this.drawing.stub(slot.item, height));
    slot.drawn = slot.revealed = false;
    slot.wordsDue = true;
  }

  /** Puts `el` in the slot's place, observed in its stead. */
  private swap(slot: Slot<T>, el: HTMLElement): void {
    if (el === slot.el) return;
    this.unobserve(slot.el);
    slot.el.replaceWith(el);
    slot.el = el;
    this.byEl.set(el, slot);
    this.observe(el);
  }

  /** Waiting for idle time: not drawn, and not windowed or within the far margin. */
  private due(slot: Slot<T>): boolean {
    return !slot.drawn && !slot.revealed && (!this.near || slot.inWindow);
  }

  private wordless(slot: Slot<T>): boolean {
    return this.near !== null && !slot.drawn && !slot.revealed && slot.wordsDue;
  }

  /**
   * While the view is idle: the entries due, the latest first (the reader is most often at the
   * bottom), then the stand-ins' words, as many as the idle period has time for.
   */
  private schedule(): void {
    if (this.idle || this.stopped) return;
    this.idle = true;
    whenIdle((deadline) => {
      this.idle = false;
      if (this.stopped) return;
      let grew = false;
      for (;;) {
        const slot = this.slots.findLast((s) => this.due(s)) ?? this.slots.findLast((s) => this.wordless(s));
        if (!slot) break;
        if (this.due(slot)) {
          // Drawing an entry takes milliseconds (a turn's Markdown): not begun in the tail of an idle
          // period, where it would run into the next frame (a dropped frame while scrolling).
          if (deadline && !deadline.didTimeout && deadline.timeRemaining() < DRAW_IDLE_MS) {
            this.schedule();
            break;
          }
          this.draw(slot.item);
          grew = true;
        } else {
          slot.wordsDue = false;
          this.drawing.words(slot.item);
        }
        if (!deadline || deadline.timeRemaining() <= 4) {
          this.schedule();
          break;
        }
      }
      if (grew) this.drawing.grew?.();
    });
  }

  /** The entry whose element holds `target`. */
  private slotAt(target: EventTarget | null): Slot<T> | undefined {
    for (let n = target instanceof Element ? target : null; n && n !== this.container; n = n.parentElement) {
      const slot = this.byEl.get(n);
      if (slot) return slot;
    }
    return undefined;
  }
}
