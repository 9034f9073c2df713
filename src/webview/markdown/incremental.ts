/**
 * Streaming markdown without re-parsing it all on every delta: the text is cut into blocks at
 * points where CommonMark starts afresh, so each block renders alone exactly as it would inside
 * the whole document. Finished blocks are rendered once; only the tail is re-rendered.
 *
 * A cut goes before a complete, non-blank line that starts at column 0, is not a list item, is
 * outside a code fence, and follows a blank line or the close of a column-0 fence. Decisions use
 * complete lines only, so streaming the text and rendering it whole give the same blocks.
 *
 * Memory: only the latest text is kept, with block boundaries as offsets, and a copy of the text
 * from the last cut on (the tail: one block). A block's source is a slice of the text it was cut
 * from, and V8 keeps that whole parent string alive as long as the slice lives; holding the
 * sources of finished blocks would keep one copy of the answer per frame (memory growing with the
 * square of its length). So callers take `blocks()` to render and drop them.
 *
 * Time: given what was appended (`update(text, appended)`), an update reads the tail and the new
 * text only, whatever the length of the answer.
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
  private kept = 0;
  /**
   * The text from `localStart` (the last cut) to the end: all a streamed update reads, so the
   * whole text is not read again (compared, and flattened by V8) on every frame.
   */
  private local = '';
  private localStart = 0;
  /** The local text before the last update's cuts: the source of the blocks it finished. */
  private recent = '';
  private recentStart = 0;

  /**
   * Feed the whole current text. Returns true when it extends the previous text (earlier blocks
   * still stand), false when it was rescanned from the start (see `unchangedBlocks`).
   * `appended`: the caller knows that `text` is the previous text plus this (then only it is read).
   */
  update(text: string, appended?: string): boolean {
    if (appended !== undefined && text.length === this.text.length + appended.length) {
      this.text = text;
      this.local += appended;
      this.scan();
      return true;
    }
    const extends_ = text.length >= this.text.length && text.startsWith(this.text);
    if (extends_) {
      this.text = text;
      this.local = text.slice(this.localStart);
      this.scan();
      return true;
    }
    const common = commonPrefix(this.text, text);
    const before = this.cuts;
    this.reset();
    this.text = text;
    this.local = text;
    this.scan();
    // A block whose start and end offsets are unchanged and lie in the common prefix is the same text.
    let k = 0;
    while (k < before.length && k < this.cuts.length && before[k] === this.cuts[k] && this.cuts[k]! <= common) k++;
    this.kept = k;
    return false;
  }

  /** After an update that returned false: how many leading finished blocks are exactly as before. */
  get unchangedBlocks(): number {
    return this.kept;
  }

  /** The finished blocks' sources, from `from` up to `to` (exclusive; default all). Render them, do not keep them. */
  blocks(from = 0, to = this.cuts.length): string[] {
    const out: string[] = [];
    const recentEnd = this.recentStart + this.recent.length;
    for (let i = from; i < Math.min(to, this.cuts.length); i++) {
      const start = i === 0 ? 0 : this.cuts[i - 1]!;
      const end = this.cuts[i]!;
      // Blocks the last update finished come from the small local text; older ones from the whole.
      out.push(
        start >= this.recentStart && end <= recentEnd
          ? this.recent.slice(start - this.recentStart, end - this.recentStart)
          : this.text.slice(start, end),
      );
    }
    return out;
  }

  get blockCount(): number {
    return this.cuts.length;
  }

  /** The unfinished rest, re-rendered as it grows. */
  get tail(): string {
    return this.local.slice(this.lastCut() - this.localStart);
  }

  private lastCut(): number {
    return this.cuts.length === 0 ? 0 : this.cuts[this.cuts.length - 1]!;
  }

  private reset(): void {
    this.cuts = [];
    this.scanned = 0;
    this.fence = null;
    this.afterBreak = false;
    this.localStart = 0;
  }

  private scan(): void {
    const local = this.local;
    const base = this.localStart;
    let start = this.scanned - base;
    for (let nl = local.indexOf('\n', start); nl >= 0; nl = local.indexOf('\n', start)) {
      this.line(local.slice(start, nl), base + start);
      start = nl + 1;
    }
    this.scanned = base + start;
    this.recent = local;
    this.recentStart = base;
    const last = this.lastCut();
    if (last > base) {
      this.local = local.slice(last - base);
      this.localStart = last;
    }
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

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

function closesFence(line: string, fence: Fence): boolean {
  const m = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/.exec(line);
  return m !== null && m[1]![0] === fence.char && m[1]!.length >= fence.length;
}
