/**
 * "Show details…" for an approval modal: the whole request in a read-only editor. A modal blocks the
 * workbench, so the details cannot sit behind it: the dialog waits (`untilRead`) while the user reads,
 * and asks again when the details tab is closed or "Answer…" is clicked, or gives up on `signal`.
 */
import * as vscode from 'vscode';

const SCHEME = 'zero-approval';

export class ApprovalDetails implements vscode.Disposable {
  /** Read-only documents (untitled ones would ask to be saved when closed). */
  private readonly texts = new Map<string, string>();
  private readonly provider = vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
    provideTextDocumentContent: (uri) => this.texts.get(uri.path) ?? '',
  });
  private shown = 0;

  /**
   * Opens `text`; resolves once the user is done reading (tab closed, "Answer…", or `signal` aborted).
   * `waiting` says who waits: over ACP Zero does; on exec Zero has already refused and only the extension does.
   */
  async untilRead(name: string, text: string, waiting: string, signal?: AbortSignal): Promise<void> {
    const path = `/${++this.shown}/${name.replace(/[^\w.-]+/g, '-') || 'request'}.txt`;
    this.texts.set(path, text);
    const uri = vscode.Uri.from({ scheme: SCHEME, path });
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: false });
    if (signal?.aborted) return;
    await new Promise<void>((resolve) => {
      const subs: vscode.Disposable[] = [];
      const done = (): void => {
        subs.forEach((s) => s.dispose());
        signal?.removeEventListener('abort', done);
        resolve();
      };
      signal?.addEventListener('abort', done);
      subs.push(
        vscode.window.tabGroups.onDidChangeTabs((e) => {
          if (e.closed.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString()))
            done();
        }),
      );
      // A notification keeps the way back in sight; dismissing it answers too.
      void vscode.window
        .showInformationMessage(`${waiting} Close the details or click Answer… to decide.`, 'Answer…')
        .then(done, done);
    });
  }

  dispose(): void {
    this.provider.dispose();
  }
}
