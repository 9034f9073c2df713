/**
 * The folder a turn's relative file paths are resolved against for Revert, Diff, measuring and
 * Undo. `run_start.cwd` (and a session's recorded cwd) is Zero's word: a confused or hostile run
 * could say `/`, and a revert would then write a checkpoint's bytes into `/etc/…`. So the cwd is
 * used only when it is one of the workspace folders (or inside one), or a worktree Zero made for
 * one of them (`<state>/zero/worktrees/zero-worktree-<repo key>/<name>`, internal/worktrees).
 * Plain Node.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { nodeCrypto } from '../process/nodeOnDemand';

export type TurnRoot = { readonly ok: true; readonly root: string } | { readonly ok: false; readonly reason: string };

export interface KnownRoots {
  /** The workspace folders (file scheme), as the host sees them. */
  readonly folders: readonly string[];
  /** Zero's worktree base folder (zeroWorktreeBase), or null. */
  readonly worktreeBase: string | null;
}

const real = (p: string): string | null => {
  try {
    return fs.realpathSync.native(path.resolve(p));
  } catch {
    return null;
  }
};

const within = (root: string, p: string): boolean => {
  const rel = path.relative(root, p);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
};

/** Zero's key for a repository's worktrees (internal/worktrees repoKey). */
export function worktreeRepoKey(repoRoot: string): string {
  const hash = nodeCrypto().createHash('sha1').update(path.normalize(repoRoot)).digest('hex').slice(0, 10);
  const base = path
    .basename(repoRoot)
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '');
  return `${base || 'repo'}-${hash}`;
}

/** Where Zero puts its worktrees (internal/worktrees DefaultBaseDir). */
export function zeroWorktreeBase(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string | null {
  const v = (k: string): string => (env[k] ?? '').trim();
  if (platform === 'win32') {
    if (v('LOCALAPPDATA')) return path.join(v('LOCALAPPDATA'), 'zero', 'worktrees');
    if (v('USERPROFILE')) return path.join(v('USERPROFILE'), 'AppData', 'Local', 'zero', 'worktrees');
  }
  if (v('XDG_STATE_HOME')) return path.join(v('XDG_STATE_HOME'), 'zero', 'worktrees');
  const home = v('HOME') || v('USERPROFILE');
  return home ? path.join(home, '.local', 'state', 'zero', 'worktrees') : null;
}

/** True when `dir` is `<base>/zero-worktree-<key>/<name>` for the repository of a workspace folder. */
function isZeroWorktree(dir: string, known: KnownRoots): boolean {
  const base = known.worktreeBase ? real(known.worktreeBase) : null;
  if (!base) return false;
  const parts = path.relative(base, dir).split(path.sep);
  if (parts.length !== 2 || parts[0] === '..' || !parts[0]!.startsWith('zero-worktree-')) return false;
  // The repository root is the folder itself or one of its parents (a folder inside a repository).
  for (const folder of known.folders) {
    for (let p = real(folder); p; p = path.dirname(p) === p ? null : path.dirname(p)) {
      if (parts[0] === `zero-worktree-${worktreeRepoKey(p)}`) return true;
    }
  }
  return false;
}

/**
 * The root for a turn whose run reported `cwd` (null: the run said nothing, so `fallback`, the
 * folder the host started it in). Never a folder outside the workspace, whatever Zero said.
 */
export function turnRoot(cwd: string | null, fallback: string | null, known: KnownRoots): TurnRoot {
  const claimed = cwd ?? fallback;
  if (!claimed) return { ok: false, reason: 'Open a folder first: the changed files are relative to it.' };
  const resolved = path.isAbsolute(claimed) ? real(claimed) : null;
  if (resolved) {
    for (const folder of known.folders) {
      const r = real(folder);
      if (r && within(r, resolved)) return { ok: true, root: resolved };
    }
    if (isZeroWorktree(resolved, known)) return { ok: true, root: resolved };
  }
  const where =
    known.folders.length === 1 ? `the workspace folder ${known.folders[0]}` : 'any folder of this workspace';
  return {
    ok: false,
    reason: `Zero reported that this turn ran in ${claimed}, which is not ${where} (nor a worktree Zero made for it), so the extension does not touch its files from there.`,
  };
}
