/**
 * "Continue in Terminal": an integrated terminal running Zero's interactive mode on the session.
 *
 * Zero 0.8's interactive mode takes no resume flag (internal/cli/app.go: `zero` with no arguments
 * starts the TUI; `--resume` belongs to `zero exec` only); it resumes with its own `/resume <id>`
 * command (tui/session.go handleResumeCommand). So the terminal runs the zero binary itself, no
 * shell and no arguments, in the workspace folder, and types that command. The id is checked
 * against Zero's session id pattern first, so nothing but `[A-Za-z0-9_-]` is ever typed.
 */
import * as vscode from 'vscode';
import { findZero, isSessionId } from '../../zero';
import { readSettings } from '../workspace/settings';

/** What is typed into Zero's interactive mode to continue the session. */
export function resumeCommand(sessionId: string): string {
  if (!isSessionId(sessionId)) throw new Error(`"${sessionId}" is not a Zero session id.`);
  return `/resume ${sessionId}`;
}

/**
 * `sessionId` null: a fresh TUI. `typed`: one of Zero's own commands, typed after the resume but not
 * run (the user presses Enter); a fixed word, never text from a chat or a repository.
 */
export function continueInTerminal(
  sessionId: string | null,
  title: string,
  folder: string | null,
  typed?: '/compact' | '/init',
): vscode.Terminal | undefined {
  if (sessionId !== null && !isSessionId(sessionId)) {
    void vscode.window.showErrorMessage(`Cannot continue "${sessionId}" in a terminal: it is not a Zero session id.`);
    return undefined;
  }
  const settings = readSettings();
  const found = findZero({ configuredPath: settings.path });
  if (!found.ok) {
    void vscode.window.showErrorMessage(`Cannot continue in a terminal: ${found.reason}`);
    return undefined;
  }
  const terminal = vscode.window.createTerminal({
    name: `Zero: ${title.slice(0, 40) || sessionId || 'terminal'}`,
    shellPath: found.path,
    shellArgs: [],
    ...(folder ? { cwd: folder } : {}),
    env: { ...settings.env },
    iconPath: new vscode.ThemeIcon('terminal'),
  });
  terminal.show();
  // Queued by VS Code until the process reads its input.
  if (sessionId !== null) terminal.sendText(resumeCommand(sessionId), true);
  if (typed === '/compact' || typed === '/init') terminal.sendText(typed, false);
  return terminal;
}
