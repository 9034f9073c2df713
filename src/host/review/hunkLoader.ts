/**
 * The extension's side of review by hunk (hunks.bundle.ts, loaded on first use as dist/hunks.js): the
 * one HunkReview, made when the Changes view first lists a file's hunks, a hunk command runs, or a
 * file with recorded hunks is edited (a revert arrow in the turn's Diff, typing, a save).
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { HunkMark } from '../../conversation/model';
import { Disposable } from '../../lifecycle/disposable';
import { lazy } from '../../lifecycle/lazy';
import { beforeTurn } from './checkpointBefore';
import type { HunkCommands } from './hunkAtCursor';
import type { HunkFiles, HunkNow, HunkReview, HunkReviewDeps } from './hunkReview';
import type * as Hunks from './hunks.bundle';
import { rootOfTurn } from './turnRoots';

/** The extension's readers the review uses (HunkFiles). */
export const HUNK_FILES: HunkFiles = { before: beforeTurn, rootOf: rootOfTurn };

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
export const loadHunks = /* @__PURE__ */ lazy(() => require('./hunks.bundle') as typeof Hunks);

export class LazyHunkReview extends Disposable {
  private review: HunkReview | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** A reviewed file's hunks were measured again after an edit. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly deps: HunkReviewDeps) {
    super();
    const edited = (uri: vscode.Uri): void => {
      if (uri.scheme === 'file' && this.mayReview(uri.fsPath)) this.get().noteEdit(uri);
    };
    this.register(vscode.workspace.onDidChangeTextDocument((e) => edited(e.document.uri)));
    this.register(vscode.workspace.onDidSaveTextDocument((d) => edited(d.uri)));
  }

  get(): HunkReview {
    if (!this.review) {
      const review = this.register(new (loadHunks().HunkReview)(this.deps, HUNK_FILES));
      this.register(review.onDidChange(() => this.changed.fire()));
      this.review = review;
    }
    return this.review;
  }

  /** On every keystroke in any editor: only a name check here; the bundle resolves the path. */
  private mayReview(file: string): boolean {
    const name = path.basename(file);
    return this.deps.controller.focus.workingChat.turns.some((t) =>
      t.review?.some((f) => f.hunks && path.posix.basename(f.path) === name),
    );
  }
}

/** The hunk commands, each loading the bundle when it first runs. */
export function lazyHunkCommands(
  review: LazyHunkReview,
  openDiff: (turnId: string, path: string, line?: number) => Promise<void>,
): HunkCommands {
  const actions = (): HunkCommands => loadHunks().hunkActions(review.get(), openDiff);
  return {
    revert: (h: HunkNow) => actions().revert(h),
    mark: (t: string, p: string, k: string | null, m: HunkMark | null) => actions().mark(t, p, k, m),
    openDiffAt: (h: HunkNow) => actions().openDiffAt(h),
    atCursor: (what: 'keep' | 'revert') => actions().atCursor(what),
  };
}
