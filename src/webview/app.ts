/** The whole view: header, banners, transcript and queue (scrolling), composer, live region. */
import type { ViewState } from '../messages/messages';
import { Announcer } from './announcer';
import { Composer } from './composer';
import { h } from './dom';
import { installClickHandler } from './links';
import { BannersView } from './render/banners';
import { HeaderView, isRunningChat } from './render/header';
import { QueueView } from './render/queue';
import { TranscriptView } from './render/transcript';
import { StickyScroll } from './scroll';

const NONE: readonly never[] = [];

export class ChatApp {
  readonly composer = new Composer();
  private readonly header = new HeaderView();
  private readonly banners = new BannersView();
  private readonly queue = new QueueView();
  private readonly announcer = new Announcer();
  private readonly scroller = h('main', { class: 'scroller' });
  private readonly scroll = new StickyScroll(this.scroller);
  private transcript = new TranscriptView(() => this.scroll.afterRender());
  private rendered: ViewState | null = null;

  constructor(private readonly root: HTMLElement) {
    this.scroller.append(this.transcript.el, this.queue.el);
    root.replaceChildren(this.header.el, this.banners.el, this.scroller, this.composer.el, this.announcer.el);
    installClickHandler(root);
  }

  /** `rebuild`: a snapshot; the transcript is drawn again from nothing. */
  render(state: ViewState, rebuild: boolean): void {
    const prev = rebuild ? null : this.rendered;
    this.rendered = state;
    // A transcript is read-only: actions that change files or the session are hidden (chat.css).
    this.root.classList.toggle('read-only', state.readOnly);
    if (rebuild) {
      const fresh = new TranscriptView(() => this.scroll.afterRender());
      this.transcript.el.replaceWith(fresh.el);
      this.transcript = fresh;
    }
    if (!prev || prev.chat !== state.chat || prev.binary !== state.binary || prev.folder !== state.folder || prev.readOnly !== state.readOnly) {
      this.header.update(state);
    }
    if (!prev || prev.trusted !== state.trusted || prev.binary !== state.binary) this.banners.update(state.trusted, state.binary);
    this.transcript.update(state.chat, state.history);
    this.queue.update(state.queued);
    this.composer.update(isRunningChat(state.chat), state.binary.ok, state.readOnly, state.attachments ?? NONE);
    this.announcer.update(state.chat, rebuild);
    if (rebuild) this.scroll.reset();
    else this.scroll.afterRender();
  }
}
