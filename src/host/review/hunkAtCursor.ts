/**
 * Hunk review from the turn's Diff: Keep Hunk / Revert Hunk at the cursor (editor title buttons and
 * the palette, shown while a `zero-before:` diff is the active editor), and Open Diff at a hunk.
 * VS Code's own revert arrows in the diff's margin work too (the right side is the file itself);
 * the next measure (hunkReview.ts) records a hunk reverted there.
 */
import * as vscode from 'vscode';
import type { HunkMark } from '../../conversation/model';
import { Disposable } from '../../lifecycle/disposable';
import type { HunkNow, HunkReview } from './hunkReview';
import { BEFORE_SCHEME } from './turnDiffs';

/** Set while the active tab is a turn's Diff: the editor title shows Keep / Revert Hunk. */
export const DIFF_CONTEXT = 'zero.turnDiffActive';

export interface HunkCommands {
  readonly revert: (h: HunkNow) => Promise<boolean>;
  readonly mark: (turnId: string, path: string, hunk: string | null, mark: HunkMark | null) => void;
  readonly openDiffAt: (h: HunkNow) => Promise<void>;
  readonly atCursor: (what: 'keep' | 'revert') => Promise<void>;
}

/** The active tab's turn Diff: its turn and file, from the before-side's `zero-before:` URI. */
function activeDiff(): { turnId: string; path: string; before: vscode.Uri; now: vscode.Uri } | null {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (!(input instanceof vscode.TabInputTextDiff) || input.original.scheme !== BEFORE_SCHEME) return null;
  const turnId = new URLSearchParams(input.original.query).get('turn');
  return turnId
    ? { turnId, path: input.original.path.replace(/^\//, ''), before: input.original, now: input.modified }
    : null;
}

export function hunkCommands(
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
    const line = editor.selection.active.line;
    const h = listing.hunks.find((x) => {
      const start = onBefore ? x.summary.oldStart : x.summary.newStart;
      const count = onBefore ? x.summary.oldLines : x.summary.newLines;
      return line + 1 >= start && line + 1 < start + Math.max(count, 1);
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
      const first = h.hunk.lines.findIndex((l) => l.kind !== ' ');
      const line = h.hunk.newIndex + h.hunk.lines.slice(0, Math.max(first, 0)).filter((l) => l.kind !== '-').length;
      return openDiff(h.turnId, h.path, line);
    },
    atCursor,
  };
}

/** Keeps DIFF_CONTEXT true exactly while a turn's Diff is the active tab. */
export class TurnDiffContext extends Disposable {
  private on = false;
  constructor() {
    super();
    const update = (): void => {
      const on = activeDiff() !== null;
      if (on === this.on) return;
      this.on = on;
      void vscode.commands.executeCommand('setContext', DIFF_CONTEXT, on);
    };
    this.register(vscode.window.tabGroups.onDidChangeTabs(update));
    this.register(vscode.window.tabGroups.onDidChangeTabGroups(update));
    this.register(vscode.window.onDidChangeActiveTextEditor(update));
    update();
  }
}
