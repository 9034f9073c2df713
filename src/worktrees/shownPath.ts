/** A path on one line, as printable text: control, format (bidi, zero-width) and line-separator characters escaped. */
export function shownPath(p: string): string {
  return p.replace(/[\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (ch) => {
    const named: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    const code = ch.codePointAt(0)!;
    return named[ch] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`);
  });
}
