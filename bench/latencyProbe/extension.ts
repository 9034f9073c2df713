/**
 * The platform's floor for bench:latency: a bare extension with a bare webview, loaded beside Zero's in the same
 * code-server, that does nothing between the messages but answer them. A keystroke's message to the host and the
 * host's answer back to the view are timed as the chat's are (epoch ms, performance.timeOrigin + now, on each
 * side), so what the chat takes beyond these is its own. Never packaged (the VSIX's allow-list has no bench/).
 */
import * as crypto from 'node:crypto';
import * as vscode from 'vscode';
import { PROBE_COMMAND } from './names';

const now = (): number => performance.timeOrigin + performance.now();

/** Its answer carries about what the chat's first words do: a few events' worth of JSON. */
const PAD = 'x'.repeat(600);

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(PROBE_COMMAND, () => {
      const panel = vscode.window.createWebviewPanel('zeroLatencyProbe', 'Latency probe', vscode.ViewColumn.One, {
        enableScripts: true,
      });
      panel.webview.onDidReceiveMessage((m: { type?: string; id?: number }) => {
        const receivedAt = now();
        if (m.type === 'ping')
          void panel.webview.postMessage({ type: 'pong', id: m.id, receivedAt, sentAt: now(), PAD });
      });
      panel.webview.html = page(crypto.randomBytes(16).toString('base64'));
    }),
  );
}

/**
 * Enter in the box posts `ping`; the answer is written into the page at once, and the next animation frame
 * after it is noted (when the browser paints what a message changed). Results collect in window.__probe.
 */
function page(nonce: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}';">
</head><body><textarea aria-label="probe"></textarea><div id="out"></div>
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
const at = () => performance.timeOrigin + performance.now();
window.__probe = [];
let id = 0;
document.querySelector('textarea').addEventListener('keydown', (e) => {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  id++;
  window.__probe.push({ id, keyAt: at() });
  vscode.postMessage({ type: 'ping', id });
});
window.addEventListener('message', (e) => {
  const m = e.data;
  if (!m || m.type !== 'pong') return;
  const r = window.__probe.find((x) => x.id === m.id);
  if (!r) return;
  r.viewReceivedAt = at();
  r.hostReceivedAt = m.receivedAt;
  r.hostSentAt = m.sentAt;
  document.getElementById('out').textContent = 'pong ' + m.id;
  r.drawnAt = at();
  requestAnimationFrame(() => (r.frameAt = at()));
});
</script></body></html>`;
}
