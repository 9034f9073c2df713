/** A cut-off turn's footer line: Resume (the message it puts in the box), or why it is not offered. */
import { resumeOffer, unsentText } from '../../conversation/cutOff';
import type { Turn } from '../../conversation/model';
import { button, h } from '../dom';

/** Null when the turn was not cut off. `resume` puts the message in the composer (the user sends it). */
export function resumeLine(turn: Turn, resume: (message: string) => void): HTMLElement | null {
  const offer = resumeOffer(turn);
  if (!offer) return null;
  if (!offer.ok) return h('div', { class: 'footer-line no-resume muted', text: offer.why });
  const go = button('Resume', () => resume(offer.message), {
    class: 'primary small',
    title: 'Continue this Zero session: puts a message in the box for you to send (edit it first if you like)',
  });
  go.setAttribute('aria-label', 'Resume: continue this Zero session');
  const unsent = unsentText(turn);
  // Shown on the chat's last turn once it is over (chat.css), like Continue on exec.
  return h(
    'div',
    { class: 'footer-line resume-turn' },
    go,
    unsent ? h('span', { class: 'muted unsent', text: unsent }) : null,
  );
}
