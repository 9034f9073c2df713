/**
 * The words of the modal every Merge back shows before it writes: each file it would write, its
 * name escaped (git allows newlines and control characters in names, and a bidi override can make
 * one look like another), and first, flagged, the files that run code or configure tools: hidden
 * folders, GitHub workflows, VS Code tasks, `.envrc`, new executables. Pure.
 */
import type { ChatWorktree } from '../conversation/model';
import { worktreeBase } from '../conversation/worktreeActions';
import type { MergeItem } from './mergeBack';
import { shownPath } from './shownPath';

export { shownPath } from './shownPath';

/** At most this many files a section lists, and this many flagged ones, before "… and N more". */
const LISTED = 20;
const FLAGGED = 50;

const UNSEEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** Why a file deserves a look before it is written, or none. */
export function mergeFlags(item: MergeItem): string[] {
  const parts = item.path.split('/');
  const lower = parts.map((p) => p.toLowerCase());
  const flags: string[] = [];
  if (UNSEEN.test(item.path)) flags.push('its name has control characters, shown escaped');
  // Names compared folded: on macOS and Windows `.GitHub/Workflows` is the same folder.
  if (lower[0] === '.github' && lower[1] === 'workflows') flags.push('a GitHub Actions workflow, which runs in CI');
  else if (lower.join('/') === '.vscode/tasks.json') flags.push('VS Code tasks: commands the editor runs');
  else {
    const dot = parts.slice(0, -1).findIndex((p) => p.startsWith('.'));
    if (dot >= 0) flags.push(`in the hidden folder ${shownPath(parts.slice(0, dot + 1).join('/'))}`);
  }
  if (lower[lower.length - 1] === '.envrc') flags.push('direnv runs it when you enter the folder');
  if (item.raw.newMode === '100755' && item.raw.oldMode !== '100755')
    flags.push(item.change === 'added' ? 'a new executable' : 'made executable');
  return flags;
}

export interface MergeConfirmation {
  readonly message: string;
  readonly detail: string;
}

/** The modal's message and detail for a plan's items. */
export function mergeConfirmation(items: readonly MergeItem[], wt: ChatWorktree): MergeConfirmation {
  const todo = items.filter((i) => !i.same && !i.refused && !i.renamedTo);
  const flagged = todo.map((i) => [i, mergeFlags(i)] as const).filter(([, f]) => f.length > 0);
  const rest = todo.filter((i) => mergeFlags(i).length === 0);
  const what = (i: MergeItem): string => (i.renamedFrom ? `renamed from ${shownPath(i.renamedFrom)}` : i.change);
  const sections: string[][] = [];
  if (flagged.length > 0)
    sections.push([
      'Check these first:',
      ...capped(
        flagged.map(
          ([i, f]) =>
            `⚠ ${shownPath(i.path)} (${what(i)}${i.mainChanged ? ', merged with yours' : ''}): ${f.join('; ')}`,
        ),
        FLAGGED,
      ),
    ]);
  const changed = rest.filter((i) => i.mainChanged);
  if (changed.length > 0)
    sections.push([
      `Changed in your tree too, merged three ways against ${worktreeBase(wt)} (conflict markers where you and Zero changed the same lines):`,
      ...capped(
        changed.map((i) => `• ${shownPath(i.path)}${i.renamedFrom ? ` (${what(i)})` : ''}`),
        LISTED,
      ),
    ]);
  const taken = rest.filter((i) => !i.mainChanged);
  if (taken.length > 0)
    sections.push([
      "Take the worktree's version:",
      ...capped(
        taken.map((i) => `• ${shownPath(i.path)} (${what(i)})`),
        LISTED,
      ),
    ]);
  const footer: string[] = [];
  const refused = items.filter((i) => i.refused);
  if (refused.length > 0) {
    const shown = refused.slice(0, 8).map((i) => `${shownPath(i.path)} (${i.refused})`);
    footer.push(`Not merged: ${shown.join('; ')}${refused.length > 8 ? ` and ${refused.length - 8} more` : ''}.`);
  }
  const same = items.filter((i) => i.same).length;
  footer.push(`${same > 0 ? `${files(same)} already the same. ` : ''}Nothing is staged.`);
  sections.push(footer);
  return {
    message: `Merge back ${files(todo.length)} into ${shownPath(wt.repoRoot)}?`,
    detail: sections.map((s) => s.join('\n')).join('\n\n'),
  };
}

const files = (k: number): string => `${k} file${k === 1 ? '' : 's'}`;

function capped(lines: readonly string[], max: number): string[] {
  return lines.length > max ? [...lines.slice(0, max), `… and ${lines.length - max} more`] : [...lines];
}
