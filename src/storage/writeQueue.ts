/**
 * The store's writes to disk: asynchronous, one at a time, in order (WriteQueue), and the
 * synchronous whole-chat write the flush uses (writeChatSync). A flush bumps the generation, so a
 * write already in flight from before it is not renamed in over what the flush wrote.
 */
import * as fs from 'node:fs';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { chatFile, legacyChatFile, tailChatFile } from './chatFiles';
import { snapshotText } from './chatLogFile';
import { tailText } from './chatTail';
import { type ChatLog, tailDue } from './compaction';
import { type JsonText, writeJsonText, writeJsonTextSync } from './jsonPieces';

/** Snapshots and tails are written in pieces from the (immutable) chat, never held as one string. */
type Write =
  | { readonly kind: 'append'; readonly id: string; data: string }
  | { readonly kind: 'snapshot'; readonly id: string; readonly data: JsonText; readonly generation: number }
  /** `data` null: the tail would hold the whole chat, and the old tail file is removed. */
  | {
      readonly kind: 'tail';
      readonly id: string;
      readonly data: ((logBytes: number) => JsonText) | null;
      readonly generation: number;
    };

/** Every store's write in flight, so tests can wait for the disk to be quiet before removing a folder. */
const inFlight = new Set<Promise<void>>();
/** Numbers the asynchronous writes' temporary files (see perform). */
let asyncTmpSeq = 0;

export class WriteQueue {
  /** Resolves when no queue has a write in flight. */
  static async settled(): Promise<void> {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  }

  private readonly queue: Write[] = [];
  private writing: Promise<void> | null = null;
  private writingId: string | null = null;
  /** The lines being appended now (they count in the backlog until written). */
  private writingAppend: string | null = null;
  /** Bumped by the synchronous flush: an asynchronous snapshot of an older generation is not renamed in. */
  private generation = 0;

  /**
   * @param logs the store's chats: a write for a chat no longer there is skipped; a failed one marks it for a rewrite.
   * @param afterWrite called after each write.
   * @param whenEmpty called when the queue has nothing left to write.
   */
  constructor(
    private readonly dir: string,
    private readonly logs: ReadonlyMap<string, ChatLog>,
    private readonly problem: (msg: string) => void,
    private readonly afterWrite: () => void,
    private readonly whenEmpty: () => void,
  ) {}

  /** A write in flight, or queued. */
  get busy(): boolean {
    return this.writing !== null || this.queue.length > 0;
  }

  /** Characters of appended lines queued or being written. */
  unwrittenAppends(): number {
    let n = 0;
    for (const w of this.queue) if (w.kind === 'append') n += w.data.length;
    return n + (this.writingAppend?.length ?? 0);
  }

  /** Drops what is queued for the chat and not yet started. */
  drop(id: string): void {
    for (let i = this.queue.length - 1; i >= 0; i--) if (this.queue[i]!.id === id) this.queue.splice(i, 1);
  }

  /**
   * Drops everything queued and bumps the generation, for a synchronous flush; returns the chats
   * that had a write queued or in flight (the flush writes those whole).
   */
  dropAll(): Set<string> {
    const waiting = new Set(this.queue.map((w) => w.id));
    this.queue.length = 0;
    // A write still in flight may land after this: its snapshot is not renamed in (generation), and
    // its appended lines are older than the snapshots written by the flush, so reading skips them.
    this.generation++;
    if (this.writingId !== null) waiting.add(this.writingId);
    return waiting;
  }

  snapshot(id: string, data: JsonText): void {
    this.queue.push({ kind: 'snapshot', id, data, generation: this.generation });
  }

  /** Lines for the chat's log, joined to the last queued write when that appends to the same chat. */
  append(id: string, data: string): void {
    const last = this.queue[this.queue.length - 1];
    if (last && last.kind === 'append' && last.id === id) last.data += data;
    else this.queue.push({ kind: 'append', id, data });
  }

  tail(id: string, data: ((logBytes: number) => JsonText) | null): void {
    this.queue.push({ kind: 'tail', id, data, generation: this.generation });
  }

  /** Resolves when nothing is being written. */
  async idle(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Starts the next write, unless one is in flight. */
  pump(): void {
    if (this.writing) return;
    const next = this.queue.shift();
    if (!next) {
      this.whenEmpty();
      return;
    }
    this.writingId = next.id;
    this.writingAppend = next.kind === 'append' ? next.data : null;
    const writing = this.perform(next).finally(() => {
      inFlight.delete(writing);
      this.writing = null;
      this.writingId = null;
      this.writingAppend = null;
      this.afterWrite();
      this.pump();
    });
    this.writing = writing;
    inFlight.add(writing);
  }

  private async perform(w: Write): Promise<void> {
    const file = chatFile(this.dir, w.id);
    const generation = this.generation;
    // Skipped once flushed (the synchronous flush wrote this chat whole) or deleted meanwhile.
    const stale = (): boolean => generation !== this.generation || !this.logs.has(w.id);
    try {
      if (stale()) return;
      await fsp.mkdir(path.dirname(file), { recursive: true });
      if (stale()) return;
      if (w.kind === 'append') {
        await fsp.appendFile(file, w.data);
        return;
      }
      const target = w.kind === 'tail' ? tailChatFile(this.dir, w.id) : file;
      if (w.kind === 'tail' && !w.data) {
        await fsp.rm(target, { force: true });
        return;
      }
      // The tail records the log's size now: every line queued before it is on disk, none after.
      const data = w.kind === 'tail' ? w.data!((await fsp.stat(file)).size) : w.data;
      // Its own name: a flush meanwhile writes `<file>.<pid>.tmp` and renames it in; sharing that
      // name, this open handle would point at the flushed file and overwrite it with older text.
      const tmp = `${target}.${process.pid}.async${++asyncTmpSeq}.tmp`;
      await writeJsonText(tmp, data);
      if (w.generation !== this.generation || stale()) {
        await fsp.rm(tmp, { force: true });
        return;
      }
      fs.renameSync(tmp, target);
      if (w.kind === 'snapshot') fs.rmSync(legacyChatFile(this.dir, w.id), { force: true });
    } catch (err) {
      const title = this.logs.get(w.id)?.chat.title ?? w.id;
      this.problem(`Could not save the chat "${title}": ${(err as Error).message}`);
      // The next save rewrites the file whole, so a failed append leaves no gap behind.
      const entry = this.logs.get(w.id);
      if (entry) entry.rewrite = true;
    }
  }
}

/** The chat written whole, now, with its tail when one is due (the flush). Throws when it cannot be. */
export function writeChatSync(dir: string, id: string, entry: ChatLog): void {
  const data = snapshotText(entry.chat, entry.seq);
  const bytes = writeAtomicText(chatFile(dir, id), data);
  entry.logBytes = 0;
  entry.snapshotBytes = data.length;
  entry.lines = [];
  entry.rewrite = false;
  entry.tailSeq = -1;
  if (tailDue(entry)) {
    const tail = tailText(entry.chat, entry.seq);
    if (tail) writeAtomicText(tailChatFile(dir, id), tail(bytes));
    else fs.rmSync(tailChatFile(dir, id), { force: true });
  }
}

/** writeAtomicSync for text written in pieces; returns the bytes written. */
function writeAtomicText(file: string, text: JsonText): number {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const bytes = writeJsonTextSync(tmp, text);
  fs.renameSync(tmp, file);
  return bytes;
}
