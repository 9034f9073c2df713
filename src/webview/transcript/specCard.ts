/**
 * A spec turn's card (conversation/specReview.ts): the spec Zero drafted (title, file, id), not as a
 * failure, with Approve, Reject and Open Spec; once approved, Start Implementation. The host runs
 * `zero spec approve|reject` and answers with the turn's new spec; until then the buttons wait.
 */
import { specCardModel, type SpecReview } from '../../conversation/specReview';
import { announce } from '../a11y/announcer';
import { button, h } from '../dom';
import { post } from '../vscodeApi';

type Action = 'approve' | 'reject' | 'open' | 'implement';

const WAITING: Partial<Record<Action, string>> = {
  approve: 'Approving the spec with zero spec approve…',
  reject: 'Rejecting the spec with zero spec reject…',
  implement: 'Sending the implementation prompt…',
};

export class SpecCardView {
  readonly el = h('section', { class: 'spec-card' });
  private spec: SpecReview | null = null;
  private note = '';
  /** The action sent and not yet answered (the host answers with a new spec on the turn). */
  private waiting: Action | null = null;

  constructor(private readonly turnId: string) {}

  update(spec: SpecReview | undefined): void {
    if (spec === this.spec) return;
    const answered = this.spec !== null && this.waiting !== null;
    this.spec = spec ?? null;
    this.waiting = null;
    this.el.hidden = !spec;
    if (!spec) return this.el.replaceChildren();
    this.render(spec);
    if (answered) this.el.querySelector<HTMLElement>('.spec-status')?.focus();
  }

  private render(spec: SpecReview): void {
    const m = specCardModel(spec);
    this.el.setAttribute('aria-label', m.heading);
    const parts: HTMLElement[] = [
      h(
        'div',
        { class: 'spec-head' },
        h('span', { class: 'spec-icon', attrs: { 'aria-hidden': 'true' } }),
        h('span', { class: 'spec-title', text: m.heading }),
      ),
      h('div', { class: 'spec-detail muted', text: m.detail }),
    ];
    const buttons = h('div', { class: 'spec-actions' });
    if (m.canReview) {
      const input = h('textarea', {
        class: 'feedback-input spec-note',
        attrs: {
          rows: '1',
          'aria-label': 'Note for Zero (optional): a comment with Approve, a reason with Reject',
          placeholder: 'Optional note: a comment with Approve, a reason with Reject',
        },
      });
      input.value = this.note;
      input.addEventListener('input', () => (this.note = input.value));
      parts.push(h('div', { class: 'spec-review spec-answer' }, input));
      buttons.append(
        this.button('Approve', 'approve', 'primary small', 'zero spec approve: Zero saves the spec as approved'),
        this.button('Reject', 'reject', 'secondary small', 'zero spec reject: Zero saves the spec as rejected'),
      );
    }
    if (m.canImplement)
      buttons.append(
        this.button(
          'Start Implementation',
          'implement',
          'primary small',
          "Send Zero's implementation prompt (the approved spec) as your next message",
        ),
      );
    if (m.canOpen) {
      const open = button('Open Spec', () => post({ type: 'spec', turnId: this.turnId, action: 'open' }), {
        class: 'secondary small spec-open',
        title: `Open ${spec.relativePath || spec.filePath} read-only`,
      });
      buttons.append(open);
    }
    parts.push(buttons);
    const status = h('div', {
      class: 'spec-status muted',
      text: this.waiting ? WAITING[this.waiting]! : m.status,
      attrs: { tabindex: '-1' },
    });
    parts.push(status);
    if (m.problem) parts.push(h('div', { class: 'spec-problem', text: m.problem, attrs: { role: 'alert' } }));
    this.el.replaceChildren(...parts);
  }

  private button(label: string, action: Action, cls: string, title: string): HTMLButtonElement {
    const b = button(label, () => this.act(action), { class: `${cls} spec-${action}`, title });
    b.disabled = this.waiting !== null;
    return b;
  }

  private act(action: Action): void {
    if (this.waiting || !this.spec) return;
    this.waiting = action;
    const note = action === 'approve' || action === 'reject' ? this.note.trim() : '';
    post({ type: 'spec', turnId: this.turnId, action, ...(note ? { note } : {}) });
    this.render(this.spec);
    announce(WAITING[action]!);
  }
}
