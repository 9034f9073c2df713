/**
 * Whether a new view state differs from the last one drawn only by text streaming into the current
 * turn: then the header, banners, queue and composer show nothing new and are left alone, so a
 * streamed frame touches the text being streamed only.
 */
import type { Chat, Turn } from '../conversation/model';
import type { ViewState } from '../messages/protocol';

export function onlyTextGrew(prev: ViewState, next: ViewState): boolean {
  if (!sameExcept(prev, next, 'chat')) return false;
  const a = prev.chat;
  const b = next.chat;
  if (a === b || !sameExcept(a, b, 'turns', 'updatedAt')) return false;
  const n = a.turns.length;
  if (n === 0 || b.turns.length !== n) return false;
  for (let i = 0; i < n - 1; i++) if (a.turns[i] !== b.turns[i]) return false;
  return sameButStreamed(a.turns[n - 1]!, b.turns[n - 1]!);
}

/** The same turn but for the text of streamed items (and the output budget's count). */
function sameButStreamed(a: Turn, b: Turn): boolean {
  if (!sameExcept(a, b, 'items', 'budget') || a.items.length !== b.items.length) return false;
  if (a.budget?.limit !== b.budget?.limit) return false;
  for (let i = 0; i < a.items.length; i++) {
    const x = a.items[i]!;
    const y = b.items[i]!;
    if (x === y) continue;
    if (
      !((x.kind === 'text' && y.kind === 'text') || (x.kind === 'reasoning' && y.kind === 'reasoning')) ||
      x.closed ||
      y.closed
    )
      return false;
  }
  return true;
}

/** Shallow equality of two objects' own properties, but for `skip`. */
function sameExcept<T extends object>(a: T, b: T, ...skip: (keyof T)[]): boolean {
  const ka = Object.keys(a) as (keyof T)[];
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!skip.includes(k) && a[k] !== b[k]) return false;
  return true;
}

/**
 * Whether this change shows the current turn's first words (answer or reasoning): what the user waits for after
 * Send, so the view draws it at once rather than at the next animation frame.
 */
export function firstWords(prev: Chat, next: Chat): boolean {
  const turn = next.turns.at(-1);
  if (!turn || !hasWords(turn)) return false;
  const before = prev.turns.at(-1);
  return before?.id !== turn.id || !hasWords(before);
}

function hasWords(turn: Turn): boolean {
  return turn.items.some((i) => (i.kind === 'text' || i.kind === 'reasoning') && i.text.trim() !== '');
}
