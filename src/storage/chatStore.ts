/**
 * Chats on disk under the extension's workspace storage: one append-only log per chat
 * (chatLogFile.ts), plus the history index (historyIndex.ts). This class decides what each chat
 * needs written (compaction.ts) and queues it for the writer (writeQueue.ts); reading a file back
 * is chatReader.ts.
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
import type { ChatAction } from '../conversation/actions';
import type { Chat } from '../conversation/model';
import type { ChatSummary } from '../messages/protocol';
import { chatFile, chatIdsOnDisk, removeChatFiles, tailChatFile } from './chatFiles';
import { snapshotText } from './chatLogFile';
import { readChatLog } from './chatReader';
import { hasOddNumber } from '../protocol/numbers';
import { type ChatHead, HEAD_MIN_BYTES, readHead, tailText } from './chatTail';
import { type ChatLog, compactionDue, sum, tailDue } from './compaction';
import { HistoryIndex, summaryOf } from './historyIndex';
import type { JsonText } from './jsonPieces';
import { StoreProblems } from './storeProblems';
import { WriteQueue, writeChatSync } from './writeQueue';

const SAVE_DELAY_MS = 300;

/** Unwritten appended lines past this pause the runs feeding them (backlog()), until they are down to BACKLOG_LOW. */
const BACKLOG_HIGH = 4 * 1024 * 1024;
const BACKLOG_LOW = 1024 * 1024;

export class ChatStore {
  /** Resolves when no store has a write in flight (after a flush, queued writes are dropped). */
  static async settled(): Promise<void> {
    await WriteQueue.settled();
  }

  /** The history index, read when first needed (activation reads nothing). */
  private historyRead: HistoryIndex | undefined;
  private readonly logs = new Map<string, ChatLog>();
  private readonly writes: WriteQueue;
  private timer: NodeJS.Timeout | undefined;
  private readonly problems: StoreProblems;
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
    notify: (msg: string) => void = () => undefined,
  ) {
    this.problems = new StoreProblems(log, notify);
    this.writes = new WriteQueue(
      dir,
      this.logs,
      (m) => this.problem(m),
      () => this.release(),
      () => {
        this.problems.report();
        this.release();
      },
    );
  }

  private get history(): HistoryIndex {
    if (this.historyRead) return this.historyRead;
    this.historyRead = new HistoryIndex(
      this.dir,
      (m) => this.problem(m),
      () => this.rebuildSummaries(),
    );
    if (this.historyRead.dirty) this.writeIndex();
    return this.historyRead;
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
    const read = readChatLog(this.dir, id, this.log, (m) => this.problem(m));
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
    this.writes.drop(id);
    this.history.remove(id);
    removeChatFiles(this.dir, id, this.log);
    this.writeIndex();
    this.release();
  }

  /** Resolves when everything saved so far is on disk (tests, and before reading the files back). */
  async idle(): Promise<void> {
    this.kick();
    await this.writes.idle();
  }

  /** Writes everything now, synchronously (deactivate, window closing). Never throws. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const waiting = this.writes.dropAll();
    for (const [id, entry] of this.logs) {
      if (!entry.rewrite && entry.lines.length === 0 && !waiting.has(id)) continue;
      try {
        writeChatSync(this.dir, id, entry);
      } catch (err) {
        this.problem(`Could not save the chat "${entry.chat.title}": ${(err as Error).message}`);
      }
    }
    if (this.history.dirty) this.writeIndex();
    this.problems.report();
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
    return n + this.writes.unwrittenAppends();
  }

  /** Resolves backlog()'s promises once the lines are down to BACKLOG_LOW, or the writer is idle. */
  private release(): void {
    if (this.drained.length === 0) return;
    if (this.writes.busy && this.unwritten() > BACKLOG_LOW) return;
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
      if (compactionDue(entry)) entry.rewrite = true;
      if (entry.rewrite) {
        // A snapshot replaces whatever was queued for this chat and not yet started.
        this.writes.drop(id);
        let data: JsonText;
        try {
          data = snapshotText(entry.chat, entry.seq);
        } catch (err) {
          // The file on disk stays as it was (better the last good state than a file set aside whole);
          // the next change tries the snapshot again. Said once per chat.
          if (!this.unsaveable.has(id))
            this.problem(`Could not save the chat "${entry.chat.title}": ${(err as Error).message}`);
          this.unsaveable.add(id);
          continue;
        }
        this.writes.snapshot(id, data);
        entry.tailSeq = -1; // a new snapshot: the tail must follow it
        entry.rewrite = false;
        entry.lines = [];
        entry.logBytes = 0;
        entry.snapshotBytes = data.length;
      } else if (entry.lines.length > 0) {
        const data = entry.lines.join('');
        entry.lines = [];
        entry.logBytes += data.length;
        this.writes.append(id, data);
      }
      if (tailDue(entry)) this.writes.tail(id, tailText(entry.chat, entry.seq));
    }
    if (this.history.dirty) this.writeIndex();
    this.writes.pump();
  }

  private writeIndex(): void {
    for (const id of this.history.write()) {
      this.logs.delete(id);
      removeChatFiles(this.dir, id, this.log);
    }
  }

  // ---- reading -----------------------------------------------------------------------------

  /** The history from the chat files themselves, when the index was unreadable. */
  private rebuildSummaries(): ChatSummary[] {
    const out: ChatSummary[] = [];
    for (const id of chatIdsOnDisk(this.dir)) {
      const read = readChatLog(this.dir, id, this.log, (m) => this.problem(m));
      if (!read) continue;
      this.logs.set(id, read);
      out.push(summaryOf(read.chat));
    }
    return out;
  }

  private problem(message: string): void {
    this.problems.add(message);
  }
}
