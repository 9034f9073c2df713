/**
 * History search: a query is a set of words, and a chat matches when every word is in its title
 * or in what was said (the prompts and Zero's answers; not reasoning or tool output), case- and
 * accent-insensitive. Pure, so the host's bounded scan and the tests share it.
 */
import type { Chat } from './model';

/** The query's words, folded; empty when there is nothing to search for. */
export function searchWords(query: string): string[] {
  return [...new Set(fold(query).split(/\s+/).filter((w) => w.length > 0))];
}

/** What a chat's content search looks at: each prompt and each block of Zero's text, folded, one per line. */
export function chatSearchText(chat: Chat, maxChars = Number.POSITIVE_INFINITY): string {
  const parts: string[] = [];
  let size = 0;
  const add = (text: string): boolean => {
    if (!text) return true;
    const t = text.replace(/\s+/g, ' ').trim();
    parts.push(t);
    size += t.length + 1;
    return size < maxChars;
  };
  outer: for (const turn of chat.turns) {
    if (!add(turn.prompt)) break;
    for (const item of turn.items) if (item.kind === 'text' && !add(item.text)) break outer;
    // The final text replaces the streamed blocks when they are gone (an elided middle).
    if (turn.finalText && !turn.items.some((i) => i.kind === 'text' && i.answer) && !add(turn.finalText)) break;
  }
  return fold(parts.join('\n')).slice(0, maxChars);
}

export function matchesTitle(title: string, words: readonly string[]): boolean {
  const t = fold(title);
  return words.length > 0 && words.every((w) => t.includes(w));
}

/**
 * Whether the chat matches (all words in the title and content together), with a short excerpt
 * around the first content word found; null when it does not match.
 */
export function matchContent(title: string, text: string, words: readonly string[]): { readonly excerpt: string | null } | null {
  if (words.length === 0) return null;
  const t = fold(title);
  let first = -1;
  let firstWord = '';
  for (const w of words) {
    const at = text.indexOf(w);
    if (at < 0 && !t.includes(w)) return null;
    if (at >= 0 && (first < 0 || at < first)) {
      first = at;
      firstWord = w;
    }
  }
  return { excerpt: first < 0 ? null : excerptAt(text, first, firstWord.length) };
}

/** Lower-case without accents, so "café" finds "Cafe". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

function excerptAt(text: string, at: number, length: number, around = 40): string {
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const lineEnd = text.indexOf('\n', at + length);
  const start = Math.max(lineStart, at - around);
  const end = Math.min(lineEnd < 0 ? text.length : lineEnd, at + length + around);
  return `${start > lineStart ? '…' : ''}${text.slice(start, end)}${end < (lineEnd < 0 ? text.length : lineEnd) ? '…' : ''}`;
}
