/**
 * The Diagnose panel's page. The report is a static page, so it is written into the HTML here, every
 * string escaped (Zero's output, the log and the agent's words are untrusted); the CSP allows no
 * script but the one below, by nonce, and that script only posts the buttons' clicks and shows the
 * host's answer. Re-run, and Show / Hide the provider's host, write a new page: what is hidden is
 * not in the page at all until then.
 */
import {
  hasHidden,
  shownReport,
  summary,
  type CheckResult,
  type CheckStatus,
  type DiagnoseReport,
  type Detail,
} from './report';

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

export interface RevealState {
  /** The user asked to see what the report hides (the provider's host). */
  readonly reveal: boolean;
  /** The page is written again by Show / Hide: the focus goes back to that button. */
  readonly toggled?: boolean;
}

export function reportHtml(
  whole: DiagnoseReport,
  page: PageOptions,
  { reveal, toggled = false }: RevealState = { reveal: false },
): string {
  const report = shownReport(whole, reveal);
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
  const toggle = hasHidden(whole)
    ? `<button type="button" id="reveal" aria-pressed="${reveal}">${reveal ? "Hide the provider's host" : "Show the provider's host"}</button>`
    : '';
  return shell(page, body, true, toggle, toggled);
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

function shell(page: PageOptions, body: string, done: boolean, toggle = '', focusToggle = false): string {
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
<body${focusToggle ? ' data-focus="reveal"' : ''}>
<main>
<h1>Zero: Diagnose</h1>
<div class="toolbar">
<button type="button" id="copy" class="primary"${disabled}>Copy report</button>
<button type="button" id="rerun"${disabled}>Re-run</button>
${toggle}<span id="note" role="status" aria-live="polite"></span>
</div>
<p class="hint">Copy report copies this page as it is shown, as Markdown for a GitHub issue. Environment variables and settings are listed by name, anything that looks like a key is replaced with [REDACTED], and the provider's host is hidden unless you show it. That is a best effort: review the report before you post it.</p>
${body}
</main>
<script nonce="${escapeAttr(page.nonce)}">${SCRIPT}</script>
</body>
</html>`;
}

/** The page's only script: the buttons and the host's answers. No data of the report is in it. */
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
  const reveal = document.getElementById('reveal');
  if (reveal) reveal.addEventListener('click', () => vscode.postMessage({ type: 'reveal' }));
  window.addEventListener('message', (e) => {
    if (e.data && e.data.type === 'copied') note.textContent = 'Copied the report as Markdown.';
  });
  // The page written again after Show / Hide keeps the focus on that button.
  if (reveal && document.body.dataset.focus === 'reveal') reveal.focus();
  else if (!copy.disabled) copy.focus();
})();`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const escapeAttr = escapeHtml;
