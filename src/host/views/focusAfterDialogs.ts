/**
 * When a modal closes, VS Code gives the focus back to the workbench, never into a webview: a
 * keyboard user who answered an approval dialog would have to find the chat again. If the chat
 * view had the focus when the first dialog opened, put it back in the message box once the last
 * dialog has closed.
 */
import type * as vscode from 'vscode';

/** Something that shows dialogs one after another (the exec approvals, ACP's permission picks). */
export interface DialogSource {
  readonly busy: boolean;
  readonly onDidChangeWaiting: vscode.Event<void>;
}

export interface FocusTarget {
  readonly hasFocus: boolean;
  reveal(): Promise<void>;
}

export function returnFocusAfterDialogs(sources: readonly DialogSource[], view: FocusTarget): vscode.Disposable {
  let open = false;
  let giveBack = false;
  const changed = () => {
    const busy = sources.some((s) => s.busy);
    if (busy && !open) giveBack = view.hasFocus;
    if (!busy && open && giveBack) void giveFocusBack(view, () => disposed || sources.some((s) => s.busy));
    open = busy;
  };
  let disposed = false;
  const subs = sources.map((s) => s.onDidChangeWaiting(changed));
  return {
    dispose: () => {
      disposed = true;
      subs.forEach((s) => s.dispose());
    },
  };
}

/**
 * The workbench restores its own focus as the dialog closes, and on a busy machine that can land
 * after ours: try again, a few times, until the view says it has the focus.
 */
async function giveFocusBack(view: FocusTarget, cancelled: () => boolean, tries = 4, gapMs = 400): Promise<void> {
  for (let i = 0; i < tries && !cancelled(); i++) {
    await view.reveal();
    await new Promise((r) => setTimeout(r, gapMs));
    if (view.hasFocus) return;
  }
}
