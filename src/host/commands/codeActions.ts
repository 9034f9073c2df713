/**
 * Zero in the lightbulb and the editor context menu. The actions carry no command arguments: the
 * commands read the active editor when they run, so a stale action cannot send old text.
 */
import * as vscode from 'vscode';

export const ASK = 'zero.askAboutSelection';
export const EXPLAIN = 'zero.explainSelection';
export const FIX = 'zero.fixSelection';
export const ATTACH = 'zero.addSelectionToChat';

export class ZeroCodeActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix, vscode.CodeActionKind.RefactorRewrite];

  provideCodeActions(
    _doc: vscode.TextDocument,
    range: vscode.Range | vscode.Selection,
    ctx: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    if (range.isEmpty && ctx.diagnostics.length === 0) return [];
    const actions: vscode.CodeAction[] = [];
    const diags = ctx.diagnostics.filter((d) => d.range.intersection(range) !== undefined);
    if (diags.length > 0) {
      const fix = new vscode.CodeAction('Fix with Zero', vscode.CodeActionKind.QuickFix);
      fix.command = { command: FIX, title: 'Fix with Zero' };
      fix.diagnostics = diags;
      actions.push(fix);
    }
    if (!range.isEmpty) {
      for (const [command, title] of [
        [ASK, 'Ask Zero about selection'],
        [EXPLAIN, 'Explain with Zero'],
      ] as const) {
        const a = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
        a.command = { command, title };
        actions.push(a);
      }
    }
    return actions;
  }
}
