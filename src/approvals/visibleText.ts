/**
 * How an approval shows text it did not write (a command, path, URL, diff), so that what the user
 * reads is what will run. Pure.
 *
 * The convention (README "Approvals"):
 * - a line break is `⏎` at the end of the line, and the text goes on on the next line: a second line
 *   can never pass for the first line's continuation, nor vanish from a one-line view;
 * - a tab is `⇥`, ESC `␛`, every other C0 control and DEL its Unicode control picture (`␀`, `␍`, `␡`…);
 * - invisible or reordering characters (C1 controls, zero-width, bidi overrides, BOM, line/paragraph
 *   separators) are `\u{…}` escapes, and so is a literal `⏎`, `⇥` or control picture in the text, so a
 *   symbol always means the control it stands for;
 * - a long value is cut with a visible `… more (N more lines, M more characters)`, and the dialog then
 *   offers the whole text.
 */

export interface Limits {
  readonly maxLines: number;
  readonly maxChars: number;
}

export interface Shown {
  readonly text: string;
  /** Something was left out: the dialog must offer the whole text. */
  readonly cut: boolean;
}

/** For one field (a command, a URL, a path) in a dialog's detail. */
export const FIELD: Limits = { maxLines: 12, maxChars: 1000 };
/** For a file's content or a diff. */
export const BLOCK: Limits = { maxLines: 20, maxChars: 1200 };
/** For a one-line place (a title, a retry message). */
export const LINE: Limits = { maxLines: 1, maxChars: 200 };

const INVISIBLE =
  /[\u0080-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/;
const OUR_SYMBOLS = /[\u23ce\u21e5\u2400-\u2426]/;

/** Every control or invisible character made visible; `\n` as `⏎` plus a real line break. */
export function visible(s: string): string {
  let out = '';
  for (const ch of s) out += visibleChar(ch);
  return out;
}

function visibleChar(ch: string): string {
  if (ch === '\n') return '⏎\n';
  if (ch === '\t') return '⇥';
  const code = ch.codePointAt(0)!;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return '␡';
  if (INVISIBLE.test(ch) || OUR_SYMBOLS.test(ch)) return `\\u{${code.toString(16).toUpperCase().padStart(4, '0')}}`;
  return ch;
}

/** `s` made visible and cut to `limits`, with the cut said where it happened. */
export function shown(s: string, limits: Limits): Shown {
  const lines = s.split('\n');
  let kept = lines.slice(0, limits.maxLines).join('\n');
  if (lines.length > limits.maxLines) kept += '\n';
  if (kept.length > limits.maxChars) kept = sliceChars(kept, limits.maxChars);
  if (kept.length >= s.length) return { text: visible(s), cut: false };
  const restLines = s.slice(kept.length).split('\n').length - (kept.endsWith('\n') ? 0 : 1);
  const restChars = s.length - kept.length;
  const parts = [
    restLines > 0 ? `${restLines} more line${restLines === 1 ? '' : 's'}` : '',
    `${restChars} more character${restChars === 1 ? '' : 's'}`,
  ].filter(Boolean);
  const head = visible(kept);
  // A one-line place keeps the marker on the line; elsewhere it starts its own line when the cut is at a break.
  const sep = limits.maxLines === 1 || !head.endsWith('\n') ? ' ' : '';
  return { text: `${head}${sep}… more (${parts.join(', ')})`, cut: true };
}

/** One line for a title or a list: line breaks as `⏎` without breaking the line. */
export function oneLine(s: string, maxChars = LINE.maxChars): Shown {
  const r = shown(s, { maxLines: Number.MAX_SAFE_INTEGER, maxChars });
  return { text: r.text.replace(/⏎\n/g, '⏎ '), cut: r.cut };
}

/** Never splits a surrogate pair (an emoji cut in half would show as a replacement character). */
function sliceChars(s: string, n: number): string {
  const code = s.charCodeAt(n - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}
