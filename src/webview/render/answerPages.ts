/**
 * The finished blocks of one text item, in pages of PAGE_SIZE blocks, and pages in chapters of
 * CHAPTER_PAGES, which the browser skips while they are off screen (CSS `content-visibility`), so
 * a long answer does not make every frame's layout longer.
 *
 * A page is drawn (its blocks rendered) or not: not yet, when many blocks arrived at once (a
 * snapshot of a long answer: the idle fill draws it), or no longer, in a very long answer. There,
 * pages are windowed like the turns of a long chat (see transcript.ts): only the pages within
 * the far margin of the viewport (viewportWindow.ts) are drawn, plus the KEPT_AWAY seen last. The others hold the page's
 * words as plain text in `hidden="until-found"`, so find in page still finds them, and keep their
 * height: a page is dropped only while the browser skips it, and then lays it out at the size it
 * last had. Drawn, each block costs the document dozens of elements (highlighted code most), about
 * a hundred bytes of renderer memory per character of the answer; dropped, a page is one text node.
 */
import { h } from '../dom';
import { whenIdle } from '../idle';
import { renderBlocks } from '../markdown';
import { windowObservers } from './viewportWindow';

const PAGE_SIZE = 32;
/** Chapters the browser may skip as a whole: a frame's layout walks a few of them, not every page. */
const CHAPTER_PAGES = 16;
/** Pages drawn at once when more arrive together; the rest wait for idle time. */
const EAGER_PAGES = 2;
/** An answer of more pages than this (a thousand blocks, some 300 KB) is windowed. */
const WINDOW_MIN_PAGES = 32;
/** Pages beyond the far margin (viewportWindow.ts) that stay drawn, the most recently seen: scrolling back redraws nothing. */
const KEPT_AWAY = 8;

interface Page {
  readonly el: HTMLElement;
  readonly index: number;
  drawn: boolean;
  /** Within the far margin, as last reported (only tracked while windowed). */
  inWindow: boolean;
  /** Not drawn: the page's words for find in page, once written. */
  words: HTMLElement | null;
  /** Find in page showed the words: they stay, as plain text, until the page leaves the window. */
  revealed: boolean;
}

export class AnswerPages {
  private readonly pages: Page[] = [];
  private readonly chapters: HTMLElement[] = [];
  private readonly byEl = new WeakMap<Element, Page>();
  /** Drawn pages beyond the far margin, in the order they left it. */
  private readonly away = new Set<Page>();
  /** How many finished blocks the pages hold. */
  private count = 0;
  private filling = false;
  private near: IntersectionObserver | null = null;
  private far: IntersectionObserver | null = null;

  /**
   * `container`: the text block (chapters go in it before `tail()`); `sources(from, to)`: the
   * finished blocks' markdown, from the splitter, rendered and dropped (sources are not kept).
   */
  constructor(
    private readonly container: HTMLElement,
    private readonly tail: () => HTMLElement,
    private readonly sources: (from: number, to: number) => string[],
  ) {
    container.addEventListener('beforematch', (ev) => {
      const page = ev.target instanceof Element ? this.byEl.get(ev.target.closest('.md-page') ?? ev.target) : undefined;
      if (page && !page.drawn) page.revealed = true;
    }, true);
  }

  get blockCount(): number {
    return this.count;
  }

  /**
   * The finished blocks are now `total`: places the new ones on pages, and returns the indexes of
   * those to render now (the others wait on pages the idle fill or the window draws).
   */
  grow(total: number): number[] {
    const first = this.count;
    const firstNewPage = this.pages.length;
    const firstEagerPage = Math.floor((total - 1) / PAGE_SIZE) - EAGER_PAGES + 1;
    const now: number[] = [];
    for (let b = first; b < total; b++) {
      const n = Math.floor(b / PAGE_SIZE);
      const page = this.pageFor(n);
      if (n >= firstNewPage && n < firstEagerPage) page.drawn = false;
      if (page.drawn) now.push(b);
      else if (page.words) page.words = null; // its words are written again, with the new block
    }
    this.count = Math.max(first, total);
    return now;
  }

  /** Puts rendered block `b` (one of those `grow` returned) on its page. */
  put(b: number, el: HTMLElement): void {
    this.pages[Math.floor(b / PAGE_SIZE)]!.el.append(el);
  }

  /** After `grow` and `put`: draws waiting pages in idle time, and windows a very long answer. */
  settle(): void {
    if (this.windowDue()) this.startWindow();
    this.scheduleFill();
  }

  /** Keeps the first `keep` blocks only (the text was replaced, e.g. by `final.text`). */
  truncate(keep: number): void {
    this.count = Math.min(this.count, keep);
    for (const page of this.pages.splice(Math.ceil(keep / PAGE_SIZE))) this.forget(page);
    for (const chapter of this.chapters.splice(Math.ceil(this.pages.length / CHAPTER_PAGES))) chapter.remove();
    const partial = this.pages[Math.floor(keep / PAGE_SIZE)];
    if (!partial) return;
    if (!partial.drawn) {
      partial.words?.remove();
      partial.words = null;
      return;
    }
    const inPage = keep % PAGE_SIZE;
    while (partial.el.children.length > inPage) partial.el.lastElementChild!.remove();
  }

  private pageFor(n: number): Page {
    let page = this.pages[n];
    if (page) return page;
    page = { el: h('div', { class: 'md-page' }), index: n, drawn: true, inWindow: false, words: null, revealed: false };
    this.pages.push(page);
    this.byEl.set(page.el, page);
    const c = Math.floor(n / CHAPTER_PAGES);
    let chapter = this.chapters[c];
    if (!chapter) {
      chapter = h('div', { class: 'md-chapter' });
      this.chapters.push(chapter);
      this.tail().before(chapter);
    }
    chapter.append(page.el);
    this.observe(page);
    return page;
  }

  private forget(page: Page): void {
    this.near?.unobserve(page.el);
    this.far?.unobserve(page.el);
    this.away.delete(page);
    page.el.remove();
  }

  /** The markdown of the page's blocks. */
  private sourcesOf(page: Page): string[] {
    const from = page.index * PAGE_SIZE;
    return this.sources(from, Math.min(this.count, from + PAGE_SIZE));
  }

  private draw(page: Page): void {
    page.el.replaceChildren(...renderBlocks(this.sourcesOf(page)));
    page.drawn = true;
    page.words = null;
    page.revealed = false;
  }

  /** Not drawn: one text node of the page's words, hidden until find in page matches it. */
  private writeWords(page: Page): void {
    const words = h('div', { class: 'md-page-words', text: this.sourcesOf(page).join('') });
    words.setAttribute('hidden', 'until-found');
    page.el.replaceChildren(words);
    page.words = words;
    page.revealed = false;
  }

  /** Waiting pages the idle fill draws now: all of them, or in a windowed answer those in the window. */
  private fillable(page: Page): boolean {
    return !page.drawn && !page.revealed && (!this.near || page.inWindow);
  }

  /**
   * Pages drawn while the view is idle, the latest first (the reader is at the bottom), then the
   * words of those not drawn, as many as the idle period has time for.
   */
  private scheduleFill(): void {
    if (this.filling) return;
    if (!this.pages.some((p) => this.fillable(p) || this.wordsMissing(p)) && !this.windowDue()) return;
    this.filling = true;
    whenIdle((deadline) => {
      this.filling = false;
      // A snapshot's view is built before it is in the document: the window starts once it is.
      if (this.windowDue()) this.startWindow();
      do {
        const page = this.pages.findLast((p) => this.fillable(p)) ?? this.pages.findLast((p) => this.wordsMissing(p));
        if (!page) return;
        if (this.fillable(page)) this.draw(page);
        else this.writeWords(page);
      } while (deadline && deadline.timeRemaining() > 4);
      this.scheduleFill();
    });
  }

  private wordsMissing(page: Page): boolean {
    return this.near !== null && !page.drawn && !page.words;
  }

  private windowDue(): boolean {
    return !this.near && this.pages.length > WINDOW_MIN_PAGES;
  }

  /** From now on only the pages near the viewport are drawn (the answer became very long). */
  private startWindow(): void {
    const root = this.container.closest('.scroller');
    if (!root) return;
    const { near, far } = windowObservers(root, (entries) => this.onNear(entries), (entries) => this.onFar(entries));
    this.near = near;
    this.far = far;
    for (const page of this.pages) this.observe(page);
  }

  private observe(page: Page): void {
    this.near?.observe(page.el);
    this.far?.observe(page.el);
  }

  private onNear(entries: readonly IntersectionObserverEntry[]): void {
    for (const e of entries) {
      const page = this.byEl.get(e.target);
      if (page && e.isIntersecting && !page.drawn && !page.revealed) this.draw(page);
    }
  }

  private onFar(entries: readonly IntersectionObserverEntry[]): void {
    for (const e of entries) {
      const page = this.byEl.get(e.target);
      if (!page) continue;
      page.inWindow = e.isIntersecting;
      if (e.isIntersecting) this.away.delete(page);
      else if (page.drawn) {
        this.away.delete(page);
        this.away.add(page);
      } else if (page.revealed) this.writeWords(page); // hidden again until find or the window
    }
    this.dropAway();
    this.scheduleFill();
  }

  /**
   * Drops the pages that left the window longest ago, beyond the KEPT_AWAY most recent. Outside
   * the window the browser skips a page, so it keeps the height it was last laid out at.
   */
  private dropAway(): void {
    const selection = document.getSelection();
    for (const page of this.away) {
      if (this.away.size <= KEPT_AWAY) return;
      this.away.delete(page);
      const holds = (n: Node | null | undefined) => !!n && page.el.contains(n);
      if (!page.drawn || holds(document.activeElement) || holds(selection?.anchorNode) || holds(selection?.focusNode)) continue;
      page.drawn = false;
      this.writeWords(page);
    }
  }
}
