/**
 * One turn: the user's message, its items in order, and a footer. Keeps one view per item and
 * updates only items whose object identity changed (the reducer copies only what changed).
 */
import type { Turn, TurnItem } from '../../conversation/model';
import { RUNNING_STATUSES } from '../../conversation/model';
import { button, h } from '../dom';
import { post } from '../vscodeApi';
import { duration, statusLabel, usageText } from './format';
import type { ItemView } from './itemView';
import { NoticeView, ProblemView } from './notice';
import { PermissionView } from './permission';
import { ReasoningView } from './reasoning';
import { TextView } from './text';
import { ToolView } from './tool';

export class TurnView {
  readonly el = h('article', { class: 'turn' });
  private readonly items = h('div', { class: 'turn-items' });
  private readonly footer = h('div', { class: 'turn-footer' });
  private readonly views: ItemView[] = [];
  private readonly rendered: TurnItem[] = [];
  private turn: Turn | null = null;

  constructor(turn: Turn) {
    this.el.dataset.turnId = turn.id;
    // A saved transcript has no prompt: no empty "You" box.
    if (turn.prompt !== '' || turn.origin === 'retry') this.el.append(userMessage(turn));
    this.el.append(this.items, this.footer);
    this.update(turn);
  }

  update(turn: Turn): void {
    const prev = this.turn;
    if (turn === prev) return;
    this.turn = turn;
    if (turn.items !== prev?.items) this.updateItems(turn);
    if (!prev || footerChanged(prev, turn)) this.renderFooter(turn);
    this.el.classList.toggle('running', RUNNING_STATUSES.has(turn.status));
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
        const fresh = makeView(turn.id, item);
        if (view) view.el.replaceWith(fresh.el);
        else this.items.append(fresh.el);
        this.views[i] = fresh;
      }
      this.rendered[i] = item;
    }
    for (const extra of this.views.splice(items.length)) extra.el.remove();
    this.rendered.length = items.length;
    markNarration(items, this.views);
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
    if (t.exitCode !== null && t.exitCode !== 0) line.append(h('span', { class: 'footer-item', text: `exit code ${t.exitCode}` }));
    if (t.endedAt !== null) line.append(h('span', { class: 'footer-item', text: duration(t.endedAt - t.startedAt) }));
    if (t.usage.totalTokens > 0) line.append(h('span', { class: 'footer-item usage', text: usageText(t.usage) }));
    if (t.run.model) line.append(h('span', { class: 'footer-item model', text: t.run.model }));
    const parts: HTMLElement[] = [line];
    if (t.explanation) parts.push(h('div', { class: `turn-explanation tone-${tone}`, text: t.explanation }));
    const changed = changedFiles(t);
    if (t.undone) {
      parts.push(h('div', { class: 'footer-line turn-changes undone' }, h('span', { text: t.undone.summary })));
    } else if (changed > 0) {
      const undo = button('Undo Changes…', () => post({ type: 'undoTurn', turnId: t.id }), { class: 'secondary small', title: 'Restore the files this turn changed (asks first)' });
      parts.push(h('div', { class: 'footer-line turn-changes' }, h('span', { text: `Changed ${changed} file${changed === 1 ? '' : 's'}` }), undo));
    }
    if (t.stderrTail) {
      parts.push(h('details', { class: 'stderr' }, h('summary', { text: 'Error output (stderr)' }), h('pre', { text: t.stderrTail })));
    }
    this.footer.replaceChildren(...parts);
  }
}

function userMessage(turn: Turn): HTMLElement {
  if (turn.origin === 'retry') {
    const box = h('div', { class: 'user-message retry' }, h('div', { class: 'who', text: 'Retrying with your approval' }));
    if (turn.prompt) box.append(h('details', { class: 'retry-prompt' }, h('summary', { text: 'Instructions sent to Zero' }), h('div', { class: 'prompt', text: turn.prompt })));
    return box;
  }
  return h('div', { class: 'user-message' }, h('div', { class: 'who', text: 'You' }), h('div', { class: 'prompt', text: turn.prompt }));
}

function makeView(turnId: string, item: TurnItem): ItemView {
  switch (item.kind) {
    case 'text':
      return new TextView(item);
    case 'reasoning':
      return new ReasoningView(item);
    case 'tool':
      return new ToolView(turnId, item);
    case 'permission':
      return new PermissionView(turnId, item);
    case 'warning':
    case 'error':
      return new NoticeView(item.kind, item);
    case 'unknown-event':
    case 'problem':
      return new ProblemView(item.kind, item);
  }
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
    a.run !== b.run
  );
}
