/**
 * The tail of a chat's log: what the view's first paint needs, read without reading the chat.
 *
 * Next to each chat log (chatStore.ts) the store keeps `<id>.tail.json`: the chat's latest turns
 * (about TAIL_CHARS of them, at least one), how many older turns it leaves out, and the log's
 * sequence number and size when it was written. It is rewritten with each snapshot, when a turn
 * starts, and when a run ends, so the log lines after it are those of the turn being streamed at
 * most. Reading the head of a chat = the tail file, plus the log's bytes after that size, replayed
 * with the reducer. Anything odd (missing, stale,
 * unreadable) yields undefined, and the caller reads the whole log instead: the log stays the truth.
 */
import * as fs from 'node:fs';
import type { ChatAction } from '../conversation/actions';
import { readChat } from '../conversation/chatSchema';
import type { Chat, Turn } from '../conversation/model';
import { reduceChat } from '../conversation/reducer';
import { clampDepth } from '../protocol/depth';
import { jsonText, reopened, type JsonText } from './jsonPieces';

/** Characters of the latest turns kept in the tail: what the view draws at once (turnList.ts EAGER_CHARS). */
const TAIL_CHARS = 60_000;
/** A log smaller than this is read whole: the head would save little (every bigger chat opens by its tail). */
export const HEAD_MIN_BYTES = 64 * 1024;
/** Reading backwards for the lines after the tail gives up past this (the tail is stale). */
const MAX_TRAILING_BYTES = 8 * 1024 * 1024;

/** A chat with only its latest turns, and how many turns came before them. */
export interface ChatHead {
  readonly chat: Chat;
  readonly older: number;
}

/**
 * The tail file's contents for `chat` as of log line `seq`, given the log's size then; null when
 * the tail would hold every turn (one big turn): reading the head would read the whole chat anyway,
 * so the log is read instead and no second copy of the chat is written.
 */
export function tailText(chat: Chat, seq: number): ((logBytes: number) => JsonText) | null {
  let chars = 0;
  let from = chat.turns.length;
  while (from > 0 && (from === chat.turns.length || chars < TAIL_CHARS)) chars += turnChars(chat.turns[--from]!);
  if (from === 0) return null;
  const rest = jsonText({ tail: 1, seq, older: from, chat: { ...chat, turns: chat.turns.slice(from) } });
  // The log's size is known only once the lines before it are on disk (the writes are queued).
  return (logBytes) => reopened(rest, `{"logBytes":${logBytes},`);
}

/** The chat's head from its tail file and the end of its log; undefined when the whole log must be read. */
export function readHead(tailFile: string, logFile: string): ChatHead | undefined {
  let tail: { seq: number; older: number; logBytes: number; chat: Chat };
  try {
    const raw = clampDepth(JSON.parse(fs.readFileSync(tailFile, 'utf8')) as unknown) as Record<string, unknown>;
    const read = readChat(raw.chat);
    if (
      raw.tail !== 1 ||
      !isCount(raw.seq) ||
      !isCount(raw.older) ||
      !isCount(raw.logBytes) ||
      raw.logBytes === 0 ||
      !read.ok
    )
      return undefined;
    tail = { seq: raw.seq, older: raw.older, logBytes: raw.logBytes, chat: read.chat };
  } catch {
    return undefined;
  }
  const actions = linesAfter(logFile, tail.seq, tail.logBytes);
  if (!actions) return undefined;
  let chat = tail.chat;
  try {
    for (const a of actions) chat = reduceChat(chat, a);
  } catch {
    return undefined;
  }
  const checked = actions.length > 0 ? readChat(chat) : { ok: true as const, chat };
  return checked.ok ? { chat: checked.chat, older: tail.older } : undefined;
}

/**
 * The log's action lines after `seq`: they start at byte `from` (the log's size when the tail was
 * written) and must be seq+1, seq+2… Undefined when the log does not fit (compacted or rewritten
 * since, or a flush raced an append): then the whole log is read.
 */
function linesAfter(logFile: string, seq: number, from: number): ChatAction[] | undefined {
  let fd: number;
  try {
    fd = fs.openSync(logFile, 'r');
  } catch {
    return undefined;
  }
  try {
    const size = fs.fstatSync(fd).size;
    if (size < from || size - from > MAX_TRAILING_BYTES) return undefined;
    const buf = Buffer.alloc(size - from + 1);
    const got = fs.readSync(fd, buf, 0, buf.length, from - 1);
    if (got !== buf.length || buf[0] !== 10) return undefined; // `from` is not the start of a line
    const lines = buf.subarray(1).toString('utf8').split('\n');
    const out: ChatAction[] = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line === '') continue;
      const rec = parseRecord(line);
      // A torn last line is what a crash mid-append leaves: skipped, as the whole read skips it.
      if (!rec) {
        if (i === lines.length - 1) break;
        return undefined;
      }
      if (rec.seq !== seq + out.length + 1) return undefined;
      out.push(rec.action);
    }
    return out;
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}

function parseRecord(line: string): { seq: number; action: ChatAction } | undefined {
  try {
    const v = clampDepth(JSON.parse(line) as unknown) as Record<string, unknown>;
    const action = v.action as Record<string, unknown> | undefined;
    if (!isCount(v.seq) || typeof action !== 'object' || action === null || typeof action.type !== 'string')
      return undefined;
    return { seq: v.seq, action: action as unknown as ChatAction };
  } catch {
    return undefined;
  }
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}

function turnChars(turn: Turn): number {
  let n = turn.prompt.length;
  for (const item of turn.items)
    n +=
      item.kind === 'text' || item.kind === 'reasoning'
        ? item.text.length
        : item.kind === 'tool'
          ? (item.output?.length ?? 0) + 200
          : 200;
  return n;
}
