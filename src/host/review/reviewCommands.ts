/**
 * The review room's commands: the Changes view's context menu (its argument is the tree node) and
 * the unlisted `zero.openTurnDiff(turnId, path)` and `zero.undoTurn(turnId)` that links and tests run.
 */
import * as vscode from 'vscode';
import { groupOf, rowOf, type ChangesActions } from './changesView';

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
    reg('zero.openTurnDiff', (t, p) =>
      typeof t === 'string' && typeof p === 'string' ? actions.openDiff(t, p) : undefined,
    ),
    reg('zero.undoTurn', (t) => (typeof t === 'string' ? actions.undoTurn(t) : undefined)),
  ];
}
