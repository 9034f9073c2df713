/**
 * Chats on disk under the extension's workspace storage: one append-only log per chat
 * (chatLogFile.ts), plus the history index (historyIndex.ts). This class is the writer: it queues
 * what each chat needs written and writes it.
 *
 * Streaming appends a few KB per action instead of re-serialising the whole chat; the file is
 * rewritten (compacted) only when its log outgrows its snapshot. Writes are asynchronous, one at a
 * time, in order; `flush()` (deactivate) writes what is left synchronously. The extension host
 * writes these files itself, not `workspaceState`, because the memento is flushed on the
 * workbench's schedule and a reload right after an answer could lose it (docs/testing-in-vscode.md, "What it taught the product").
 *
 * Everything read back is validated (zod, depth-clamped). A file of the wrong shape is renamed to
 * `<name>.corrupt-<time>`, reported once, and the rest of the history loads. Saving never throws:
 * failures go to the log and to a visible notice, and the chat carries on in memory.
 */
import * as fs from 'node:fs';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { ChatAction } from '../conversation/actions';
import { readChat } from '../conversation/chatSchema';
import type { Chat } from '../conversation/model';
import { isRunning } from '../conversation/reducer';
import type { ChatSummary } from '../messages/messages';
import { chatFile, chatIdsOnDisk, legacyChatFile, parseLine, removeChatFiles, setAside, tailChatFile } from './chatFiles';
import { replayText, snapshotText } from './chatLogFile';
import { hasOddNumber } from '../protocol/numbers';
import { type ChatHead, HEAD_MIN_BYTES, readHead, tailText } from './chatTail';
import { HistoryIndex, summaryOf } from './historyIndex';
import { type JsonText, writeJsonText, writeJsonTextSync } from './jsonPieces';

const SAVE_DELAY_MS = 300;
/** A log is compacted once it holds more than this, or more than its snapshot. */
const COMPACT_MIN_BYTES = 4 * 1024 * 1024;

/** What the store knows about one chat's file. */
interface ChatLog {
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

/** Unwritten appended lines past this pause the runs feeding them (backlog()), until they are down to BACKLOG_LOW. */
const BACKLOG_HIGH = 4 * 1024 * 1024;
const BACKLOG_LOW = 1024 * 1024;

/** Snapshots and tails are written in pieces from the (immutable) chat, never held as one string. */
type Write =
  | { readonly kind: 'append'; readonly id: string; data: string }
  | { readonly kind: 'snapshot'; readonly id: string; readonly data: JsonText; readonly generation: number }
  /** `data` null: the tail would hold the whole chat, and the old tail file is removed. */
  | { readonly kind: 'tail'; readonly id: string; readonly data: ((logBytes: number) => JsonText) | null; readonly generation: number };

/** Every store's write in flight, so tests can wait for the disk to be quiet before removing a folder. */
const inFlight = new Set<Promise<void>>();
/** Numbers the asynchronous writes' temporary files (see perform). */
let asyncTmpSeq = 0;

export class ChatStore {
  /** Resolves when no store has a write in flight (after a flush, queued writes are dropped). */
  static async settled(): Promise<void> {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  }

  private readonly history: HistoryIndex;
  private readonly logs = new Map<string, ChatLog>();
  private readonly queue: Write[] = [];
  private writing: Promise<void> | null = null;
  private writingId: string | null = null;
  /** The lines being appended now (they count in the backlog until written). */
  private writingAppend: string | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** Bumped by the synchronous flush: an asynchronous snapshot of an older generation is not renamed in. */
  private generation = 0;
  private readonly problems: string[] = [];
  /** Chats whose snapshot would not read back (already reported). */
  private readonly unsaveable = new Set<string>();
  /** Runs paused by backlog(), resumed once the unwritten lines are down to BACKLOG_LOW. */
  private drained: (() => void)[] = [];

  /**
   * @param log the output channel.
   * @param notify a visible notice (batched: one call per burst of problems).
   */
  constructor(
    readonly dir: string,
    private readonly log: (msg: string) => void,
    private readonly notify: (msg: string) => void = () => undefined,
  ) {
    this.history = new HistoryIndex(dir, (m) => this.problem(m), () => this.rebuildSummaries());
    if (this.history.dirty) this.writeIndex();
  }

  get currentId(): string | null {
    return this.history.currentId;
  }

  set currentId(id: string | null) {
    this.history.currentId = id;
    this.writeIndex();
  }

  summaries(): readonly ChatSummary[] {
    return this.history.summaries();
  }

  /** The chats open in editor tabs when the window last said (a reload restores those tabs). */
  get tabs(): readonly string[] {
    return this.history.tabs;
  }

  /** Written at once: a reload right after opening a tab must find it. */
  set tabs(ids: readonly string[]) {
    if (ids.length === this.history.tabs.length && ids.every((id, i) => id === this.history.tabs[i])) return;
    this.history.tabs = ids;
    this.writeIndex();
  }

  /** Zero sessions of deleted chats: History does not offer them as terminal sessions. */
  hiddenSessions(): ReadonlySet<string> {
    return this.history.hiddenSessions();
  }

  /** The file a chat is saved in (history search streams it). */
  fileOf(id: string): string {
    return chatFile(this.dir, id);
  }

  /** The chat as this window last changed it, when it has it in memory (newer than its file). */
  inMemory(id: string): Chat | undefined {
    return this.logs.get(id)?.chat;
  }

  /** The chat, replayed from its file; undefined when missing or set aside as unreadable. */
  load(id: string): Chat | undefined {
    const known = this.logs.get(id);
    if (known) return known.chat;
    const read = this.readChatFile(id);
    if (read) {
      this.logs.set(id, read);
      return read.chat;
    }
    if (this.history.has(id)) {
      this.history.remove(id);
      this.writeIndex();
    }
    return undefined;
  }

  /**
   * The chat's latest turns, read from its tail file and the end of its log (see chatTail.ts): what
   * the view's first paint needs, without reading a big chat whole. Undefined when the chat is
   * already loaded, small, or its tail does not fit its log: then `load` it.
   */
  loadHead(id: string): ChatHead | undefined {
    if (this.logs.has(id)) return undefined;
    try {
      if (fs.statSync(chatFile(this.dir, id)).size < HEAD_MIN_BYTES) return undefined;
    } catch {
      return undefined;
    }
    const head = readHead(tailChatFile(this.dir, id), chatFile(this.dir, id));
    return head && head.chat.id === id ? head : undefined;
  }

  /** One reducer action, appended to the chat's log. `before` is the chat it applied to. */
  record(before: Chat, action: ChatAction, after: Chat): void {
    if (after.turns.length === 0) return;
    const entry = this.logs.get(after.id);
    if (!entry || entry.chat !== before || entry.rewrite) {
      this.save(after);
      return;
    }
    let line: string;
    try {
      // An action JSON would change (Infinity → null) is saved as a snapshot, which repairs it.
      if (hasOddNumber(action)) throw new Error('odd number');
      line = `${JSON.stringify({ seq: entry.seq + 1, action })}\n`;
    } catch {
      this.save(after); // the snapshot's stringify clamps what this one could not
      return;
    }
    entry.seq++;
    entry.lines.push(line);
    entry.chat = after;
    this.history.touch(summaryOf(after));
    this.schedule();
  }

  /** Saves the chat as a whole: soon (streaming) or at once (turn boundaries). Never throws. */
  save(chat: Chat, now = false): void {
    if (chat.turns.length === 0) return; // an empty new chat is not worth a history entry
    const entry = this.logs.get(chat.id);
    if (!entry) {
      this.logs.set(chat.id, { chat, seq: 0, lines: [], rewrite: true, logBytes: 0, snapshotBytes: 0 });
    } else if (entry.chat !== chat) {
      entry.chat = chat;
      entry.lines = [];
      entry.rewrite = true;
    }
    this.history.touch(summaryOf(chat));
    if (now) this.kick();
    else this.schedule();
  }

  delete(id: string): void {
    this.logs.delete(id);
    for (let i = this.queue.length - 1; i >= 0; i--) if (this.queue[i]!.id === id) this.queue.splice(i, 1);
    this.history.remove(id);
    removeChatFiles(this.dir, id, this.log);
    this.writeIndex();
    this.release();
  }

  /** Resolves when everything saved so far is on disk (tests, and before reading the files back). */
  async idle(): Promise<void> {
    this.kick();
    while (this.writing) await this.writing;
  }

  /** Writes everything now, synchronously (deactivate, window closing). Never throws. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const waiting = new Set(this.queue.map((w) => w.id));
    this.queue.length = 0;
    // A write still in flight may land after this: its snapshot is not renamed in (generation), and
    // its appended lines are older than the snapshots written here, so reading skips them.
    this.generation++;
    if (this.writingId !== null) waiting.add(this.writingId);
    for (const [id, entry] of this.logs) {
      if (!entry.rewrite && entry.lines.length === 0 && !waiting.has(id)) continue;
      try {
        const data = snapshotText(entry.chat, entry.seq);
        const bytes = writeAtomicText(chatFile(this.dir, id), data);
        entry.logBytes = 0;
        entry.snapshotBytes = data.length;
        entry.lines = [];
        entry.rewrite = false;
        entry.tailSeq = -1;
        if (this.tailDue(entry)) {
          const tail = tailText(entry.chat, entry.seq);
          if (tail) writeAtomicText(tailChatFile(this.dir, id), tail(bytes));
          else fs.rmSync(tailChatFile(this.dir, id), { force: true });
        }
      } catch (err) {
        this.problem(`Could not save the chat "${entry.chat.title}": ${(err as Error).message}`);
      }
    }
    if (this.history.dirty) this.writeIndex();
    this.report();
    this.release();
  }

  /**
   * Backpressure for the runs feeding this store: undefined while the appended lines not yet on
   * disk are few, else (over BACKLOG_HIGH) a promise that resolves once they are down to
   * BACKLOG_LOW; the run stops reading Zero's stdout meanwhile, so a flood waits in Zero's pipe,
   * not in memory here.
   */
  backlog(): Promise<void> | undefined {
    if (this.unwritten() <= BACKLOG_HIGH) return undefined;
    const waiting = new Promise<void>((resolve) => this.drained.push(resolve));
    this.kick(); // not the 300 ms debounce: the lines go to the disk now
    return waiting;
  }

  /** Characters of appended lines held in memory: not yet queued, queued, or being written. */
  private unwritten(): number {
    let n = 0;
    for (const entry of this.logs.values()) n += sum(entry.lines);
    for (const w of this.queue) if (w.kind === 'append') n += w.data.length;
    return n + (this.writingAppend?.length ?? 0);
  }

  /** Resolves backlog()'s promises once the lines are down to BACKLOG_LOW, or the writer is idle. */
  private release(): void {
    if (this.drained.length === 0) return;
    if ((this.writing || this.queue.length > 0) && this.unwritten() > BACKLOG_LOW) return;
    for (const resolve of this.drained.splice(0)) resolve();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => this.kick(), SAVE_DELAY_MS);
  }

  /** Queues what each chat needs written, then starts writing. */
  private kick(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const [id, entry] of this.logs) {
      if (!entry.rewrite && entry.logBytes + sum(entry.lines) > Math.max(COMPACT_MIN_BYTES, entry.snapshotBytes)) entry.rewrite = true;
      if (entry.rewrite) {
        // A snapshot replaces whatever was queued for this chat and not yet started.
        for (let i = this.queue.length - 1; i >= 0; i--) if (this.queue[i]!.id === id) this.queue.splice(i, 1);
        let data: JsonText;
        try {
          data = snapshotText(entry.chat, entry.seq);
        } catch (err) {
          // The file on disk stays as it was (better the last good state than a file set aside whole);
          // the next change tries the snapshot again. Said once per chat.
          if (!this.unsaveable.has(id)) this.problem(`Could not save the chat "${entry.chat.title}": ${(err as Error).message}`);
          this.unsaveable.add(id);
          continue;
        }
        this.queue.push({ kind: 'snapshot', id, data, generation: this.generation });
        entry.tailSeq = -1; // a new snapshot: the tail must follow it
        entry.rewrite = false;
        entry.lines = [];
        entry.logBytes = 0;
        entry.snapshotBytes = data.length;
      } else if (entry.lines.length > 0) {
        const data = entry.lines.join('');
        entry.lines = [];
        entry.logBytes += data.length;
        const last = this.queue[this.queue.length - 1];
        if (last && last.kind === 'append' && last.id === id) last.data += data;
        else this.queue.push({ kind: 'append', id, data });
      }
      if (this.tailDue(entry)) this.queue.push({ kind: 'tail', id, data: tailText(entry.chat, entry.seq), generation: this.generation });
    }
    if (this.history.dirty) this.writeIndex();
    this.pump();
  }

  private pump(): void {
    if (this.writing) return;
    const next = this.queue.shift();
    if (!next) {
      this.report();
      this.release();
      return;
    }
    this.writingId = next.id;
    this.writingAppend = next.kind === 'append' ? next.data : null;
    const writing = this.perform(next).finally(() => {
      inFlight.delete(writing);
      this.writing = null;
      this.writingId = null;
      this.writingAppend = null;
      this.release();
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

  /**
   * A big chat's tail file is rewritten after a snapshot, when a turn starts and when a run ends,
   * so that reading the head never replays more than the turn being streamed.
   */
  private tailDue(entry: ChatLog): boolean {
    if (entry.tailSeq === entry.seq || entry.logBytes + entry.snapshotBytes < HEAD_MIN_BYTES) return false;
    if (entry.tailSeq !== -1 && entry.tailTurns === entry.chat.turns.length && isRunning(entry.chat)) return false;
    entry.tailSeq = entry.seq;
    entry.tailTurns = entry.chat.turns.length;
    return true;
  }

  private writeIndex(): void {
    for (const id of this.history.write()) {
      this.logs.delete(id);
      removeChatFiles(this.dir, id, this.log);
    }
  }

  // ---- reading -----------------------------------------------------------------------------

  private readChatFile(id: string): ChatLog | undefined {
    const file = chatFile(this.dir, id);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return this.readLegacyFile(id);
      this.problem(`Could not read the chat file ${path.basename(file)}: ${(err as Error).message}`);
      return undefined;
    }
    const read = replayText(id, text, this.log);
    if (!read.ok) {
      this.problem(setAside(file, read.reason));
      return undefined;
    }
    return { ...read.log, lines: [], rewrite: false };
  }

  /** Chats saved before the log format: one JSON file; the next save writes the log and removes it. */
  private readLegacyFile(id: string): ChatLog | undefined {
    const file = legacyChatFile(this.dir, id);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.problem(`Could not read the chat file ${path.basename(file)}: ${(err as Error).message}`);
      return undefined;
    }
    const parsed = parseLine(text);
    const read = parsed.ok ? readChat(parsed.value) : parsed;
    if (!read.ok || read.chat.id !== id) {
      this.problem(setAside(file, read.ok ? 'it holds another chat' : read.reason));
      return undefined;
    }
    return { chat: read.chat, seq: 0, lines: [], rewrite: true, logBytes: 0, snapshotBytes: 0 };
  }

  /** The history from the chat files themselves, when the index was unreadable. */
  private rebuildSummaries(): ChatSummary[] {
    const out: ChatSummary[] = [];
    for (const id of chatIdsOnDisk(this.dir)) {
      const read = this.readChatFile(id);
      if (!read) continue;
      this.logs.set(id, read);
      out.push(summaryOf(read.chat));
    }
    return out;
  }

  // ---- problems ----------------------------------------------------------------------------

  private problem(message: string): void {
    this.log(message);
    this.problems.push(message);
    queueMicrotask(() => this.report());
  }

  private report(): void {
    if (this.problems.length === 0) return;
    const all = this.problems.splice(0);
    try {
      this.notify(all.length === 1 ? all[0]! : `${all[0]!} (and ${all.length - 1} more problem${all.length === 2 ? '' : 's'}: see the Zero log)`);
    } catch {
      // a notice must not break saving
    }
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

function sum(lines: readonly string[]): number {
  let n = 0;
  for (const l of lines) n += l.length;
  return n;
}
