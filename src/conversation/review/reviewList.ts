/**
 * The review list: the files each turn changed, with their +/- counts and what the user decided,
 * as the turn footer and the "Zero: Changes" view show them. Pure.
 */
import type { Chat, ReviewFile, Turn } from '../model';
import { RUNNING_STATUSES } from '../model';
import { turnFileChanges } from './turnChanges';

export type ReviewState = 'pending' | 'kept' | 'reverted';

export interface ReviewRow {
  readonly turnId: string;
  readonly path: string;
  readonly change: ReviewFile['change'];
  readonly added: number | null;
  readonly removed: number | null;
  readonly binary: boolean;
  readonly state: ReviewState;
  /** An ACP turn: Zero kept no copy from before it, so no counts, Diff or Revert (Keep only). */
  readonly noCheckpoint: boolean;
  /** Too large to count its lines when the turn ended. */
  readonly tooLarge: boolean;
  /** Past the first MEASURE_MAX_FILES of its turn: not measured. */
  readonly tooMany: boolean;
  /** The user marked the whole file reviewed. */
  readonly reviewed: boolean;
}

export interface ReviewGroup {
  readonly turnId: string;
  readonly prompt: string;
  readonly rows: readonly ReviewRow[];
  /** An ACP turn: no Undo Changes (no checkpoints to rewind to). */
  readonly noCheckpoint: boolean;
}

/** A turn's files: as measured when it ended, else (older chats) the paths Zero reported, uncounted. */
export function turnReviewRows(turn: Turn): ReviewRow[] {
  const noCheckpoint = turn.transport === 'acp';
  if (turn.review) {
    return turn.review.map((f) => ({
      turnId: turn.id,
      path: f.path,
      change: f.change,
      added: f.added,
      removed: f.removed,
      binary: f.binary === true,
      state: f.decision ?? 'pending',
      noCheckpoint,
      tooLarge: f.tooLarge === true,
      tooMany: f.tooMany === true,
      reviewed: f.reviewed === true,
    }));
  }
  return turnFileChanges(turn).map((c) => ({
    turnId: turn.id,
    path: c.path,
    change: 'unknown',
    added: null,
    removed: null,
    binary: false,
    state: 'pending',
    noCheckpoint,
    tooLarge: false,
    tooMany: false,
    reviewed: false,
  }));
}

/**
 * Full review (counts, Diff, Revert) needs Zero's checkpoints, which only exec runs write: an ACP
 * chat lists the files its turns changed (Zero's tool `locations`) with Keep only.
 */
export const reviewAvailable = (chat: Chat): boolean => chat.transport !== 'acp';

/**
 * What the Changes view lists for a chat, newest turn first: finished turns that were not undone,
 * with their pending and reverted files (Keep dismisses a file from the list).
 */
export function chatReview(chat: Chat): ReviewGroup[] {
  const groups: ReviewGroup[] = [];
  for (const turn of [...chat.turns].reverse()) {
    if (turn.undone || RUNNING_STATUSES.has(turn.status)) continue;
    const rows = turnReviewRows(turn).filter((r) => r.state !== 'kept');
    if (rows.length > 0)
      groups.push({ turnId: turn.id, prompt: turn.prompt, rows, noCheckpoint: turn.transport === 'acp' });
  }
  return groups;
}

/** Shown for a file over the measuring limit (src/host/review/turnReview.ts MEASURE_MAX_BYTES). */
export const TOO_LARGE_WORDS = 'over 4 MB, lines not counted';

/**
 * A turn's files measured as it ends (each read, with its checkpoint copy, on the host thread):
 * the ones past this many are listed without counts, so a turn that touched thousands of files
 * cannot stall the editor.
 */
export const MEASURE_MAX_FILES = 100;
/** Shown for a file past MEASURE_MAX_FILES. */
export const TOO_MANY_WORDS = `past the first ${MEASURE_MAX_FILES} files, lines not counted`;

const notCounted = (row: ReviewRow): string => (row.tooLarge ? TOO_LARGE_WORDS : row.tooMany ? TOO_MANY_WORDS : '');

/** `+3 −1`, `new file, +10`, `deleted, −4`, `binary`; `reverted` / `kept` once decided. */
export function rowLabel(row: ReviewRow): string {
  if (row.state === 'reverted') return 'reverted';
  const counts =
    row.added === null || row.removed === null
      ? ''
      : [row.added > 0 || row.removed === 0 ? `+${row.added}` : '', row.removed > 0 ? `−${row.removed}` : '']
          .filter(Boolean)
          .join(' ');
  const what =
    row.change === 'created' ? 'new file' : row.change === 'deleted' ? 'deleted' : row.binary ? 'binary' : '';
  const text = [what, counts, notCounted(row)].filter(Boolean).join(', ');
  if (row.noCheckpoint && !text) return row.state === 'kept' ? 'kept' : 'changed (no checkpoint over ACP)';
  const shown = text || (row.change === 'unknown' ? 'not measured' : '');
  return row.state === 'kept' ? (shown ? `${shown}, kept` : 'kept') : shown;
}

/** The same for a screen reader: words, not signs. */
export function rowSpoken(row: ReviewRow): string {
  if (row.state === 'reverted') return `${row.path}, reverted`;
  const counts =
    row.added === null || row.removed === null
      ? ''
      : `${row.added} line${row.added === 1 ? '' : 's'} added, ${row.removed} removed`;
  const what =
    row.change === 'created'
      ? 'new file'
      : row.change === 'deleted'
        ? 'deleted'
        : row.binary
          ? 'binary'
          : row.noCheckpoint && row.change === 'unknown'
            ? 'changed, no checkpoint over ACP'
            : '';
  return [row.path, what, counts, notCounted(row), row.state === 'kept' ? 'kept' : ''].filter(Boolean).join(', ');
}
