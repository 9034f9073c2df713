/**
 * How the tool calls of a cut-off exec turn ended, as Zero's session store recorded them. Zero appends
 * `tool_call` {id, name, arguments} when a call starts and `tool_result` {toolCallId, name, status, output,
 * truncated?} when it returns, each right after writing it to stdout (internal/cli/exec.go OnToolCall,
 * OnToolResult); a run killed mid-call leaves the call without a result. The chat may have seen less than
 * the store holds (its reading was behind, or the extension host died first), so this is read afterwards.
 *
 * Only the tail of `events.jsonl` is read (TAIL_BYTES): the calls of the last turn are near its end. Every
 * line is untrusted: parsed with zod, unreadable lines skipped, outputs clamped.
 */
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { ChatAction, RecoveredTool } from '../../conversation/actions';
import { MAX_RECOVERED_OUTPUT } from '../../conversation/cutOff';
import type { Chat, Turn } from '../../conversation/model';
import { lazySchema, looseObject, number, optional, string, unknown } from '../../protocol/zod';
import { validSessionId } from '../sessions/checkpoints';

export const TAIL_BYTES = 4 * 1024 * 1024;
/** More open calls than any turn has: a hostile chat file cannot make this read without end. */
const MAX_CALLS = 200;

interface StoreEvent {
  readonly sequence: number;
  readonly type: string;
  /** ms since the epoch; Zero stores whole seconds (NaN when absent or unreadable). */
  readonly at: number;
  readonly payload: unknown;
}

/** ChatsEnv.readCutOff: `root()` is where Zero keeps sessions in the runs' environment (ACP turns are never asked: nothing recorded). */
export function cutOffReader(root: () => string): (chat: Chat, turn: Turn) => Promise<ChatAction> {
  return (chat, turn) => readCutOffTools(root(), turn.cutOff?.sessionId ?? chat.sessionId ?? '', turn);
}

/** Zero's record of each open call of `turn` (`unknown` ones, by tool-call id), as the action the reducer applies. */
export async function readCutOffTools(root: string, sessionId: string, turn: Turn): Promise<ChatAction> {
  const ids = turn.items
    .flatMap((i) =>
      i.kind === 'tool' && i.id !== null && (i.status === 'running' || i.settled?.outcome === 'unknown') ? [i.id] : [],
    )
    .slice(0, MAX_CALLS);
  const tools = await recordedOutcomes(root, sessionId, ids, turn.startedAt);
  return { type: 'tools_recovered', turnId: turn.id, tools };
}

/** One outcome per id: finished or failed when Zero recorded a result after the call, else unknown and why. */
export async function recordedOutcomes(
  root: string,
  sessionId: string,
  ids: readonly string[],
  since: number,
): Promise<RecoveredTool[]> {
  if (ids.length === 0) return [];
  let tail: { events: StoreEvent[]; cut: boolean };
  try {
    if (!validSessionId(sessionId)) throw new Error(`invalid session id ${JSON.stringify(sessionId.slice(0, 40))}`);
    tail = await readTail(path.join(root, sessionId, 'events.jsonl'), TAIL_BYTES);
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    const why = missing
      ? "Zero's session record was not found, so how this call ended is unknown."
      : `Zero's session record could not be read (${String((err as Error).message).slice(0, 200)}), so how this call ended is unknown.`;
    return ids.map((id) => ({ id, outcome: 'unknown', why }));
  }
  // Zero stores whole seconds; a call of an earlier turn with the same id is older than the turn.
  const from = Math.floor(since / 1000) * 1000;
  const events = tail.events.filter((e) => !(e.at < from));
  return ids.map((id) => outcomeOf(id, events, tail.cut));
}

function outcomeOf(id: string, events: readonly StoreEvent[], cut: boolean): RecoveredTool {
  // File order, not sequence: Zero reuses sequence numbers after a rewind (docs/zero-exec.md §10.1).
  const call = findLast(events, (e) => e.type === 'tool_call' && ToolCallSchema.safeParse(e.payload).data?.id === id);
  if (call < 0) {
    const where = cut ? ` in the last ${TAIL_BYTES / (1024 * 1024)} MB of it` : '';
    return {
      id,
      outcome: 'unknown',
      why: `Zero's session has no record of this call${where}, so how it ended is unknown.`,
    };
  }
  for (const e of events.slice(call + 1)) {
    if (e.type !== 'tool_result') continue;
    const r = ToolResultSchema.safeParse(e.payload);
    if (!r.success || r.data.toolCallId !== id) continue;
    const output = typeof r.data.output === 'string' ? r.data.output.slice(0, MAX_RECOVERED_OUTPUT) : undefined;
    const truncated =
      r.data.truncated === true || (output !== undefined && output.length < String(r.data.output).length);
    const base = { id, ...(output !== undefined ? { output } : {}), ...(truncated ? { truncated } : {}) };
    if (r.data.status === 'ok')
      return { ...base, outcome: 'finished', why: "Zero's session records its result: it finished." };
    if (r.data.status === 'error')
      return { ...base, outcome: 'failed', why: "Zero's session records its result: it failed." };
    return { ...base, outcome: 'unknown', why: `Zero's session records the status "${printable(r.data.status)}".` };
  }
  return {
    id,
    outcome: 'unknown',
    why: "Zero's session records the call but no result: Zero stopped while it ran, so it may have done part of its work.",
  };
}

/** The events in the last `max` bytes of the file: the first (partial) line of a tail and unreadable lines are skipped. */
export async function readTail(file: string, max: number): Promise<{ events: StoreEvent[]; cut: boolean }> {
  const handle = await fsp.open(file, 'r');
  let text: string;
  let cut: boolean;
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - max);
    const buffer = Buffer.alloc(size - start);
    let read = 0;
    while (read < buffer.length) {
      const { bytesRead } = await handle.read(buffer, read, buffer.length - read, start + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    cut = start > 0;
    text = buffer.subarray(0, read).toString('utf8');
    if (cut) text = text.slice(text.indexOf('\n') + 1 || text.length);
  } finally {
    await handle.close();
  }
  const events: StoreEvent[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      continue; // a torn last line (Zero killed mid-append) or not JSON at all
    }
    const e = EventSchema.safeParse(raw);
    if (!e.success) continue;
    const at = typeof e.data.createdAt === 'string' ? Date.parse(e.data.createdAt) : NaN;
    events.push({ sequence: e.data.sequence, type: e.data.type, at, payload: e.data.payload });
  }
  return { events, cut };
}

/** A word from the store shown in the chat: printable ASCII only (no controls or bidi overrides), short. */
function printable(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?').slice(0, 40);
}

function findLast<T>(items: readonly T[], pred: (t: T) => boolean): number {
  for (let n = items.length - 1; n >= 0; n--) if (pred(items[n]!)) return n;
  return -1;
}

/** An event line of the store (internal/sessions/store.go), as far as this reads it. */
const EventSchema = lazySchema(() =>
  looseObject({ sequence: number(), type: string(), createdAt: optional(unknown()), payload: optional(unknown()) }),
);
const ToolCallSchema = lazySchema(() => looseObject({ id: string() }));
const ToolResultSchema = lazySchema(() =>
  looseObject({ toolCallId: string(), status: string(), output: optional(unknown()), truncated: optional(unknown()) }),
);
