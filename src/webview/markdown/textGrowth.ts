/**
 * Which streamed text items grew by which deltas in the actions applied since the last frame, so
 * that the markdown splitter reads only the new characters. Without this it had to compare (and
 * V8 to flatten) the whole answer on every frame: quadratic in the answer's length.
 *
 * The store records a step when the reducer appended a `text`/`reasoning` delta to an open item
 * and changed nothing else in the turn's items (then the new text is the old text plus the delta:
 * the only reducer path that does that is the append). Steps are kept for one frame only, so no
 * chain of old items is kept alive.
 */
import type { ChatAction } from '../../conversation/actions';
import type { Chat, TurnItem } from '../../conversation/model';

interface Step {
  readonly from: TurnItem;
  readonly delta: string;
}

let steps = new WeakMap<TurnItem, Step>();

/** After `action` took `before` to `after`: note an item that only grew by the action's delta. */
export function noteGrowth(before: Chat, action: ChatAction, after: Chat): void {
  if (action.type !== 'event' || (action.event.type !== 'text' && action.event.type !== 'reasoning')) return;
  const delta = action.event.delta ?? '';
  const a = before.turns[before.turns.length - 1]?.items;
  const b = after.turns[after.turns.length - 1]?.items;
  if (!a || !b || a === b || a.length !== b.length || before.turns.length !== after.turns.length) return;
  let changed = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (changed >= 0) return; // more than one item changed (a compaction): not a plain append
    changed = i;
  }
  const x = a[changed];
  const y = b[changed];
  if (
    !x ||
    !y ||
    x.kind !== y.kind ||
    (x.kind !== 'text' && x.kind !== 'reasoning') ||
    (y.kind !== 'text' && y.kind !== 'reasoning')
  )
    return;
  if (x.closed || y.closed || y.text.length !== x.text.length + delta.length) return;
  steps.set(y, { from: x, delta });
}

/** The text appended to `from` to make `to`, when the steps since the last frame say so exactly. */
export function appendedSince(from: TurnItem | null, to: TurnItem): string | undefined {
  if (!from) return undefined;
  const deltas: string[] = [];
  for (let item = to; item !== from;) {
    const step = steps.get(item);
    if (!step) return undefined;
    deltas.push(step.delta);
    item = step.from;
  }
  return deltas.reverse().join('');
}

/** A frame was drawn: its steps are no longer needed. */
export function forgetGrowth(): void {
  steps = new WeakMap();
}
