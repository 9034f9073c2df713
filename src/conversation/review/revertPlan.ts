/**
 * Reverting one file a turn changed: what to write (the content Zero saved before the turn, or a
 * delete when the turn created it), and whether the file was edited again since the turn, in which
 * case the user is warned first. Pure: the host reads the checkpoint and the disk and hashes them.
 */

/** The file before the turn, from Zero's checkpoint. */
export type BeforeState =
  | { readonly kind: 'content'; readonly sha256: string; readonly mode: number | null }
  /** The turn created the file. */
  | { readonly kind: 'absent' }
  | { readonly kind: 'unavailable'; readonly reason: string };

/** The file on disk now. */
export type DiskState = { readonly exists: false } | { readonly exists: true; readonly sha256: string };

/** `unknown`: the turn's result was not recorded (a chat from before review existed). */
export type EditedSince = 'no' | 'yes' | 'unknown';

export type RevertPlan =
  /** Write the before-content (with its mode when Zero recorded one). */
  | { readonly action: 'write'; readonly mode: number | null; readonly editedSince: EditedSince }
  /** The turn created the file: reverting deletes it. */
  | { readonly action: 'delete'; readonly editedSince: EditedSince }
  /** Already as it was before the turn. */
  | { readonly action: 'none'; readonly reason: string }
  | { readonly action: 'impossible'; readonly reason: string };

/**
 * Whether the disk still holds what the turn left. `after`: the sha256 the turn left, null when it
 * left no file, undefined when not recorded.
 */
export function editedSince(disk: DiskState, after: string | null | undefined): EditedSince {
  if (after === undefined) return 'unknown';
  if (after === null) return disk.exists ? 'yes' : 'no';
  return disk.exists && disk.sha256 === after ? 'no' : 'yes';
}

export function revertPlan(
  file: string,
  before: BeforeState,
  disk: DiskState,
  after: string | null | undefined,
): RevertPlan {
  if (before.kind === 'unavailable') return { action: 'impossible', reason: before.reason };
  const since = editedSince(disk, after);
  if (before.kind === 'absent') {
    if (!disk.exists) return { action: 'none', reason: `${file} does not exist, as before the turn.` };
    return { action: 'delete', editedSince: since };
  }
  if (disk.exists && disk.sha256 === before.sha256)
    return { action: 'none', reason: `${file} already has its content from before the turn.` };
  return { action: 'write', mode: before.mode, editedSince: since };
}

/** The modal's words when reverting would overwrite later edits; null when it needs no warning. */
export function revertWarning(file: string, plan: RevertPlan): string | null {
  if (plan.action !== 'write' && plan.action !== 'delete') return null;
  const verb =
    plan.action === 'delete'
      ? `Reverting deletes ${file} (this turn created it)`
      : `Reverting puts back ${file} as it was before this turn`;
  if (plan.editedSince === 'yes') return `${file} was edited after this turn. ${verb}, and those later edits are lost.`;
  if (plan.editedSince === 'unknown')
    return `This chat did not record what the turn left in ${file}, so later edits cannot be detected. ${verb}; any later edits are lost.`;
  return null;
}
