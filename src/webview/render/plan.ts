/** ACP `plan`: the agent's current plan as a checklist; each update replaces it. */
import type { PlanItem } from '../../conversation/model';
import { h } from '../dom';
import { token } from './format';
import type { ItemView } from './itemView';

const STATUS_TEXT: Record<string, string> = { pending: 'to do', in_progress: 'in progress', completed: 'done' };

export class PlanView implements ItemView<PlanItem> {
  readonly kind = 'plan';
  readonly el = h('div', { class: 'plan-card', attrs: { role: 'group', 'aria-label': 'Plan' } });

  constructor(item: PlanItem) {
    this.update(item);
  }

  update(p: PlanItem): void {
    const list = h('ol', { class: 'plan-entries' });
    for (const e of p.entries) {
      const status = STATUS_TEXT[e.status] ?? e.status;
      list.append(
        h(
          'li',
          { class: `plan-entry plan-${token(e.status)}` },
          h('span', { class: 'plan-status', text: status }),
          ' ',
          h('span', { class: 'plan-content', text: e.content }),
        ),
      );
    }
    this.el.replaceChildren(h('div', { class: 'section-label', text: 'Plan' }), list);
  }
}
