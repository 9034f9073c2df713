/**
 * A text block as markdown: narration (muted) or the answer. While it streams, finished blocks
 * stay as rendered and only the tail is rendered again (see `incremental.ts`); a frame's new
 * blocks and tail are rendered and sanitised together. Finished blocks are grouped in pages of
 * PAGE_SIZE that the browser can skip when off screen (CSS `content-visibility`), so a long
 * answer does not make every frame's layout longer. When many blocks arrive at once (a snapshot
 * of a long answer), the last pages are drawn at once and the earlier ones while the view is idle.
 */
import type { TextItem } from '../../conversation/model';
import { h } from '../dom';
import { MarkdownBlocks } from '../incremental';
import { renderBlocks } from '../markdown';
import type { ItemView } from './itemView';

const PAGE_SIZE = 32;
/** Pages drawn at once when more arrive together; the rest wait for idle time. */
const EAGER_PAGES = 2;

/** A rendered block remembers its markdown, to tell whether a replaced text changed it. */
type Block = HTMLElement & { source?: string };

interface Page {
  readonly el: HTMLElement;
  /** Sources not drawn yet: the whole page fills in idle time. Null once drawn. */
  pending: string[] | null;
}

export class TextView implements ItemView<TextItem> {
  readonly kind = 'text';
  readonly el = h('div', { class: 'text-block markdown' });
  private readonly splitter = new MarkdownBlocks();
  /** Sources of the finished blocks, in order. */
  private readonly frozen: string[] = [];
  private readonly pages: Page[] = [];
  private tail: Block = h('div', { class: 'md-block' });
  private filling = false;

  constructor(item: TextItem) {
    this.tail.source = '';
    this.el.append(this.tail);
    this.update(item);
  }

  update(item: TextItem): void {
    this.el.classList.toggle('answer', item.answer);
    this.el.classList.toggle('streaming', !item.closed);
    const extended = this.splitter.update(item.text);
    // When the text was replaced (e.g. by `final.text`), keep the blocks whose source is unchanged.
    if (!extended) this.truncate(this.matchingPrefix());
    const sources = this.splitter.blocks(this.frozen.length);
    const tail = this.splitter.tail;
    const tailChanged = tail !== this.tail.source;
    if (sources.length === 0 && !tailChanged) return;

    // Blocks on pages that already exist are drawn now; of the new pages, only the last few.
    const firstNewPage = this.pages.length;
    const firstEagerPage = Math.floor((this.frozen.length + sources.length - 1) / PAGE_SIZE) - EAGER_PAGES + 1;
    const now: string[] = [];
    for (const source of sources) {
      const n = Math.floor(this.frozen.length / PAGE_SIZE);
      const page = this.pageFor(n);
      this.frozen.push(source);
      if (page.pending || (n >= firstNewPage && n < firstEagerPage)) (page.pending ??= []).push(source);
      else now.push(source);
    }
    const rendered: Block[] = renderBlocks(tailChanged ? [...now, tail] : now);
    rendered.forEach((block, i) => (block.source = i < now.length ? now[i] : tail));
    if (tailChanged) {
      const fresh = rendered.pop()!;
      this.tail.replaceWith(fresh);
      this.tail = fresh;
    }
    // `now` holds the last blocks, all on drawn pages: append them in order.
    let i = this.frozen.length - now.length;
    for (const block of rendered) this.pages[Math.floor(i++ / PAGE_SIZE)]!.el.append(block);
    this.scheduleFill();
  }

  private pageFor(n: number): Page {
    let page = this.pages[n];
    if (!page) {
      page = { el: h('div', { class: 'md-page' }), pending: null };
      this.pages.push(page);
      this.tail.before(page.el);
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
      const page = this.pages.findLast((p) => p.pending);
      if (!page) return;
      const sources = page.pending!;
      page.pending = null;
      const blocks: Block[] = renderBlocks(sources);
      blocks.forEach((b, i) => (b.source = sources[i]));
      page.el.append(...blocks);
      this.scheduleFill();
    });
  }

  private truncate(keep: number): void {
    this.frozen.splice(keep);
    for (const page of this.pages.splice(Math.ceil(keep / PAGE_SIZE))) page.el.remove();
    const partial = this.pages[Math.floor(keep / PAGE_SIZE)];
    if (!partial) return;
    const inPage = keep % PAGE_SIZE;
    if (partial.pending) partial.pending.splice(inPage);
    else while (partial.el.children.length > inPage) partial.el.lastElementChild!.remove();
  }

  private matchingPrefix(): number {
    const sources = this.splitter.blocks();
    let i = 0;
    while (i < this.frozen.length && i < sources.length && this.frozen[i] === sources[i]) i++;
    return i;
  }
}
