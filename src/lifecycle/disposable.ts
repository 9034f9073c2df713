/** What can be disposed: VS Code's `Disposable` and this project's own both fit. */
export interface DisposableLike {
  dispose(): unknown;
}

/** One owner for a group of disposables; `dispose()` is idempotent. */
export class Disposable implements DisposableLike {
  private readonly owned: DisposableLike[] = [];
  private disposed = false;

  protected register<T extends DisposableLike>(d: T): T {
    if (this.disposed) d.dispose();
    else this.owned.push(d);
    return d;
  }

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const d of this.owned.splice(0).reverse()) {
      try {
        d.dispose();
      } catch (err) {
        console.error('[zero] dispose failed', err);
      }
    }
  }
}
