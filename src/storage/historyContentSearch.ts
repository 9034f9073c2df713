/**
 * Searching the history by what was said. Bounded on a big history: chats are read one at a time,
 * streamed line by line (chatLogFile.replayFile), so memory holds one chat and one line, never
 * every file; what each chat contributes is its prompts and answers, cut at MAX_TEXT_PER_CHAT and
 * kept in a cache of at most MAX_CACHE characters, keyed by the file's size and time so a chat
 * that changed is read again. A newer query cancels the scan of the older one.
 */
import { promises as fsp } from 'node:fs';
import { chatSearchText, matchContent, searchWords, type SearchText } from '../conversation/readouts/historySearch';
import type { Chat } from '../conversation/model';
import type { ChatSummary } from '../messages/protocol';
import { replayFile } from './chatLogFile';

const MAX_TEXT_PER_CHAT = 512 * 1024;
const MAX_CACHE = 24 * 1024 * 1024;

export interface ContentSource {
  /** The chat as this window holds it (newer than its file), if it does. */
  inMemory(id: string): Chat | undefined;
  fileOf(id: string): string;
}

export interface ContentHit {
  readonly id: string;
  readonly excerpt: string | null;
}

interface Cached {
  readonly key: string;
  readonly text: SearchText;
}

/** A cached text's share of MAX_CACHE: as said and folded. */
const sizeOf = (t: SearchText): number => t.text.length + t.folded.length;

export class HistoryContentSearch {
  private readonly cache = new Map<string, Cached>();
  private cacheSize = 0;
  private current: { cancelled: boolean } | null = null;

  constructor(private readonly source: ContentSource) {}

  /**
   * Every chat whose title and content hold all the query's words, reported as found
   * (`onHit`), newest chat first. Resolves with whether the scan ran to the end (false: a newer
   * search replaced it).
   */
  async search(query: string, chats: readonly ChatSummary[], onHit: (hit: ContentHit) => void): Promise<boolean> {
    if (this.current) this.current.cancelled = true;
    const signal = { cancelled: false };
    this.current = signal;
    const words = searchWords(query);
    if (words.length === 0) return true;
    for (const summary of [...chats].sort((a, b) => b.updatedAt - a.updatedAt)) {
      if (signal.cancelled) return false;
      const text = await this.textOf(summary.id, signal);
      if (text === undefined) continue;
      const m = matchContent(summary.title, text, words);
      if (m && !signal.cancelled) onHit({ id: summary.id, excerpt: m.excerpt });
    }
    return !signal.cancelled;
  }

  /** Stop the running scan (the history list was closed). */
  cancel(): void {
    if (this.current) this.current.cancelled = true;
  }

  private async textOf(id: string, signal: { readonly cancelled: boolean }): Promise<SearchText | undefined> {
    const live = this.source.inMemory(id);
    if (live) return chatSearchText(live, MAX_TEXT_PER_CHAT);
    const file = this.source.fileOf(id);
    let key: string;
    try {
      const st = await fsp.stat(file);
      key = `${st.size}:${st.mtimeMs}`;
    } catch {
      return undefined;
    }
    const hit = this.cache.get(id);
    if (hit && hit.key === key) {
      this.cache.delete(id); // most recently used last
      this.cache.set(id, hit);
      return hit.text;
    }
    const read = await replayFile(id, file, signal);
    if (!read?.ok || signal.cancelled) return undefined;
    const text = chatSearchText(read.log.chat, MAX_TEXT_PER_CHAT);
    this.remember(id, { key, text });
    return text;
  }

  private remember(id: string, entry: Cached): void {
    const old = this.cache.get(id);
    if (old) this.cacheSize -= sizeOf(old.text);
    this.cache.delete(id);
    this.cache.set(id, entry);
    this.cacheSize += sizeOf(entry.text);
    for (const [oldest, value] of this.cache) {
      if (this.cacheSize <= MAX_CACHE) break;
      this.cache.delete(oldest);
      this.cacheSize -= sizeOf(value.text);
    }
  }
}
