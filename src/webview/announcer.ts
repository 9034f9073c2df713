/** A polite live region that tells screen-reader users when Zero starts and stops. */
import type { Chat, Turn } from '../conversation/model';
import { RUNNING_STATUSES } from '../conversation/model';
import { currentTurn } from '../conversation/reducer';
import { h } from './dom';
import { statusLabel } from './render/format';

type Phase = 'idle' | 'running' | 'ending' | 'done';

export class Announcer {
  readonly el = h('div', { class: 'sr-only', attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' } });
  private last: { chatId: string; turnId: string | null; phase: Phase } | null = null;

  /** Announce a change of the current turn's phase; a snapshot only sets the baseline. */
  update(chat: Chat, baseline: boolean): void {
    const turn = currentTurn(chat);
    const now = { chatId: chat.id, turnId: turn?.id ?? null, phase: phaseOf(turn) };
    const prev = this.last;
    this.last = now;
    if (baseline || !turn || !prev || prev.chatId !== now.chatId) return;
    if (prev.turnId === now.turnId && prev.phase === now.phase) return;
    if (now.phase === 'running') this.say('Zero is working…');
    else if (now.phase === 'done') {
      if (turn.status === 'success') this.say('Zero finished');
      else this.say(`Zero stopped: ${statusLabel(turn.status).text}${turn.explanation ? `. ${turn.explanation}` : ''}`);
    }
  }

  private say(text: string): void {
    this.el.textContent = text;
  }
}

/** `ending`: run_end came but the process has not exited yet (its explanation may follow). */
function phaseOf(turn: Turn | undefined): Phase {
  if (!turn) return 'idle';
  if (RUNNING_STATUSES.has(turn.status)) return 'running';
  return turn.endedAt === null ? 'ending' : 'done';
}
