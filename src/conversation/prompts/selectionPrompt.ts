/**
 * The message that carries an editor selection to Zero: where it is, what language, the text in a
 * fence, the diagnostics on it, and the user's words. Pure, so every edge case is unit-tested.
 */

export interface SelectionDiagnostic {
  readonly message: string;
  readonly source: string | null;
  readonly severity: 'error' | 'warning' | 'info' | 'hint';
  /** 1-based lines, 1-based columns. */
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export interface SelectionContext {
  /** Workspace-relative path with forward slashes (absolute if outside every folder). */
  readonly path: string;
  readonly languageId: string;
  /** 1-based, inclusive. */
  readonly startLine: number;
  readonly endLine: number;
  readonly text: string;
  readonly diagnostics: readonly SelectionDiagnostic[];
}

export type SelectionIntent = 'ask' | 'explain' | 'fix' | 'attach';

/** Beyond these the selection is cut and the prompt says so (Zero can read the file itself). */
export const MAX_SELECTION_LINES = 400;
export const MAX_SELECTION_CHARS = 40_000;

export function selectionLabel(s: Pick<SelectionContext, 'path' | 'startLine' | 'endLine'>): string {
  return s.startLine === s.endLine ? `${s.path}:L${s.startLine}` : `${s.path}:L${s.startLine}-L${s.endLine}`;
}

export function selectionBlock(s: SelectionContext): string {
  let text = s.text.replace(/\r\n?/g, '\n');
  let note = '';
  const lines = text.split('\n');
  if (lines.length > MAX_SELECTION_LINES || text.length > MAX_SELECTION_CHARS) {
    let kept = lines.slice(0, MAX_SELECTION_LINES).join('\n');
    if (kept.length > MAX_SELECTION_CHARS) kept = cutAtCodePoint(kept, MAX_SELECTION_CHARS);
    const keptLines = kept.split('\n').length;
    note = `\n(Selection cut: showing the first ${keptLines} of ${lines.length} lines. Read ${s.path} lines ${s.startLine}-${s.endLine} for the rest.)`;
    text = kept;
  }
  const fence = fenceFor(text);
  const head = `File: ${s.path}, lines ${s.startLine}-${s.endLine} (${s.languageId})`;
  const diags = s.diagnostics.length
    ? `\nDiagnostics in the selection:\n${s.diagnostics.map((d) => `- ${d.severity}${d.source ? ` [${d.source}]` : ''} at ${d.startLine}:${d.startColumn}-${d.endLine}:${d.endColumn}: ${oneLine(d.message)}`).join('\n')}`
    : '';
  return `${head}\n${fence}${s.languageId}\n${text}\n${fence}${note}${diags}`;
}

export function selectionPrompt(s: SelectionContext, intent: SelectionIntent, userWords = ''): string {
  const words = userWords.trim();
  const ask =
    intent === 'explain'
      ? 'Explain what this code does and anything surprising about it.'
      : intent === 'fix'
        ? 'Fix the problems reported in the diagnostics below. Keep the change minimal.'
        : words || 'Look at this code.';
  const extra = intent !== 'ask' && words ? `\n\n${words}` : '';
  return `${ask}${extra}\n\n${selectionBlock(s)}`;
}

/** Diagnostics whose range touches the selection (1-based inclusive lines). */
export function overlapping<T extends Pick<SelectionDiagnostic, 'startLine' | 'endLine'>>(
  diags: readonly T[],
  startLine: number,
  endLine: number,
): T[] {
  return diags.filter((d) => d.startLine <= endLine && d.endLine >= startLine);
}

/** A fence longer than any backtick run in the text, so the selection cannot close it early. */
function fenceFor(text: string): string {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return '`'.repeat(Math.max(3, longest + 1));
}

function cutAtCodePoint(s: string, max: number): string {
  const code = s.charCodeAt(max - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ').trim();
}
