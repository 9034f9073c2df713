/** What a turn's review keeps of each file it changed (Changes view, Keep, Revert, review by hunk). */

/** One file a turn changed, for review (Keep / Revert). */
export interface ReviewFile {
  /** As Zero names it: workspace-relative, `/` separators. */
  readonly path: string;
  /** What the turn did to it; `unknown` when Zero kept no usable copy from before. */
  readonly change: 'modified' | 'created' | 'deleted' | 'unknown';
  /** Lines the turn added and removed; null when unknown or the file is binary. */
  readonly added: number | null;
  readonly removed: number | null;
  readonly binary?: boolean;
  /** sha256 (hex) of the content the turn left, to tell whether the file was edited since; null: the turn left no file. */
  readonly afterSha256: string | null;
  /** What the turn left is unknown: listed from a turn that ended before review existed, or too large to read. */
  readonly unmeasured?: boolean;
  /** Over the measuring limit (a few MB): listed without line counts, so a huge file cannot stall the editor. */
  readonly tooLarge?: boolean;
  /** Past the first files of its turn that are measured (reviewList MEASURE_MAX_FILES): listed without line counts. */
  readonly tooMany?: boolean;
  /** Kept (dismissed from review) or reverted to its state before the turn. */
  readonly decision?: 'kept' | 'reverted';
  /** The turn's hunks, measured when it ended (a modified text file with few enough edits). */
  readonly hunks?: readonly ReviewHunk[];
  /** What the user decided per hunk, by hunk key (a hunk kept or reverted counts as reviewed). */
  readonly hunkMarks?: Readonly<Record<string, HunkMark>>;
  /** The user marked the whole file reviewed. */
  readonly reviewed?: boolean;
}

export type HunkMark = 'reviewed' | 'kept' | 'reverted';

/** One hunk of a turn's change to a file: where it is and its counts (its text is not kept). */
export interface ReviewHunk {
  /** From its changed lines (conversation/review/hunks.ts): the same change, the same key. */
  readonly key: string;
  /** The numbers of its `@@ -oldStart,oldLines +newStart,newLines @@` header. */
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
  readonly added: number;
  readonly removed: number;
  /** 0-based lines [from, to) of the content before the turn that its changes span. */
  readonly from: number;
  readonly to: number;
}
