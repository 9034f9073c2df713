/**
 * The review room's commands: the Changes view's context menu (its argument is the tree node), the
 * diff editor's Keep / Revert Hunk at the cursor, and the unlisted `zero.openTurnDiff(turnId, path)`
 * and `zero.undoTurn(turnId)` that links and tests run.
 */
import * as vscode from 'vscode';
import { groupOf, hunkOf, rowOf, type ChangesActions } from './changesView';

export function registerReviewCommands(actions: ChangesActions): vscode.Disposable[] {
  const reg = (id: string, fn: (...args: unknown[]) => unknown): vscode.Disposable =>
    vscode.commands.registerCommand(id, fn);
  return [
    reg('zero.changes.diff', (n) => {
      const r = rowOf(n);
      return r ? actions.openDiff(r.turnId, r.path) : undefined;
    }),
    reg('zero.changes.keep', (n) => {
      const r = rowOf(n);
      if (r) actions.keep(r.turnId, r.path);
    }),
    reg('zero.changes.revert', (n) => {
      const r = rowOf(n);
      return r ? actions.revert(r.turnId, r.path) : undefined;
    }),
    reg('zero.changes.undoTurn', (n) => {
      const g = groupOf(n);
      return g ? actions.undoTurn(g.turnId) : undefined;
    }),
    reg('zero.changes.keepHunk', (n) => {
      const h = hunkOf(n);
      if (h) actions.hunks.mark(h.turnId, h.path, h.hunk.key, 'kept');
    }),
    reg('zero.changes.revertHunk', (n) => {
      const h = hunkOf(n);
      return h ? actions.hunks.revert(h) : undefined;
    }),
    reg('zero.changes.diffHunk', (n) => {
      const h = hunkOf(n);
      return h ? actions.hunks.openDiffAt(h) : undefined;
    }),
    reg('zero.changes.toggleReviewed', (n) => {
      const h = hunkOf(n);
      const r = rowOf(n);
      if (h) actions.hunks.mark(h.turnId, h.path, h.hunk.key, h.mark === 'reviewed' ? null : 'reviewed');
      else if (r) actions.hunks.mark(r.turnId, r.path, null, r.reviewed ? null : 'reviewed');
    }),
    reg('zero.hunk.keepAtCursor', () => actions.hunks.atCursor('keep')),
    reg('zero.hunk.revertAtCursor', () => actions.hunks.atCursor('revert')),
    reg('zero.openTurnDiff', (t, p, line) =>
      typeof t === 'string' && typeof p === 'string'
        ? actions.openDiff(t, p, typeof line === 'number' ? line : undefined)
        : undefined,
    ),
    reg('zero.undoTurn', (t) => (typeof t === 'string' ? actions.undoTurn(t) : undefined)),
  ];
}
