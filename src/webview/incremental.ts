/**
 * Streaming markdown without re-parsing it all on every delta: the text is cut into blocks at
 * points where CommonMark starts afresh, so each block renders alone exactly as it would inside
 * the whole document. Finished blocks are rendered once; only the tail is re-rendered.
 *
 * A cut goes before a complete, non-blank line that starts at column 0, is not a list item, is
 * outside a code fence, and follows a blank line or the close of a column-0 fence. Decisions use
 * complete lines only, so streaming the text and rendering it whole give the same blocks.
 */

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)/;
const BLANK = /^[ \t]*\r?$/;

interface Fence {
  readonly char: string;
  readonly length: number;
  readonly column0: boolean;
}

export class MarkdownBlocks {
  private text = '';
  /** Offsets where blocks start, after the first (which starts at 0). */
  private cuts: number[] = [];
  /** Start of the first line not examined yet. */
  private scanned = 0;
  private fence: Fence | null = null;
  private afterBreak = false;

  /**
   * Feed the whole current text. Returns true when it extends the previous text (earlier blocks
   * still stand), false when it was rescanned from the start.
   */
  update(text: string): boolean {
    const extends_ = text.length >= this.text.length && text.startsWith(this.text);
    if (!extends_) this.reset();
    this.text = text;
    this.scan();
    return extends_;
  }

  /** The finished blocks' sources, from `from` on. */
  blocks(from = 0): string[] {
    const out: string[] = [];
    for (let i = from; i < this.cuts.length; i++) out.push(this.text.slice(i === 0 ? 0 : this.cuts[i - 1], this.cuts[i]));
    return out;
  }

  get blockCount(): number {
    return this.cuts.length;
  }

  /** The unfinished rest, re-rendered as it grows. */
  get tail(): string {
    return this.text.slice(this.cuts.length === 0 ? 0 : this.cuts[this.cuts.length - 1]);
  }

  private reset(): void {
    this.cuts = [];
    this.scanned = 0;
    this.fence = null;
    this.afterBreak = false;
  }

  private scan(): void {
    const text = this.text;
    let start = this.scanned;
    for (let nl = text.indexOf('\n', start); nl >= 0; nl = text.indexOf('\n', start)) {
      this.line(text.slice(start, nl), start);
      start = nl + 1;
    }
    this.scanned = start;
  }

  private line(line: string, offset: number): void {
    if (this.fence) {
      if (closesFence(line, this.fence)) {
        this.afterBreak = this.fence.column0;
        this.fence = null;
      }
      return;
    }
    if (BLANK.test(line)) {
      this.afterBreak = true;
      return;
    }
    const first = line.charCodeAt(0);
    if (this.afterBreak && offset > 0 && first !== 32 && first !== 9 && !LIST_MARKER.test(line)) this.cuts.push(offset);
    this.afterBreak = false;
    const open = FENCE_OPEN.exec(line);
    if (open && !(open[2]![0] === '`' && open[3]!.includes('`'))) {
      this.fence = { char: open[2]![0]!, length: open[2]!.length, column0: open[1] === '' };
    }
  }
}

function closesFence(line: string, fence: Fence): boolean {
  const m = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/.exec(line);
  return m !== null && m[1]![0] === fence.char && m[1]!.length >= fence.length;
}
