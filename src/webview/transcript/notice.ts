/** Warnings and errors as notices; unknown events and protocol problems as small muted lines. */
import { CONTEXT_LIMIT_CODE, CONTINUED_ON_EXEC_CODE } from '../../conversation/contextLimit';
import type { ElidedItem, NoticeItem, ProblemItem } from '../../conversation/model';
import { elidedMessage } from '../../conversation/outputBudget';
import { button, h } from '../dom';
import { post } from '../vscodeApi';
import type { ItemView } from './itemView';

export class NoticeView implements ItemView<NoticeItem> {
  readonly el = h('div');

  /** `refill`: Continue on exec puts the turn's message back in an empty message box (composer.ts). */
  constructor(
    readonly kind: NoticeItem['kind'],
    item: NoticeItem,
    private readonly refill: () => void = () => {},
  ) {
    this.update(item);
  }

  update(n: NoticeItem): void {
    const error = n.kind === 'error';
    this.el.className = `notice notice-${n.kind}`;
    this.el.setAttribute('role', 'note');
    const label = error
      ? `Error${n.code ? ` (${n.code})` : ''}`
      : n.code === CONTINUED_ON_EXEC_CODE
        ? 'Continued on exec'
        : 'Warning';
    const recover = error && n.recoverable === true ? ' Zero can recover from this.' : '';
    this.el.replaceChildren(
      h('span', { class: 'notice-icon', attrs: { 'aria-hidden': 'true' } }),
      h('span', { class: 'notice-label', text: `${label}: ` }),
      h('span', { class: 'notice-message', text: (n.message || '(no message)') + recover }),
    );
    // Shown on the chat's last turn until used (chat.css); the host checks the chat is an idle ACP one.
    if (n.code === CONTEXT_LIMIT_CODE)
      this.el.append(h('div', { class: 'notice-actions continue-on-exec' }, this.continueButton()));
  }

  private continueButton(): HTMLButtonElement {
    return button(
      'Continue on exec',
      () => {
        this.refill();
        post({ type: 'continueOnExec' });
      },
      {
        class: 'primary small',
        title:
          'Go on with this same Zero session over zero exec (zero exec --resume), which gives the model the conversation so far in short',
      },
    );
  }
}

export class ProblemView implements ItemView<ProblemItem> {
  readonly el = h('div', { class: 'problem' });

  constructor(
    readonly kind: ProblemItem['kind'],
    item: ProblemItem,
  ) {
    this.update(item);
  }

  update(p: ProblemItem): void {
    this.el.textContent =
      p.kind === 'unknown-event'
        ? `Unknown event “${p.detail}” (line ${p.line}), ignored`
        : `Protocol problem: ${p.detail}`;
  }
}

/** Where the run's output went over its budget: what was dropped, as a warning notice. */
export class ElidedView implements ItemView<ElidedItem> {
  readonly kind = 'elided';
  readonly el = h('div', { class: 'notice notice-warning elided', attrs: { role: 'note' } });

  constructor(item: ElidedItem) {
    this.update(item);
  }

  update(e: ElidedItem): void {
    this.el.replaceChildren(
      h('span', { class: 'notice-icon', attrs: { 'aria-hidden': 'true' } }),
      h('span', { class: 'notice-label', text: 'Output dropped: ' }),
      h('span', { class: 'notice-message', text: elidedMessage(e) }),
    );
  }
}
