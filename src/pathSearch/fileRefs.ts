/**
 * Where a file path from the chat (model output: untrusted) may lead. Relative paths resolve
 * against the run folder, then the other workspace folders; a path outside every workspace folder
 * is followed only if it exists. Inside or outside is decided on real paths (symlinks resolved, of
 * the target and of the workspace folders), so `src/link -> /etc/passwd` counts as outside and the
 * opener asks first. No `vscode` here, so it is unit-tested in plain Node.
 */
import * as path from 'node:path';

export type FileRefTarget = {
  /** The path as resolved from the reference. */
  readonly file: string;
  /** Where it really is (symlinks resolved as far as the path exists). */
  readonly real: string;
  /** Inside a workspace folder, judged on real paths. */
  readonly inside: boolean;
} | null;

/** `fs.realpathSync`, or null when the path does not exist. */
export type RealPath = (p: string) => string | null;

export function resolveFileRef(
  raw: string,
  folder: string | null,
  roots: readonly string[],
  exists: (p: string) => boolean,
  p: path.PlatformPath = path,
  realpath: RealPath = (x) => (exists(x) ? x : null),
): FileRefTarget {
  const ref = raw.trim();
  if (ref === '' || ref.includes('\0') || /^[a-z][a-z0-9+.-]*:\/\//i.test(ref)) return null;
  const realRoots = roots.map((r) => realpath(r) ?? r);
  const real = (f: string): string => realOf(f, realpath, p);
  const inside = (f: string): boolean =>
    realRoots.some((r) => {
      const rel = p.relative(r, real(f));
      return rel === '' || (!rel.startsWith('..') && !p.isAbsolute(rel));
    });
  const candidates = p.isAbsolute(ref)
    ? [p.normalize(ref)]
    : [folder, ...roots].filter((r): r is string => !!r).map((r) => p.resolve(r, ref));
  const existing = candidates.find((c) => exists(c));
  if (existing) return { file: existing, real: real(existing), inside: inside(existing) };
  const first = candidates[0];
  // Not on disk: a workspace path may still be meant (Zero is about to create it); anything else is not followed.
  return first && inside(first) ? { file: first, real: real(first), inside: true } : null;
}

/** The real path of `f`, or of its deepest existing ancestor with the rest appended. */
function realOf(f: string, realpath: RealPath, p: path.PlatformPath): string {
  const rest: string[] = [];
  let dir = f;
  for (;;) {
    const r = realpath(dir);
    if (r !== null) return rest.length ? p.join(r, ...rest) : r;
    const up = p.dirname(dir);
    if (up === dir) return f;
    rest.unshift(p.basename(dir));
    dir = up;
  }
}
