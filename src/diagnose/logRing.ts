/**
 * The last errors and warnings the extension logged in this window, for the diagnose report. The
 * output channel keeps everything but cannot be read back, so the host tees its `error` and `warn`
 * lines into this bounded ring: at most `max` lines of at most `maxChars` each, oldest dropped first.
 */
export type LogLevel = 'error' | 'warn';

export interface LogLine {
  /** Milliseconds since the epoch. */
  readonly at: number;
  readonly level: LogLevel;
  readonly text: string;
}

export class LogRing {
  private readonly held: LogLine[] = [];
  private droppedCount = 0;

  constructor(
    private readonly max = 50,
    private readonly maxChars = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  push(level: LogLevel, message: unknown, ...args: readonly unknown[]): void {
    const whole = [message, ...args].map(describe).join(' ');
    const text =
      whole.length > this.maxChars ? `${whole.slice(0, this.maxChars)}… (${whole.length} characters)` : whole;
    this.held.push({ at: this.now(), level, text });
    if (this.held.length > this.max) {
      this.held.shift();
      this.droppedCount += 1;
    }
  }

  /** Oldest first. */
  lines(): readonly LogLine[] {
    return [...this.held];
  }

  /** Lines pushed out of the ring since the window started. */
  get dropped(): number {
    return this.droppedCount;
  }
}

/** The log's first line of an Error is its message; the stack stays in the output channel. */
function describe(v: unknown): string {
  if (v instanceof Error) return `${v.name}: ${v.message}`;
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}
