/** Messages sent while a run is going: the host queues them; each can be cancelled. */
import { h } from '../dom';
import { post } from '../vscodeApi';
import { oneLine, truncate } from './format';

export class QueueView {
  readonly el = h('div', { class: 'queue', attrs: { role: 'region', 'aria-label': 'Queued messages' } });
  private shown: readonly string[] | null = null;

  update(queued: readonly string[]): void {
    if (queued === this.shown) return;
    this.shown = queued;
    this.el.hidden = queued.length === 0;
    const list = h('ol', { class: 'queue-list' });
    queued.forEach((text, index) => {
      const cancel = h('button', { class: 'icon-button', text: '×', title: 'Cancel this queued message' });
      cancel.type = 'button';
      cancel.setAttribute('aria-label', `Cancel queued message ${index + 1}: ${truncate(oneLine(text), 40)}`);
      cancel.addEventListener('click', () => post({ type: 'cancelQueued', index }));
      list.append(h('li', { class: 'queued' }, h('span', { class: 'queued-text', text }), cancel));
    });
    this.el.replaceChildren(h('div', { class: 'section-label', text: 'Queued — sent when Zero finishes' }), list);
  }
}
