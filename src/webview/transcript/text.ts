/**
 * A text block as markdown: narration (muted) or the answer. While it streams, finished blocks
 * stay as rendered and only the tail is rendered again (see `incremental.ts`); a frame's new
 * blocks and tail are rendered and sanitised together. Finished blocks live on pages
 * (`answerPages.ts`): the last pages are drawn at once, earlier ones while the view is idle, and
 * in a very long answer only those near the viewport.
 */
import type { TextItem } from '../../conversation/model';
import { h } from '../dom';
import { MarkdownBlocks } from '../markdown/incremental';
import { renderBlocks } from '../markdown/markdown';
import { appendedSince } from '../markdown/textGrowth';
import { AnswerPages } from './answerPages';
import type { ItemView } from './itemView';

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

export class TextView implements ItemView<TextItem> {
  readonly kind = 'text';
  readonly el = h('div', { class: 'text-block markdown' });
  private readonly splitter = new MarkdownBlocks();
  private tail: HTMLElement = h('div', { class: 'md-block' });
  /** The finished blocks. Their sources are not kept (see `incremental.ts`). */
  private readonly pages = new AnswerPages(
    this.el,
    () => this.tail,
    (from, to) => this.splitter.blocks(from, to),
  );
  /** The tail's markdown, to skip re-rendering an unchanged tail: a slice of the latest text only. */
  private tailSource = '';
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
    if (!extended) this.pages.truncate(Math.min(this.pages.blockCount, this.splitter.unchangedBlocks));
    const count = this.splitter.blockCount - this.pages.blockCount;
    const tail = this.splitter.tail;
    // A block shown in part while streaming is shown whole once the text closes.
    const tailChanged = tail !== this.tailSource || (this.tailPartial && item.closed);
    if (count <= 0 && !tailChanged) return;

    // New blocks on drawn pages are rendered now, with the tail (one sanitiser pass).
    const draw = this.pages.grow(this.splitter.blockCount);
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
    rendered.forEach((block, i) => this.pages.put(draw[i]!, block));
    this.pages.settle();
  }
}
