/**
 * A text block as markdown: narration (muted) or the answer. While it streams, finished blocks
 * stay as rendered and only the tail is rendered again (see `incremental.ts`).
 */
import type { TextItem } from '../../conversation/model';
import { h } from '../dom';
import { MarkdownBlocks } from '../incremental';
import { renderMarkdown } from '../markdown';
import type { ItemView } from './itemView';

interface Block extends HTMLElement {
  source?: string;
}

export class TextView implements ItemView<TextItem> {
  readonly kind = 'text';
  readonly el = h('div', { class: 'text-block markdown' });
  private readonly splitter = new MarkdownBlocks();
  private readonly frozen: Block[] = [];
  private readonly tail: Block = h('div', { class: 'md-block' });

  constructor(item: TextItem) {
    this.el.append(this.tail);
    this.update(item);
  }

  update(item: TextItem): void {
    this.el.classList.toggle('answer', item.answer);
    this.el.classList.toggle('streaming', !item.closed);
    const extended = this.splitter.update(item.text);
    // When the text was replaced (e.g. by `final.text`), keep the blocks whose source is unchanged.
    const keep = extended ? this.frozen.length : this.matchingPrefix();
    for (const stale of this.frozen.splice(keep)) stale.remove();
    for (const source of this.splitter.blocks(keep)) {
      const block: Block = h('div', { class: 'md-block' });
      setSource(block, source);
      this.tail.before(block);
      this.frozen.push(block);
    }
    const tail = this.splitter.tail;
    if (this.tail.source !== tail) setSource(this.tail, tail);
  }

  private matchingPrefix(): number {
    const sources = this.splitter.blocks();
    let i = 0;
    while (i < this.frozen.length && i < sources.length && this.frozen[i]!.source === sources[i]) i++;
    return i;
  }
}

function setSource(block: Block, source: string): void {
  block.source = source;
  block.replaceChildren(renderMarkdown(source));
}
