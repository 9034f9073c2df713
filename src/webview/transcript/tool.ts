/** A tool call: one line when closed (name, what it touched, side effect, status), details inside. */
import type { ToolItem } from '../../conversation/model';
import { button, h } from '../dom';
import { post } from '../vscodeApi';
import { safeJson, shortArgs, token } from './format';
import type { ItemView } from './itemView';
import { cutSection } from './toolOutput';
import { mcpNames, mcpSection } from './mcpTool';
import { drawSubagentCard } from './subagentCard';
import { subagentCard } from '../../conversation/subagent';

const STATUS_TEXT: Record<string, string> = { running: 'running', ok: 'ok', error: 'error' };
/** Long output scrolls: a tab stop, so the keyboard can scroll it too. */
const SCROLLS = { tabindex: '0' };

export class ToolView implements ItemView<ToolItem> {
  readonly kind = 'tool';
  readonly el = h('details', { class: 'tool-card' });
  private readonly summary = h('summary', { class: 'tool-summary' });
  private readonly body = h('div', { class: 'tool-body' });

  constructor(
    private readonly turnId: string,
    item: ToolItem,
  ) {
    this.el.append(this.summary, this.body);
    this.update(item);
  }

  /** Rebuilt in place: the `<details>` (and whether the user opened it) stays. */
  update(t: ToolItem): void {
    const subagent = subagentCard(t);
    if (subagent) return drawSubagentCard(this.el, this.summary, this.body, this.turnId, t, subagent);
    // A call its turn left open says how it ended as far as Zero recorded it (cutOff.ts), never "running".
    const status = t.settled?.outcome ?? STATUS_TEXT[t.status] ?? t.status;
    this.el.className = `tool-card status-${toneOf(t)}`;
    const args = shortArgs(t.args);
    const mcp = mcpNames(t);
    const head: (Node | null)[] = [
      h('span', { class: 'tool-status-icon', attrs: { 'aria-hidden': 'true' } }),
      h('span', { class: 'tool-name', text: mcp?.name ?? t.name }),
      mcp?.badge ?? null,
      args ? h('span', { class: 'tool-args', text: args, title: args }) : null,
      h('span', { class: 'spacer' }),
      t.sideEffect
        ? h('span', {
            class: `badge side-effect side-${token(t.sideEffect)}`,
            text: t.sideEffect,
            title: `Side effect: ${t.sideEffect}`,
          })
        : null,
      t.truncated || t.cut?.forModel
        ? h('span', { class: 'badge truncated', text: 'truncated', title: 'Zero cut this output short' })
        : null,
      h('span', { class: 'tool-status', text: status }),
    ];
    this.summary.replaceChildren(...head.filter((p): p is Node => p !== null));
    // The card's name for screen readers: what ran, on what, and how it went, in one phrase.
    const effect = t.sideEffect ? `, ${t.sideEffect}` : '';
    this.el.setAttribute(
      'aria-label',
      `Tool call ${mcp?.spoken ?? t.name}${args ? ` ${args}` : ''}${effect}: ${status}`,
    );

    const parts: HTMLElement[] = [];
    if (t.settled) parts.push(h('div', { class: 'tool-settled', text: t.settled.why }));
    const server = mcpSection(t);
    if (server) parts.push(server);
    if (t.summary) parts.push(h('div', { class: 'tool-display-summary', text: t.summary }));
    if (t.args !== null && t.args !== undefined)
      parts.push(section('Arguments', h('pre', { class: 'tool-json', text: safeJson(t.args), attrs: SCROLLS })));
    if (t.checkpoint) {
      const files = t.checkpoint.files.length ? ` · ${t.checkpoint.files.join(', ')}` : '';
      parts.push(h('div', { class: 'tool-checkpoint', text: `Checkpoint ${t.checkpoint.sequence}${files}` }));
    }
    if (t.changedFiles.length) {
      const list = h('ul', { class: 'changed-files' });
      for (const f of t.changedFiles) {
        const open = h('button', {
          class: 'link-button',
          text: f,
          title: `Open ${f}`,
          attrs: { type: 'button', 'data-path': f },
        });
        const diff = button('Diff', () => post({ type: 'openDiff', turnId: this.turnId, path: f }), {
          class: 'code-action diff-button',
          title: `Compare ${f} with before this turn`,
        });
        diff.setAttribute('aria-label', `Diff ${f}`);
        list.append(h('li', {}, open, ' ', diff));
      }
      parts.push(section('Changed files', list));
    }
    if (t.locations?.length) {
      // ACP reports the files a call touched, but Zero keeps no checkpoints over ACP: links only, no Diff.
      const list = h('ul', { class: 'changed-files' });
      for (const f of t.locations)
        list.append(
          h(
            'li',
            {},
            h('button', {
              class: 'link-button',
              text: f,
              title: `Open ${f}`,
              attrs: { type: 'button', 'data-path': f },
            }),
          ),
        );
      parts.push(section('Files', list));
    }
    const cut = cutSection(this.turnId, t);
    if (cut) parts.push(cut);
    if (t.output !== null) {
      parts.push(
        section(
          t.truncated ? 'Output (truncated)' : 'Output',
          h('pre', { class: 'tool-output', text: t.output, attrs: SCROLLS }),
        ),
      );
    } else if (t.status === 'running') {
      parts.push(h('div', { class: 'muted', text: 'Waiting for the result…' }));
    }
    this.body.replaceChildren(...parts);
  }
}

function toneOf(t: ToolItem): 'running' | 'ok' | 'error' | 'unknown' {
  if (t.settled?.outcome === 'unknown' || t.status === 'unknown') return 'unknown';
  return t.status === 'running' ? 'running' : t.status === 'ok' ? 'ok' : 'error';
}

function section(label: string, content: HTMLElement): HTMLElement {
  return h('div', { class: 'tool-section' }, h('div', { class: 'section-label', text: label }), content);
}
