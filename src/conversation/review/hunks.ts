/**
 * A file's changes as hunks, as `git diff` shows them (3 lines of context, nearby changes merged),
 * from jsdiff's line diff, and how the hunks a turn made compare with the file now. Pure.
 *
 * Bundled with jsdiff and the host's hunk review into dist/hunks.js, loaded on first use
 * (host/review/hunkLoader.ts), so windows that never review a turn pay nothing for it.
 */
import { diffLines } from 'diff';
import { splitLines } from './lineChanges';
import type { ReviewHunk } from '../model';

export interface HunkLine {
  readonly kind: ' ' | '-' | '+';
  /** The line with its line end (none on a last line without one). */
  readonly text: string;
}

export interface Hunk {
  /** From the changed lines only: the same change keeps its key when lines above it move. */
  readonly key: string;
  /** 0-based index of the hunk's first line (context included) in the old and in the new text. */
  readonly oldIndex: number;
  readonly newIndex: number;
  readonly lines: readonly HunkLine[];
  readonly added: number;
  readonly removed: number;
}

export const CONTEXT_LINES = 3;
/** Past this edit distance (or time) a file gets no hunks, as diff tools give up too: too much changed to review by part. */
export const MAX_HUNK_EDITS = 4000;
const MAX_DIFF_MS = 500;

/** The hunks from `before` to `after`; null when they differ too much to diff in time. */
export function computeHunks(before: string, after: string, context = CONTEXT_LINES): Hunk[] | null {
  if (before === after) return [];
  // The common first and last lines are not diffed (as git trims them): a turn's edit is usually a
  // few lines of a long file. Only the context next to the changes is kept of them.
  const a = splitLines(before);
  const b = splitLines(after);
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let q = 0;
  while (q < a.length - p && q < b.length - p && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
  const changes = diffLines(a.slice(p, a.length - q).join(''), b.slice(p, b.length - q).join(''), {
    maxEditLength: MAX_HUNK_EDITS,
    timeout: MAX_DIFF_MS,
  });
  if (!changes) return null;
  const head = Math.max(0, p - context);
  const ops: HunkLine[] = a.slice(head, p).map((text) => ({ kind: ' ', text }));
  for (const c of changes) {
    const kind = c.added ? '+' : c.removed ? '-' : ' ';
    for (const text of splitLines(c.value)) ops.push({ kind, text });
  }
  for (const text of a.slice(a.length - q, a.length - q + context)) ops.push({ kind: ' ', text });
  // Where each op stands in the old and the new text.
  const oldAt: number[] = [];
  const newAt: number[] = [];
  let o = head;
  let n = head;
  for (const op of ops) {
    oldAt.push(o);
    newAt.push(n);
    if (op.kind !== '+') o++;
    if (op.kind !== '-') n++;
  }
  const hunks: Hunk[] = [];
  const seen = new Map<string, number>();
  let prevEnd = 0;
  let i = 0;
  while (i < ops.length) {
    if (ops[i]!.kind === ' ') {
      i++;
      continue;
    }
    const start = Math.max(prevEnd, i - context);
    let j = i;
    let end: number;
    for (;;) {
      while (j < ops.length && ops[j]!.kind !== ' ') j++;
      let k = j;
      while (k < ops.length && ops[k]!.kind === ' ') k++;
      // Changes at most 2 × context apart share a hunk, as in git.
      if (k < ops.length && k - j <= 2 * context) j = k;
      else {
        end = Math.min(k, j + context);
        break;
      }
    }
    const lines = ops.slice(start, end);
    const changed = lines.filter((l) => l.kind !== ' ');
    const base = keyOf(changed);
    const nth = seen.get(base) ?? 0;
    seen.set(base, nth + 1);
    hunks.push({
      key: nth === 0 ? base : `${base}.${nth}`,
      oldIndex: oldAt[start]!,
      newIndex: newAt[start]!,
      lines,
      added: changed.filter((l) => l.kind === '+').length,
      removed: changed.filter((l) => l.kind === '-').length,
    });
    prevEnd = end;
    i = end;
  }
  return hunks;
}

/** What a turn's review records of its change to a file: its hunks' places and counts (undefined: too much changed). */
export function turnHunks(before: string, after: string): ReviewHunk[] | undefined {
  return computeHunks(before, after)?.map(hunkSummary);
}

/** FNV-1a of the changed lines and their count: short, stable, no crypto in a pure room. */
function keyOf(changed: readonly HunkLine[]): string {
  let h = 0x811c9dc5;
  for (const l of changed) {
    const s = l.kind + l.text;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  }
  return `${(h >>> 0).toString(16).padStart(8, '0')}-${changed.length}`;
}

const count = (h: Hunk, side: '-' | '+'): number => h.lines.filter((l) => l.kind === ' ' || l.kind === side).length;

/** What a chat keeps of a hunk: its place and counts, not its text. */
export function hunkSummary(h: Hunk): ReviewHunk {
  const oldLines = count(h, '-');
  const newLines = count(h, '+');
  const first = h.lines.findIndex((l) => l.kind !== ' ');
  let last = h.lines.length - 1;
  while (last > first && h.lines[last]!.kind === ' ') last--;
  const oldBefore = (idx: number): number => h.oldIndex + h.lines.slice(0, idx).filter((l) => l.kind !== '+').length;
  return {
    key: h.key,
    // As git writes them: an empty side starts at the line before it.
    oldStart: oldLines === 0 ? h.oldIndex : h.oldIndex + 1,
    oldLines,
    newStart: newLines === 0 ? h.newIndex : h.newIndex + 1,
    newLines,
    added: h.added,
    removed: h.removed,
    from: oldBefore(first),
    to: oldBefore(last) + (h.lines[last]!.kind === '-' ? 1 : 0),
  };
}

/** The first changed line, for a label: an added one, else a removed one; trimmed, at most `max` characters. */
export function firstChangedLine(h: Hunk, max = 60): string {
  const line = h.lines.find((l) => l.kind === '+') ?? h.lines.find((l) => l.kind === '-');
  const one = (line?.text ?? '').replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

export interface TurnHunksNow {
  /** The turn's hunks still in the file as the turn made them. */
  readonly present: readonly string[];
  /** The turn's hunks gone, and their lines back as before the turn (reverted, e.g. in the diff editor). */
  readonly reverted: readonly string[];
  /** The turn's hunks gone, their lines edited again since. */
  readonly edited: readonly string[];
}

/** The turn's recorded hunks against the file's hunks now (both from the same before-content). */
export function turnHunksNow(turn: readonly ReviewHunk[], now: readonly Hunk[]): TurnHunksNow {
  const keys = new Set(now.map((h) => h.key));
  const spans = now.map(hunkSummary);
  const present: string[] = [];
  const reverted: string[] = [];
  const edited: string[] = [];
  for (const t of turn) {
    if (keys.has(t.key)) present.push(t.key);
    else if (spans.some((s) => s.from <= t.to && t.from <= s.to)) edited.push(t.key);
    else reverted.push(t.key);
  }
  return { present, reverted, edited };
}

/** `@@ -12,4 +12,6 @@`, as git writes it (a count of 1 left out). */
export function hunkHeader(h: Pick<ReviewHunk, 'oldStart' | 'oldLines' | 'newStart' | 'newLines'>): string {
  const side = (start: number, lines: number): string => (lines === 1 ? `${start}` : `${start},${lines}`);
  return `@@ -${side(h.oldStart, h.oldLines)} +${side(h.newStart, h.newLines)} @@`;
}

/** The same for a screen reader: `lines 12 to 17: 2 added, 1 removed` (lines of the file now). */
export function hunkSpoken(h: Pick<ReviewHunk, 'newStart' | 'newLines' | 'added' | 'removed'>): string {
  const where =
    h.newLines === 0
      ? `after line ${h.newStart}`
      : h.newLines === 1
        ? `line ${h.newStart}`
        : `lines ${h.newStart} to ${h.newStart + h.newLines - 1}`;
  return `${where}: ${h.added} added, ${h.removed} removed`;
}
