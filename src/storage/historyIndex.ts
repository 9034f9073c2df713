/**
 * The history list on disk (`index.json`): one summary per chat, newest first, which chat a
 * reload reopens (in the sidebar, and in editor tabs), and the Zero sessions of deleted chats (Zero keeps the session, but History must
 * not offer it again as a terminal session). Several windows on one workspace share the file, so
 * each write re-reads it and merges in only what this window changed or deleted: another window's
 * entries stay.
 */
import * as fs from 'node:fs';
import { array, lazySchema, literal, looseObject, nullable, optional, string } from '../protocol/zod';
import { ChatSummarySchema } from '../conversation/chatSchema';
import type { ChatSummary } from '../messages/protocol';
import { indexFile, parseLine, setAside, writeAtomicSync } from './chatFiles';

export const MAX_CHATS = 200;
/** Deleted chats' sessions remembered (oldest forgotten first). */
export const MAX_HIDDEN_SESSIONS = 1000;

interface Index {
  readonly version: 1;
  currentId: string | null;
  chats: ChatSummary[];
  hiddenSessions: string[];
  /** The chats open in editor tabs, so a reload binds each restored tab to its chat. */
  tabs: string[];
}

const IndexSchema = lazySchema(() =>
  looseObject({
    version: literal(1),
    currentId: optional(nullable(string())),
    chats: array(ChatSummarySchema),
    hiddenSessions: optional(array(string())),
    tabs: optional(array(string())),
  }),
);

export class HistoryIndex {
  private index: Index = { version: 1, currentId: null, chats: [], hiddenSessions: [], tabs: [] };
  /** Entries this window changed or deleted since its last write: merged into the file. */
  private readonly touched = new Map<string, ChatSummary>();
  private readonly deleted = new Set<string>();
  private readonly hidden = new Set<string>();
  private dirtyFlag = false;

  /**
   * @param rebuild the summaries from the chat files themselves, when the index is unreadable.
   * @param problem a visible problem (logged and shown).
   */
  constructor(
    private readonly dir: string,
    private readonly problem: (msg: string) => void,
    rebuild: () => ChatSummary[],
  ) {
    const read = this.readFile();
    if (read === 'missing') return;
    if (read.ok) {
      this.index = read.index;
      return;
    }
    this.problem(setAside(indexFile(dir), read.reason));
    const chats = rebuild().sort((a, b) => b.updatedAt - a.updatedAt);
    this.index = { version: 1, currentId: null, chats, hiddenSessions: [], tabs: [] };
    for (const c of chats) this.touched.set(c.id, c);
    this.dirtyFlag = chats.length > 0;
  }

  get currentId(): string | null {
    return this.index.currentId;
  }

  /** Does not write: call write(). */
  set currentId(id: string | null) {
    this.index.currentId = id;
  }

  get tabs(): readonly string[] {
    return this.index.tabs;
  }

  /** This window's chat tabs (like currentId, this window's word wins). Does not write: call write(). */
  set tabs(ids: readonly string[]) {
    this.index.tabs = [...ids];
    this.dirtyFlag = true;
  }

  get dirty(): boolean {
    return this.dirtyFlag;
  }

  summaries(): readonly ChatSummary[] {
    return this.index.chats;
  }

  /** Zero sessions History no longer offers: their chats were deleted. */
  hiddenSessions(): ReadonlySet<string> {
    return new Set([...this.index.hiddenSessions, ...this.hidden]);
  }

  has(id: string): boolean {
    return this.index.chats.some((c) => c.id === id);
  }

  /** Records the chat's entry; false when nothing shown in the list changed. */
  touch(summary: ChatSummary): boolean {
    const before = this.touched.get(summary.id) ?? this.index.chats.find((c) => c.id === summary.id);
    this.deleted.delete(summary.id);
    if (before && sameSummary(before, summary)) return false;
    this.touched.set(summary.id, summary);
    this.dirtyFlag = true;
    return true;
  }

  remove(id: string): void {
    const sessionId = (this.touched.get(id) ?? this.index.chats.find((c) => c.id === id))?.sessionId;
    if (sessionId) this.hidden.add(sessionId);
    this.touched.delete(id);
    this.deleted.add(id);
    if (this.index.currentId === id) this.index.currentId = null;
    this.dirtyFlag = true;
  }

  /**
   * Re-reads the file, merges this window's changes in and writes it. Returns the ids that fell off
   * the end of the list (over MAX_CHATS): their files are the caller's to remove.
   */
  write(): string[] {
    const disk = this.readFile();
    const merged = new Map<string, ChatSummary>();
    if (disk !== 'missing' && disk.ok) for (const c of disk.index.chats) merged.set(c.id, c);
    else for (const c of this.index.chats) merged.set(c.id, c);
    for (const [id, mine] of this.touched) {
      const theirs = merged.get(id);
      if (!theirs || theirs.updatedAt <= mine.updatedAt) merged.set(id, mine);
    }
    for (const id of this.deleted) merged.delete(id);
    const chats = [...merged.values()].sort((a, b) => b.updatedAt - a.updatedAt);
    const dropped = chats.splice(MAX_CHATS).map((c) => c.id);
    const before = disk !== 'missing' && disk.ok ? disk.index.hiddenSessions : this.index.hiddenSessions;
    const hiddenSessions = [...new Set([...before, ...this.hidden])].slice(-MAX_HIDDEN_SESSIONS);
    const open = new Set(chats.map((c) => c.id));
    this.index = {
      version: 1,
      currentId: this.index.currentId,
      chats,
      hiddenSessions,
      tabs: this.index.tabs.filter((id) => open.has(id)),
    };
    this.dirtyFlag = false;
    try {
      writeAtomicSync(indexFile(this.dir), JSON.stringify(this.index));
      // On disk now: from here the file is the truth, so another window's later delete sticks.
      this.touched.clear();
      this.deleted.clear();
      this.hidden.clear();
    } catch (err) {
      this.problem(`Could not save the chat history index: ${(err as Error).message}`);
    }
    return dropped;
  }

  private readFile(): 'missing' | { ok: true; index: Index } | { ok: false; reason: string } {
    let text: string;
    try {
      text = fs.readFileSync(indexFile(this.dir), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
      return { ok: false, reason: (err as Error).message };
    }
    const parsed = parseLine(text);
    if (!parsed.ok) return parsed;
    const index = IndexSchema.safeParse(parsed.value);
    if (!index.success) return { ok: false, reason: describe(index.error.issues[0]) };
    const chats = index.data.chats.map((c): ChatSummary => ({
      id: c.id,
      title: c.title,
      updatedAt: c.updatedAt,
      turns: c.turns,
      ...(c.sessionId ? { sessionId: c.sessionId } : {}),
    }));
    return {
      ok: true,
      index: {
        version: 1,
        currentId: index.data.currentId ?? null,
        chats,
        hiddenSessions: index.data.hiddenSessions ?? [],
        tabs: index.data.tabs ?? [],
      },
    };
  }
}

export function summaryOf(chat: {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: number;
  readonly turns: readonly unknown[];
  readonly sessionId: string | null;
}): ChatSummary {
  return {
    id: chat.id,
    title: chat.title,
    updatedAt: chat.updatedAt,
    turns: chat.turns.length,
    ...(chat.sessionId ? { sessionId: chat.sessionId } : {}),
  };
}

function sameSummary(a: ChatSummary, b: ChatSummary): boolean {
  return (
    a.title === b.title &&
    a.updatedAt === b.updatedAt &&
    a.turns === b.turns &&
    (a.sessionId ?? null) === (b.sessionId ?? null)
  );
}

function describe(issue: { path: PropertyKey[]; message: string } | undefined): string {
  return issue ? `${issue.path.map(String).join('.') || 'the file'}: ${issue.message}` : 'wrong shape';
}
