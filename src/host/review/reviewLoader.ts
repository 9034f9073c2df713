/**
 * Review of a turn's files (review.bundle.ts) as activation builds it: stand-ins that load it when a turn that
 * changed files ends, a file is kept or reverted, a Diff or an Undo is asked for, or a "before" file is shown
 * (a restored Diff tab). In the extension bundle this `require` becomes `require('./review.js')` (esbuild.mjs).
 */
import * as vscode from 'vscode';
import { turnFileChanges } from '../../conversation/review/turnChanges';
import { Disposable } from '../../lifecycle/disposable';
import { lazy } from '../../lifecycle/lazy';
import { BEFORE_SCHEME } from './beforeScheme';
import type * as Review from './review.bundle';
import type { TurnChangeActions, TurnChangeDeps } from './turnDiffs';
import type { TurnReview, TurnReviewDeps } from './turnReview';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
export const loadReview = /* @__PURE__ */ lazy(() => require('./review.bundle') as typeof Review);

/** TurnReview, built when first needed; the first run that changed files builds it (then it listens itself). */
export class LazyTurnReview extends Disposable {
  private real: TurnReview | undefined;

  constructor(private readonly deps: TurnReviewDeps) {
    super();
    this.register(
      deps.controller.runs.onDidEndRun((e) => {
        if (this.real) return;
        const chat = deps.controller.chats.heldChat(e.chatId);
        const turn = chat?.turns.find((t) => t.id === e.turnId);
        if (turn && turnFileChanges(turn).length > 0) void this.loaded.measureTurn(e.chatId, e.turnId);
      }),
    );
  }

  private get loaded(): TurnReview {
    return (this.real ??= this.register(new (loadReview().TurnReview)(this.deps)));
  }

  keep(turnId: string, file: string): void {
    this.loaded.keep(turnId, file);
  }

  revert(turnId: string, file: string): Promise<void> {
    return this.loaded.revert(turnId, file);
  }
}

/** Diff and Undo of a turn, loaded with the first use; the "before" files' provider is registered now. */
export function lazyTurnChangeActions(deps: TurnChangeDeps): TurnChangeActions {
  let real: TurnChangeActions | undefined;
  let before: vscode.TextDocumentContentProvider | undefined;
  const get = (): TurnChangeActions => (real ??= loadReview().turnChangeCommands(deps));
  deps.register(
    vscode.workspace.registerTextDocumentContentProvider(BEFORE_SCHEME, {
      provideTextDocumentContent: (uri, token) =>
        (before ??= new (loadReview().BeforeContent)()).provideTextDocumentContent(uri, token),
    }),
  );
  return {
    openDiff: (t, p, line) => get().openDiff(t, p, line),
    undoTurn: (t) => get().undoTurn(t),
  };
}
