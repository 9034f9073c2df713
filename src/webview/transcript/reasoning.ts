/** Reasoning: collapsed, plain text, never part of the answer. Streams by appending text nodes. */
import type { ReasoningItem } from '../../conversation/model';
import { h } from '../dom';
import type { ItemView } from './itemView';

export class ReasoningView implements ItemView<ReasoningItem> {
  readonly kind = 'reasoning';
  readonly el = h('details', { class: 'reasoning', attrs: { 'aria-label': 'Reasoning' } });
  private readonly label = h('span', { class: 'reasoning-label', text: 'Reasoning' });
  private readonly body = h('div', { class: 'reasoning-text' });
  private shown = '';

  constructor(item: ReasoningItem) {
    this.el.append(h('summary', {}, this.label), this.body);
    this.update(item);
  }

  update(item: ReasoningItem): void {
    this.el.classList.toggle('streaming', !item.closed);
    if (item.text.startsWith(this.shown)) {
      if (item.text.length > this.shown.length) this.body.append(item.text.slice(this.shown.length));
    } else {
      this.body.textContent = item.text;
    }
    this.shown = item.text;
  }
}
