/**
 * The reviewed marks of a turn's files and hunks (Mark Reviewed, Keep Hunk, Revert Hunk), as the
 * reducer records them and the Changes view counts them. Pure.
 */
import type { HunkMark, ReviewFile } from '../model';

const HUNK_KEY = /^[0-9a-f]{8}-\d+(\.\d+)?$/;

/** The file with one mark set or cleared: a hunk's by key, or with no hunk the file's own reviewed mark. */
export function markFile(file: ReviewFile, hunk: string | null, mark: HunkMark | null): ReviewFile {
  // Keys are conversation/review/hunks.ts's: anything else (a hand-edited chat file) is not a hunk of ours.
  if (hunk !== null && !HUNK_KEY.test(hunk)) return file;
  const next: { -readonly [K in keyof ReviewFile]: ReviewFile[K] } = { ...file };
  if (hunk === null) {
    if (mark === null) delete next.reviewed;
    else next.reviewed = true;
    return next;
  }
  const marks = { ...file.hunkMarks };
  if (mark === null) delete marks[hunk];
  else marks[hunk] = mark;
  if (Object.keys(marks).length > 0) next.hunkMarks = marks;
  else delete next.hunkMarks;
  return next;
}

/** How many of the turn's hunks of this file are reviewed (marked, kept or reverted), of how many. */
export function hunksReviewed(file: ReviewFile): { readonly reviewed: number; readonly total: number } {
  const hunks = file.hunks ?? [];
  return { reviewed: hunks.filter((h) => file.hunkMarks?.[h.key] !== undefined).length, total: hunks.length };
}

/** `2 of 3 hunks reviewed`; `reviewed` for a file marked so; '' for a file without hunks or marks. */
export function reviewedWords(file: ReviewFile): string {
  const { reviewed, total } = hunksReviewed(file);
  const hunks = total > 0 ? `${reviewed} of ${total} hunk${total === 1 ? '' : 's'} reviewed` : '';
  return file.reviewed ? (hunks ? `reviewed (${hunks})` : 'reviewed') : hunks;
}
