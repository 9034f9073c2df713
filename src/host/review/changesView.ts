/**
 * The "Zero: Changes" view: the files the current chat's turns changed, newest turn first, each
 * with its +/- counts, Diff, Keep and Revert; a turn's Undo Changes… is Zero's rewind of all of it.
 * Kept files leave the list; reverted ones stay, marked so. An ACP chat's files are listed with
 * Keep only (Zero keeps no checkpoints over ACP: no counts, Diff, Revert or Undo), and the view
 * says so.
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
} from '../../conversation/reviewList';
import type { ChatController } from '../../chats/chatController';
import { Disposable } from '../../lifecycle/disposable';

export const CHANGES_VIEW = 'zero.changes';
export const ACP_NOTE =
  'ACP chat: Zero keeps no checkpoints over ACP, so changed files are listed without line counts, Diff, Revert or Undo. Use the exec transport to review changes.';

type Node = { readonly kind: 'turn'; readonly group: ReviewGroup } | { readonly kind: 'file'; readonly row: ReviewRow };

export interface ChangesActions {
  readonly openDiff: (turnId: string, path: string) => Promise<void>;
  readonly undoTurn: (turnId: string) => Promise<void>;
  readonly keep: (turnId: string, path: string) => void;
  readonly revert: (turnId: string, path: string) => Promise<void>;
}

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
  ) {
    super();
    this.view = this.register(
      vscode.window.createTreeView(CHANGES_VIEW, { treeDataProvider: this, showCollapseAll: true }),
    );
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
    this.refresh();
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
  getChildren(node?: Node): Node[] {
    if (!node) return chatReview(this.controller.focus.workingChat).map((group) => ({ kind: 'turn', group }));
    return node.kind === 'turn' ? node.group.rows.map((row) => ({ kind: 'file', row })) : [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
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
    const item = new vscode.TreeItem(path.basename(r.path), vscode.TreeItemCollapsibleState.None);
    item.id = `file:${r.turnId}:${r.path}`;
    const dir = path.posix.dirname(r.path);
    item.description = [rowLabel(r), dir !== '.' ? dir : ''].filter(Boolean).join(' · ');
    item.accessibilityInformation = { label: rowSpoken(r) };
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
