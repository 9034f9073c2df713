/**
 * Fork in the chat view: each finished turn's **Fork from here** (unavailable over ACP, saying why),
 * and in a fork's header the link back to the chat it was forked from.
 */
import { FORK_ACP_WHY } from '../../conversation/forkTurns';
import type { Chat, Turn } from '../../conversation/model';
import { button } from '../dom';
import { post } from '../vscodeApi';

const FORK_TIP =
  "Start a new chat with the turns up to and including this one, on a fork of Zero's session; this chat stays as it is";

export function forkButton(turn: Turn): HTMLButtonElement {
  const acp = turn.transport === 'acp';
  const b = button(
    'Fork from here',
    () => {
      if (!acp) post({ type: 'forkTurn', turnId: turn.id });
    },
    { class: 'secondary small fork-turn', title: acp ? FORK_ACP_WHY : FORK_TIP },
  );
  b.setAttribute('aria-label', 'Fork from here: a new chat up to this turn');
  if (acp) {
    // Not `disabled`: a disabled button cannot be focused, and its reason would not be read out.
    b.setAttribute('aria-disabled', 'true');
    b.setAttribute('aria-description', FORK_ACP_WHY);
  }
  return b;
}

/** The header's "Forked from …" of a fork (opens the original), or null for a chat that is not one. */
export function forkedFromLink(chat: Chat): HTMLElement | null {
  const from = chat.forkedFrom;
  if (!from) return null;
  const turns = `${from.turns} turn${from.turns === 1 ? '' : 's'}`;
  const b = button(`Forked from “${from.title}”`, () => post({ type: 'openChat', chatId: from.chatId }), {
    class: 'link-button forked-from',
    title: `A fork of “${from.title}”: its first ${turns} are copies, up to the turn it was forked from. New messages go on in its own Zero session (${chat.sessionId ?? 'none'}); the original chat and its session are unchanged. Click to open the original.`,
  });
  b.setAttribute('aria-label', `Forked from “${from.title}”. Open the original chat`);
  return b;
}
