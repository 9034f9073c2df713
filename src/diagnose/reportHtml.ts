/**
 * The Diagnose panel's page. The report is a static page, so it is written into the HTML here, every
 * string escaped (Zero's output, the log and the agent's words are untrusted); the CSP allows no
 * script but the one below, by nonce, and that script only posts the two buttons' clicks and shows
 * the host's answer. Re-run writes a new page.
 */
import { summary, type CheckResult, type CheckStatus, type DiagnoseReport, type Detail } from './report';

export interface PageOptions {
  /** `webview.cspSource`. */
  readonly cspSource: string;
  readonly nonce: string;
  /** The stylesheet's webview URI. */
  readonly styleUri: string;
}

const LABEL: Record<CheckStatus, string> = { ok: 'OK', warning: 'Warning', failed: 'Failed', skipped: 'Skipped' };

/** While the checks run: their names, each "running". */
export function runningHtml(titles: readonly string[], page: PageOptions): string {
  const items = titles.map((t) => `<li>${escapeHtml(t)}: running…</li>`).join('');
  return shell(
    page,
    `<p class="summary" role="status">Running ${titles.length} checks…</p><ul class="running">${items}</ul>`,
    false,
  );
}

export function reportHtml(report: DiagnoseReport, page: PageOptions): string {
  const about = report.about.map((d) => `<li>${detailHtml(d)}</li>`).join('');
  const sections = report.checks.map(checkHtml).join('\n');
  const table = report.checks
    .map(
      (c) =>
        `<li><a href="#check-${escapeAttr(c.id)}">${escapeHtml(c.title)}</a> ` +
        `<span class="status status-${c.status}">${LABEL[c.status]}</span></li>`,
    )
    .join('');
  const body = `
<p class="summary" role="status">${escapeHtml(summary(report))}. Generated ${escapeHtml(report.generatedAt)}.</p>
<ul class="about">${about}</ul>
<nav aria-label="Checks"><ul class="index">${table}</ul></nav>
${sections}`;
  return shell(page, body, true);
}

function checkHtml(c: CheckResult): string {
  const details = c.details.map((d) => `<div class="detail">${detailHtml(d)}</div>`).join('');
  return `<section class="check check-${c.status}" id="check-${escapeAttr(c.id)}" aria-labelledby="title-${escapeAttr(c.id)}">
<h2 id="title-${escapeAttr(c.id)}"><span class="status status-${c.status}">${LABEL[c.status]}</span> ${escapeHtml(c.title)}</h2>
<p class="finding">${escapeHtml(c.finding)}</p>
${details ? `<div class="details">${details}</div>` : ''}
</section>`;
}

function detailHtml(d: Detail): string {
  const value = d.value.includes('\n')
    ? `<pre tabindex="0">${escapeHtml(d.value)}</pre>`
    : `<code>${escapeHtml(d.value)}</code>`;
  return `<span class="label">${escapeHtml(d.label)}:</span> ${value}`;
}

function shell(page: PageOptions, body: string, done: boolean): string {
  const csp = [
    "default-src 'none'",
    `style-src ${page.cspSource}`,
    `font-src ${page.cspSource}`,
    `script-src 'nonce-${page.nonce}'`,
  ].join('; ');
  const disabled = done ? '' : ' disabled';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttr(page.styleUri)}">
<title>Zero: Diagnose</title>
</head>
<body>
<main>
<h1>Zero: Diagnose</h1>
<div class="toolbar">
<button type="button" id="copy" class="primary"${disabled}>Copy report</button>
<button type="button" id="rerun"${disabled}>Re-run</button>
<span id="note" role="status" aria-live="polite"></span>
</div>
<p class="hint">Copy report copies this page as Markdown for a GitHub issue. It holds no API keys or tokens: environment variables and settings are listed by name, and anything that looks like a key is replaced with [REDACTED].</p>
${body}
</main>
<script nonce="${escapeAttr(page.nonce)}">${SCRIPT}</script>
</body>
</html>`;
}

/** The page's only script: two buttons and the host's answers. No data of the report is in it. */
const SCRIPT = `(() => {
  const vscode = acquireVsCodeApi();
  const note = document.getElementById('note');
  const copy = document.getElementById('copy');
  const rerun = document.getElementById('rerun');
  copy.addEventListener('click', () => vscode.postMessage({ type: 'copy' }));
  rerun.addEventListener('click', () => {
    copy.disabled = true;
    rerun.disabled = true;
    note.textContent = 'Running the checks again…';
    vscode.postMessage({ type: 'rerun' });
  });
  window.addEventListener('message', (e) => {
    if (e.data && e.data.type === 'copied') note.textContent = 'Copied the report as Markdown.';
  });
  if (!copy.disabled) copy.focus();
})();`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const escapeAttr = escapeHtml;
