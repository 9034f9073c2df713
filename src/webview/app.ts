/** The whole view: header, banners, transcript and queue (scrolling), composer, live region. */
import { chatTransport } from '../conversation/model';
import type { ViewState } from '../messages/protocol';
import { Announcer } from './a11y/announcer';
import { Composer } from './composer/composer';
import { h } from './dom';
import { installKeyboard, keepFocus } from './a11y/keyboard';
import { installClickHandler } from './markdown/links';
import { BannersView } from './chrome/banners';
import { HeaderView, isRunningChat } from './chrome/header';
import { QueueView } from './transcript/queue';
import { TurnList, type Cleared } from './transcript/turnList';
import { StickyScroll } from './scroll';
import { CLEAR_TRANSCRIPT } from './composer/slashCommands';
import { onlyTextGrew } from './streamedFrame';

const NONE: readonly never[] = [];

export class ChatApp {
  private readonly header = new HeaderView((to) => this.jump(to));
  readonly composer = new Composer(() => this.header.focusSessionModel());
  private readonly banners = new BannersView();
  private readonly queue = new QueueView();
  private readonly announcer = new Announcer();
  private readonly scroller = h('main', { class: 'scroller' });
  private readonly scroll = new StickyScroll(this.scroller);
  private transcript = this.newTranscript();
  private rendered: ViewState | null = null;
  /** `/clear`'s turns, kept across the snapshots of the same chat. */
  private cleared: Cleared | null = null;

  constructor(private readonly root: HTMLElement) {
    this.scroller.append(this.transcript.el, this.queue.el);
    this.scroll.watch(this.transcript.el);
    this.scroll.watch(this.queue.el);
    root.replaceChildren(this.header.el, this.banners.el, this.scroller, this.composer.el, this.announcer.el);
    this.transcript.attach(this.scroller);
    installClickHandler(root);
    installKeyboard(root, this.composer, (to) => this.jump(to));
    this.composer.el.addEventListener(CLEAR_TRANSCRIPT, () => this.clearTranscript());
  }

  /** The turns' buttons (Edit, Continue on exec) act on the composer. */
  private newTranscript(): TurnList {
    const list = new TurnList(() => this.scroll.follow(), this.composer);
    list.setCleared(this.cleared);
    return list;
  }

  /**
   * Zero's `/clear`: the turns so far leave the view, the session keeps them (the next message
   * still carries the whole context), as in Zero's TUI. Show cleared turns puts them back.
   */
  clearTranscript(): void {
    const state = this.rendered;
    if (!state || state.chat.turns.length === 0) return;
    const chatId = state.chat.id;
    this.cleared = {
      chatId,
      ids: new Set(state.chat.turns.map((t) => t.id)),
      show: () => {
        if (this.cleared?.chatId !== chatId) return;
        this.cleared = null;
        this.redraw();
      },
    };
    this.redraw();
  }

  private redraw(): void {
    if (this.rendered) this.render(this.rendered, true);
  }

  /** Jump to the first or the latest turn of the chat (a long chat draws them first). */
  jump(to: 'top' | 'bottom'): void {
    if (to === 'top') this.scroll.release();
    this.transcript.jump(to, this.scroller);
    if (to === 'bottom') this.scroll.reset();
  }

  /** New pickers from the host: the composer's (exec) and the header's (ACP, before its session opens). */
  composerChanged(state: ViewState): void {
    this.composer.setComposer(state.composer!);
    this.banners.update(state.trusted, state.binary, state.composer);
    if (this.rendered) {
      this.rendered = { ...this.rendered, composer: state.composer };
      this.header.update(this.rendered);
    }
  }

  /** `rebuild`: a snapshot; the transcript is drawn again from nothing. */
  render(state: ViewState, rebuild: boolean): void {
    const prev = rebuild ? null : this.rendered;
    if (prev && onlyTextGrew(prev, state)) {
      // A streamed frame: the transcript and the live region only.
      const hadFocus = this.root.contains(document.activeElement);
      this.rendered = state;
      this.transcript.update(state.chat, state.history, state.olderTurns);
      this.announcer.update(state.chat, false);
      keepFocus(this.root, hadFocus, this.composer);
      return;
    }
    const prevShown = this.rendered;
    const hadFocus = this.root.contains(document.activeElement);
    this.rendered = state;
    // A transcript is read-only: actions that change files or the session are hidden (chat.css).
    this.root.classList.toggle('read-only', state.readOnly);
    // The whole of a chat that opened with its latest turns only: stay on the same turns.
    const fromBottom =
      rebuild &&
      !this.scroll.isStuck &&
      prevShown?.chat.id === state.chat.id &&
      (prevShown.olderTurns ?? 0) > 0 &&
      !(state.olderTurns ?? 0)
        ? this.scroller.scrollHeight - this.scroller.scrollTop
        : null;
    if (rebuild) {
      const fresh = this.newTranscript();
      this.transcript.detach();
      this.scroll.unwatch(this.transcript.el);
      this.scroll.watch(fresh.el);
      this.transcript.el.replaceWith(fresh.el);
      this.transcript = fresh;
      fresh.attach(this.scroller);
    }
    if (
      !prev ||
      prev.chat !== state.chat ||
      prev.binary !== state.binary ||
      prev.folder !== state.folder ||
      prev.readOnly !== state.readOnly ||
      prev.composer !== state.composer ||
      prev.trusted !== state.trusted
    ) {
      this.header.update(state);
    }
    if (!prev || prev.trusted !== state.trusted || prev.binary !== state.binary || prev.composer !== state.composer)
      this.banners.update(state.trusted, state.binary, state.composer);
    this.transcript.update(state.chat, state.history, state.olderTurns);
    this.queue.update(state.queued);
    this.composer.update({
      running: isRunningChat(state.chat),
      canSend: state.binary.ok,
      hidden: state.readOnly,
      attachments: state.attachments ?? NONE,
      chat: state.chat,
      composer: state.composer,
      transport: chatTransport(state.chat, state.defaultTransport ?? 'exec'),
    });
    this.announcer.update(state.chat, rebuild);
    keepFocus(this.root, hadFocus, this.composer);
    if (fromBottom !== null) {
      this.scroll.release();
      this.scroller.scrollTop = this.scroller.scrollHeight - fromBottom;
    } else if (rebuild) this.scroll.reset();
    // Otherwise the content's resize observer follows it (no layout forced here).
  }
}
