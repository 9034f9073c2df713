/** The empty chat: what Zero is, and the recent chats to reopen (History shows them all). */
import { activityWords } from '../../conversation/readouts/chatActivity';
import type { ChatSummary } from '../../messages/protocol';
import { button, h } from '../dom';
import { post } from '../vscodeApi';

const MAX_RECENT = 5;

/** `sessionId`: the new chat continues a Zero session started elsewhere (a terminal). */
export function renderWelcome(history: readonly ChatSummary[], sessionId: string | null = null): HTMLElement {
  const el = h(
    'div',
    { class: 'welcome' },
    h('h2', { class: 'welcome-title', text: sessionId ? 'Continue a Zero session' : 'Ask Zero' }),
    h('p', {
      class: 'muted',
      text: sessionId
        ? `This chat continues the Zero session ${sessionId}, started outside VS Code. Zero remembers that conversation; your next message goes on from it.`
        : 'Zero reads and edits this workspace to answer you. Tool calls, approvals and changed files show up here as it works.',
    }),
  );
  const recent = [...history].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_RECENT);
  if (recent.length) {
    const list = h('ul', { class: 'recent-chats' });
    for (const c of recent) {
      const b = button(c.title || 'Untitled chat', () => post({ type: 'openChat', chatId: c.id }), {
        class: 'recent-chat',
      });
      const meta = [
        c.activity ? activityWords(c.activity) : '',
        `${c.turns} turn${c.turns === 1 ? '' : 's'}`,
        when(c.updatedAt),
      ]
        .filter(Boolean)
        .join(' · ');
      b.append(h('span', { class: 'recent-meta', text: meta }));
      list.append(h('li', {}, b));
    }
    list.setAttribute('aria-label', 'Recent chats');
    el.append(h('div', { class: 'section-label', text: 'Recent chats', attrs: { 'aria-hidden': 'true' } }), list);
  }
  return el;
}

function when(at: number): string {
  const d = new Date(at);
  const today = new Date();
  return d.toDateString() === today.toDateString()
    ? d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}
