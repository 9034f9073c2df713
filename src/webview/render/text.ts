/**
 * A text block as markdown: narration (muted) or the answer. While it streams, finished blocks
 * stay as rendered and only the tail is rendered again (see `incremental.ts`); a frame's new
 * blocks and tail are rendered and sanitised together. Finished blocks are grouped in pages of
 * PAGE_SIZE, and pages in chapters of CHAPTER_PAGES, that the browser can skip when off screen
 * (CSS `content-visibility`), so a long answer does not make every frame's layout longer. When many blocks arrive at once (a snapshot
 * of a long answer), the last pages are drawn at once and the earlier ones while the view is idle.
 */
import type { TextItem } from '../../conversation/model';
import { h } from '../dom';
import { MarkdownBlocks } from '../incremental';
import { renderBlocks } from '../markdown';
import { appendedSince } from '../textGrowth';
import type { ItemView } from './itemView';

const PAGE_SIZE = 32;
/**
 * Pages are grouped in chapters the browser may skip as a whole, so that a frame's layout and
 * paint walk a few chapters and the pages of the last one, not every page of a long answer.
 */
const CHAPTER_PAGES = 16;
/** Pages drawn at once when more arrive together; the rest wait for idle time. */
const EAGER_PAGES = 2;
/** Above this, the unfinished block is plain text rather than markdown re-parsed per frame. */
const PLAIN_TAIL_CHARS = 64 * 1024;

/**
 * The unfinished block as plain text; while it streams only its end is laid out (the reader is at
 * the bottom), so a frame costs the same however long the block is.
 */
function plainBlock(source: string, whole: boolean): HTMLElement {
  if (whole) return h('div', { class: 'md-block plain-tail', text: source });
  const hidden = source.length - PLAIN_TAIL_CHARS;
  return h(
    'div',
    { class: 'md-block plain-tail' },
    h('div', { class: 'plain-tail-more', text: `… ${Math.round(hidden / 1024)} KB above, shown when this part ends` }),
    document.createTextNode(source.slice(hidden)),
  );
}

interface Page {
  readonly el: HTMLElement;
  /** Not drawn yet: the idle fill renders the page's blocks (by index, from the splitter) later. */
  pending: boolean;
}

export class TextView implements ItemView<TextItem> {
  readonly kind = 'text';
  readonly el = h('div', { class: 'text-block markdown' });
  private readonly splitter = new MarkdownBlocks();
  /** How many finished blocks are on pages. Their sources are not kept (see `incremental.ts`). */
  private frozen = 0;
  private readonly pages: Page[] = [];
  private readonly chapters: HTMLElement[] = [];
  private tail: HTMLElement = h('div', { class: 'md-block' });
  /** The tail's markdown, to skip re-rendering an unchanged tail: a slice of the latest text only. */
  private tailSource = '';
  private filling = false;
  /** The tail is shown in part (a huge block still streaming). */
  private tailPartial = false;
  /** The item last drawn (what the splitter last saw). */
  private item: TextItem | null = null;
  /** The text's length when the splitter last read it whole. */
  private readWhole = 0;

  constructor(item: TextItem) {
    this.el.append(this.tail);
    this.update(item);
  }

  update(item: TextItem): void {
    this.el.classList.toggle('answer', item.answer);
    this.el.classList.toggle('streaming', !item.closed);
    let appended = appendedSince(this.item, item);
    // Each time the text grew by a quarter, read it whole anyway: V8 then keeps it flat again rather
    // than as a chain of deltas (~20 bytes more each), at a cost linear in the text overall.
    if (appended !== undefined && item.text.length > 1.25 * this.readWhole + 65_536) appended = undefined;
    if (appended === undefined) this.readWhole = item.text.length;
    const extended = this.splitter.update(item.text, appended);
    this.item = item;
    // When the text was replaced (e.g. by `final.text`), keep the blocks whose source is unchanged.
    if (!extended) this.truncate(Math.min(this.frozen, this.splitter.unchangedBlocks));
    const first = this.frozen;
    const count = this.splitter.blockCount - first;
    const tail = this.splitter.tail;
    // A block shown in part while streaming is shown whole once the text closes.
    const tailChanged = tail !== this.tailSource || (this.tailPartial && item.closed);
    if (count <= 0 && !tailChanged) return;

    // Blocks on pages that already exist are drawn now; of the new pages, only the last few.
    const firstNewPage = this.pages.length;
    const firstEagerPage = Math.floor((first + count - 1) / PAGE_SIZE) - EAGER_PAGES + 1;
    // Indexes of the new blocks to draw now, in order (the others wait on pending pages).
    const draw: number[] = [];
    for (let b = first; b < first + count; b++) {
      const n = Math.floor(b / PAGE_SIZE);
      const page = this.pageFor(n);
      if (page.pending || (n >= firstNewPage && n < firstEagerPage)) page.pending = true;
      else draw.push(b);
    }
    this.frozen = first + count;
    const now = draw.flatMap((b) => this.splitter.blocks(b, b + 1));
    // A huge unfinished block (a flood without blank lines) would be parsed again on every frame:
    // it is shown as plain text until a blank line finishes it, and then rendered once.
    const plainTail = tail.length > PLAIN_TAIL_CHARS;
    const withTail = tailChanged && !plainTail;
    const rendered = renderBlocks(withTail ? [...now, tail] : now, withTail && !item.closed);
    if (tailChanged) {
      const fresh = plainTail ? plainBlock(tail, item.closed) : rendered.pop()!;
      this.tailPartial = plainTail && !item.closed;
      this.tail.replaceWith(fresh);
      this.tail = fresh;
      this.tailSource = tail;
    }
    rendered.forEach((block, i) => this.pages[Math.floor(draw[i]! / PAGE_SIZE)]!.el.append(block));
    this.scheduleFill();
  }

  private pageFor(n: number): Page {
    let page = this.pages[n];
    if (!page) {
      page = { el: h('div', { class: 'md-page' }), pending: false };
      this.pages.push(page);
      const c = Math.floor(n / CHAPTER_PAGES);
      let chapter = this.chapters[c];
      if (!chapter) {
        chapter = h('div', { class: 'md-chapter' });
        this.chapters.push(chapter);
        this.tail.before(chapter);
      }
      chapter.append(page.el);
    }
    return page;
  }

  /** Draws the latest pending page in each idle period (the reader is at the bottom). */
  private scheduleFill(): void {
    if (this.filling || !this.pages.some((p) => p.pending)) return;
    this.filling = true;
    const idle: (cb: () => void) => void = window.requestIdleCallback ?? ((cb) => setTimeout(cb, 16));
    idle(() => {
      this.filling = false;
      const n = this.pages.findLastIndex((p) => p.pending);
      if (n < 0) return;
      const page = this.pages[n]!;
      page.pending = false;
      page.el.append(...renderBlocks(this.splitter.blocks(n * PAGE_SIZE, Math.min(this.frozen, (n + 1) * PAGE_SIZE))));
      this.scheduleFill();
    });
  }

  private truncate(keep: number): void {
    this.frozen = keep;
    for (const page of this.pages.splice(Math.ceil(keep / PAGE_SIZE))) page.el.remove();
    for (const chapter of this.chapters.splice(Math.ceil(this.pages.length / CHAPTER_PAGES))) chapter.remove();
    const partial = this.pages[Math.floor(keep / PAGE_SIZE)];
    if (!partial || partial.pending) return; // a pending page draws only blocks below `frozen`
    const inPage = keep % PAGE_SIZE;
    while (partial.el.children.length > inPage) partial.el.lastElementChild!.remove();
  }
}
