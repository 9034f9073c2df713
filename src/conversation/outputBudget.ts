/**
 * A run's output budget: a turn keeps at most `limit` characters of text, reasoning and tool
 * calls, the first half and the last half, and one `elided` item between them says what was
 * dropped. Pure, so the host and the webview cut at the same places.
 *
 * Streaming only adds to a running estimate; when it passes the limit by a quarter the turn is
 * compacted exactly (one pass over its items), so the cost per streamed byte stays constant.
 *
 * The number of items is bounded too (MAX_TURN_ITEMS, the same halves): every action copies the
 * turn's items array (the view tells changes by identity), so an unbounded count made a flood of
 * small items (8,000 permission questions answered at once) cost the square of its length.
 */
import type { ZeroEvent } from '../protocol/events';
import { safeStringify } from '../protocol/depth';
import type { ElidedItem, OutputBudget, ToolItem, Turn, TurnItem } from './model';

/** What an item costs beyond its text: bounds the number of items as well as their size. */
export const ITEM_OVERHEAD = 100;
/** Compact when the estimate passes the limit by this fraction. */
const SLACK = 0.25;
/** Items a turn keeps at most, the first and the last half; far above what a real run makes (Zero's 80 turns). */
export const MAX_TURN_ITEMS = 2000;

export function newBudget(limit: number | undefined): OutputBudget | undefined {
  return limit !== undefined && Number.isFinite(limit) && limit > 0 ? { limit: Math.floor(limit), used: 0 } : undefined;
}

/** About how much an event adds to a turn (a `final` that replaces streamed text counts in full: compaction corrects it). */
export function eventCost(event: ZeroEvent): number {
  switch (event.type) {
    case 'text':
    case 'reasoning':
      return event.delta?.length ?? 0;
    case 'tool_call':
      // The name too: an agent's tool names are its own words, and can be megabytes (ACP titles).
      return ITEM_OVERHEAD + (event.name?.length ?? 0) + argsLength(event.args);
    case 'tool_result':
      return ITEM_OVERHEAD + (event.output?.length ?? 0);
    case 'final':
      return event.text?.length ?? 0;
    case 'run_start':
    case 'usage':
    case 'checkpoint':
    case 'run_end':
    case 'restore':
      return 0;
    default:
      return ITEM_OVERHEAD;
  }
}

/** Adds `cost` to the turn's estimate, and compacts the turn when it is over budget. */
export function charge(turn: Turn, cost: number): Turn {
  const b = turn.budget;
  if (!b || cost === 0) return turn;
  const used = b.used + cost;
  const charged = { ...turn, budget: { limit: b.limit, used } };
  return overBudget(b, used, turn.items.length) ? compact(charged) : charged;
}

/** Whether a turn of `items` items whose estimate is now `used` is compacted (charge's test). */
export function overBudget(b: OutputBudget, used: number, items: number): boolean {
  return used > b.limit * (1 + SLACK) || items > MAX_TURN_ITEMS * (1 + SLACK);
}

/** Keep the first and the last `limit / 2` characters (and MAX_TURN_ITEMS / 2 items) of the turn's items; count what goes. */
export function compact(turn: Turn, maxItems = MAX_TURN_ITEMS): Turn {
  const b = turn.budget;
  if (!b) return turn;
  const items = turn.items;
  const sizes = items.map(sizeOf);
  const total = sizes.reduce((a, n) => a + n, 0);
  const tooMany = items.length > maxItems;
  if (total <= b.limit && !tooMany) return { ...turn, budget: { limit: b.limit, used: total } };

  const half = Math.floor(b.limit / 2);
  const halfCount = Math.floor(maxItems / 2);
  const earlier = items.find((x): x is ElidedItem => x.kind === 'elided');
  const counted = tooMany || earlier?.maxItems !== undefined;
  const lost: Mutable<ElidedItem> = {
    kind: 'elided',
    limit: b.limit,
    text: 0,
    reasoning: 0,
    tool: 0,
    items: 0,
    ...(counted ? { maxItems } : {}),
  };
  const head: TurnItem[] = [];
  let used = 0;
  let i = 0;
  // The head is frozen once cut: it ends at the elided item.
  for (; i < items.length && items[i]!.kind !== 'elided' && head.length < halfCount; i++) {
    const item = items[i]!;
    if (used + sizes[i]! <= half) {
      head.push(item);
      used += sizes[i]!;
      continue;
    }
    const kept = cut(item, half - used - ITEM_OVERHEAD, 'start', lost);
    if (kept) {
      head.push(kept);
      used += sizeOf(kept);
    }
    i++;
    break;
  }
  const tail: TurnItem[] = [];
  let tailUsed = 0;
  let j = items.length - 1;
  for (; j >= i && items[j]!.kind !== 'elided' && tail.length < halfCount; j--) {
    const item = items[j]!;
    if (tailUsed + sizes[j]! <= half) {
      tail.push(item);
      tailUsed += sizes[j]!;
      continue;
    }
    const kept = cut(item, half - tailUsed - ITEM_OVERHEAD, 'end', lost);
    if (kept) {
      tail.push(kept);
      tailUsed += sizeOf(kept);
    }
    j--;
    break;
  }
  for (let k = i; k <= j; k++) drop(items[k]!, lost);
  const finalText =
    turn.finalText !== null && turn.finalText.length > half ? headAndTail(turn.finalText, half) : turn.finalText;
  return {
    ...turn,
    items: [...head, lost, ...tail.reverse()],
    finalText,
    budget: { limit: b.limit, used: used + tailUsed },
  };
}

/** The notice shown where output was dropped. */
export function elidedMessage(e: ElidedItem): string {
  const parts = [
    ...(e.text > 0 ? [`answer text ${formatSize(e.text)}`] : []),
    ...(e.reasoning > 0 ? [`reasoning ${formatSize(e.reasoning)}`] : []),
    ...(e.tool > 0 ? [`tool calls and output ${formatSize(e.tool)}`] : []),
  ];
  const items = e.items > 0 ? `; ${e.items} whole item${e.items === 1 ? '' : 's'}` : '';
  const limit =
    e.maxItems === undefined
      ? `${formatSize(e.limit)} limit (zero.maxRunOutputMB)`
      : `${formatSize(e.limit)} or ${e.maxItems} items limit`;
  return (
    `Output over this run's ${limit}: ` +
    `${formatSize(e.text + e.reasoning + e.tool)} dropped from the middle (${parts.join(', ') || 'nothing measurable'}${items}). The start and the end are kept.`
  );
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function sizeOf(item: TurnItem): number {
  switch (item.kind) {
    case 'text':
    case 'reasoning':
      return ITEM_OVERHEAD + item.text.length;
    case 'tool':
      return ITEM_OVERHEAD + item.name.length + argsLength(item.args) + (item.output?.length ?? 0);
    case 'permission':
      return permissionCost(item);
    case 'elided':
      return 0;
    default:
      return ITEM_OVERHEAD;
  }
}

/** An ACP permission question: its tool name and title are the agent's words. */
export function permissionCost(item: { readonly name: string; readonly acp?: { readonly title: string } }): number {
  return ITEM_OVERHEAD + item.name.length + (item.acp?.title.length ?? 0);
}

/** Part of an item that fits in `room` characters (its start or its end), or null; the rest is counted in `lost`. */
function cut(item: TurnItem, room: number, keep: 'start' | 'end', lost: Mutable<ElidedItem>): TurnItem | null {
  if (room <= 0) {
    drop(item, lost);
    return null;
  }
  switch (item.kind) {
    case 'text':
    case 'reasoning': {
      const [kept, gone] = split(item.text, room, keep);
      lost[item.kind] += utf8Length(gone);
      return { ...item, text: kept };
    }
    case 'tool': {
      const args = argsLength(item.args);
      if (args > room) {
        const json = typeof item.args === 'string' ? item.args : safeStringify(item.args);
        const [kept, gone] = split(json, room, keep);
        lost.tool += utf8Length(gone) + utf8Length(item.output ?? '');
        return { ...item, args: kept, output: null, truncated: true } satisfies ToolItem;
      }
      const [kept, gone] = split(item.output ?? '', room - args, keep);
      lost.tool += utf8Length(gone);
      return { ...item, output: kept, truncated: true } satisfies ToolItem;
    }
    default:
      drop(item, lost);
      return null;
  }
}

function drop(item: TurnItem, lost: Mutable<ElidedItem>): void {
  switch (item.kind) {
    case 'elided':
      lost.text += item.text;
      lost.reasoning += item.reasoning;
      lost.tool += item.tool;
      lost.items += item.items;
      return;
    case 'text':
    case 'reasoning':
      lost[item.kind] += utf8Length(item.text);
      break;
    case 'tool':
      lost.tool +=
        utf8Length(typeof item.args === 'string' ? item.args : safeStringify(item.args ?? null)) +
        utf8Length(item.output ?? '');
      break;
    default:
      break;
  }
  lost.items++;
}

function split(s: string, room: number, keep: 'start' | 'end'): [kept: string, gone: string] {
  let at = keep === 'start' ? room : s.length - room;
  // Never split a surrogate pair.
  const code = s.charCodeAt(at - 1);
  if (code >= 0xd800 && code <= 0xdbff) at += keep === 'start' ? -1 : 1;
  return keep === 'start' ? [s.slice(0, at), s.slice(at)] : [s.slice(at), s.slice(0, at)];
}

function headAndTail(s: string, size: number): string {
  const part = Math.floor(size / 2);
  return `${split(s, part, 'start')[0]}\n…\n${split(s, part, 'end')[0]}`;
}

function argsLength(args: unknown): number {
  if (args === null || args === undefined) return 0;
  return typeof args === 'string' ? args.length : safeStringify(args).length;
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** UTF-8 length without allocating (the webview has no Buffer). */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) n += c >= 0x800 && (c < 0xd800 || c > 0xdfff) ? 2 : 1;
  }
  return n;
}
