/**
 * Lines added and removed between two versions of a file, as `git diff --numstat` counts them:
 * the shortest line edit script (Myers), where a line keeps its end-of-line, so a last line that
 * gains or loses its newline counts as one removed and one added. Pure.
 */

export interface LineChanges {
  readonly added: number;
  readonly removed: number;
}

/** Past this many edits the middle is counted as wholly replaced (an upper bound), as diff tools give up too. */
const MAX_EDITS = 4000;

/** Lines with their terminators: `a\nb` is `a\n`, `b`. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const out: string[] = [];
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', start)) {
    out.push(text.slice(start, i + 1));
    start = i + 1;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/** A NUL in the first 8000 characters makes a file binary, as git decides. */
export function looksBinary(text: string): boolean {
  return text.slice(0, 8000).includes('\0');
}

export function countLineChanges(before: string, after: string, maxEdits = MAX_EDITS): LineChanges {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  if (n === 0 || m === 0) return { added: m, removed: n };
  const d = editDistance(a, start, n, b, start, m, maxEdits);
  if (d === null) return { added: m, removed: n };
  // Only insertions and deletions: d = added + removed and m - n = added - removed.
  return { added: (d + m - n) / 2, removed: (d - m + n) / 2 };
}

/** Myers' greedy forward search for the length of the shortest edit script, or null past `max`. */
function editDistance(
  a: readonly string[],
  a0: number,
  n: number,
  b: readonly string[],
  b0: number,
  m: number,
  max: number,
): number | null {
  const limit = Math.min(n + m, max);
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  for (let d = 0; d <= limit; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return d;
    }
  }
  return null;
}
