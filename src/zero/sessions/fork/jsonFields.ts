/**
 * The raw text of each top-level field of one JSON object line, as written. A fork copies Zero's
 * event payloads byte for byte, as Zero's own fork does with json.RawMessage (internal/sessions/store.go
 * Fork): a JSON.parse / JSON.stringify round trip would reorder integer-like keys, round numbers past
 * 2^53 and undo Go's `\u003c` escapes.
 */

/** Field name → its value's text, or null when the line is not one JSON object (call after JSON.parse said it is). */
export function topLevelFields(line: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let i = skipSpace(line, 0);
  if (line[i] !== '{') return null;
  i = skipSpace(line, i + 1);
  if (line[i] === '}') return skipSpace(line, i + 1) === line.length ? fields : null;
  for (;;) {
    if (line[i] !== '"') return null;
    const keyEnd = stringEnd(line, i);
    if (keyEnd < 0) return null;
    const key = JSON.parse(line.slice(i, keyEnd)) as string;
    i = skipSpace(line, keyEnd);
    if (line[i] !== ':') return null;
    const from = skipSpace(line, i + 1);
    const to = valueEnd(line, from);
    if (to < 0) return null;
    fields.set(key, line.slice(from, to));
    i = skipSpace(line, to);
    if (line[i] === ',') {
      i = skipSpace(line, i + 1);
      continue;
    }
    if (line[i] === '}') return skipSpace(line, i + 1) === line.length ? fields : null;
    return null;
  }
}

function skipSpace(s: string, i: number): number {
  while (i < s.length && (s[i] === ' ' || s[i] === '\t' || s[i] === '\n' || s[i] === '\r')) i++;
  return i;
}

/** The index just past the string that opens at `i`, or -1. */
function stringEnd(s: string, i: number): number {
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === '\\') j++;
    else if (s[j] === '"') return j + 1;
  }
  return -1;
}

/** The index just past the value that starts at `i` (strings skipped whole, so a `}` inside one does not count). */
function valueEnd(s: string, i: number): number {
  if (s[i] === '"') return stringEnd(s, i);
  if (s[i] === '{' || s[i] === '[') {
    let depth = 0;
    for (let j = i; j < s.length; j++) {
      const c = s[j];
      if (c === '"') {
        j = stringEnd(s, j) - 1;
        if (j < 0) return -1;
      } else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return -1;
  }
  let j = i;
  while (j < s.length && !',}] \t\r\n'.includes(s[j]!)) j++;
  return j > i ? j : -1;
}
