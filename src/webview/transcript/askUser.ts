/**
 * The model's questions (an `ask_user` call, conversation/askUser.ts): each question with its header and
 * its options as buttons, the recommended one marked, and a box to type an answer. Zero never waits for
 * the answer here (it tells the model nobody can answer and goes on), and the card says so; an answer is
 * sent as the next message, quoted with its question, queued behind a running turn like any message.
 */
import { answerMessage, askFromArgs, zeroAnsweredItself, type AskCall } from '../../conversation/askUser';
import type { ToolItem } from '../../conversation/model';
import { announce } from '../a11y/announcer';
import { button, h } from '../dom';
import { post } from '../vscodeApi';
import type { ItemView } from './itemView';

let askIds = 0;

export class AskUserView implements ItemView<ToolItem> {
  readonly kind = 'tool';
  readonly el = h('section', { class: 'ask-card' });
  private ask: AskCall | null = null;
  private readonly picked: string[][] = [];
  private readonly typed: string[] = [];
  /** What was sent, once sent (kept by this view only: a reload offers the answer again). */
  private sent: string | null = null;
  private lastItem: ToolItem | null = null;

  constructor(
    private readonly transport: 'exec' | 'acp',
    item: ToolItem,
  ) {
    this.update(item);
  }

  update(t: ToolItem): void {
    this.lastItem = t;
    this.ask = askFromArgs(t.args);
    const ask = this.ask;
    const first = ask?.questions[0]?.question ?? '';
    this.el.setAttribute('aria-label', `Zero asks: ${first}`);
    const head = h(
      'div',
      { class: 'ask-head' },
      h('span', { class: 'ask-icon', attrs: { 'aria-hidden': 'true' } }),
      h('span', { class: 'ask-title', text: ask?.header ?? 'Zero asks' }),
    );
    const parts: HTMLElement[] = [head, ...(ask ? ask.questions.map((q, i) => this.question(q, i)) : [])];
    if (ask && this.needsSendButton())
      parts.push(
        h(
          'div',
          { class: 'ask-answer ask-send-all' },
          this.sendButton('Send Answers', 'primary small', 'Send your answers as the next message'),
        ),
      );
    parts.push(this.status(t));
    this.el.replaceChildren(...parts);
  }

  /** One question: its header, its words, its options and a box for an answer of one's own. */
  private question(q: AskCall['questions'][number], i: number): HTMLElement {
    const id = `ask-${++askIds}`;
    this.picked[i] ??= [];
    const box = h('div', { class: 'ask-question', attrs: { role: 'group', 'aria-labelledby': id } });
    if (q.header) box.append(h('div', { class: 'section-label ask-header', text: q.header }));
    box.append(h('p', { class: 'ask-text', text: q.question, attrs: { id } }));
    if (q.options.length > 0) {
      const options = h('div', { class: 'ask-options ask-answer' });
      for (const o of q.options) {
        const recommended = o.label === q.recommended;
        const chosen = this.picked[i]!.includes(o.label);
        const b = button('', () => this.pick(i, o.label), {
          class: `secondary ask-option${recommended ? ' recommended' : ''}${chosen ? ' chosen' : ''}`,
          title: o.description ?? `Answer: ${o.label}`,
        });
        b.replaceChildren(
          h(
            'span',
            { class: 'ask-label' },
            o.label,
            recommended ? h('span', { class: 'badge ask-recommended', text: 'recommended' }) : '',
          ),
          o.description ? h('span', { class: 'ask-description', text: o.description }) : '',
        );
        b.setAttribute(
          'aria-label',
          `${o.label}${recommended ? ' (recommended)' : ''}${o.description ? `: ${o.description}` : ''}`,
        );
        if (this.needsSendButton()) b.setAttribute('aria-pressed', String(chosen));
        b.disabled = this.sent !== null;
        options.append(b);
      }
      box.append(options);
    }
    const input = h('textarea', {
      class: 'feedback-input ask-input',
      attrs: {
        rows: '1',
        'aria-label': `Your answer to: ${q.question.slice(0, 200)}`,
        placeholder: q.options.length > 0 ? 'Or type your own answer…' : 'Type your answer…',
      },
    });
    input.value = this.typed[i] ?? '';
    input.disabled = this.sent !== null;
    input.addEventListener('input', () => (this.typed[i] = input.value));
    input.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' && !ev.shiftKey && !ev.isComposing) {
        ev.preventDefault();
        this.send();
      }
    });
    const row = h('div', { class: 'ask-own ask-answer' }, input);
    if (!this.needsSendButton())
      row.append(this.sendButton('Send', 'secondary small', 'Send this answer as the next message'));
    box.append(row);
    return box;
  }

  private sendButton(label: string, cls: string, title: string): HTMLButtonElement {
    const b = button(label, () => this.send(), { class: cls, title });
    b.disabled = this.sent !== null;
    return b;
  }

  /** What Zero did with the question, in words: never as if it were waiting. */
  private status(t: ToolItem): HTMLElement {
    const line = h('div', { class: 'ask-status muted', attrs: { tabindex: '-1' } });
    if (this.sent !== null) {
      line.textContent = 'Your answer is sent to Zero as your next message (queued while a turn runs).';
    } else if (t.status === 'error') {
      line.textContent = `Zero could not ask this: ${(t.output ?? '').slice(0, 500)}`;
    } else if (zeroAnsweredItself(t)) {
      line.textContent =
        this.transport === 'acp'
          ? "Zero's ACP server passes no question to the editor, so Zero answered it itself (\u201cNo interactive user is available\u201d) and went on with its best assumption. Answer here to tell it in your next message."
          : 'Zero runs without an interactive user here (zero exec), so it answered this itself (\u201cNo interactive user is available\u201d) and went on with its best assumption. Answer here to tell it in your next message.';
    } else if (t.status === 'running') {
      line.textContent = 'Zero is handling the question…';
    } else {
      line.textContent = `Zero's reply to the model: ${(t.output ?? '').slice(0, 500)}`;
    }
    return line;
  }

  /** Several questions, or several choices for one: the answers go together, with a button. */
  private needsSendButton(): boolean {
    const qs = this.ask?.questions ?? [];
    return qs.length > 1 || qs.some((q) => q.multiSelect);
  }

  private pick(i: number, label: string): void {
    if (this.sent !== null || !this.ask) return;
    const q = this.ask.questions[i]!;
    const now = this.picked[i] ?? [];
    this.picked[i] = q.multiSelect ? (now.includes(label) ? now.filter((l) => l !== label) : [...now, label]) : [label];
    // One question, one choice: the click is the answer.
    if (!this.needsSendButton()) return this.send([label]);
    this.redraw();
    // Redrawn: the focus goes back to the option it was on.
    const n = q.options.findIndex((o) => o.label === label);
    this.el.querySelectorAll<HTMLElement>('.ask-question')[i]?.querySelectorAll<HTMLElement>('.ask-option')[n]?.focus();
  }

  /** `answers`: one per question; else what was picked and typed for each. */
  private send(answers?: readonly string[]): void {
    if (this.sent !== null || !this.ask) return;
    const each =
      answers ??
      this.ask.questions.map((_, i) =>
        [...(this.picked[i] ?? []), ...((this.typed[i] ?? '').trim() ? [this.typed[i]!.trim()] : [])].join(', '),
      );
    const text = answerMessage(this.ask.questions, each);
    if (text === null) return;
    this.sent = text;
    post({ type: 'send', text });
    this.redraw();
    announce('Answer sent to Zero.');
    this.el.querySelector<HTMLElement>('.ask-status')?.focus();
  }

  private redraw(): void {
    if (this.lastItem) this.update(this.lastItem);
  }
}
