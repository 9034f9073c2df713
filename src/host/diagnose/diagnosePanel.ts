/**
 * The Zero: Diagnose panel: one editor tab, shown again (and its checks run again) by the command.
 * The page is static HTML from diagnose/reportHtml.ts (loaded on first use: diagnoseLoader.ts); its buttons post `copy`,
 * `rerun` and `reveal` (Show / Hide the provider's host, which writes the page again). Copy report puts the Markdown
 * of what the page shows on the clipboard (vscode.env.clipboard), for a GitHub issue.
 */
import * as vscode from 'vscode';
import type { DiagnoseInput, DiagnoseReport, PageOptions } from '../../diagnose/diagnose.bundle';
import { Disposable } from '../../lifecycle/disposable';
import { nodeCrypto } from '../../zero/process/nodeOnDemand';
import { loadDiagnose } from './diagnoseLoader';

export class DiagnosePanel extends Disposable {
  static readonly viewType = 'zero.diagnose';
  private panel: vscode.WebviewPanel | undefined;
  private report: DiagnoseReport | null = null;
  private running: Promise<void> | null = null;
  /** Show the provider's host: off again for each run, so a new report starts hidden. */
  private reveal = false;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly input: () => DiagnoseInput,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.register({ dispose: () => this.panel?.dispose() });
  }

  /** Opens the panel (or brings it forward) and runs the checks. */
  show(): Promise<void> {
    if (this.panel) this.panel.reveal();
    else this.panel = this.create();
    return this.run();
  }

  /** The last report as Markdown, or null while none has finished. */
  get markdown(): string | null {
    return this.report ? loadDiagnose().reportMarkdown(this.report, this.reveal) : null;
  }

  private create(): vscode.WebviewPanel {
    const panel = vscode.window.createWebviewPanel(DiagnosePanel.viewType, 'Zero: Diagnose', vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'media')],
    });
    panel.webview.onDidReceiveMessage((msg: unknown) => void this.onMessage(msg));
    panel.onDidDispose(() => {
      if (this.panel === panel) this.panel = undefined;
    });
    return panel;
  }

  /** One run at a time: a second Re-run (or the command again) while one runs waits for it. */
  private run(): Promise<void> {
    return (this.running ??= this.runChecks().finally(() => (this.running = null)));
  }

  private async runChecks(): Promise<void> {
    const { diagnoseChecks, reportHtml, runDiagnose, runningHtml } = loadDiagnose();
    const input = this.input();
    const checks = diagnoseChecks(input);
    this.reveal = false;
    this.render((page) =>
      runningHtml(
        checks.map((c) => c.title),
        page,
      ),
    );
    try {
      this.report = await runDiagnose(input, checks);
    } catch (err) {
      // runChecks turns each check's failure into a result, so this is a bug: say so rather than spin.
      this.log.error(`Zero: Diagnose failed: ${String(err)}`);
      void vscode.window.showErrorMessage(`Zero: Diagnose failed: ${String(err)}`);
      return;
    }
    const report = this.report;
    this.render((page) => reportHtml(report, page));
    const problems = report.checks.filter((c) => c.status === 'failed' || c.status === 'warning');
    this.log.info(
      `Diagnose: ${problems.length === 0 ? 'all checks ok' : problems.map((c) => `${c.title}: ${c.status}`).join('; ')}`,
    );
  }

  private render(html: (page: PageOptions) => string): void {
    const webview = this.panel?.webview;
    if (!webview) return;
    webview.html = html({
      cspSource: webview.cspSource,
      nonce: nodeCrypto().randomBytes(16).toString('base64'),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'diagnose.css')).toString(),
    });
  }

  /** The page is untrusted like any webview: only these three messages, nothing in them is read. */
  private async onMessage(msg: unknown): Promise<void> {
    const type = typeof msg === 'object' && msg !== null ? (msg as { type?: unknown }).type : undefined;
    if (type === 'rerun') return this.run();
    if (type === 'reveal') {
      const report = this.report;
      if (!report || this.running) return;
      this.reveal = !this.reveal;
      const reveal = this.reveal;
      this.render((page) => loadDiagnose().reportHtml(report, page, { reveal, toggled: true }));
      return;
    }
    if (type !== 'copy' || !this.markdown) return;
    await vscode.env.clipboard.writeText(this.markdown);
    await this.panel?.webview.postMessage({ type: 'copied' });
  }
}
