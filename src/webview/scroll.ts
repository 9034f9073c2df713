/**
 * Keeps the transcript at the bottom while new content arrives, only if the user is there.
 *
 * Following is done from a ResizeObserver on the content, which the browser calls after its own
 * layout of the frame and before paint: reading the scroll height there costs nothing, where
 * reading it right after changing the DOM forced a second layout on every streamed frame.
 */

const SLACK_PX = 24;

export class StickyScroll {
  private stuck = true;
  private readonly resized = new ResizeObserver(() => this.follow());

  constructor(private readonly el: HTMLElement) {
    el.addEventListener('scroll', () => (this.stuck = this.atBottom()), { passive: true });
    // The composer growing or the view resizing must not leave a stuck view short of the bottom.
    this.resized.observe(el);
  }

  get isStuck(): boolean {
    return this.stuck;
  }

  /** Content inside the scroller whose growth the view follows (until `unwatch`). */
  watch(content: HTMLElement): void {
    this.resized.observe(content);
  }

  unwatch(content: HTMLElement): void {
    this.resized.unobserve(content);
  }

  /** Goes to the bottom now if stuck (forces a layout: for rare changes, not per frame). */
  follow(): void {
    if (this.stuck) this.el.scrollTop = this.el.scrollHeight;
  }

  /** The reader moved away from the bottom on purpose (jump to top): new content must not pull them back. */
  release(): void {
    this.stuck = false;
  }

  /** A new chat or snapshot starts at the bottom. */
  reset(): void {
    this.stuck = true;
    this.follow();
  }

  private atBottom(): boolean {
    return this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight <= SLACK_PX;
  }
}
