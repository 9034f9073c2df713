/**
 * Where a file path from the chat (model output: untrusted) may lead. Relative paths resolve
 * against the run folder, then the other workspace folders; a path outside every workspace folder
 * is followed only if it exists. No `vscode` here, so it is unit-tested in plain Node.
 */
import * as path from 'node:path';

export type FileRefTarget = { readonly file: string; readonly inside: boolean } | null;

export function resolveFileRef(raw: string, folder: string | null, roots: readonly string[], exists: (p: string) => boolean, p: path.PlatformPath = path): FileRefTarget {
  const ref = raw.trim();
  if (ref === '' || ref.includes('\0') || /^[a-z][a-z0-9+.-]*:\/\//i.test(ref)) return null;
  const inside = (f: string): boolean => roots.some((r) => {
    const rel = p.relative(r, f);
    return rel === '' || (!rel.startsWith('..') && !p.isAbsolute(rel));
  });
  const candidates = p.isAbsolute(ref) ? [p.normalize(ref)] : [folder, ...roots].filter((r): r is string => !!r).map((r) => p.resolve(r, ref));
  const existing = candidates.find((c) => exists(c));
  if (existing) return { file: existing, inside: inside(existing) };
  const first = candidates[0];
  // Not on disk: a workspace path may still be meant (Zero is about to create it); anything else is not followed.
  return first && inside(first) ? { file: first, inside: true } : null;
}
