/**
 * Revert with feedback: the message Zero gets when the user reverted some of its hunks and said
 * why. It names each file and the lines of Zero's version that were put back, and quotes the
 * user's words. Pure.
 */

export interface RejectedHunk {
  readonly path: string;
  /** The hunk's lines in Zero's version of the file (its header's new side). */
  readonly newStart: number;
  readonly newLines: number;
  /** The same lines before Zero's turn (its header's old side), what the file holds there again. */
  readonly oldStart: number;
  readonly oldLines: number;
}

const range = (start: number, lines: number): string =>
  lines <= 0 ? `at line ${start}` : lines === 1 ? `line ${start}` : `lines ${start}–${start + lines - 1}`;

/** One line of the user's words per quoted line; blank lines kept as `>`. */
const quote = (words: string): string =>
  words
    .replace(/\r\n?/g, '\n')
    .trim()
    .split('\n')
    .map((l) => (l.trim() ? `> ${l.trimEnd()}` : '>'))
    .join('\n');

/** Null when there is nothing to say (no words): a revert without feedback sends nothing. */
export function rejectedHunksMessage(rejected: readonly RejectedHunk[], words: string): string | null {
  if (!words.trim() || rejected.length === 0) return null;
  const byFile = new Map<string, RejectedHunk[]>();
  for (const h of rejected) byFile.set(h.path, [...(byFile.get(h.path) ?? []), h]);
  const lines = [...byFile].map(([file, hunks]) => {
    const parts = [...hunks]
      .sort((a, b) => a.newStart - b.newStart)
      .map((h) => `${range(h.newStart, h.newLines)} (now as before your change: ${range(h.oldStart, h.oldLines)})`);
    return `- ${file}: ${parts.join('; ')}`;
  });
  const count = rejected.length === 1 ? 'one of your changes' : `${rejected.length} of your changes`;
  return [
    `I reverted ${count}. The rest of what you changed stays. Reverted (line numbers of your version):`,
    ...lines,
    '',
    'Why:',
    quote(words),
    '',
    'Take this into account: do not redo the reverted changes as they were.',
  ].join('\n');
}
