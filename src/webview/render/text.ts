/**
 * A text block as markdown: narration (muted) or the answer. While it streams, finished blocks
 * stay as rendered and only the tail is rendered again (see `incremental.ts`); a frame's new
 * blocks and tail are rendered and sanitised together. Finished blocks are grouped in pages of
 * PAGE_SIZE that the browser can skip when off screen (CSS `content-visibility`), so a long
 * answer does not make every frame's layout longer.
 */
import type { TextItem } from '../../conversation/model';
import { h } from '../dom';
import { MarkdownBlocks } from '../incremental';
import { renderBlocks } from '../markdown';
import type { ItemView } from './itemView';

const PAGE_SIZE = 32;

/** A rendered block remembers its markdown, to tell whether a replaced text changed it. */
type Block = HTMLElement & { source?: string };

export class TextView implements ItemView<TextItem> {
  readonly kind = 'text';
  readonly el = h('div', { class: 'text-block markdown' });
  private readonly splitter = new MarkdownBlocks();
  private readonly frozen: Block[] = [];
  private readonly pages: HTMLElement[] = [];
  private tail: Block = h('div', { class: 'md-block' });

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
    const rendered: Block[] = renderBlocks(tailChanged ? [...sources, tail] : sources);
    rendered.forEach((block, i) => (block.source = i < sources.length ? sources[i] : tail));
    if (tailChanged) {
      const fresh = rendered.pop()!;
      this.tail.replaceWith(fresh);
      this.tail = fresh;
    }
    for (const block of rendered) this.freeze(block);
  }

  private freeze(block: Block): void {
    const index = this.frozen.length;
    let page = this.pages[Math.floor(index / PAGE_SIZE)];
    if (!page) {
      page = h('div', { class: 'md-page' });
      this.pages.push(page);
      this.tail.before(page);
    }
    page.append(block);
    this.frozen.push(block);
  }

  private truncate(keep: number): void {
    for (const stale of this.frozen.splice(keep)) stale.remove();
    for (const page of this.pages.splice(Math.ceil(keep / PAGE_SIZE))) page.remove();
  }

  private matchingPrefix(): number {
    const sources = this.splitter.blocks();
    let i = 0;
    while (i < this.frozen.length && i < sources.length && this.frozen[i]!.source === sources[i]) i++;
    return i;
  }
}
