/**
 * Reverting one hunk: exactly that hunk applied in reverse to the file as it is now. Its new side
 * (context and added lines) must still be in the file, where it was or nearest to it, as `patch`
 * looks for it; otherwise the file changed there since and the revert is refused. Pure: the host
 * turns the answer into a WorkspaceEdit (undoable, and the editor's buffer stays in step).
 */
import type { Hunk } from './hunks';
import { splitLines } from './lineChanges';

export type HunkRevertPlan =
  | {
      readonly ok: true;
      /** Character offsets in the current text of what is replaced, and by what. */
      readonly start: number;
      readonly end: number;
      readonly replacement: string;
      /** 0-based line where the hunk was found (the editor reveals it). */
      readonly line: number;
    }
  | { readonly ok: false; readonly reason: string };

const bare = (line: string): string => line.replace(/\r?\n$/, '');

export function planHunkRevert(current: string, hunk: Hunk): HunkRevertPlan {
  const lines = splitLines(current);
  const newSide = hunk.lines.filter((l) => l.kind !== '-');
  const at = locate(
    lines,
    newSide.map((l) => bare(l.text)),
    hunk.newIndex,
  );
  if (at === null) {
    const from = hunk.newIndex + 1;
    const to = hunk.newIndex + Math.max(newSide.length, 1);
    return {
      ok: false,
      reason: `the file changed there since (lines ${from === to ? from : `${from}–${to}`} no longer hold this change), so this hunk cannot be reverted on its own.`,
    };
  }
  let start = 0;
  for (let i = 0; i < at; i++) start += lines[i]!.length;
  let end = start;
  for (let i = at; i < at + newSide.length; i++) end += lines[i]!.length;
  // Context lines stay as the file has them now; removed lines come back with the file's line ends.
  const eol = /\r?\n$/.exec(lines.slice(at, at + newSide.length).find((l) => l.endsWith('\n')) ?? '')?.[0];
  let replacement = '';
  let k = at;
  for (const l of hunk.lines) {
    if (l.kind === '+') k++;
    else if (l.kind === ' ') replacement += lines[k++]!;
    else replacement += eol ? l.text.replace(/\r?\n$/, eol) : l.text;
  }
  return { ok: true, start, end, replacement, line: at };
}

/** Where `want` stands in `lines`, nearest to `near` first; null when nowhere. Line ends do not count. */
function locate(lines: readonly string[], want: readonly string[], near: number): number | null {
  if (want.length === 0) return lines.length === 0 ? 0 : null;
  const last = lines.length - want.length;
  const fits = (at: number): boolean => want.every((w, i) => bare(lines[at + i]!) === w);
  for (let d = 0; near - d >= 0 || near + d <= last; d++) {
    if (near - d >= 0 && near - d <= last && fits(near - d)) return near - d;
    if (d > 0 && near + d >= 0 && near + d <= last && fits(near + d)) return near + d;
  }
  return null;
}
