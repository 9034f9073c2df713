/**
 * Splits Zero's stdout bytes into JSONL lines (docs/zero-exec.md §2, §14).
 *
 * Splitting happens on the 0x0A byte before decoding: in UTF-8 that byte is never part of a
 * multi-byte character, so every decode covers whole characters wherever the chunks were cut,
 * and the result does not depend on how the stream was chunked.
 */
import { excerptOf } from './decode';

export type FramedLine =
  /** A line's text, without its LF and one trailing CR. Blank lines are never emitted. */
  | { readonly kind: 'line'; readonly line: number; readonly text: string }
  /** A line longer than `maxLineBytes`: its start, for the message, and its full size. */
  | { readonly kind: 'overflow'; readonly line: number; readonly excerpt: string; readonly bytes: number };

export interface JsonlFramerOptions {
  /** Longest line kept, in bytes (without the LF). Longer lines are counted and dropped. */
  readonly maxLineBytes?: number;
}

export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

const LF = 0x0a;
const CR = 13;
/** Enough bytes for a 120-character excerpt of any text. */
const EXCERPT_BYTES = 512;
/** Slices shorter than this are copied into the spill buffer instead of kept by reference. */
const COPY_BELOW = 4 * 1024;
const SPILL_BYTES = 16 * 1024;

export class JsonlFramer {
  private readonly maxLineBytes: number;
  // ignoreBOM keeps a U+FEFF in the text: stripping it would depend on where a decode started.
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /** The unfinished line, as slices of the chunks it came in (joined once, at its LF). */
  private parts: Uint8Array[] = [];
  private partBytes = 0;
  /** Small slices are copied together here, so a line sent a few bytes at a time stays few parts. */
  private spill = new Uint8Array(SPILL_BYTES);
  private spillStart = 0;
  private spillEnd = 0;
  /** Over the cap: the rest of the line is counted, not kept. */
  private discarding = false;
  private discardedBytes = 0;
  private discardExcerpt = '';
  private lineNo = 0;

  constructor(options: JsonlFramerOptions = {}) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }

  /**
   * Frames the lines this chunk completes. Large slices of an unfinished line are kept by
   * reference until its LF arrives, so do not reuse a chunk's buffer after pushing it.
   */
  push(chunk: Uint8Array): FramedLine[] {
    const out: FramedLine[] = [];
    let start = 0;
    if (this.discarding || this.partBytes > 0) {
      const lf = chunk.indexOf(LF);
      if (lf < 0) {
        this.append(chunk, 0, chunk.length);
        return out;
      }
      this.append(chunk, 0, lf);
      this.finishPending(out);
      start = lf + 1;
    }
    const last = chunk.lastIndexOf(LF);
    if (last >= start) {
      this.frameWhole(chunk, start, last, out);
      start = last + 1;
    }
    if (start < chunk.length) this.append(chunk, start, chunk.length);
    return out;
  }

  /** Frames the last line if the stream did not end with a LF. */
  end(): FramedLine[] {
    const out: FramedLine[] = [];
    if (this.discarding || this.partBytes > 0) this.finishPending(out);
    return out;
  }

  /** `chunk[start, end)` is a run of complete lines; `end` is the index of the last one's LF. */
  private frameWhole(chunk: Uint8Array, start: number, end: number, out: FramedLine[]): void {
    if (end - start <= this.maxLineBytes) {
      // No line in the run can be over the cap: decode it in one call, the fast path.
      const text = this.decoder.decode(chunk.subarray(start, end));
      let from = 0;
      for (let lf = text.indexOf('\n'); lf >= 0; lf = text.indexOf('\n', from)) {
        this.emit(text.slice(from, lf), out);
        from = lf + 1;
      }
      this.emit(from === 0 ? text : text.slice(from), out);
      return;
    }
    // A small cap (or a huge chunk): measure each line before decoding it.
    while (start <= end) {
      const lf = chunk.indexOf(LF, start);
      const bytes = lf - start;
      if (bytes > this.maxLineBytes) {
        out.push({ kind: 'overflow', line: ++this.lineNo, excerpt: this.excerpt([chunk.subarray(start, lf)]), bytes });
      } else {
        this.emit(this.decoder.decode(chunk.subarray(start, lf)), out);
      }
      start = lf + 1;
    }
  }

  /** Adds `chunk[from, to)` to the unfinished line, switching to discarding past the cap. */
  private append(chunk: Uint8Array, from: number, to: number): void {
    const bytes = to - from;
    if (this.discarding) {
      this.discardedBytes += bytes;
    } else if (this.partBytes + bytes > this.maxLineBytes) {
      this.discarding = true;
      this.discardedBytes = this.partBytes + bytes;
      this.discardExcerpt = this.excerpt([...this.takeParts(), chunk.subarray(from, to)]);
      this.partBytes = 0;
    } else if (bytes >= COPY_BELOW) {
      this.flushSpill();
      this.parts.push(chunk.subarray(from, to));
      this.partBytes += bytes;
    } else if (bytes > 0) {
      if (this.spillEnd + bytes > SPILL_BYTES) {
        this.flushSpill();
        // The old buffer may still be referenced by `parts`; never overwrite it.
        this.spill = new Uint8Array(SPILL_BYTES);
        this.spillStart = this.spillEnd = 0;
      }
      this.spill.set(chunk.subarray(from, to), this.spillEnd);
      this.spillEnd += bytes;
      this.partBytes += bytes;
    }
  }

  private flushSpill(): void {
    if (this.spillEnd > this.spillStart) this.parts.push(this.spill.subarray(this.spillStart, this.spillEnd));
    this.spillStart = this.spillEnd;
  }

  /** Hands over the unfinished line's parts; the spill buffer is free again once they are decoded. */
  private takeParts(): Uint8Array[] {
    this.flushSpill();
    const parts = this.parts;
    this.parts = [];
    this.spillStart = this.spillEnd = 0;
    return parts;
  }

  private finishPending(out: FramedLine[]): void {
    if (this.discarding) {
      out.push({ kind: 'overflow', line: ++this.lineNo, excerpt: this.discardExcerpt, bytes: this.discardedBytes });
      this.discarding = false;
      this.discardedBytes = 0;
      this.discardExcerpt = '';
      return;
    }
    const parts = this.takeParts();
    const joined = parts.length === 1 ? parts[0]! : concat(parts, this.partBytes);
    this.partBytes = 0;
    this.emit(this.decoder.decode(joined), out);
  }

  private emit(text: string, out: FramedLine[]): void {
    const line = ++this.lineNo;
    const n = text.length;
    if (n > 0 && text.charCodeAt(n - 1) === CR) text = text.slice(0, n - 1);
    // Whitespace-only lines carry nothing; the cheap first-character test skips `trim` for JSON.
    if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim() === '')) return;
    out.push({ kind: 'line', line, text });
  }

  /** Decodes the first bytes of a line; a character cut at the end is dropped, not replaced. */
  private excerpt(parts: Uint8Array[]): string {
    const head = new TextDecoder('utf-8', { ignoreBOM: true });
    let text = '';
    let left = EXCERPT_BYTES;
    for (const part of parts) {
      if (left <= 0) break;
      text += head.decode(part.subarray(0, left), { stream: true });
      left -= part.length;
    }
    return excerptOf(text);
  }
}

function concat(parts: readonly Uint8Array[], total: number): Uint8Array {
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
