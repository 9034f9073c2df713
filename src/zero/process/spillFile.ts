/**
 * Zero's saved copy of a cut tool output (`tool_result.meta.spill_path`). Zero writes it in its own folder
 * for this user, `<temp>/zero-tool-output-<uid>/<tool>-<n>.txt`, made 0700 and owned by the user, the
 * files 0600, swept after 7 days (internal/tools/spill.go). The path comes from the agent's output, so it
 * is opened only if it is a regular file directly in that folder, by Zero's name: no `..`, no link (the
 * folder, the file, a hard link, or a swap between the check and the read), owned by this user, read
 * through the descriptor that was checked, and at most `maxBytes` of it. Anything else is refused, with why.
 */
import { constants, promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export type SpillRead =
  | { readonly kind: 'ok'; readonly text: string; readonly size: number; readonly cut: boolean }
  | { readonly kind: 'missing' }
  | { readonly kind: 'refused'; readonly why: string };

/** The largest copy opened whole; a bigger one opens its first part, saying so. */
export const MAX_SPILL_BYTES = 50 * 1024 * 1024;

/** Zero's spill name: a sanitised tool name, `-`, Go's random digits, `.txt` (os.CreateTemp). */
const SPILL_NAME = /^[A-Za-z0-9_-]{1,100}-[0-9]{1,20}\.txt$/;

/**
 * Zero's spill folder for the runs' environment: Go's os.TempDir() (`$TMPDIR`, else `/tmp`; on Windows the
 * system's temp folder) joined with `zero-tool-output-<uid>`. Null when that is not an absolute path.
 */
export function spillRoot(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  uid: number = process.getuid?.() ?? -1,
): string | null {
  const temp = platform === 'win32' ? os.tmpdir() : (env.TMPDIR ?? '').trim() || '/tmp';
  if (!path.isAbsolute(temp)) return null;
  return path.join(temp, uid >= 0 ? `zero-tool-output-${uid}` : 'zero-tool-output');
}

/** Reads `candidate` if it is one of Zero's spill files in `root`; `uid`: the user who must own both. */
export async function readSpillFile(
  candidate: string,
  root: string | null,
  options: { maxBytes?: number; uid?: number } = {},
): Promise<SpillRead> {
  const maxBytes = options.maxBytes ?? MAX_SPILL_BYTES;
  const uid = options.uid ?? process.getuid?.() ?? -1;
  if (root === null) return refused("Zero's output folder is not known (the temp folder is not an absolute path).");
  if (!path.isAbsolute(candidate) || candidate.includes('\0') || candidate.length > 4096)
    return refused('It is not an absolute path.');
  const file = path.resolve(candidate);
  // Lexically first: directly in the folder, by Zero's name (`..` and sub-folders are out).
  if (path.dirname(file) !== root || !SPILL_NAME.test(path.basename(file)))
    return refused(`It is not a file Zero saves in its output folder ${root}.`);
  let folder;
  try {
    folder = await fsp.lstat(root);
  } catch (err) {
    return isMissing(err) ? { kind: 'missing' } : refused(`Zero's output folder cannot be read (${code(err)}).`);
  }
  if (folder.isSymbolicLink() || !folder.isDirectory()) return refused(`Zero's output folder ${root} is not a folder.`);
  if (uid >= 0 && folder.uid !== uid) return refused(`Zero's output folder ${root} belongs to another user.`);
  let before;
  try {
    before = await fsp.lstat(file);
  } catch (err) {
    return isMissing(err) ? { kind: 'missing' } : refused(`It cannot be read (${code(err)}).`);
  }
  if (before.isSymbolicLink()) return refused('It is a link.');
  if (!before.isFile()) return refused('It is not a regular file.');
  // The real folder, links above it resolved: the file must still be directly in it.
  let realRoot: string;
  let real: string;
  try {
    [realRoot, real] = await Promise.all([fsp.realpath(root), fsp.realpath(file)]);
  } catch (err) {
    return isMissing(err) ? { kind: 'missing' } : refused(`It cannot be resolved (${code(err)}).`);
  }
  if (path.dirname(real) !== realRoot) return refused(`It leads out of Zero's output folder ${root}.`);
  let handle;
  try {
    // O_NOFOLLOW: a file swapped for a link after the checks is not followed.
    handle = await fsp.open(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (err) {
    return isMissing(err) ? { kind: 'missing' } : refused(`It cannot be opened (${code(err)}).`);
  }
  try {
    const st = await handle.stat();
    if (!st.isFile() || st.ino !== before.ino || st.dev !== before.dev)
      return refused('It changed while it was checked.');
    if (uid >= 0 && st.uid !== uid) return refused('It belongs to another user.');
    // Zero makes each file new (os.CreateTemp): one with other names is a hard link to something else.
    if (st.nlink > 1) return refused('It is a hard link to another file.');
    const length = Math.min(st.size, maxBytes);
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(buffer, read, length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return { kind: 'ok', text: buffer.subarray(0, read).toString('utf8'), size: st.size, cut: st.size > read };
  } finally {
    await handle.close();
  }
}

function refused(why: string): SpillRead {
  return { kind: 'refused', why };
}

function isMissing(err: unknown): boolean {
  const c = (err as NodeJS.ErrnoException).code;
  return c === 'ENOENT' || c === 'ENOTDIR';
}

function code(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? String(err).slice(0, 100);
}
