/** A permission request or decision: what, why, how risky, and what the user decided. */
import type { ApprovalState, PermissionItem } from '../../conversation/model';
import { ruleLines } from '../../conversation/permissionRules';
import { button, h } from '../dom';
import { post } from '../vscodeApi';
import { token } from './format';
import type { ItemView } from './itemView';

const APPROVAL_TEXT: Record<ApprovalState, string> = {
  pending: 'Waiting for your decision',
  'allowed-once': 'You allowed this once',
  'always-allowed': 'You chose Always allow',
  denied: 'You denied this',
  'not-approvable': 'This cannot be approved from here',
  info: '',
  'allowed-session': 'You allowed this for the session',
  cancelled: 'Cancelled: the turn was stopped',
};

const DECISION_TEXT: Record<string, string> = {
  allow: 'Permission granted',
  deny: 'Permission denied',
  prompt: 'Permission needed',
};

export class PermissionView implements ItemView<PermissionItem> {
  readonly kind = 'permission';
  readonly el = h('div', { class: 'permission-card', attrs: { role: 'group' } });
  /** After Deny: the "what to do instead" box, kept open across redraws of the card. */
  private feedback: { open: boolean; text: string; sent: boolean } = { open: false, text: '', sent: false };
  private item: PermissionItem | null = null;
  /** For the Manage Approvals link's description (aria-describedby): unique in the view. */
  private readonly ids = { asked: `permission-asked-${++cards}`, rule: `permission-rule-${cards}` };

  constructor(
    private readonly turnId: string,
    item: PermissionItem,
  ) {
    this.update(item);
  }

  update(p: PermissionItem): void {
    this.item = p;
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
    if (p.acp)
      rows.push(
        h('div', { class: 'permission-reason', text: `${p.acp.title}${p.acp.toolKind ? ` (${p.acp.toolKind})` : ''}` }),
      );
    if (p.reason) rows.push(h('div', { class: 'permission-reason', text: p.reason }));
    const categories = p.risk?.categories ?? [];
    if (categories.length)
      rows.push(h('div', { class: 'permission-meta', text: `Risk categories: ${categories.join(', ')}` }));
    if (p.block) {
      const where = p.block.path ? ` at ${p.block.path}` : '';
      rows.push(h('div', { class: 'permission-block' }, 'Blocked: ', h('code', { text: p.block.code }), where));
    }
    if (!request && p.permissionMode)
      rows.push(
        h('div', {
          class: 'permission-meta',
          text: `Mode: ${p.permissionMode}${p.grantMatched ? ' · matched a saved grant' : ''}`,
        }),
      );
    // Text only: the rule's scope and Zero's words come from the model's arguments (clamped by the reducer).
    const lines = ruleLines(p);
    const said: string[] = [];
    if (lines.askedAgain) {
      rows.push(h('div', { class: 'permission-asked-again', text: lines.askedAgain, attrs: { id: this.ids.asked } }));
      said.push(this.ids.asked);
    }
    rows.push(this.state(p, request));
    if (lines.stored) {
      const kind = `rule-${token(p.rule!.kind)}`;
      rows.push(h('div', { class: `permission-rule ${kind}`, text: lines.stored, attrs: { id: this.ids.rule } }));
      said.push(this.ids.rule);
    }
    if (said.length > 0) rows.push(manageLink(said));
    this.el.replaceChildren(...rows.filter((r): r is HTMLElement => r !== null));
  }

  private state(p: PermissionItem, request: boolean): HTMLElement | null {
    if (p.approval === 'info') {
      if (request && p.permissionGranted) return h('div', { class: 'approval-state', text: 'Pre-granted' });
      return null;
    }
    const row = p.acp
      ? acpState(p)
      : h('div', { class: 'approval-state' }, h('span', { text: APPROVAL_TEXT[p.approval] }));
    if (p.approval === 'pending' && !p.acp) {
      row.append(
        button('Review…', () => post({ type: 'reviewApproval', turnId: this.turnId, key: p.key }), {
          class: 'primary small',
        }),
      );
    }
    if (p.approval === 'denied') return this.denied(row);
    return row;
  }

  /** Deny with feedback: the user says what Zero should do instead; it is sent as the next message. */
  private denied(row: HTMLElement): HTMLElement {
    const f = this.feedback;
    if (f.sent) {
      row.append(h('span', { class: 'feedback-sent', text: ' · your instructions were sent' }));
      return row;
    }
    if (!f.open) {
      row.append(button('Tell Zero what to do instead', () => this.openFeedback(), { class: 'secondary small' }));
      return row;
    }
    const box = h('textarea', {
      class: 'feedback-input',
      attrs: {
        'aria-label': 'What Zero should do instead',
        rows: '2',
        placeholder: 'e.g. Do not fetch it; use the copy in docs/ instead.',
      },
    });
    box.value = f.text;
    box.addEventListener('input', () => (f.text = box.value));
    const send = (): void => {
      const text = box.value.trim();
      if (!text) return;
      f.sent = true;
      f.open = false;
      post({ type: 'send', text });
      this.redraw();
    };
    box.addEventListener('keydown', (ev) => {
      if (ev.key === 'Escape') {
        ev.preventDefault();
        f.open = false;
        this.redraw();
      } else if (ev.key === 'Enter' && !ev.shiftKey && !ev.isComposing) {
        ev.preventDefault();
        send();
      }
    });
    const form = h(
      'div',
      { class: 'deny-feedback' },
      box,
      h(
        'div',
        { class: 'deny-feedback-bar' },
        button('Tell Zero', send, { class: 'primary small' }),
        button(
          'Cancel',
          () => {
            f.open = false;
            this.redraw();
          },
          { class: 'secondary small' },
        ),
      ),
    );
    queueMicrotask(() => box.focus());
    return h('div', {}, row, form);
  }

  private openFeedback(): void {
    this.feedback.open = true;
    this.redraw();
  }

  private redraw(): void {
    if (this.item) this.update(this.item);
  }
}

let cards = 0;

/** Runs Zero: Manage Approvals (Zero's stored rules and the saved folders, each revocable); described by the lines it follows. */
function manageLink(describedBy: readonly string[]): HTMLElement {
  const link = button('Manage Approvals', () => post({ type: 'manageApprovals' }), {
    class: 'link-button manage-approvals',
    title: "Zero: Manage Approvals: list Zero's stored rules and the saved folders, and revoke them",
    attrs: { 'aria-describedby': describedBy.join(' ') },
  });
  return h('div', { class: 'permission-links' }, link);
}

/** ACP: Zero waits for the answer in its dialog; the card says so, then names the option picked (Zero's label). */
function acpState(p: PermissionItem): HTMLElement {
  const picked = p.acp?.options.find((o) => o.optionId === p.acp?.chosen);
  const text =
    p.approval === 'pending'
      ? 'Zero is waiting for your decision in the dialog'
      : picked && p.acp?.remembered
        ? `Allowed without asking: you chose "${picked.name}" earlier in this chat`
        : picked
          ? `You chose: ${picked.name}`
          : p.approval === 'denied'
            ? 'Rejected (dialog closed)'
            : p.approval === 'cancelled'
              ? // The turn ended (Stop, a crash) while Zero waited: nothing was sent, and a later answer in the dialog is dropped.
                'Cancelled: the request ended before an answer was sent to Zero'
              : APPROVAL_TEXT[p.approval];
  return h('div', { class: 'approval-state' }, h('span', { text }));
}
