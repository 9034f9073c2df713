/**
 * The "Zero: Changes" view: the files the current chat's turns changed, newest turn first, each
 * with its +/- counts, Diff, Keep and Revert; a turn's Undo Changes… is Zero's rewind of all of it.
 * Kept files leave the list; reverted ones stay, marked so. A modified file expands into its hunks
 * (hunkNodes.ts), each with Keep, Revert and a Reviewed checkbox; the file has one too. An ACP
 * chat's files are listed with Keep only (Zero keeps no checkpoints over ACP: no counts, hunks,
 * Diff, Revert or Undo), and the view says so.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  chatReview,
  reviewAvailable,
  rowLabel,
  rowSpoken,
  type ReviewGroup,
  type ReviewRow,
} from '../../conversation/review/reviewList';
import type { ChatController } from '../../chats/chatController';
import type { ReviewFile } from '../../conversation/model';
import { hunksReviewed, reviewedWords } from '../../conversation/review/reviewMarks';
import { sameChangedPath } from '../../conversation/review/turnChanges';
import { Disposable } from '../../lifecycle/disposable';
import type { HunkCommands } from './hunkAtCursor';
import { loadHunks, type LazyHunkReview } from './hunkLoader';
import type { HunkNode, HunkNow } from './hunkReview';

export const CHANGES_VIEW = 'zero.changes';
export const ACP_NOTE =
  'ACP chat: Zero keeps no checkpoints over ACP, so changed files are listed without line counts, hunks, Diff, Revert or Undo. Review by hunk needs the exec transport.';

type Node =
  | { readonly kind: 'turn'; readonly group: ReviewGroup }
  | { readonly kind: 'file'; readonly row: ReviewRow }
  | HunkNode;

export interface ChangesActions {
  /** `line`: 0-based, of the file now, where the diff opens. */
  readonly openDiff: (turnId: string, path: string, line?: number) => Promise<void>;
  readonly undoTurn: (turnId: string) => Promise<void>;
  readonly keep: (turnId: string, path: string) => void;
  readonly revert: (turnId: string, path: string) => Promise<void>;
  /** Review by hunk (exec turns). */
  readonly hunks: HunkCommands;
}

/** The hunk a context-menu or inline command was run on (its argument is the tree node), else null. */
export const hunkOf = (n: unknown): HunkNow | null =>
  n && typeof n === 'object' && (n as HunkNode).kind === 'hunk' ? (n as { h: HunkNow }).h : null;

/** The file row a context-menu command was run on (its argument is the tree node), else null. */
export const rowOf = (n: unknown): ReviewRow | null =>
  n && typeof n === 'object' && (n as Node).kind === 'file' ? (n as { row: ReviewRow }).row : null;

/** The turn group a context-menu command was run on, else null. */
export const groupOf = (n: unknown): ReviewGroup | null =>
  n && typeof n === 'object' && (n as Node).kind === 'turn' ? (n as { group: ReviewGroup }).group : null;

const short = (s: string, n = 60): string => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one || '(no message)';
};

/** Refresh on what changes the list, not on every streamed word. */
const RELEVANT = new Set([
  'turn_started',
  'turn_review',
  'review_decided',
  'review_marked',
  'turn_undone',
  'process_exited',
  'acp_turn_ended',
  'acp_session',
  'transport_set',
]);

export class ChangesView extends Disposable implements vscode.TreeDataProvider<Node> {
  private readonly changed = this.register(new vscode.EventEmitter<Node | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<Node>;

  constructor(
    private readonly controller: ChatController,
    private readonly folder: () => string | null,
    private readonly hunks: LazyHunkReview,
  ) {
    super();
    this.view = this.register(
      vscode.window.createTreeView(CHANGES_VIEW, {
        treeDataProvider: this,
        showCollapseAll: true,
        // A file's Reviewed mark is its own: checking it does not check its hunks.
        manageCheckboxStateManually: true,
      }),
    );
    this.register(
      this.view.onDidChangeCheckboxState((e) => {
        for (const [node, state] of e.items) {
          const on = state === vscode.TreeItemCheckboxState.Checked;
          if (node.kind === 'hunk' && (on || node.h.mark === 'reviewed'))
            this.hunks.get().mark(node.h.turnId, node.h.path, node.h.hunk.key, on ? 'reviewed' : null);
          else if (node.kind === 'file')
            this.hunks.get().mark(node.row.turnId, node.row.path, null, on ? 'reviewed' : null);
        }
      }),
    );
    this.register(hunks.onDidChange(() => this.changed.fire(undefined)));
    this.register(
      controller.chats.onDidChange((c) => {
        if (
          c.kind === 'snapshot' ||
          (c.kind === 'actions' &&
            c.chatId === controller.focus.workingChat.id &&
            c.actions.some((a) => RELEVANT.has(a.type)))
        )
          this.refresh();
      }),
    );
    // Once activate() has returned: the rows come from the chat shown, which activation does not read.
    const first = setImmediate(() => this.refresh());
    this.register({ dispose: () => clearImmediate(first) });
  }

  private refresh(): void {
    const chat = this.controller.focus.workingChat;
    const groups = chatReview(chat);
    this.view.message = !reviewAvailable(chat)
      ? ACP_NOTE
      : groups.length === 0
        ? 'Zero has not changed any files in this chat.'
        : undefined;
    this.changed.fire(undefined);
  }

  /** The current chat as the chat view shows it: a big chat's latest turns until the user loads older ones. */
  async getChildren(node?: Node): Promise<Node[]> {
    if (!node) return chatReview(this.controller.focus.workingChat).map((group) => ({ kind: 'turn', group }));
    if (node.kind === 'turn') return node.group.rows.map((row) => ({ kind: 'file', row }));
    if (node.kind !== 'file' || !this.byHunk(node.row)) return [];
    const { turnId, path: file } = node.row;
    const listing = await this.hunks.get().listing(turnId, file);
    if (!listing.ok) return [{ kind: 'note', id: `note:${turnId}:${file}`, text: listing.reason }];
    return [
      ...listing.hunks.map((h): Node => ({ kind: 'hunk', h })),
      ...listing.reverted.map((hunk): Node => ({ kind: 'gone', turnId, path: file, hunk })),
    ];
  }

  /** Hunks only for a text file the turn modified and that was measured (not one reverted whole, not ACP's). */
  private byHunk(r: ReviewRow): boolean {
    return !r.noCheckpoint && r.state !== 'reverted' && this.entry(r)?.hunks !== undefined;
  }

  /** The row's review entry, for its marks. */
  private entry(r: ReviewRow): ReviewFile | undefined {
    return this.controller.focus.workingChat.turns
      .find((t) => t.id === r.turnId)
      ?.review?.find((f) => sameChangedPath(f.path, r.path));
  }

  getTreeItem(node: Node): vscode.TreeItem {
    // Hunk rows exist only once the hunks bundle listed them (getChildren), so it is loaded by then.
    if (node.kind === 'hunk' || node.kind === 'gone' || node.kind === 'note') return loadHunks().hunkItem(node);
    if (node.kind === 'turn') {
      const g = node.group;
      const item = new vscode.TreeItem(short(g.prompt), vscode.TreeItemCollapsibleState.Expanded);
      item.id = `turn:${g.turnId}`;
      item.description = `${g.rows.length} file${g.rows.length === 1 ? '' : 's'}`;
      item.tooltip = `Files changed by: ${g.prompt.trim() || '(no message)'}`;
      item.contextValue = g.noCheckpoint ? 'zeroChangesTurnNoCheckpoint' : 'zeroChangesTurn';
      item.iconPath = new vscode.ThemeIcon('comment');
      return item;
    }
    const r = node.row;
    const entry = this.entry(r);
    const item = new vscode.TreeItem(
      path.basename(r.path),
      this.byHunk(r) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `file:${r.turnId}:${r.path}`;
    const dir = path.posix.dirname(r.path);
    // Counted once something is reviewed (the description stays short before); always spoken.
    const reviewed = entry && !r.noCheckpoint && r.state !== 'reverted' ? reviewedWords(entry) : '';
    const shown = entry && (entry.reviewed || hunksReviewed(entry).reviewed > 0) ? reviewed : '';
    item.description = [rowLabel(r), shown, dir !== '.' ? dir : ''].filter(Boolean).join(' · ');
    item.accessibilityInformation = { label: [rowSpoken(r), reviewed].filter(Boolean).join(', ') };
    if (entry && !r.noCheckpoint && r.state !== 'reverted')
      item.checkboxState = {
        state: entry.reviewed ? vscode.TreeItemCheckboxState.Checked : vscode.TreeItemCheckboxState.Unchecked,
        tooltip: entry.reviewed ? 'Reviewed (uncheck to mark unreviewed)' : 'Mark Reviewed',
        accessibilityInformation: { label: `Reviewed: ${r.path}` },
      };
    item.tooltip = `${r.path}: ${rowLabel(r) || 'changed'}`;
    const folder = this.folder();
    item.resourceUri = vscode.Uri.file(path.isAbsolute(r.path) || !folder ? r.path : path.join(folder, r.path));
    if (r.noCheckpoint) {
      // Keep only; a click opens the file (there is no before-state to diff against).
      item.contextValue = 'changesNoCheckpointFile';
      item.command = { command: 'vscode.open', title: 'Open File', arguments: [item.resourceUri] };
      return item;
    }
    item.contextValue = r.state === 'reverted' ? 'zeroChangesFileReverted' : 'zeroChangesFile';
    if (r.state === 'reverted') item.iconPath = new vscode.ThemeIcon('discard');
    item.command = { command: 'zero.changes.diff', title: 'Open Diff', arguments: [node] };
    return item;
  }
}
