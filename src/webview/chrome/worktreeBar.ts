/**
 * The header's worktree row. Before the first message: the Isolated (worktree) toggle, unavailable
 * with why over ACP, in Restricted Mode and without a folder (focusable all the same, so the reason
 * can be read). Once the worktree is made: its branch and folder (a button that shows its changes,
 * with the full path and base in its tooltip), Merge Back… and Discard…. After Discard: a badge.
 */
import { chatTransport, RUNNING_STATUSES, type Chat, type ChatWorktree } from '../../conversation/model';
import { ACP_NO_WORKTREE, RESTRICTED_NO_WORKTREE, worktreeBase } from '../../conversation/worktreeActions';
import type { ViewState } from '../../messages/protocol';
import { button, h } from '../dom';
import { post } from '../vscodeApi';

const TOGGLE_TIP =
  'Run this chat in a git worktree of its own (a branch zero/<name> from HEAD), so it can change the repository while other chats do; Merge back applies its changes here.';

export class WorktreeBar {
  readonly el = h('div', { class: 'header-row worktree-bar' });
  private signature = '';

  update(state: ViewState): void {
    const chat = state.chat;
    const last = chat.turns[chat.turns.length - 1];
    const running = last !== undefined && RUNNING_STATUSES.has(last.status);
    const why = unavailable(state);
    const sig = JSON.stringify([chat.isolated, chat.worktree, chat.turns.length === 0, state.readOnly, why, running]);
    if (sig === this.signature) return;
    this.signature = sig;
    const parts = state.readOnly ? [] : chat.worktree ? worktreeParts(chat.worktree, running) : toggle(chat, why);
    this.el.hidden = parts.length === 0;
    this.el.replaceChildren(...parts);
  }
}

/** Why a new chat cannot be isolated here, or null. */
function unavailable(state: ViewState): string | null {
  if (chatTransport(state.chat, state.defaultTransport ?? 'exec') === 'acp') return ACP_NO_WORKTREE;
  if (!state.trusted) return RESTRICTED_NO_WORKTREE;
  if (!state.folder) return 'Open a folder first: an isolated chat makes its worktree from it.';
  return null;
}

function toggle(chat: Chat, why: string | null): HTMLElement[] {
  if (chat.turns.length > 0) {
    // Asked for, but the worktree could not be made (the turn says why).
    return chat.isolated ? [h('span', { class: 'badge worktree', text: 'Isolated: no worktree yet' })] : [];
  }
  const on = chat.isolated === true && why === null;
  const b = button(
    why === null ? 'Isolated (worktree)' : 'Isolated (worktree): unavailable',
    () => {
      if (why === null) post({ type: 'setWorktree', on: !on });
    },
    { class: `secondary small worktree-toggle${on ? ' selected' : ''}`, title: why ?? TOGGLE_TIP },
  );
  b.setAttribute('aria-pressed', String(on));
  if (why !== null) {
    // Not `disabled`: a disabled button cannot be focused, and its reason would not be read out.
    b.setAttribute('aria-disabled', 'true');
    b.setAttribute('aria-description', why);
  }
  return [b];
}

function worktreeParts(wt: ChatWorktree, running: boolean): HTMLElement[] {
  if (wt.discardedAt !== undefined)
    return [
      h('span', {
        class: 'badge worktree worktree-discarded',
        text: `Worktree discarded: ${wt.branch}`,
        title: `${wt.path} and its branch ${wt.branch} were removed. This chat takes no more messages.`,
      }),
    ];
  const tip = `Runs in the worktree ${wt.path}\nBranch ${wt.branch}, from ${worktreeBase(wt)}\nMerge back applies its changes to ${wt.repoRoot}.\nClick to see its changes.`;
  const where = button(`⎇ ${wt.branch} · ${tail(wt.path)}`, () => post({ type: 'worktree', action: 'changes' }), {
    class: 'link-button worktree-where',
    title: tip,
    attrs: { 'aria-label': `Worktree: branch ${wt.branch}, folder ${wt.path}. Show its changes` },
  });
  const act = (label: string, action: 'mergeBack' | 'discard', title: string): HTMLButtonElement => {
    const b = button(label, () => !running && post({ type: 'worktree', action }), {
      class: 'secondary small',
      title: running ? 'Zero is working in the worktree: wait for the run to end.' : title,
    });
    if (running) b.setAttribute('aria-disabled', 'true');
    return b;
  };
  return [
    where,
    act(
      'Merge Back…',
      'mergeBack',
      `Apply this worktree's changes to ${wt.repoRoot} (asks first where you changed the same files)`,
    ),
    act('Discard…', 'discard', `Remove the worktree and its branch ${wt.branch} (asks first)`),
  ];
}

/** The last two parts of a path, which tell worktrees apart: `…/zero-worktree-repo-1a2b/chat-x`. */
function tail(p: string): string {
  const parts = p.split(/[\\/]/).filter(Boolean);
  return parts.length > 2 ? `…/${parts.slice(-2).join('/')}` : p;
}
