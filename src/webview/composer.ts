/**
 * The message box. Enter sends, Shift+Enter is a newline, Enter while an IME is composing is
 * left alone. The draft is kept with setState at once and posted to the host, debounced.
 */
import type { Attachment } from '../messages/messages';
import { button, h, setText } from './dom';
import { AttachmentsView } from './render/attachments';
import { loadState, post, saveState } from './vscodeApi';

const DRAFT_DEBOUNCE_MS = 300;

export class Composer {
  readonly el = h('div', { class: 'composer' });
  private readonly input = h('textarea', {
    class: 'composer-input',
    attrs: { 'aria-label': 'Message Zero', placeholder: 'Ask Zero to explain, fix or build something…', rows: '1' },
  });
  private readonly hint = h('span', { class: 'composer-hint', attrs: { 'aria-hidden': 'true' } });
  private readonly send = button('Send', () => this.submit(), { class: 'primary', title: 'Send (Enter)' });
  private readonly stop = button('Stop', () => post({ type: 'stop' }), { class: 'secondary', title: 'Stop Zero' });
  private readonly attachments = new AttachmentsView();
  private draftTimer: number | undefined;
  private running = false;
  private lastPostedDraft: string | null = null;

  constructor() {
    this.el.append(this.attachments.el, this.input, h('div', { class: 'composer-bar' }, this.hint, h('span', { class: 'spacer' }), this.stop, this.send));
    this.input.addEventListener('keydown', (ev) => {
      // keyCode 229: Enter that confirms an IME composition (Safari/Chromium report it so).
      if (ev.key !== 'Enter' || ev.shiftKey || ev.isComposing || ev.keyCode === 229) return;
      ev.preventDefault();
      this.submit();
    });
    this.input.addEventListener('input', () => this.draftChanged());
    this.renderHint();
  }

  /** The first snapshot: the locally kept draft wins (it is newer than the host's copy). */
  restoreDraft(hostDraft: string): void {
    const local = loadState().draft;
    this.input.value = local ?? hostDraft;
    this.lastPostedDraft = hostDraft;
    if (local !== undefined && local !== hostDraft) this.draftChanged(true);
  }

  update(running: boolean, canSend: boolean, hidden: boolean, attachments: readonly Attachment[]): void {
    this.el.hidden = hidden;
    this.attachments.update(attachments);
    this.running = running;
    this.stop.disabled = !running;
    this.send.disabled = !canSend;
    this.send.title = running ? 'Queue this message until Zero finishes (Enter)' : 'Send (Enter)';
    this.renderHint();
  }

  /** Text from the host ("Add Selection to Zero Chat"): inserted at the cursor, not sent. */
  insert(text: string): void {
    const { selectionStart: s, selectionEnd: e, value } = this.input;
    const before = value.slice(0, s);
    const sep = before && !before.endsWith('\n') ? '\n' : '';
    this.input.value = before + sep + text + value.slice(e);
    const caret = (before + sep + text).length;
    this.input.setSelectionRange(caret, caret);
    this.draftChanged();
    this.focus();
  }

  focus(): void {
    this.input.focus();
  }

  private submit(): void {
    const text = this.input.value;
    if (text.trim() === '' || this.send.disabled) return;
    post({ type: 'send', text });
    this.input.value = '';
    this.draftChanged(true);
  }

  private draftChanged(now = false): void {
    const text = this.input.value;
    saveState({ draft: text });
    clearTimeout(this.draftTimer);
    const flush = () => {
      if (this.input.value === this.lastPostedDraft) return;
      this.lastPostedDraft = this.input.value;
      post({ type: 'draft', text: this.input.value });
    };
    if (now) flush();
    else this.draftTimer = window.setTimeout(flush, DRAFT_DEBOUNCE_MS);
  }

  private renderHint(): void {
    setText(this.hint, this.running ? 'Zero is working — what you send now is queued' : 'Enter to send · Shift+Enter for a new line');
  }
}
