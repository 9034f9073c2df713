/**
 * Chats on disk, one JSON file each plus an index, under the extension's workspace storage.
 *
 * The extension host writes these files itself (not `workspaceState`), because the memento is
 * flushed by the workbench on its own schedule and a reload right after an answer could lose it
 * (REAL_VSCODE.md pitfall 18). Writes are atomic (temp file + rename).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Chat } from '../conversation/model';
import type { ChatSummary } from '../messages/messages';

interface Index {
  readonly version: 1;
  currentId: string | null;
  chats: ChatSummary[];
}

const SAVE_DELAY_MS = 300;
const MAX_CHATS = 200;

export class ChatStore {
  private index: Index;
  private readonly pending = new Map<string, Chat>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly dir: string, private readonly log: (msg: string) => void) {
    this.index = this.readIndex();
  }

  get currentId(): string | null {
    return this.index.currentId;
  }

  set currentId(id: string | null) {
    this.index.currentId = id;
    this.writeIndex();
  }

  summaries(): readonly ChatSummary[] {
    return this.index.chats;
  }

  load(id: string): Chat | undefined {
    try {
      const chat = JSON.parse(fs.readFileSync(this.chatFile(id), 'utf8')) as Chat;
      return chat && chat.id === id && Array.isArray(chat.turns) ? chat : undefined;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.log(`Could not read chat ${id}: ${(err as Error).message}`);
      return undefined;
    }
  }

  /** Saves soon (streaming) or now (turn boundaries, so a reload right after loses nothing). */
  save(chat: Chat, now = false): void {
    this.pending.set(chat.id, chat);
    if (now) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), SAVE_DELAY_MS);
  }

  delete(id: string): void {
    this.pending.delete(id);
    this.index.chats = this.index.chats.filter((c) => c.id !== id);
    if (this.index.currentId === id) this.index.currentId = null;
    fs.rmSync(this.chatFile(id), { force: true });
    this.writeIndex();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    for (const chat of this.pending.values()) {
      if (chat.turns.length === 0) continue; // an empty new chat is not worth a history entry
      this.writeAtomic(this.chatFile(chat.id), JSON.stringify(chat));
      const summary: ChatSummary = { id: chat.id, title: chat.title, updatedAt: chat.updatedAt, turns: chat.turns.length };
      this.index.chats = [summary, ...this.index.chats.filter((c) => c.id !== chat.id)].sort((a, b) => b.updatedAt - a.updatedAt);
    }
    this.pending.clear();
    for (const dropped of this.index.chats.splice(MAX_CHATS)) fs.rmSync(this.chatFile(dropped.id), { force: true });
    this.writeIndex();
  }

  private chatFile(id: string): string {
    return path.join(this.dir, 'chats', `${id.replace(/[^A-Za-z0-9_-]/g, '_')}.json`);
  }

  private readIndex(): Index {
    try {
      const raw = JSON.parse(fs.readFileSync(path.join(this.dir, 'index.json'), 'utf8')) as Partial<Index>;
      if (raw.version === 1 && Array.isArray(raw.chats)) return { version: 1, currentId: raw.currentId ?? null, chats: raw.chats };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.log(`Chat history index unreadable, starting fresh: ${(err as Error).message}`);
    }
    return { version: 1, currentId: null, chats: [] };
  }

  private writeIndex(): void {
    this.writeAtomic(path.join(this.dir, 'index.json'), JSON.stringify(this.index));
  }

  private writeAtomic(file: string, data: string): void {
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, data);
      fs.renameSync(tmp, file);
    } catch (err) {
      this.log(`Could not save ${path.basename(file)}: ${(err as Error).message}`);
    }
  }
}
