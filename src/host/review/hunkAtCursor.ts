/**
 * Hunk review from the turn's Diff: the context key that shows Keep Hunk / Revert Hunk at Cursor in
 * its title bar while a `zero-before:` diff is the active tab (what they do: hunkActions.ts). VS
 * Code's own revert arrows in the diff's margin work too (the right side is the file itself); the
 * next measure (hunkReview.ts) records a hunk reverted there.
 */
import * as vscode from 'vscode';
import type { HunkMark } from '../../conversation/model';
import { Disposable } from '../../lifecycle/disposable';
import type { HunkNow } from './hunkReview';
import { BEFORE_SCHEME } from './beforeScheme';

/** Set while the active tab is a turn's Diff: the editor title shows Keep / Revert Hunk. */
export const DIFF_CONTEXT = 'zero.turnDiffActive';

export interface HunkCommands {
  readonly revert: (h: HunkNow) => Promise<boolean>;
  readonly mark: (turnId: string, path: string, hunk: string | null, mark: HunkMark | null) => void;
  readonly openDiffAt: (h: HunkNow) => Promise<void>;
  readonly atCursor: (what: 'keep' | 'revert') => Promise<void>;
}

/** The active tab's turn Diff: its turn and file, from the before-side's `zero-before:` URI. */
export function activeDiff(): { turnId: string; path: string; before: vscode.Uri; now: vscode.Uri } | null {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (!(input instanceof vscode.TabInputTextDiff) || input.original.scheme !== BEFORE_SCHEME) return null;
  const turnId = new URLSearchParams(input.original.query).get('turn');
  return turnId
    ? { turnId, path: input.original.path.replace(/^\//, ''), before: input.original, now: input.modified }
    : null;
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
