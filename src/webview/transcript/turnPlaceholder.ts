/**
 * What stands in for a turn that is not drawn (far from the viewport in a long chat): an empty box
 * as tall as the turn was when last drawn (or an estimate from its length), holding the turn's
 * words as plain text in `hidden="until-found"`: the browser skips it for style, layout and paint,
 * but find in page still finds the words and reveals them (the `beforematch` event).
 */
import type { Turn, TurnItem } from '../../conversation/model';
import { h } from '../dom';

const LINE_PX = 20;
const CHAR_PX = 7;

export class TurnPlaceholder {
  readonly el = h('div', { class: 'turn-placeholder' });
  /** Written in idle time (windowedList.ts): a long chat holds megabytes of them. */
  private readonly words = h('div', { class: 'turn-find' });

  constructor(turnId: string, height: number) {
    this.el.dataset.turnId = turnId;
    this.words.setAttribute('hidden', 'until-found');
    this.el.append(this.words);
    this.el.style.height = `${Math.max(1, Math.round(height))}px`;
  }

  writeWords(turn: Turn): void {
    this.words.textContent = plainText(turn);
  }

  /** Find in page revealed the words: the box takes their height until it leaves the window. */
  reveal(): void {
    this.el.classList.add('revealed');
    this.el.style.height = '';
  }
}

/** How tall a turn that was never drawn probably is, at `width` px: only a first guess. */
export function estimateHeight(turn: Turn, width: number): number {
  const perLine = Math.max(20, Math.floor(width / CHAR_PX));
  let px = 60 + Math.ceil(turn.prompt.length / perLine) * LINE_PX;
  for (const item of turn.items) px += itemHeight(item, perLine);
  return px;
}

function itemHeight(item: TurnItem, perLine: number): number {
  switch (item.kind) {
    case 'text':
      return 16 + Math.ceil(item.text.length / perLine) * LINE_PX * (item.answer ? 1.15 : 1);
    case 'reasoning':
    case 'tool':
    case 'permission':
      return 40;
    default:
      return 48;
  }
}

/** The turn's words in reading order: the message, the answer and narration, the tools' names. */
export function plainText(turn: Turn): string {
  const out: string[] = [];
  if (turn.prompt) out.push(`You\n${turn.composed?.text ?? turn.prompt}`);
  out.push('Zero');
  for (const item of turn.items) {
    if (item.kind === 'text') out.push(item.text);
    else if (item.kind === 'tool') out.push(item.summary ?? item.name);
    else if (item.kind === 'warning' || item.kind === 'error') out.push(item.message);
  }
  return out.join('\n\n');
}
