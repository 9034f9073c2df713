/** A permission request or decision: what, why, how risky, and what the user decided. */
import type { ApprovalState, PermissionItem } from '../../conversation/model';
import { button, h } from '../dom';
import { post } from '../vscodeApi';
import { token } from './format';
import type { ItemView } from './itemView';

const APPROVAL_TEXT: Record<ApprovalState, string> = {
  pending: 'Waiting for your decision',
  'allowed-once': 'You allowed this once',
  'always-allowed': 'You always allow this',
  denied: 'You denied this',
  'not-approvable': 'This cannot be approved from here',
  info: '',
};

const DECISION_TEXT: Record<string, string> = { allow: 'Permission granted', deny: 'Permission denied', prompt: 'Permission needed' };

export class PermissionView implements ItemView<PermissionItem> {
  readonly kind = 'permission';
  readonly el = h('div', { class: 'permission-card', attrs: { role: 'group' } });

  constructor(
    private readonly turnId: string,
    item: PermissionItem,
  ) {
    this.update(item);
  }

  update(p: PermissionItem): void {
    const request = p.event === 'permission_request';
    const level = p.risk?.level || '';
    this.el.className = `permission-card approval-${p.approval}${level ? ` risk-${token(level)}` : ''}`;
    const title = request ? 'Permission request' : (DECISION_TEXT[p.action] ?? `Permission ${p.action || 'decision'}`);
    this.el.setAttribute('aria-label', `${title}: ${p.name}`);

    const head = h(
      'div',
      { class: 'permission-head' },
      h('span', { class: 'permission-icon', attrs: { 'aria-hidden': 'true' } }),
      h('span', { class: 'permission-title', text: title }),
      h('code', { class: 'permission-tool', text: p.name }),
      p.sideEffect ? h('span', { class: `badge side-effect side-${token(p.sideEffect)}`, text: p.sideEffect }) : null,
      level ? h('span', { class: `badge risk risk-${token(level)}`, text: `${level} risk` }) : null,
    );
    const rows: (HTMLElement | null)[] = [head];
    if (p.reason) rows.push(h('div', { class: 'permission-reason', text: p.reason }));
    const categories = p.risk?.categories ?? [];
    if (categories.length) rows.push(h('div', { class: 'permission-meta', text: `Risk categories: ${categories.join(', ')}` }));
    if (p.block) {
      const where = p.block.path ? ` at ${p.block.path}` : '';
      rows.push(h('div', { class: 'permission-block' }, 'Blocked: ', h('code', { text: p.block.code }), where));
    }
    if (!request && p.permissionMode) rows.push(h('div', { class: 'permission-meta', text: `Mode: ${p.permissionMode}${p.grantMatched ? ' · matched a saved grant' : ''}` }));
    rows.push(this.state(p, request));
    this.el.replaceChildren(...rows.filter((r): r is HTMLElement => r !== null));
  }

  private state(p: PermissionItem, request: boolean): HTMLElement | null {
    if (p.approval === 'info') {
      if (request && p.permissionGranted) return h('div', { class: 'approval-state', text: 'Pre-granted' });
      return null;
    }
    const row = h('div', { class: 'approval-state' }, h('span', { text: APPROVAL_TEXT[p.approval] }));
    if (p.approval === 'pending') {
      row.append(button('Review…', () => post({ type: 'reviewApproval', turnId: this.turnId, key: p.key }), { class: 'primary small' }));
    }
    return row;
  }
}
