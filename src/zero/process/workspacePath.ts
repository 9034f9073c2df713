/**
 * Where a workspace-relative path from Zero's session store really lands, or null when it would
 * leave the workspace (`../`, an absolute path, or a symlink pointing out): the same confinement
 * Zero's own restore uses (internal/sessions/rewind.go resolveWithinWorkspace). Plain Node.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export function resolveWithinWorkspace(root: string, rel: string): string | null {
  if (path.isAbsolute(rel)) return null;
  let cleanRoot: string;
  try {
    cleanRoot = fs.realpathSync.native(path.resolve(root));
  } catch {
    return null;
  }
  let existing = path.join(cleanRoot, rel);
  const missing: string[] = [];
  for (;;) {
    try {
      fs.lstatSync(existing);
      break;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return null;
      const parent = path.dirname(existing);
      if (parent === existing) return null;
      missing.unshift(path.basename(existing));
      existing = parent;
    }
  }
  let resolved: string;
  try {
    resolved = path.join(fs.realpathSync.native(existing), ...missing);
  } catch {
    return null;
  }
  const within = path.relative(cleanRoot, resolved);
  if (within === '' || within === '..' || within.startsWith(`..${path.sep}`) || path.isAbsolute(within)) return null;
  return resolved;
}
