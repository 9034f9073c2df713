/** Keeps the transcript at the bottom while new content arrives, only if the user is there. */

const SLACK_PX = 24;

export class StickyScroll {
  private stuck = true;

  constructor(private readonly el: HTMLElement) {
    el.addEventListener('scroll', () => (this.stuck = this.atBottom()), { passive: true });
    // The composer growing or the view resizing must not leave a stuck view short of the bottom.
    new ResizeObserver(() => this.afterRender()).observe(el);
  }

  get isStuck(): boolean {
    return this.stuck;
  }

  /** Call after changing the content. */
  afterRender(): void {
    if (this.stuck) this.el.scrollTop = this.el.scrollHeight;
  }

  /** A new chat or snapshot starts at the bottom. */
  reset(): void {
    this.stuck = true;
    this.afterRender();
  }

  private atBottom(): boolean {
    return this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight <= SLACK_PX;
  }
}
