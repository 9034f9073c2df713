/**
 * The finished blocks of one text item, in pages of PAGE_SIZE blocks, which the browser skips
 * while they are off screen (CSS `content-visibility`), so a long answer does not make every
 * frame's layout longer.
 *
 * A page is drawn (its blocks rendered) or not: not yet, when many blocks arrived at once (a
 * snapshot of a long answer: drawn in idle time), or no longer, in a very long answer. There,
 * pages are windowed like the turns of a long chat (windowedList.ts): a page not drawn holds its
 * words as plain text in `hidden="until-found"`, so find in page still finds them, and keeps the
 * height it was last drawn at as its own (`style.height`), so nothing moves when it is dropped or
 * comes back into view. Drawn, each block costs the document dozens of elements (highlighted code
 * most), about a hundred bytes of renderer memory per character of the answer; dropped, a page is
 * one text node.
 *
 * The pages are the text block's children, not grouped in boxes the browser also skips: inside a
 * skipped box the window's observer sees no page at all, and a page of 0 px at the edge of such a
 * box (a stand-in that had only its remembered size) is never seen, so it stayed a hole in view.
 */
import { h } from '../dom';
import { whenIdle } from '../idle';
import { renderBlocks } from '../markdown/markdown';
import { copyStandIn } from './standInCopy';
import { WindowedList } from './windowedList';

const PAGE_SIZE = 32;
/** Pages drawn at once when more arrive together; the rest wait for idle time. */
const EAGER_PAGES = 2;
/** An answer of more pages than this (a thousand blocks, some 300 KB) is windowed. */
const WINDOW_MIN_PAGES = 32;
/** Pages beyond the far margin that stay drawn, the most recently seen: scrolling back redraws nothing. */
const KEPT_AWAY = 8;

interface Page {
  readonly el: HTMLElement;
  readonly index: number;
}

export class AnswerPages {
  private readonly pages: Page[] = [];
  private readonly list: WindowedList<Page>;
  /** How many finished blocks the pages hold. */
  private count = 0;

  /**
   * `container`: the text block (pages go in it before `tail()`); `sources(from, to)`: the
   * finished blocks' markdown, from the splitter, rendered and dropped (sources are not kept).
   */
  constructor(
    private readonly container: HTMLElement,
    private readonly tail: () => HTMLElement,
    private readonly sources: (from: number, to: number) => string[],
  ) {
    this.list = new WindowedList<Page>(container, {
      draw: (page) => {
        page.el.style.height = '';
        page.el.replaceChildren(...renderBlocks(this.sourcesOf(page)));
        return page.el;
      },
      // As tall as it was drawn (the words, hidden, take no room), or, never laid out, as the
      // browser's estimate for a skipped page while off screen; the words come in idle time.
      stub: (page, height) => {
        page.el.style.height = height > 0 ? `${height}px` : '';
        page.el.replaceChildren();
        return page.el;
      },
      // Find in page showed the words: the page takes their height until it leaves the window.
      reveal: (page) => {
        page.el.style.height = '';
      },
      words: (page) => {
        const words = h('div', { class: 'md-page-words', text: this.sourcesOf(page).join('') });
        words.setAttribute('hidden', 'until-found');
        page.el.replaceChildren(words);
      },
      keep: (page) => {
        const selection = document.getSelection();
        return [document.activeElement, selection?.anchorNode, selection?.focusNode].some(
          (n) => !!n && page.el.contains(n),
        );
      },
      keptAway: KEPT_AWAY,
      dropUnmeasured: true,
    });
  }

  get blockCount(): number {
    return this.count;
  }

  /**
   * The finished blocks are now `total`: places the new ones on pages, and returns the indexes of
   * those to render now (the others wait on pages drawn in idle time or by the window).
   */
  grow(total: number): number[] {
    const first = this.count;
    const firstEagerPage = Math.floor((total - 1) / PAGE_SIZE) - EAGER_PAGES + 1;
    const now: number[] = [];
    for (let b = first; b < total; b++) {
      const page = this.pageFor(Math.floor(b / PAGE_SIZE), firstEagerPage);
      if (this.list.isDrawn(page)) now.push(b);
      else this.list.changed(page); // its words are written again, with the new block
    }
    this.count = Math.max(first, total);
    return now;
  }

  /** Puts rendered block `b` (one of those `grow` returned) on its page. */
  put(b: number, el: HTMLElement): void {
    this.pages[Math.floor(b / PAGE_SIZE)]!.el.append(el);
  }

  /** After `grow` and `put`: windows a very long answer. */
  settle(): void {
    if (!this.windowDue()) return;
    this.startWindow();
    // A snapshot's view is built before it is in the document: tried again once it is.
    if (this.windowDue()) whenIdle(() => this.startWindow());
  }

  /** Keeps the first `keep` blocks only (the text was replaced, e.g. by `final.text`). */
  truncate(keep: number): void {
    this.count = Math.min(this.count, keep);
    for (const page of this.pages.splice(Math.ceil(keep / PAGE_SIZE))) this.list.remove(page);
    const partial = this.pages[Math.floor(keep / PAGE_SIZE)];
    if (!partial) return;
    if (!this.list.isDrawn(partial)) {
      partial.el.replaceChildren();
      this.list.changed(partial);
      return;
    }
    const inPage = keep % PAGE_SIZE;
    while (partial.el.children.length > inPage) partial.el.lastElementChild!.remove();
  }

  /** Page `n`, new ones drawn from `firstEager` on (before it they wait for idle time). */
  private pageFor(n: number, firstEager: number): Page {
    let page = this.pages[n];
    if (page) return page;
    const fresh: Page = { el: h('div', { class: 'md-page' }), index: n };
    page = fresh;
    this.pages.push(page);
    copyStandIn(page.el, () => (this.list.isDrawn(fresh) ? null : this.sourcesOf(fresh).join('')));
    this.tail().before(this.list.add(page, n >= firstEager ? undefined : 0));
    return page;
  }

  /** The markdown of the page's blocks. */
  private sourcesOf(page: Page): string[] {
    const from = page.index * PAGE_SIZE;
    return this.sources(from, Math.min(this.count, from + PAGE_SIZE));
  }

  private windowDue(): boolean {
    return !this.list.windowed && this.pages.length > WINDOW_MIN_PAGES;
  }

  /** From now on only the pages near the viewport are drawn (the answer became very long). */
  private startWindow(): void {
    const root = this.container.closest('.scroller');
    if (root && this.windowDue()) this.list.window(root);
  }
}
