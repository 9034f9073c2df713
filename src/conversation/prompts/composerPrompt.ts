/**
 * The text Zero gets for one composer message: the user's words, then what the chips point at.
 * Files and folders go as paths (Zero reads them itself), line ranges as `path` + lines, `@problems`
 * as the diagnostics' text, `@selection` and attached selections as fenced blocks. Pure.
 */
import { selectionBlock, type SelectionContext, type SelectionDiagnostic } from './selectionPrompt';

/** What a chip in the composer refers to, as the webview sends it. */
export type MentionRef =
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'folder'; readonly path: string }
  /** 1-based inclusive lines. */
  | { readonly kind: 'range'; readonly path: string; readonly startLine: number; readonly endLine: number }
  | { readonly kind: 'problems' }
  | { readonly kind: 'selection' };

/** A problem from the Problems view, with the file it is in. */
export interface ProblemEntry extends SelectionDiagnostic {
  readonly path: string;
}

/** A mention with what the host found for it at send time. */
export type ResolvedMention =
  | Extract<MentionRef, { kind: 'file' | 'folder' | 'range' }>
  | { readonly kind: 'problems'; readonly problems: readonly ProblemEntry[] }
  | { readonly kind: 'selection'; readonly selection: SelectionContext | null };

/** Beyond this many diagnostics the list is cut (the Problems view has them all). */
export const MAX_PROBLEMS = 100;

/** The chip's text: `src/a.ts`, `src/`, `src/a.ts#L12-40`, `@problems`, `@selection`. */
export function mentionLabel(m: MentionRef): string {
  switch (m.kind) {
    case 'file':
    case 'folder':
      return m.path;
    case 'range':
      return m.startLine === m.endLine ? `${m.path}#L${m.startLine}` : `${m.path}#L${m.startLine}-${m.endLine}`;
    case 'problems':
      return '@problems';
    case 'selection':
      return '@selection';
  }
}

/** `path#L12-40` or `path#L12` → a range mention; anything else → null. */
export function parseRangeMention(text: string): Extract<MentionRef, { kind: 'range' }> | null {
  const m = /^(.+?)#L(\d+)(?:-L?(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const a = Number(m[2]);
  const b = m[3] === undefined ? a : Number(m[3]);
  if (a < 1 || b < 1) return null;
  return { kind: 'range', path: m[1]!, startLine: Math.min(a, b), endLine: Math.max(a, b) };
}

/**
 * The whole message. `blocks` are attached editor selections, already formatted. Mentions of the
 * same thing count once; the user's words come first so Zero reads the request before the context.
 */
export function composerPrompt(
  words: string,
  mentions: readonly ResolvedMention[],
  blocks: readonly string[] = [],
): string {
  const parts: string[] = [];
  const text = words.trim();
  if (text) parts.push(text);
  const refs: string[] = [];
  const seen = new Set<string>();
  for (const m of mentions) {
    if (m.kind !== 'file' && m.kind !== 'folder' && m.kind !== 'range') continue;
    const line =
      m.kind === 'file'
        ? `- ${m.path}`
        : m.kind === 'folder'
          ? `- ${m.path.endsWith('/') ? m.path : `${m.path}/`} (folder)`
          : `- ${m.path} lines ${m.startLine}-${m.endLine}`;
    if (seen.has(line)) continue;
    seen.add(line);
    refs.push(line);
  }
  if (refs.length > 0) parts.push(`Files I mentioned (read them as needed):\n${refs.join('\n')}`);
  const problems = mentions.find((m): m is Extract<ResolvedMention, { kind: 'problems' }> => m.kind === 'problems');
  if (problems) parts.push(problemsBlock(problems.problems));
  const selection = mentions.find((m): m is Extract<ResolvedMention, { kind: 'selection' }> => m.kind === 'selection');
  if (selection)
    parts.push(
      selection.selection ? selectionBlock(selection.selection) : 'Selection: (no editor selection when this was sent)',
    );
  parts.push(...blocks);
  return parts.join('\n\n');
}

export function problemsBlock(problems: readonly ProblemEntry[]): string {
  if (problems.length === 0) return 'Current problems (diagnostics): none.';
  const order = { error: 0, warning: 1, info: 2, hint: 3 } as const;
  const sorted = [...problems].sort(
    (a, b) => order[a.severity] - order[b.severity] || a.path.localeCompare(b.path) || a.startLine - b.startLine,
  );
  const shown = sorted.slice(0, MAX_PROBLEMS);
  const lines = shown.map(
    (d) =>
      `- ${d.path}:${d.startLine}:${d.startColumn} ${d.severity}${d.source ? ` [${d.source}]` : ''}: ${d.message.replace(/\s*\n\s*/g, ' ').trim()}`,
  );
  const more = sorted.length > shown.length ? `\n(${sorted.length - shown.length} more not listed.)` : '';
  return `Current problems (diagnostics):\n${lines.join('\n')}${more}`;
}

/** Terminal text beyond this is cut from the start (the end is what just happened). */
export const MAX_TERMINAL_CHARS = 20_000;

/** A terminal selection for the prompt: fenced so its text cannot close the fence early. */
export function terminalBlock(name: string, raw: string): string {
  let text = raw.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  const cut = text.length > MAX_TERMINAL_CHARS;
  if (cut) text = text.slice(text.length - MAX_TERMINAL_CHARS);
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `Terminal output (${name})${cut ? `, the last ${MAX_TERMINAL_CHARS} characters` : ''}:\n${fence}text\n${text}\n${fence}`;
}
