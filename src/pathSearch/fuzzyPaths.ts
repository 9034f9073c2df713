/**
 * Fuzzy search over workspace paths for the composer's @-mention picker. Pure and allocation-light:
 * lower-cased copies are made once at index time, and a query that extends the previous one only
 * re-checks the previous matches, so typing stays well under a frame on 50,000 paths.
 */

export interface PathMatch {
  /** Workspace-relative, forward slashes; folders end with `/`. */
  readonly path: string;
  readonly score: number;
  /** Indexes into `path` of the matched characters (for highlighting). */
  readonly positions: readonly number[];
}

/** Characters after which a match starts a "word" (and scores more). */
const BOUNDARY = new Set(['/', '.', '_', '-', ' ']);

export class PathIndex {
  private readonly paths: string[];
  private readonly lower: string[];
  /** Where each path's last segment starts (folders: the segment before the trailing `/`). */
  private readonly baseAt: Int32Array;
  private last: { query: string; hits: Int32Array } | null = null;

  constructor(paths: Iterable<string>) {
    this.paths = [...new Set(paths)];
    this.lower = this.paths.map((p) => p.toLowerCase());
    this.baseAt = new Int32Array(this.paths.length);
    this.paths.forEach((p, i) => {
      const end = p.endsWith('/') ? p.length - 2 : p.length - 1;
      this.baseAt[i] = p.lastIndexOf('/', end) + 1;
    });
  }

  get size(): number {
    return this.paths.length;
  }

  /** Best `limit` matches for `query` (spaces ignored, case-insensitive); empty query: shortest paths first. */
  search(rawQuery: string, limit = 50): PathMatch[] {
    const query = rawQuery.replace(/\s+/g, '').toLowerCase();
    const candidates = this.candidates(query);
    // Scores only; positions are worked out for the few that are shown.
    const top: { i: number; score: number }[] = [];
    const scatteredMax = query.length * 40;
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k]!;
      const path = this.paths[i]!;
      if (top.length === limit) {
        const worst = top[top.length - 1]!.score;
        // No substring here and scattered letters cannot beat the worst shown: skip the alignment.
        if (
          query === ''
            ? -path.length <= worst
            : this.lower[i]!.indexOf(query) < 0 && scatteredMax - path.length <= worst
        )
          continue;
      }
      const score = query === '' ? -path.length : scoreMatch(this.lower[i]!, path, this.baseAt[i]!, query)?.score;
      if (score === undefined) continue;
      insertTop(top, { i, score }, limit);
    }
    return top.map(({ i, score }) => {
      const path = this.paths[i]!;
      const positions = query === '' ? [] : (scoreMatch(this.lower[i]!, path, this.baseAt[i]!, query)?.positions ?? []);
      return { path, score, positions };
    });
  }

  /** Indexes of paths containing `query` as a subsequence; narrows the previous result when it can. */
  private candidates(query: string): Int32Array {
    const prev = this.last;
    let pool: Int32Array | null = null;
    if (prev && query.startsWith(prev.query)) pool = prev.hits;
    const out = new Int32Array(pool ? pool.length : this.lower.length);
    let n = 0;
    const count = pool ? pool.length : this.lower.length;
    for (let k = 0; k < count; k++) {
      const i = pool ? pool[k]! : k;
      if (isSubsequence(query, this.lower[i]!)) out[n++] = i;
    }
    const hits = out.subarray(0, n);
    this.last = { query, hits };
    return hits;
  }
}

function isSubsequence(q: string, s: string): boolean {
  let j = 0;
  for (let i = 0; i < s.length && j < q.length; i++) if (s.charCodeAt(i) === q.charCodeAt(j)) j++;
  return j === q.length;
}

/**
 * Score one candidate. A contiguous hit in the file name beats one in the directories; a hit at
 * the start of the name or of a word beats one in the middle; scattered letters score least.
 * Shorter paths win ties.
 */
export function scoreMatch(
  lower: string,
  path: string,
  baseAt: number,
  q: string,
): { score: number; positions: number[] } | null {
  const at = lower.indexOf(q, baseAt);
  if (at >= 0) {
    const baseEnd = lower.endsWith('/') ? lower.length - 1 : lower.length;
    const whole = at === baseAt && (baseEnd === at + q.length || lower.charCodeAt(at + q.length) === 46); // 46: '.'
    const score = 10_000 + (at === baseAt ? 2_000 : isBoundary(path, at) ? 1_000 : 0) + (whole ? 500 : 0) - path.length;
    return { score, positions: range(at, q.length) };
  }
  const inPath = lower.indexOf(q);
  if (inPath >= 0) {
    return { score: 6_000 + (isBoundary(path, inPath) ? 1_000 : 0) - path.length, positions: range(inPath, q.length) };
  }
  // Scattered letters: prefer word starts, unless that skips a letter a later character needed.
  return align(lower, path, baseAt, q, true) ?? align(lower, path, baseAt, q, false);
}

function align(
  lower: string,
  path: string,
  baseAt: number,
  q: string,
  preferWordStarts: boolean,
): { score: number; positions: number[] } | null {
  const positions: number[] = [];
  let score = 0;
  let from = 0;
  let prev = -2;
  for (let j = 0; j < q.length; j++) {
    const c = q.charCodeAt(j);
    let at = -1;
    for (let i = from; i < lower.length; i++) {
      if (lower.charCodeAt(i) !== c) continue;
      if (at < 0) at = i;
      if (!preferWordStarts || i === prev + 1 || isBoundary(path, i)) {
        at = i;
        break;
      }
    }
    if (at < 0) return null;
    score += at === prev + 1 ? 30 : isBoundary(path, at) ? 20 : 1;
    if (at >= baseAt) score += 10;
    positions.push(at);
    prev = at;
    from = at + 1;
  }
  return { score: score - path.length, positions };
}

function isBoundary(path: string, i: number): boolean {
  if (i === 0) return true;
  const before = path[i - 1]!;
  if (BOUNDARY.has(before)) return true;
  const c = path.charCodeAt(i);
  const b = path.charCodeAt(i - 1);
  // camelCase: a capital after a lower-case letter.
  return c >= 65 && c <= 90 && b >= 97 && b <= 122;
}

function range(start: number, length: number): number[] {
  return Array.from({ length }, (_, k) => start + k);
}

/** Keeps `top` sorted best-first and at most `limit` long. */
function insertTop<T extends { score: number }>(top: T[], m: T, limit: number): void {
  if (top.length === limit && m.score <= top[top.length - 1]!.score) return;
  let i = top.length;
  while (i > 0 && top[i - 1]!.score < m.score) i--;
  top.splice(i, 0, m);
  if (top.length > limit) top.pop();
}

/** Every file plus each folder above it (`a/b/`), for the picker's candidates. */
export function withFolders(files: Iterable<string>): string[] {
  const out: string[] = [];
  const folders = new Set<string>();
  for (const f of files) {
    out.push(f);
    let slash = f.lastIndexOf('/');
    while (slash > 0) {
      const dir = f.slice(0, slash + 1);
      if (folders.has(dir)) break;
      folders.add(dir);
      slash = f.lastIndexOf('/', slash - 1);
    }
  }
  return out.concat([...folders]);
}
