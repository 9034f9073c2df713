/**
 * A `Task` call drawn as a subagent card (conversation/subagent.ts): the specialist, what it was asked,
 * its status and its answer, and **Open subagent transcript**, which the host reads from Zero's session
 * store and follows while the child runs. Zero's stream carries nothing of the child, so a running card
 * says where its progress is, rather than pretending to show it live.
 */
import { NOT_STREAMED, OPEN_TRANSCRIPT, type SubagentCard } from '../../conversation/subagent';
import type { ToolItem } from '../../conversation/model';
import { button, h } from '../dom';
import { post } from '../vscodeApi';

const SCROLLS = { tabindex: '0' };

/** Fills the tool card's `<details>` (kept, with whether the user opened it) for a `Task` call. */
export function drawSubagentCard(
  el: HTMLElement,
  summary: HTMLElement,
  body: HTMLElement,
  turnId: string,
  t: ToolItem,
  card: SubagentCard,
): void {
  el.className = `tool-card subagent-card status-${tone(card)}`;
  el.dataset.subagent = card.specialist;
  summary.replaceChildren(
    h('span', { class: 'tool-status-icon', attrs: { 'aria-hidden': 'true' } }),
    h('span', { class: 'badge subagent-badge', text: 'Subagent' }),
    h('span', { class: 'tool-name subagent-name', text: card.specialist }),
    card.description
      ? h('span', { class: 'tool-args subagent-description', text: card.description, title: card.description })
      : '',
    h('span', { class: 'spacer' }),
    card.background ? h('span', { class: 'badge', text: 'background' }) : '',
    h('span', { class: 'tool-status subagent-status', text: card.statusText }),
  );
  const about = card.description ? `, ${card.description}` : '';
  el.setAttribute('aria-label', `Subagent ${card.specialist}${about}: ${card.statusText}`);

  const parts: HTMLElement[] = [];
  if (t.settled) parts.push(h('div', { class: 'tool-settled', text: t.settled.why }));
  if (card.status === 'running') parts.push(h('div', { class: 'subagent-note', text: NOT_STREAMED }));
  if (card.status === 'refused')
    parts.push(
      h('div', {
        class: 'subagent-note',
        text: 'Zero did not start it: spawning this specialist needs your approval (see its permission card).',
      }),
    );
  if (card.resumes) parts.push(h('div', { class: 'subagent-session', text: `Continues session ${card.resumes}` }));
  if (card.childSessionId && card.childSessionId !== card.resumes)
    parts.push(h('div', { class: 'subagent-session', text: `Session ${card.childSessionId}` }));
  if (card.canOpen && t.id) {
    const id = t.id;
    const open = button(OPEN_TRANSCRIPT, () => post({ type: 'openSubagent', turnId, toolId: id }), {
      class: 'secondary small open-subagent',
      title:
        card.status === 'running'
          ? "The child's messages and tool calls as Zero records them, followed while it runs"
          : "The child's messages and tool calls, from Zero's session store",
    });
    open.setAttribute('aria-label', `${OPEN_TRANSCRIPT}: ${card.specialist}`);
    parts.push(h('div', { class: 'subagent-actions' }, open));
  }
  if (card.prompt)
    parts.push(section('Assigned task', h('pre', { class: 'tool-json', text: card.prompt, attrs: SCROLLS })));
  if (card.result !== null)
    parts.push(
      section(
        card.status === 'done' ? 'Result' : 'Output',
        h('pre', { class: 'tool-output subagent-result', text: card.result, attrs: SCROLLS }),
      ),
    );
  body.replaceChildren(...parts);
}

function tone(card: SubagentCard): 'running' | 'ok' | 'error' | 'unknown' {
  switch (card.status) {
    case 'running':
      return 'running';
    case 'done':
    case 'background':
      return 'ok';
    case 'unknown':
      return 'unknown';
    default:
      return 'error';
  }
}

function section(label: string, content: HTMLElement): HTMLElement {
  return h('div', { class: 'tool-section' }, h('div', { class: 'section-label', text: label }), content);
}
