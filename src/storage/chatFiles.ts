/**
 * Where the chat history lives on disk and the small file operations it needs: atomic writes,
 * one JSON line parsed (depth-clamped), and setting an unreadable file aside as
 * `<name>.corrupt-<time>` so it neither breaks every start nor gets lost.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { clampDepth } from '../protocol/depth';

export function chatFile(dir: string, id: string): string {
  return path.join(dir, 'chats', `${safeName(id)}.jsonl`);
}

/** A big chat's latest turns, next to its log (chatTail.ts). */
export function tailChatFile(dir: string, id: string): string {
  return path.join(dir, 'chats', `${safeName(id)}.tail.json`);
}

/** Chats saved before the log format: one JSON file. */
export function legacyChatFile(dir: string, id: string): string {
  return path.join(dir, 'chats', `${safeName(id)}.json`);
}

export function indexFile(dir: string): string {
  return path.join(dir, 'index.json');
}

/** The ids of the chat files in the folder (log or legacy). */
export function chatIdsOnDisk(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(path.join(dir, 'chats'));
  } catch {
    return [];
  }
  return [...new Set(names.filter((n) => /^[A-Za-z0-9_-]+\.jsonl?$/.test(n)).map((n) => n.replace(/\.jsonl?$/, '')))];
}

export function writeAtomicSync(file: string, data: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}

export function removeChatFiles(dir: string, id: string, log: (msg: string) => void): void {
  for (const file of [chatFile(dir, id), tailChatFile(dir, id), legacyChatFile(dir, id)]) {
    try {
      fs.rmSync(file, { force: true });
    } catch (err) {
      log(`Could not delete ${path.basename(file)}: ${(err as Error).message}`);
    }
  }
}

/** Renames an unreadable file out of the way; returns the notice to show. */
export function setAside(file: string, reason: string): string {
  const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  try {
    fs.renameSync(file, aside);
    return `Chat history: ${path.basename(file)} is unreadable (${reason}); it was set aside as ${path.basename(aside)}.`;
  } catch (err) {
    return `Chat history: ${path.basename(file)} is unreadable (${reason}) and could not be set aside: ${(err as Error).message}`;
  }
}

export function parseLine(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: clampDepth(JSON.parse(text) as unknown) };
  } catch (err) {
    return { ok: false, reason: `not JSON: ${(err as Error).message}` };
  }
}

function safeName(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_');
}
