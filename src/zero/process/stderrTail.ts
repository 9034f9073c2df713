/** A bounded tail of stderr: enough to show why a run failed, never the whole log. */
export class StderrTail {
  private buf = '';
  private trimmed = false;

  constructor(
    private readonly maxChars = 8192,
    private readonly maxLines = 40,
  ) {}

  push(text: string): void {
    this.buf += text;
    // Trim in big steps so a chatty stderr does not cost a copy per chunk.
    if (this.buf.length > this.maxChars * 2) {
      this.buf = this.buf.slice(-this.maxChars);
      this.trimmed = true;
    }
  }

  text(): string {
    let s = this.buf.length > this.maxChars ? this.buf.slice(-this.maxChars) : this.buf;
    // Drop the partial first line left by trimming.
    if (this.trimmed || s.length < this.buf.length) {
      const nl = s.indexOf('\n');
      if (nl >= 0 && nl < s.length - 1) s = s.slice(nl + 1);
    }
    const lines = s.replace(/\n$/, '').split('\n');
    return lines.slice(-this.maxLines).join('\n');
  }
}
