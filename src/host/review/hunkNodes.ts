/**
 * The Changes view's hunk rows: one per hunk of a file now (`@@ -12,4 +12,6 @@ first changed line`,
 * its +/- counts, a Reviewed checkbox, Keep / Revert / Open Diff), and one per hunk of the turn that
 * was reverted since. Each is announced in words (lines, counts, what was decided).
 */
import * as vscode from 'vscode';
import * as e from '../../conversation/review/hunks';
import type { HunkMark, ReviewHunk } from '../../conversation/model';
import type { HunkNode } from './hunkReview';

const MARK_WORDS: Record<HunkMark, string> = { reviewed: 'reviewed', kept: 'kept', reverted: 'reverted' };

const counts = (h: ReviewHunk): string =>
  [h.added > 0 || h.removed === 0 ? `+${h.added}` : '', h.removed > 0 ? `−${h.removed}` : ''].filter(Boolean).join(' ');

export function hunkItem(node: HunkNode): vscode.TreeItem {
  if (node.kind === 'note') {
    const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    item.iconPath = new vscode.ThemeIcon('info');
    return item;
  }
  if (node.kind === 'gone') {
    const item = new vscode.TreeItem(e.hunkHeader(node.hunk), vscode.TreeItemCollapsibleState.None);
    item.id = `gone:${node.turnId}:${node.path}:${node.hunk.key}`;
    item.description = 'reverted';
    item.iconPath = new vscode.ThemeIcon('discard');
    item.contextValue = 'zeroChangesHunkReverted';
    item.tooltip = `${node.path} ${e.hunkHeader(node.hunk)}: this change of the turn was reverted.`;
    item.accessibilityInformation = { label: `${e.hunkSpoken(node.hunk)}, reverted` };
    return item;
  }
  const { h } = node;
  const first = e.firstChangedLine(h.hunk);
  const item = new vscode.TreeItem(`${e.hunkHeader(h.summary)} ${first}`.trim(), vscode.TreeItemCollapsibleState.None);
  item.id = `hunk:${h.turnId}:${h.path}:${h.hunk.key}`;
  const mark = h.mark ? MARK_WORDS[h.mark] : '';
  item.description = [counts(h.summary), mark, h.own ? '' : 'edited after the turn'].filter(Boolean).join(' · ');
  item.accessibilityInformation = {
    label: [e.hunkSpoken(h.summary), mark, h.own ? '' : 'edited after the turn'].filter(Boolean).join(', '),
  };
  item.tooltip = `${h.path} ${e.hunkHeader(h.summary)}${first ? `\n${first}` : ''}\n${counts(h.summary)}${mark ? `, ${mark}` : ''}`;
  item.checkboxState = {
    state: h.mark ? vscode.TreeItemCheckboxState.Checked : vscode.TreeItemCheckboxState.Unchecked,
    tooltip: h.mark ? 'Reviewed (uncheck to mark unreviewed)' : 'Mark Reviewed',
    accessibilityInformation: { label: `Reviewed: ${e.hunkSpoken(h.summary)}` },
  };
  item.contextValue =
    h.mark === 'kept' ? 'zeroChangesHunkKept' : h.mark ? 'zeroChangesHunkReviewed' : 'zeroChangesHunk';
  if (h.mark === 'kept') item.iconPath = new vscode.ThemeIcon('check');
  item.command = { command: 'zero.changes.diffHunk', title: 'Open Diff at Hunk', arguments: [node] };
  return item;
}
