/**
 * What the hunk commands do (in dist/hunks.js): Keep / Revert / Reviewed on a hunk, Open Diff at a
 * hunk (the turn's Diff with the cursor on its first change), and Keep / Revert Hunk at the cursor
 * of a turn's Diff, on either side of it.
 */
import * as vscode from 'vscode';
import type { HunkCommands } from './hunkAtCursor';
import { activeDiff } from './hunkAtCursor';
import type { HunkReview } from './hunkReview';
import { BEFORE_SCHEME } from './beforeScheme';

export function hunkActions(
  review: HunkReview,
  openDiff: (turnId: string, path: string, line?: number) => Promise<void>,
): HunkCommands {
  const atCursor = async (what: 'keep' | 'revert'): Promise<void> => {
    const diff = activeDiff();
    const editor = vscode.window.activeTextEditor;
    if (!diff || !editor) {
      void vscode.window.showInformationMessage(
        "Open a turn's Diff (Zero: Changes, Open Diff) and put the cursor in a change.",
      );
      return;
    }
    const listing = await review.listing(diff.turnId, diff.path);
    if (!listing.ok) {
      void vscode.window.showInformationMessage(`No hunks to review in ${diff.path}: ${listing.reason}`);
      return;
    }
    // The cursor may be on either side: the before-side counts in the old lines, the file in the new.
    const onBefore = editor.document.uri.scheme === BEFORE_SCHEME;
    const line = editor.selection.active.line + 1;
    const h = listing.hunks.find((x) => {
      const start = onBefore ? x.summary.oldStart : x.summary.newStart;
      const count = onBefore ? x.summary.oldLines : x.summary.newLines;
      return line >= start && line < start + Math.max(count, 1);
    });
    if (!h) {
      void vscode.window.showInformationMessage(`The cursor is not in a change of ${diff.path}.`);
      return;
    }
    if (what === 'keep') review.mark(h.turnId, h.path, h.hunk.key, 'kept');
    else await review.revert(h);
  };
  return {
    revert: (h) => review.revert(h),
    mark: (t, p, k, m) => review.mark(t, p, k, m),
    openDiffAt: (h) => {
      const first = Math.max(
        h.hunk.lines.findIndex((l) => l.kind !== ' '),
        0,
      );
      return openDiff(
        h.turnId,
        h.path,
        h.hunk.newIndex + h.hunk.lines.slice(0, first).filter((l) => l.kind !== '-').length,
      );
    },
    atCursor,
  };
}
