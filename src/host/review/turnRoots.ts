/**
 * The host's side of turnRoot (src/zero/exec/turnRoot.ts): the workspace folders it knows and Zero's
 * worktree folder, so Revert, Diff, measuring and Undo never resolve a turn's files against a
 * folder only the run claimed.
 */
import * as vscode from 'vscode';
import type { Turn } from '../../conversation/model';
import { turnRoot, zeroWorktreeBase, type KnownRoots, type TurnRoot } from '../../zero/exec/turnRoot';
import { runEnv } from './checkpointBefore';

/** The workspace's file folders, plus the folder the host runs Zero in (always one of them). */
export function hostRoots(folder: string | null): KnownRoots {
  const folders = (vscode.workspace.workspaceFolders ?? [])
    .filter((f) => f.uri.scheme === 'file')
    .map((f) => f.uri.fsPath);
  if (folder && !folders.includes(folder)) folders.push(folder);
  return { folders, worktreeBase: zeroWorktreeBase(runEnv()) };
}

/** The turn's root, checked; `roots` overrides what the host knows (tests). */
export function rootOfTurn(turn: Turn, folder: string | null, roots?: () => KnownRoots): TurnRoot {
  return turnRoot(turn.run.cwd, folder, roots?.() ?? hostRoots(folder));
}
