/**
 * Renames the main tree's disk sees as one file: a name changed only in case (`readme.md` to
 * `README.md`) or in Unicode normalisation (NFC and NFD), which macOS and Windows disks fold to one
 * name, or two names sharing an inode. git reports a delete and an add; deleting the old name there
 * deletes the new one, so Merge back writes the new name and deletes nothing. Whether the disk folds
 * is read from the disk itself (both names lead to one inode), so a disk that tells the names apart
 * (Linux) gets the delete and the add as usual. Pure.
 */
import { foldName, type Seen } from './mainTree';

export interface NamedSide {
  readonly path: string;
  readonly change: 'added' | 'modified' | 'deleted';
  /** What the main tree has at this path. */
  readonly main: Seen;
}

/** For each deleted path that is one file with an added path on this disk: that added path. */
export function oneFileRenames(items: readonly NamedSide[]): Map<string, string> {
  const added = items.filter((i) => i.change === 'added' && i.main?.kind === 'file');
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const d of items) {
    if (d.change !== 'deleted' || d.main?.kind !== 'file') continue;
    const id = d.main.id;
    const sha = d.main.sha256;
    const a = added.find((x) => {
      if (x.main?.kind !== 'file' || taken.has(x.path)) return false;
      // A disk without inode numbers (some FAT and network disks say 0): the folded name and the same bytes.
      if (id.endsWith(':0') || x.main.id.endsWith(':0'))
        return foldName(x.path) === foldName(d.path) && x.main.sha256 === sha;
      return x.main.id === id;
    });
    if (!a) continue;
    out.set(d.path, a.path);
    taken.add(a.path);
  }
  return out;
}
