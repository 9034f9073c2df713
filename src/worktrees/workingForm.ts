/**
 * Files in the form a working tree has them, not the form git stores: a blob turned into what a
 * checkout writes (line endings, `ident`, `working-tree-encoding`), and the paths a clean/smudge
 * filter owns (Git LFS), whose stored form is a pointer that must never be written as the file.
 * Plain Node.
 */
import { git, GitError, zFields } from './git';

const ZERO_BLOB = /^0+$/;

/** A blob as a checkout of `rel` in `cwd`'s tree writes it, or null for the all-zero id of a missing side. */
export async function blobAsFile(cwd: string, id: string, rel: string): Promise<Buffer | null> {
  if (ZERO_BLOB.test(id)) return null;
  const args = ['cat-file', '--filters', `--path=${rel}`, id];
  const r = await git(cwd, args);
  if (r.code !== 0) throw new GitError(args, r.code, r.stderr);
  return r.stdout;
}

/** Of `paths`, those with a `filter` attribute in `cwd`'s tree, each with it as `.gitattributes` spells it. */
export async function filteredPaths(cwd: string, paths: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (paths.length === 0) return found;
  const args = ['check-attr', '-z', '--stdin', 'filter'];
  const r = await git(cwd, args, { input: `${paths.join('\0')}\0` });
  if (r.code !== 0) throw new GitError(args, r.code, r.stderr);
  const fields = zFields(r.stdout);
  for (let i = 0; i + 2 < fields.length; i += 3) {
    const [file, , value] = [fields[i]!, fields[i + 1], fields[i + 2]!];
    if (value !== 'unspecified' && value !== 'unset') found.set(file, value === 'set' ? 'filter' : `filter=${value}`);
  }
  return found;
}
