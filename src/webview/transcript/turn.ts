/**
 * One turn: the user's message, its items in order, and a footer. Keeps one view per item and
 * updates only items whose object identity changed (the reducer copies only what changed).
 */
import { CONTINUED_ON_EXEC_CODE } from '../../conversation/contextLimit';
import { suggestsDiagnose } from '../../conversation/readouts/diagnosable';
import type { Turn, TurnItem } from '../../conversation/model';
import { RUNNING_STATUSES } from '../../conversation/model';
import { turnReviewRows, rowLabel, rowSpoken, type ReviewRow } from '../../conversation/review/reviewList';
import { button, h } from '../dom';
import { post } from '../vscodeApi';
import { duration, statusLabel, usageText } from './format';
import type { ItemView } from './itemView';
import { ElidedView, NoticeView, ProblemView } from './notice';
import { PermissionView } from './permissionCard';
import { AskUserView } from './askUser';
import { ASK_TOOL, askFromArgs } from '../../conversation/askUser';
import { PlanView } from './plan';
import { shownAsPlan } from '../../conversation/planChecklist';
import { ReasoningView } from './reasoning';
import { SpecCardView } from './specCard';
import { resumeLine } from './resume';
import { forkButton } from './forkButton';
import { TextView } from './text';
import { ToolView } from './tool';

/** What the Edit button asks the composer for. */
export interface EditRequest {
  readonly turnId: string;
  readonly text: string;
}

/** What a turn's buttons ask of the composer: passed in by the app, not sent through the document. */
export interface TurnActions {
  /** Edit: the message goes back in the box, and the next send replaces the turn. */
  edit(req: EditRequest): void;
  /** Continue on exec: an empty box gets the refused message back. */
  refill(text: string): void;
  /** Resume a cut-off turn: the message goes in the box, to send as it is or edited. */
  resume(text: string): void;
}

export class TurnView {
  readonly el = h('article', { class: 'turn' });
  private readonly items = h('div', { class: 'turn-items' });
  private readonly footer = h('div', { class: 'turn-footer' });
  /** A spec turn's spec, between what Zero did and the footer (specCard.ts). */
  private readonly specCard: SpecCardView;
  private readonly views: ItemView[] = [];
  private readonly rendered: TurnItem[] = [];
  private turn: Turn | null = null;

  constructor(
    turn: Turn,
    private readonly actions: TurnActions,
  ) {
    this.el.dataset.turnId = turn.id;
    this.specCard = new SpecCardView(turn.id);
    // A saved transcript has no prompt: no empty "You" box.
    if (turn.prompt !== '' || turn.origin === 'retry') this.el.append(userMessage(turn, actions));
    // Headings let a screen reader jump between what the user said and what Zero did.
    this.el.append(h('h2', { class: 'sr-only', text: 'Zero' }), this.items, this.specCard.el, this.footer);
    this.update(turn);
  }

  update(turn: Turn): void {
    const prev = this.turn;
    if (turn === prev) return;
    this.turn = turn;
    if (turn.items !== prev?.items) this.updateItems(turn);
    this.specCard.update(turn.spec);
    if (!prev || footerChanged(prev, turn)) this.renderFooter(turn);
    this.el.classList.toggle('running', RUNNING_STATUSES.has(turn.status));
    this.el.classList.toggle('edited', turn.undone !== undefined);
  }

  private updateItems(turn: Turn): void {
    const items = turn.items;
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (item === this.rendered[i]) continue;
      const view = this.views[i];
      if (view && view.kind === item.kind) {
        (view as ItemView<typeof item>).update(item);
      } else {
        const fresh = makeView(turn, item, this.actions);
        if (view) view.el.replaceWith(fresh.el);
        else this.items.append(fresh.el);
        this.views[i] = fresh;
      }
      this.rendered[i] = item;
    }
    for (const extra of this.views.splice(items.length)) extra.el.remove();
    this.rendered.length = items.length;
    markNarration(items, this.views);
    hidePlanCalls(items, this.views);
    // Continue on exec was used in this turn: its button goes (chat.css).
    this.el.classList.toggle(
      'continued',
      items.some((i) => i.kind === 'warning' && i.code === CONTINUED_ON_EXEC_CODE),
    );
  }

  private renderFooter(t: Turn): void {
    if (RUNNING_STATUSES.has(t.status)) {
      this.footer.replaceChildren();
      this.footer.hidden = true;
      return;
    }
    this.footer.hidden = false;
    const { text, tone } = statusLabel(t.status);
    const line = h('div', { class: 'footer-line' }, h('span', { class: `turn-status tone-${tone}`, text }));
    if (t.exitCode !== null && t.exitCode !== 0)
      line.append(h('span', { class: 'footer-item', text: `exit code ${t.exitCode}` }));
    if (t.endedAt !== null) line.append(h('span', { class: 'footer-item', text: duration(t.endedAt - t.startedAt) }));
    if (t.usage.totalTokens > 0) line.append(h('span', { class: 'footer-item usage', text: usageText(t.usage) }));
    // The profile's name the chat picked (run_start.provider is only the provider's kind).
    if (t.composed?.provider)
      line.append(h('span', { class: 'footer-item provider', text: `provider ${t.composed.provider}` }));
    if (t.run.model) line.append(h('span', { class: 'footer-item model', text: t.run.model }));
    if (t.composed?.mode) line.append(h('span', { class: 'footer-item mode', text: `${t.composed.mode} mode` }));
    if (t.composed?.effort)
      line.append(h('span', { class: 'footer-item effort', text: `${t.composed.effort} effort` }));
    line.append(forkButton(t));
    const parts: HTMLElement[] = [line];
    if (t.explanation) parts.push(h('div', { class: `turn-explanation tone-${tone}`, text: t.explanation }));
    const resume = resumeLine(t, (text) => this.actions.resume(text));
    if (resume) parts.push(resume);
    // A failure of the setup (binary, provider, config, sandbox): the report says what is wrong.
    if (suggestsDiagnose(t))
      parts.push(
        h(
          'div',
          { class: 'footer-line turn-diagnose' },
          button('Diagnose', () => post({ type: 'diagnose' }), {
            class: 'secondary small',
            title: 'Zero: Diagnose: check the binary, the provider, zero acp and the settings, in one report',
          }),
        ),
      );
    const acp = t.transport === 'acp';
    const rows = turnReviewRows(t);
    const changed = t.review || acp ? rows.length : changedFiles(t);
    if (t.undone) {
      parts.push(h('div', { class: 'footer-line turn-changes undone' }, h('span', { text: t.undone.summary })));
    } else if (changed > 0) {
      // No Undo over ACP: Zero wrote no checkpoint to rewind to.
      const undo = acp
        ? null
        : button('Undo Changes…', () => post({ type: 'undoTurn', turnId: t.id }), {
            class: 'secondary small',
            title: "Revert all: restore every file this turn changed with Zero's rewind (asks first)",
          });
      parts.push(
        h(
          'div',
          { class: 'footer-line turn-changes' },
          h('span', { text: `Changed ${changed} file${changed === 1 ? '' : 's'}` }),
          undo,
        ),
      );
      if (rows.length > 0) parts.push(reviewList(rows));
    }
    if (acp) {
      // Never show zeros: say what ACP does not report instead.
      parts.push(
        h('div', {
          class: 'footer-line acp-note muted',
          text: "Over ACP Zero reports no token usage and keeps no checkpoints: no line counts, Diff, Revert or Undo for this turn's files.",
        }),
      );
    }
    if (t.stderrTail) {
      parts.push(
        h(
          'details',
          { class: 'stderr' },
          h('summary', { text: 'Error output (stderr)' }),
          h('pre', { text: t.stderrTail, attrs: { tabindex: '0' } }),
        ),
      );
    }
    this.footer.replaceChildren(...parts);
  }
}

/** The message as the user wrote it (what Edit puts in the box too). */
function resendText(turn: Turn): string {
  return turn.origin === 'retry' ? '' : turn.composed ? turn.composed.text : turn.prompt;
}

function userMessage(turn: Turn, actions: TurnActions): HTMLElement {
  if (turn.origin === 'retry') {
    const box = h(
      'div',
      { class: 'user-message retry' },
      h('h2', { class: 'who', text: 'Retrying with your approval' }),
    );
    if (turn.prompt)
      box.append(
        h(
          'details',
          { class: 'retry-prompt' },
          h('summary', { text: 'Instructions sent to Zero' }),
          h('div', { class: 'prompt', text: turn.prompt }),
        ),
      );
    return box;
  }
  const r = turn.composed;
  // Shown on the last finished turn only (chat.css): resent through Zero's rewind.
  const editBtn = button('Edit', () => actions.edit({ turnId: turn.id, text: resendText(turn) }), {
    class: 'secondary small edit-message',
    title: 'Edit this message and send it again (Zero rewinds its session to before it)',
  });
  editBtn.setAttribute('aria-label', 'Edit your last message');
  if (!r)
    return h(
      'div',
      { class: 'user-message' },
      h('h2', { class: 'who', text: 'You' }),
      editBtn,
      h('div', { class: 'prompt', text: turn.prompt }),
    );
  // Sent from the composer with chips: the words as typed, then what went with them.
  const sent = [
    ...r.chips.map((c) => h('li', { class: 'attachment', text: c })),
    ...(r.images > 0
      ? [h('li', { class: 'attachment image-count', text: `${r.images} image${r.images === 1 ? '' : 's'}` })]
      : []),
  ];
  return h(
    'div',
    { class: 'user-message' },
    h('h2', { class: 'who', text: 'You' }),
    editBtn,
    r.text ? h('div', { class: 'prompt', text: r.text }) : null,
    sent.length > 0
      ? h('ul', { class: 'attachments sent-chips', attrs: { 'aria-label': 'Sent with this message' } }, ...sent)
      : null,
  );
}

function makeView(turn: Turn, item: TurnItem, actions: TurnActions): ItemView {
  const turnId = turn.id;
  switch (item.kind) {
    case 'text':
      return new TextView(item);
    case 'reasoning':
      return new ReasoningView(item);
    case 'tool':
      return item.name === ASK_TOOL && askFromArgs(item.args)
        ? new AskUserView(turn.transport === 'acp' ? 'acp' : 'exec', item)
        : new ToolView(turnId, item);
    case 'permission':
      return new PermissionView(turnId, item);
    case 'warning':
    case 'error':
      return new NoticeView(item.kind, item, () => actions.refill(resendText(turn)));
    case 'unknown-event':
    case 'problem':
      return new ProblemView(item.kind, item);
    case 'elided':
      return new ElidedView(item);
    case 'plan':
      return new PlanView(item);
  }
}

/** The `update_plan` cards a checklist stands for are not drawn beside it (planChecklist.ts). */
function hidePlanCalls(items: readonly TurnItem[], views: readonly ItemView[]): void {
  const plan = items.some((i) => i.kind === 'plan');
  items.forEach((item, i) => {
    if (item.kind === 'tool') views[i]!.el.hidden = plan && shownAsPlan(item);
  });
}

/** Text before the turn's last tool call or permission event is narration: muted. */
function markNarration(items: readonly TurnItem[], views: readonly ItemView[]): void {
  let lastAction = -1;
  for (let i = items.length - 1; i >= 0; i--) {
    const k = items[i]!.kind;
    if (k === 'tool' || k === 'permission') {
      lastAction = i;
      break;
    }
  }
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind === 'text') views[i]!.el.classList.toggle('narration', !item.answer && i < lastAction);
  }
}

/** Each file with its +/- counts, Diff, and Keep / Revert until the user decides. */
function reviewList(rows: readonly ReviewRow[]): HTMLElement {
  const list = h('ul', { class: 'review-files', attrs: { 'aria-label': 'Files this turn changed' } });
  for (const r of rows) {
    const label = rowLabel(r);
    const open = h('button', {
      class: 'link-button review-path',
      text: r.path,
      title: `Open ${r.path}`,
      attrs: { type: 'button', 'data-path': r.path },
    });
    const item = h(
      'li',
      { class: `review-file state-${r.state}`, attrs: { 'aria-label': rowSpoken(r) } },
      open,
      label ? h('span', { class: 'review-counts', text: label }) : null,
    );
    const actions = h('span', { class: 'review-actions' });
    item.append(actions);
    // Over ACP there is no before-state (no checkpoint): no Diff and no Revert, only Keep.
    if (!r.noCheckpoint) {
      const diff = button('Diff', () => post({ type: 'openDiff', turnId: r.turnId, path: r.path }), {
        class: 'code-action diff-button',
        title: `Compare ${r.path} before this turn with now`,
      });
      diff.setAttribute('aria-label', `Diff ${r.path}`);
      actions.append(diff);
    }
    if (r.state === 'pending') {
      const keep = button(
        'Keep',
        () => post({ type: 'reviewFile', turnId: r.turnId, path: r.path, decision: 'keep' }),
        { class: 'code-action review-keep', title: `Keep this turn's change to ${r.path} (dismiss it from review)` },
      );
      keep.setAttribute('aria-label', `Keep ${r.path}`);
      actions.append(keep);
      if (!r.noCheckpoint) {
        const revert = button(
          'Revert',
          () => post({ type: 'reviewFile', turnId: r.turnId, path: r.path, decision: 'revert' }),
          { class: 'code-action review-revert', title: `Put ${r.path} back as it was before this turn` },
        );
        revert.setAttribute('aria-label', `Revert ${r.path}`);
        actions.append(revert);
      }
    }
    list.append(item);
  }
  return list;
}

function changedFiles(t: Turn): number {
  const files = new Set<string>();
  for (const i of t.items) if (i.kind === 'tool') for (const f of i.changedFiles) files.add(f);
  return files.size;
}

function footerChanged(a: Turn, b: Turn): boolean {
  return (
    a.items !== b.items ||
    a.status !== b.status ||
    a.exitCode !== b.exitCode ||
    a.endedAt !== b.endedAt ||
    a.usage !== b.usage ||
    a.explanation !== b.explanation ||
    a.stderrTail !== b.stderrTail ||
    a.run !== b.run ||
    a.undone !== b.undone ||
    a.review !== b.review ||
    a.cutOff !== b.cutOff
  );
}
