/**
 * The review room: a turn's files (Diff, Keep, Revert, Undo), review by hunk, the Changes view and a spec turn's
 * card. Each part that needs a bundle loads it on first use (reviewLoader.ts, hunkLoader.ts).
 */
import * as vscode from 'vscode';
import type { ComposerService } from '../composer/composerService';
import type { RoomContext, RoomHandlers } from '../room';
import { activeFolder } from '../workspace/workspaceFolders';
import { ChangesView, type ChangesActions } from './changesView';
import { TurnDiffContext } from './hunkAtCursor';
import { LazyHunkReview, lazyHunkCommands } from './hunkLoader';
import { registerReviewCommands } from './reviewCommands';
import { LazyTurnReview, lazyTurnChangeActions } from './reviewLoader';
import { specActions } from './specActions';

/** `composer`: a spec's implementation and a hunk's why go to Zero as the chat's composer would send them. */
export function installReview(
  { controller, log, register }: RoomContext,
  composer: Pick<ComposerService, 'sendAsComposer'>,
) {
  const send = (chatId: string, text: string): Promise<boolean> => composer.sendAsComposer(chatId, text);
  const deps = { controller, folder: activeFolder, log };
  const review = new LazyTurnReview(deps);
  const changes = lazyTurnChangeActions({ ...deps, register });
  const hunkReview = new LazyHunkReview({
    ...deps,
    send: async (chatId, message) => void (await send(chatId, message)),
  });
  const actions: ChangesActions = {
    ...changes,
    keep: (t, p) => review.keep(t, p),
    revert: (t, p) => review.revert(t, p),
    hunks: lazyHunkCommands(hunkReview, changes.openDiff),
  };
  const disposables = [
    review,
    hunkReview,
    new TurnDiffContext(),
    new ChangesView(controller, activeFolder, hunkReview),
  ];
  const spec = specActions({ ...deps, trusted: () => vscode.workspace.isTrusted, send, register });
  return {
    handlers: {
      openDiff: (msg) => actions.openDiff(msg.turnId, msg.path),
      undoTurn: (msg) => actions.undoTurn(msg.turnId),
      reviewFile: (msg) =>
        msg.decision === 'keep' ? actions.keep(msg.turnId, msg.path) : actions.revert(msg.turnId, msg.path),
      spec: (msg) => spec(msg.turnId, msg.action, msg.note ?? ''),
    } satisfies RoomHandlers,
    commands: registerReviewCommands(actions),
    disposables,
  };
}
