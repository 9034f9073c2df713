/**
 * What the store knows about one chat's file, and the policy over it: when the log is rewritten
 * whole (compacted) and when the tail file (chatTail.ts) is rewritten.
 */
import type { Chat } from '../conversation/model';
import { isRunning } from '../conversation/reducer';
import { HEAD_MIN_BYTES } from './chatTail';

/** A log is compacted once it holds more than this, or more than its snapshot. */
const COMPACT_MIN_BYTES = 4 * 1024 * 1024;

/** What the store knows about one chat's file. */
export interface ChatLog {
  /** The state the file will hold once everything queued is written. */
  chat: Chat;
  /** Sequence number of the last line handed out. */
  seq: number;
  /** Action lines not yet queued. */
  lines: string[];
  /** The next write must be a snapshot (new chat, a change that was not an action, a long log). */
  rewrite: boolean;
  logBytes: number;
  snapshotBytes: number;
  /** Seq and turn count when the tail file (chatTail.ts) was last queued; -1: never. */
  tailSeq?: number;
  tailTurns?: number;
}

/** The log, with the lines waiting for it, has outgrown its snapshot: the next write rewrites it whole. */
export function compactionDue(entry: ChatLog): boolean {
  return !entry.rewrite && entry.logBytes + sum(entry.lines) > Math.max(COMPACT_MIN_BYTES, entry.snapshotBytes);
}

/**
 * A big chat's tail file is rewritten after a snapshot, when a turn starts and when a run ends,
 * so that reading the head never replays more than the turn being streamed. Marks it queued.
 */
export function tailDue(entry: ChatLog): boolean {
  if (entry.tailSeq === entry.seq || entry.logBytes + entry.snapshotBytes < HEAD_MIN_BYTES) return false;
  if (entry.tailSeq !== -1 && entry.tailTurns === entry.chat.turns.length && isRunning(entry.chat)) return false;
  entry.tailSeq = entry.seq;
  entry.tailTurns = entry.chat.turns.length;
  return true;
}

export function sum(lines: readonly string[]): number {
  let n = 0;
  for (const l of lines) n += l.length;
  return n;
}
