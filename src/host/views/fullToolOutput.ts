/**
 * Open Full Output on a tool card: the whole output of a call Zero cut, in a read-only editor (a document of
 * our own scheme: nothing to save, nothing written back). What to show is decided in plain Node
 * (src/zero/exec/fullOutput.bundle.ts, loaded on first use: fullOutputLoader.ts): Zero's saved copy, checked, or what Zero
 * kept in its session.
 */
import * as vscode from 'vscode';
import type { Chat } from '../../conversation/model';
import { sessionsRoot } from '../../zero/sessions/checkpoints';
import { loadFullOutput } from './fullOutputLoader';

const SCHEME = 'zero-output';

export interface FullToolOutputDeps {
  readonly chat: (chatId: string) => Chat | undefined;
  /** The runs' environment (process.env with `zero.env`): where Zero keeps its sessions and temp files. */
  readonly env: () => NodeJS.ProcessEnv;
  readonly log: vscode.LogOutputChannel;
}

export class FullToolOutput implements vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private shown = 0;
  private readonly subs = [
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
      provideTextDocumentContent: (uri) => this.texts.get(uri.path) ?? '',
    }),
    // A closed output is not kept: outputs can be megabytes.
    vscode.workspace.onDidCloseTextDocument((doc) => {
      if (doc.uri.scheme === SCHEME) this.texts.delete(doc.uri.path);
    }),
  ];

  constructor(private readonly deps: FullToolOutputDeps) {}

  async open(chatId: string, turnId: string, key: string): Promise<void> {
    const env = this.deps.env();
    const { findFullOutput, spillRoot } = loadFullOutput();
    const found = await findFullOutput(this.deps.chat(chatId), turnId, key, {
      spillRoot: spillRoot(env),
      sessionsRoot: sessionsRoot(env),
    });
    if (found.kind === 'none') {
      void vscode.window.showWarningMessage(`No full output to open. ${found.why}`);
      return;
    }
    if (found.warn) this.deps.log.warn(found.note ?? 'Refused a full-output path.');
    const path = `/${++this.shown}/${found.title}`;
    this.texts.set(path, found.text);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: SCHEME, path }));
    await vscode.window.showTextDocument(doc, { preview: false });
    if (found.note)
      void (found.warn
        ? vscode.window.showWarningMessage(found.note)
        : vscode.window.showInformationMessage(found.note));
  }

  dispose(): void {
    for (const s of this.subs) s.dispose();
    this.texts.clear();
  }
}
