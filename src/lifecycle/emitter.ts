/**
 * Events for the plain-Node layers (chats/, storage/), shaped like VS Code's `Event`/`EventEmitter`
 * so host/ can pass them wherever VS Code takes one, without the core importing `vscode`.
 */
import type { DisposableLike } from './disposable';

/** Subscribe with a listener; the result unsubscribes. `disposables` collects it, as VS Code's do. */
export type Event<T> = (
  listener: (e: T) => unknown,
  thisArgs?: unknown,
  disposables?: DisposableLike[],
) => DisposableLike;

export class Emitter<T> implements DisposableLike {
  private listeners: ((e: T) => unknown)[] = [];
  private disposed = false;

  readonly event: Event<T> = (listener, thisArgs, disposables) => {
    const bound = thisArgs ? listener.bind(thisArgs) : listener;
    if (!this.disposed) this.listeners.push(bound);
    const sub = { dispose: () => void (this.listeners = this.listeners.filter((l) => l !== bound)) };
    disposables?.push(sub);
    return sub;
  };

  /** Calls every listener; one that throws is logged and the others still hear the event (as VS Code does). */
  fire(e: T): void {
    for (const l of [...this.listeners]) {
      try {
        l(e);
      } catch (err) {
        console.error('[zero] event listener failed', err);
      }
    }
  }

  dispose(): void {
    this.disposed = true;
    this.listeners = [];
  }
}
