/**
 * The "Worktree" view under the chat, shown for an isolated chat: the files its worktree changed
 * against the commit it started from (git, on disk: committed, changed and new files), each with
 * +/- lines; a click opens VS Code's diff of the base version (read-only, `zero-worktree-base:`)
 * with the worktree's file. Merge back and Discard are in its title bar.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ChatController } from '../../chats/chatController';
import type { Chat, ChatWorktree } from '../../conversation/model';
import { worktreeBase } from '../../conversation/worktreeActions';
import { zeroWorktreeBase } from '../../zero/exec/turnRoot';
import { fileAt, worktreeChanges, type WorktreeFile } from '../../worktrees/worktreeChanges';
import { worktreeExists } from '../../worktrees/worktreeCreate';
import { Disposable } from '../../lifecycle/disposable';
import { runEnv } from '../review/checkpointBefore';
import { useHostGit } from './hostGit';
import { WORKTREE_CONTEXT, WORKTREE_VIEW } from './worktreeIds';

export const BASE_SCHEME = 'zero-worktree-base';
/** Base versions are read up to this size; a bigger file shows a line saying so. */
const BASE_MAX = 8 * 1024 * 1024;

export type WorktreeNode = { readonly kind: 'file'; readonly chatId: string; readonly file: WorktreeFile };

/** Refresh on what can change the worktree or which chat is shown, not on every streamed word. */
const RELEVANT = new Set([
  'worktree_created',
  'worktree_merged',
  'worktree_discarded',
  'process_exited',
  'turn_undone',
]);

const lines = (f: WorktreeFile): string => (f.added === null ? 'binary' : `+${f.added} −${f.removed}`);
const spoken = (f: WorktreeFile): string =>
  f.added === null
    ? `${f.path}, ${f.change}, binary`
    : `${f.path}, ${f.change}, ${f.added} added, ${f.removed} removed`;

export class WorktreeChangesView extends Disposable implements vscode.TreeDataProvider<WorktreeNode> {
  private readonly changed = this.register(new vscode.EventEmitter<WorktreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<WorktreeNode>;
  private files: readonly WorktreeFile[] = [];
  private generation = 0;
  /** What the rows last drawn show: a list the same as this is not drawn again. */
  private drawn = '';

  constructor(
    private readonly controller: ChatController,
    private readonly trusted: () => boolean,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    useHostGit();
    this.view = this.register(vscode.window.createTreeView(WORKTREE_VIEW, { treeDataProvider: this }));
    this.register(vscode.workspace.registerTextDocumentContentProvider(BASE_SCHEME, new BaseContent(trusted)));
    this.register(
      controller.chats.onDidChange((c) => {
        if (c.kind === 'snapshot' || (c.kind === 'actions' && c.actions.some((a) => RELEVANT.has(a.type))))
          void this.refresh();
      }),
    );
    this.register(this.view.onDidChangeVisibility((e) => e.visible && void this.refresh()));
    void this.refresh();
  }

  private get chat(): Chat {
    return this.controller.focus.workingChat;
  }

  /** Lists the working chat's worktree again (the view's Refresh, and after what may have changed it). */
  async refresh(): Promise<void> {
    const chat = this.chat;
    const wt = chat.worktree;
    const live = wt !== undefined && wt.discardedAt === undefined;
    void vscode.commands.executeCommand('setContext', WORKTREE_CONTEXT, live);
    const mine = ++this.generation;
    if (!wt || !live) {
      this.view.message = wt ? `The worktree of this chat was discarded.` : undefined;
      this.draw(chat.id, []);
      return;
    }
    // Read when seen: the view's visibility change lists it then.
    if (!this.view.visible) return;
    let message: string;
    let files: readonly WorktreeFile[] = [];
    if (!this.trusted()) message = 'Restricted Mode: the worktree is not read until you trust this workspace.';
    else if (!worktreeExists(wt)) message = `${wt.path} is gone; the next message puts it back from ${wt.branch}.`;
    else {
      try {
        files = (await worktreeChanges(wt.path, wt.baseCommit)).files;
        message =
          files.length === 0
            ? `No changes in ${wt.branch} since ${worktreeBase(wt)}.`
            : `${files.length} file${files.length === 1 ? '' : 's'} changed in ${wt.branch} since ${worktreeBase(wt)}.`;
      } catch (err) {
        message = `Could not read the worktree's changes: ${err instanceof Error ? err.message : String(err)}`;
        this.log.warn(message);
      }
    }
    if (mine !== this.generation) return;
    this.view.message = message;
    this.view.title = `Worktree: ${wt.branch}`;
    this.draw(chat.id, files);
  }

  /**
   * Draws the rows, unless they would be the same: each redraw makes VS Code drop the commands of the
   * rows shown, and a row clicked just then ran nothing ("command not found"). Showing the view lists
   * it twice (on becoming visible, and for the command).
   */
  private draw(chatId: string, files: readonly WorktreeFile[]): void {
    const key = JSON.stringify([chatId, files]);
    this.files = files;
    if (key === this.drawn) return;
    this.drawn = key;
    this.changed.fire(undefined);
  }

  getChildren(node?: WorktreeNode): WorktreeNode[] {
    return node ? [] : this.files.map((file) => ({ kind: 'file', chatId: this.chat.id, file }));
  }

  getTreeItem(node: WorktreeNode): vscode.TreeItem {
    const f = node.file;
    const item = new vscode.TreeItem(path.posix.basename(f.path), vscode.TreeItemCollapsibleState.None);
    item.id = `worktree:${node.chatId}:${f.path}`;
    const dir = path.posix.dirname(f.path);
    item.description = [f.change === 'modified' ? '' : f.change, lines(f), dir !== '.' ? dir : '']
      .filter(Boolean)
      .join(' · ');
    item.tooltip = `${f.path}: ${f.change}, ${lines(f)}${f.special ? ' (a link or submodule: not merged back)' : ''}`;
    item.accessibilityInformation = { label: spoken(f) };
    item.contextValue = 'zeroWorktreeFile';
    item.iconPath = new vscode.ThemeIcon(
      f.change === 'added' ? 'diff-added' : f.change === 'deleted' ? 'diff-removed' : 'diff-modified',
    );
    item.command = { command: 'zero.worktree.diff', title: 'Open Diff', arguments: [node] };
    return item;
  }

  /** The base version beside the worktree's file, in VS Code's diff editor. */
  async openDiff(node: WorktreeNode): Promise<void> {
    const wt = this.controller.chats.wholeChat(node.chatId)?.worktree;
    if (!wt) return;
    const f = node.file;
    const left = baseUri(wt, f.change === 'added' ? null : f.path);
    const file = path.join(wt.path, ...f.path.split('/'));
    const right = f.change === 'deleted' || !fs.existsSync(file) ? baseUri(wt, null) : vscode.Uri.file(file);
    await vscode.commands.executeCommand('vscode.diff', left, right, `${f.path} (${worktreeBase(wt)} ↔ ${wt.branch})`, {
      preview: true,
    });
  }
}

/** `zero-worktree-base:/<path>?root=<worktree>&commit=<id>` (or `&empty=1`): stateless, so a restored tab still works. */
function baseUri(wt: ChatWorktree, file: string | null): vscode.Uri {
  return vscode.Uri.from({
    scheme: BASE_SCHEME,
    path: `/${file ?? 'empty'}`,
    query: new URLSearchParams(file ? { root: wt.path, commit: wt.baseCommit } : { empty: '1' }).toString(),
  });
}

class BaseContent implements vscode.TextDocumentContentProvider {
  constructor(private readonly trusted: () => boolean) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const q = new URLSearchParams(uri.query);
    if (q.get('empty') === '1') return '';
    const root = q.get('root') ?? '';
    const commit = q.get('commit') ?? '';
    // git runs only in a worktree under Zero's worktree folder, at a commit id, in a trusted window.
    const base = zeroWorktreeBase(runEnv());
    if (!this.trusted() || !base || !/^[0-9a-f]{40,64}$/.test(commit) || !inside(base, root)) return '';
    const bytes = await fileAt(root, commit, uri.path.replace(/^\//, ''), BASE_MAX + 1);
    if (!bytes) return '';
    if (bytes.length > BASE_MAX) return `(over ${BASE_MAX / 1024 / 1024} MB: not shown)`;
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function inside(base: string, p: string): boolean {
  try {
    const rel = path.relative(fs.realpathSync.native(base), fs.realpathSync.native(p));
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  } catch {
    return false;
  }
}
