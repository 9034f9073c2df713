/**
 * A finished markdown block as a screen reader should hear it in an announcement: the words,
 * without markdown punctuation. Code is not read out (it is noise spoken aloud); the block is
 * named instead, and the reader can go to it in the transcript.
 */

const MAX_CHARS = 600;

export function spokenText(markdown: string): string {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    if (fence !== null) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line)?.[1];
      if (close && close[0] === fence[0] && close.length >= fence.length) fence = null;
      continue;
    }
    const open = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)/.exec(line);
    if (open) {
      fence = open[1]!;
      lines.push(open[2] ? `Code block, ${open[2]}.` : 'Code block.');
      continue;
    }
    lines.push(words(line));
  }
  const text = lines
    .join('\n')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // image: its alt text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1') // link: its text
    .replace(/`+([^`]*)`+/g, '$1') // inline code
    .replace(/(\*{1,3}|_{1,3})(\S(?:.*?\S)?)\1/g, '$2') // emphasis
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text;
}

/** One line without its block markers. */
function words(line: string): string {
  return line
    .replace(/^ {0,3}#{1,6}\s+/, '') // heading
    .replace(/^\s*>\s?/, '') // quote
    .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+/, '') // list item
    .replace(/^\s*(?:[-*_]\s*){3,}$/, '') // rule
    .replace(/^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/, '') // table delimiter row
    .replace(/\|/g, ' ');
}
