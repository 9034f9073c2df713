/** Warnings and errors as notices; unknown events and protocol problems as small muted lines. */
import type { ElidedItem, NoticeItem, ProblemItem } from '../../conversation/model';
import { elidedMessage } from '../../conversation/outputBudget';
import { h } from '../dom';
import type { ItemView } from './itemView';

export class NoticeView implements ItemView<NoticeItem> {
  readonly el = h('div');

  constructor(
    readonly kind: NoticeItem['kind'],
    item: NoticeItem,
  ) {
    this.update(item);
  }

  update(n: NoticeItem): void {
    const error = n.kind === 'error';
    this.el.className = `notice notice-${n.kind}`;
    this.el.setAttribute('role', 'note');
    const label = error ? `Error${n.code ? ` (${n.code})` : ''}` : 'Warning';
    const recover = error && n.recoverable === true ? ' Zero can recover from this.' : '';
    this.el.replaceChildren(
      h('span', { class: 'notice-icon', attrs: { 'aria-hidden': 'true' } }),
      h('span', { class: 'notice-label', text: `${label}: ` }),
      h('span', { class: 'notice-message', text: (n.message || '(no message)') + recover }),
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
    this.el.textContent = p.kind === 'unknown-event' ? `Unknown event “${p.detail}” (line ${p.line}), ignored` : `Protocol problem: ${p.detail}`;
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
