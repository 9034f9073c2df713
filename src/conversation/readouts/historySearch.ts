/**
 * History search: a query is a set of words, and a chat matches when every word is in its title
 * or in what was said (the prompts and Zero's answers; not reasoning or tool output), case- and
 * accent-insensitive. Pure, so the host's bounded scan and the tests share it.
 */
import type { Chat } from '../model';

/** The query's words, folded; empty when there is nothing to search for. */
export function searchWords(query: string): string[] {
  return [
    ...new Set(
      fold(query)
        .split(/\s+/)
        .filter((w) => w.length > 0),
    ),
  ];
}

/** What a chat's content search looks at: the text as said (for excerpts) and folded (to search). */
export interface SearchText {
  /** Each prompt and each block of Zero's text, whitespace collapsed, one per line. */
  readonly text: string;
  readonly folded: string;
}

/** Each prompt and each block of Zero's text, cut at `maxChars`, as said and folded. */
export function chatSearchText(chat: Chat, maxChars = Number.POSITIVE_INFINITY): SearchText {
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
  const text = cutAt(parts.join('\n'), maxChars);
  return { text, folded: fold(text) };
}

export function matchesTitle(title: string, words: readonly string[]): boolean {
  const t = fold(title);
  return words.length > 0 && words.every((w) => t.includes(w));
}

/**
 * Whether the chat matches (all words in the title and content together), with a short excerpt
 * of the text as said around the first content word found; null when it does not match.
 */
export function matchContent(
  title: string,
  content: SearchText,
  words: readonly string[],
): { readonly excerpt: string | null } | null {
  if (words.length === 0) return null;
  const t = fold(title);
  let first = -1;
  let firstWord = '';
  for (const w of words) {
    const at = content.folded.indexOf(w);
    if (at < 0 && !t.includes(w)) return null;
    if (at >= 0 && (first < 0 || at < first)) {
      first = at;
      firstWord = w;
    }
  }
  if (first < 0) return { excerpt: null };
  const start = originalIndex(content.text, first);
  const end = originalIndex(content.text, first + firstWord.length);
  return { excerpt: excerptAt(content.text, start, Math.max(1, end - start)) };
}

/** Lower-case without accents, so "café" finds "Cafe". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const CHUNK = 4096;

/**
 * Where in `text` the character at `foldedAt` of fold(text) came from. Folding changes lengths ("ﬁ"
 * stays, "é" written as e + accent loses the accent, "İ" gains one), but code point by code point,
 * so whole chunks are skipped by their folded length and only the chunk with the hit is walked.
 */
export function originalIndex(text: string, foldedAt: number): number {
  let at = 0;
  let folded = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + CHUNK);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++; // never split a pair
    const length = fold(text.slice(at, end)).length;
    if (folded + length > foldedAt) break;
    folded += length;
    at = end;
  }
  for (const ch of text.slice(at, at + CHUNK + 1)) {
    const length = fold(ch).length;
    if (folded + length > foldedAt) return at;
    folded += length;
    at += ch.length;
  }
  return Math.min(at, text.length);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** At most `max` UTF-16 units, without splitting a surrogate pair. */
function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

function excerptAt(text: string, at: number, length: number, around = 40): string {
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const lineEnd = text.indexOf('\n', at + length);
  const start = Math.max(lineStart, at - around);
  const end = Math.min(lineEnd < 0 ? text.length : lineEnd, at + length + around);
  return `${start > lineStart ? '…' : ''}${text.slice(start, end)}${end < (lineEnd < 0 ? text.length : lineEnd) ? '…' : ''}`;
}
