/** The store's problems: each goes to the log at once, and to a visible notice batched per burst. */
export class StoreProblems {
  private readonly pending: string[] = [];

  /**
   * @param log the output channel.
   * @param notify a visible notice (one call per burst of problems).
   */
  constructor(
    private readonly log: (msg: string) => void,
    private readonly notify: (msg: string) => void,
  ) {}

  add(message: string): void {
    this.log(message);
    this.pending.push(message);
    queueMicrotask(() => this.report());
  }

  /** Shows what is pending as one notice. */
  report(): void {
    if (this.pending.length === 0) return;
    const all = this.pending.splice(0);
    try {
      this.notify(
        all.length === 1
          ? all[0]!
          : `${all[0]!} (and ${all.length - 1} more problem${all.length === 2 ? '' : 's'}: see the Zero log)`,
      );
    } catch {
      // a notice must not break saving
    }
  }
}
