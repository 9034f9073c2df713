/**
 * The format of one chat's file (`chats/<id>.jsonl`): a snapshot line `{format, seq, chat}`, then
 * one line `{seq, action}` per reducer action, replayed with the same reducer. Reading is line by
 * line, so the same replay serves the whole-file read (opening a chat) and the streamed one
 * (searching history without holding the file's text).
 */
import * as fs from 'node:fs';
import type * as Readline from 'node:readline';
import { int, lazySchema, literal, looseObject, nonnegative, positive, string } from '../protocol/zod';
import type { ChatAction } from '../conversation/actions';
import { readChat } from '../conversation/chatSchema';
import type { Chat } from '../conversation/model';
import { reduceChat } from '../conversation/reducer';
import { safeStringify } from '../protocol/depth';
import { finiteNumbers } from '../protocol/numbers';
import { parseLine } from './chatFiles';
import { jsonText, type JsonText } from './jsonPieces';

export const LOG_FORMAT = 2;

const SnapshotLineSchema = lazySchema(() =>
  looseObject({ format: literal(LOG_FORMAT), seq: int().check(nonnegative()), chat: looseObject({}) }),
);
const RecordLineSchema = lazySchema(() =>
  looseObject({ seq: int().check(positive()), action: looseObject({ type: string() }) }),
);

/**
 * The snapshot line, checked against what the reader accepts: a chat the reader would refuse (and set
 * aside whole) is never written. Odd numbers are made finite first; anything else throws, and the
 * caller keeps the file it has.
 */
export function snapshotLine(chat: Chat, seq: number): string {
  return `${safeStringify(snapshotValue(chat, seq))}\n`;
}

/** The same line as {@link snapshotLine}, in pieces: what the store writes (jsonPieces.ts). */
export function snapshotText(chat: Chat, seq: number): JsonText {
  return jsonText(snapshotValue(chat, seq), '\n');
}

function snapshotValue(chat: Chat, seq: number): { format: number; seq: number; chat: Chat } {
  const safe = finiteNumbers(chat);
  const back = readChat(safe);
  if (!back.ok) throw new Error(`it would not read back (${back.reason})`);
  return { format: LOG_FORMAT, seq, chat: safe };
}

/** The chat replayed from a log, as the reader accepts it: the same repair as the writer's, then the schema. */
function checked(chat: Chat): ReturnType<typeof readChat> {
  const read = readChat(chat);
  return read.ok ? read : readChat(finiteNumbers(chat));
}

/** A chat read back: its state, the last sequence number, and the sizes that decide compaction. */
export interface ReadLog {
  readonly chat: Chat;
  readonly seq: number;
  readonly logBytes: number;
  readonly snapshotBytes: number;
}

export type ReadOutcome =
  { readonly ok: true; readonly log: ReadLog } | { readonly ok: false; readonly reason: string };

/** Replays a chat file fed one line at a time (without its newline). */
export class LogReplay {
  private chat: Chat | null = null;
  private seq = 0;
  private lineNo = 0;
  private actions = 0;
  private snapshotBytes = 0;
  /** Every line fed so far, with its newline. */
  private totalBytes = 0;
  private failure: string | null = null;
  private stopped = false;
  /** An unreadable line is only worth a word when another line follows it (else a crash tore it). */
  private unreadable: number | null = null;

  constructor(
    private readonly id: string,
    private readonly log: (msg: string) => void = () => undefined,
  ) {}

  /** False once nothing more can be read (a bad snapshot): the caller may stop feeding. */
  line(text: string): boolean {
    this.lineNo++;
    this.totalBytes += text.length + 1;
    if (this.failure !== null) return false;
    if (this.lineNo === 1) return this.first(text);
    if (text === '' || this.stopped) return true;
    if (this.unreadable !== null) this.log(`Chat ${this.id}: skipped an unreadable line ${this.unreadable}.`);
    this.unreadable = null;
    const parsed = parseLine(text);
    const rec = parsed.ok ? RecordLineSchema.safeParse(parsed.value) : null;
    if (!rec?.success) {
      this.unreadable = this.lineNo;
      return true;
    }
    if (rec.data.seq <= this.seq) return true; // written again by a flush after it
    try {
      this.chat = reduceChat(this.chat!, rec.data.action as unknown as ChatAction);
      this.seq = rec.data.seq;
      this.actions++;
    } catch (err) {
      this.log(`Chat ${this.id}: stopped replaying at line ${this.lineNo}: ${(err as Error).message}`);
      this.stopped = true;
    }
    return true;
  }

  /** `endedWithNewline`: the file's last line was complete, so an unreadable one there was not torn. */
  finish(endedWithNewline: boolean): ReadOutcome {
    if (this.failure !== null) return { ok: false, reason: this.failure };
    if (!this.chat) return { ok: false, reason: 'not JSON: the file is empty' };
    if (this.unreadable !== null && endedWithNewline)
      this.log(`Chat ${this.id}: skipped an unreadable line ${this.unreadable}.`);
    let chat = this.chat;
    if (this.actions > 0) {
      const replayed = checked(chat);
      if (!replayed.ok) return { ok: false, reason: replayed.reason };
      chat = replayed.chat;
    }
    const total = this.totalBytes - (endedWithNewline ? 0 : 1);
    return {
      ok: true,
      log: {
        chat,
        seq: this.seq,
        logBytes: Math.max(0, total - this.snapshotBytes),
        snapshotBytes: this.snapshotBytes,
      },
    };
  }

  private first(text: string): boolean {
    this.snapshotBytes = text.length;
    const first = parseLine(text);
    const snapshot = first.ok ? SnapshotLineSchema.safeParse(first.value) : null;
    const read = snapshot?.success ? readChat(snapshot.data.chat) : null;
    if (!snapshot?.success || !read?.ok || read.chat.id !== this.id) {
      this.failure = !first.ok
        ? first.reason
        : !snapshot?.success
          ? 'not a chat file'
          : read && !read.ok
            ? read.reason
            : 'it holds another chat';
      return false;
    }
    this.chat = read.chat;
    this.seq = snapshot.data.seq;
    return true;
  }
}

/** The whole file's text, replayed. */
export function replayText(id: string, text: string, log?: (msg: string) => void): ReadOutcome {
  const replay = new LogReplay(id, log);
  const lines = text.split('\n');
  const complete = text.endsWith('\n');
  if (complete) lines.pop();
  for (const l of lines) if (!replay.line(l)) break;
  return replay.finish(complete);
}

/**
 * Streams the file and replays it: memory holds the chat and one line, never the file's text.
 * Resolves undefined when the file cannot be opened (missing, unreadable).
 */
export async function replayFile(
  id: string,
  file: string,
  signal?: { readonly cancelled: boolean },
): Promise<ReadOutcome | undefined> {
  let stream: fs.ReadStream;
  try {
    await fs.promises.access(file, fs.constants.R_OK);
    stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  } catch {
    return undefined;
  }
  const replay = new LogReplay(id);
  // Required here, not at load: only searching the history streams a chat file (activation loads no readline).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const readline = require('node:readline') as typeof Readline;
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  try {
    for await (const l of lines) {
      if (signal?.cancelled || !replay.line(l)) break;
    }
  } catch {
    return undefined;
  } finally {
    lines.close();
    stream.destroy();
  }
  return replay.finish(true);
}
