/**
 * How much of one run's stderr reaches the log. Zero (or a tool it runs) can write without bound
 * on stderr; the log channel keeps everything it is given, in memory and on disk. So the first
 * `headBytes` are passed on live (errors show while the run goes), the rest is held in a rolling
 * tail of `tailBytes`, and `end()` writes one line saying how many bytes were dropped, then the tail.
 */
export const STDERR_LOG_HEAD_BYTES = 16 * 1024;
export const STDERR_LOG_TAIL_BYTES = 64 * 1024;

export class StderrLogCap {
  private headLeft: number;
  private tail: Buffer[] = [];
  private tailSize = 0;
  private dropped = 0;
  private ended = false;

  constructor(
    private readonly write: (text: string) => void,
    headBytes = STDERR_LOG_HEAD_BYTES,
    private readonly tailBytes = STDERR_LOG_TAIL_BYTES,
  ) {
    this.headLeft = headBytes;
  }

  /** Bytes not written to the log (so far). */
  get droppedBytes(): number {
    return this.dropped;
  }

  push(text: string): void {
    if (this.ended || text === '') return;
    let buf = Buffer.from(text, 'utf8');
    if (this.headLeft > 0) {
      const live = buf.subarray(0, this.headLeft);
      this.headLeft -= live.length;
      this.write(live.toString('utf8'));
      buf = buf.subarray(live.length);
    }
    if (buf.length === 0) return;
    this.tail.push(buf);
    this.tailSize += buf.length;
    while (this.tailSize > this.tailBytes) {
      const first = this.tail[0]!;
      const over = this.tailSize - this.tailBytes;
      if (first.length <= over) {
        this.tail.shift();
        this.tailSize -= first.length;
        this.dropped += first.length;
      } else {
        this.tail[0] = first.subarray(over);
        this.tailSize -= over;
        this.dropped += over;
      }
    }
  }

  /** The run is over: say what was dropped, then write the kept tail. Idempotent. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.tailSize === 0) return;
    if (this.dropped > 0) {
      this.write(
        `\n[zero] stderr: ${this.dropped} bytes dropped from the middle of this run's stderr; the last ${this.tailSize} bytes follow.\n`,
      );
    }
    // A cut can fall inside a UTF-8 sequence: drop the broken start rather than log U+FFFD.
    this.write(
      Buffer.concat(this.tail)
        .toString('utf8')
        .replace(/^\uFFFD+/, ''),
    );
    this.tail = [];
    this.tailSize = 0;
  }
}
