/**
 * The report as Markdown for a GitHub issue. What Zero or the log printed is untrusted: it goes
 * into code spans and fences (longer than any backtick run inside), and prose is escaped, so a
 * value can neither break the layout nor become a link, an image or HTML in the issue.
 */
import { shownReport, summary, type CheckResult, type DiagnoseReport, type Detail } from './report';

/** `reveal`: as the page shows it after Show the provider's host; else that host is hidden. */
export function reportMarkdown(whole: DiagnoseReport, reveal = false): string {
  const report = shownReport(whole, reveal);
  const lines = [
    '## Zero: Diagnose',
    '',
    `${escapeText(summary(report))} (generated ${escapeText(report.generatedAt)})`,
    '',
    ...report.about.map((d) => `- ${detailLine(d)}`),
    '',
    '| Check | Status | Finding |',
    '| --- | --- | --- |',
    ...report.checks.map((c) => `| ${cell(c.title)} | ${c.status} | ${cell(c.finding)} |`),
  ];
  for (const check of report.checks) lines.push('', ...checkSection(check));
  return `${lines.join('\n')}\n`;
}

function checkSection(c: CheckResult): string[] {
  const out = [`### ${escapeText(c.title)}: ${c.status}`, '', escapeText(c.finding)];
  if (c.details.length > 0) out.push('');
  for (const d of c.details) {
    if (d.value.includes('\n')) out.push(`- **${escapeText(d.label)}:**`, '', ...fence(d.value, '  '), '');
    else out.push(`- ${detailLine(d)}`);
  }
  return out;
}

function detailLine(d: Detail): string {
  return `**${escapeText(d.label)}:** ${code(d.value)}`;
}

/** An inline code span that holds any text: the fence is longer than the longest backtick run in it. */
export function code(text: string): string {
  if (text === '') return '(empty)';
  const one = text.replace(/\r?\n/g, ' ');
  const ticks = '`'.repeat(longestRun(one, '`') + 1);
  const pad = one.startsWith('`') || one.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${one}${pad}${ticks}`;
}

function fence(text: string, indent: string): string[] {
  const ticks = '`'.repeat(Math.max(3, longestRun(text, '`') + 1));
  return [`${indent}${ticks}text`, ...text.split(/\r?\n/).map((l) => `${indent}${l}`), `${indent}${ticks}`];
}

/**
 * Prose: emphasis, code, links, tables and HTML (angle brackets, entities) backslash-escaped, and a
 * leading list, heading or quote marker; line breaks become spaces.
 */
export function escapeText(text: string): string {
  return text
    .replace(/\r?\n/g, ' ')
    .replace(/[\\`*_[\]<>|~&]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([#>+-])/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/, '$1\\$2');
}

/** A table cell: as prose, cut short (the section below has it whole). */
function cell(text: string): string {
  const short = text.length > 160 ? `${text.slice(0, 159)}…` : text;
  return escapeText(short);
}

function longestRun(text: string, ch: string): number {
  let best = 0;
  let run = 0;
  for (const c of text) {
    run = c === ch ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}
