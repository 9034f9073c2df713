/** The active editor's selection as data for the prompt builder. */
import * as vscode from 'vscode';
import {
  overlapping,
  type SelectionContext,
  type SelectionDiagnostic,
} from '../../conversation/prompts/selectionPrompt';

const SEVERITY: Record<vscode.DiagnosticSeverity, SelectionDiagnostic['severity']> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'info',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

/** A VS Code diagnostic as prompt data: 1-based lines and columns, as editors show them. */
export function toPromptDiagnostic(d: vscode.Diagnostic): SelectionDiagnostic {
  return {
    message: d.message,
    source: d.source ?? null,
    severity: SEVERITY[d.severity],
    startLine: d.range.start.line + 1,
    startColumn: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.character + 1,
  };
}

/** The selection (or, when empty, the cursor's line) of the active editor; undefined without one. */
export function selectionContext(
  editor: vscode.TextEditor | undefined = vscode.window.activeTextEditor,
): SelectionContext | undefined {
  if (!editor) return undefined;
  const doc = editor.document;
  let range: vscode.Range = editor.selection;
  if (range.isEmpty) range = doc.lineAt(range.start.line).range;
  // A selection ending at column 0 of the next line does not include that line.
  const endLine = range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line;
  const startLine = range.start.line + 1;
  const diagnostics = overlapping(
    vscode.languages.getDiagnostics(doc.uri).map(toPromptDiagnostic),
    startLine,
    endLine + 1,
  );
  return {
    path: doc.isUntitled
      ? doc.uri.path
      : vscode.workspace.asRelativePath(
          doc.uri,
          vscode.workspace.workspaceFolders !== undefined && vscode.workspace.workspaceFolders.length > 1,
        ),
    languageId: doc.languageId,
    startLine,
    endLine: endLine + 1,
    text: doc.getText(range),
    diagnostics,
  };
}
