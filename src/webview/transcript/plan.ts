/** The plan checklist (ACP `plan`, exec `update_plan`: planChecklist.ts); each update replaces it. */
import type { PlanItem } from '../../conversation/model';
import { planProgress, statusWords } from '../../conversation/planChecklist';
import { h } from '../dom';
import { token } from './format';
import type { ItemView } from './itemView';

export class PlanView implements ItemView<PlanItem> {
  readonly kind = 'plan';
  readonly el = h('div', { class: 'plan-card', attrs: { role: 'group', 'aria-label': 'Plan' } });

  constructor(item: PlanItem) {
    this.update(item);
  }

  update(p: PlanItem): void {
    const list = h('ol', { class: 'plan-entries' });
    const n = p.entries.length;
    p.entries.forEach((e, i) => {
      const status = statusWords(e.status);
      list.append(
        h(
          'li',
          {
            class: `plan-entry plan-${token(e.status)}`,
            attrs: { 'aria-label': `Step ${i + 1} of ${n}, ${status}: ${e.content}` },
          },
          h('span', { class: 'plan-status', text: status }),
          ' ',
          h('span', { class: 'plan-content', text: e.content }),
        ),
      );
    });
    const progress = planProgress(p.entries);
    this.el.setAttribute('aria-label', `Plan, ${progress}`);
    this.el.replaceChildren(
      h('div', { class: 'section-label' }, 'Plan ', h('span', { class: 'plan-progress muted', text: progress })),
      list,
    );
  }
}
