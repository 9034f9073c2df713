/**
 * Review of a turn's files hunk by hunk (exec: the before-content is Zero's checkpoint). The hunks
 * are measured from the before-content to the file now (an open editor's buffer, else the disk),
 * so they are what the turn's Diff shows; the turn's own hunks, recorded when it ended, tell which
 * were reverted since (in the diff editor too). Revert Hunk applies that hunk in reverse through a
 * WorkspaceEdit (Ctrl+Z undoes it, open editors stay in step), then asks why: the words go to Zero
 * as the next message, with the composer's mode, model and effort, queued while a turn runs.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ChatController } from '../../chats/chatController';
import { rejectedHunksMessage, type RejectedHunk } from '../../conversation/review/hunkFeedback';
import { computeHunks, hunkSummary, turnHunksNow, type Hunk } from '../../conversation/review/hunks';
import { planHunkRevert } from '../../conversation/review/hunkRevert';
import { looksBinary } from '../../conversation/review/lineChanges';
import type { Chat, HunkMark, ReviewFile, ReviewHunk, Turn } from '../../conversation/model';
import { sameChangedPath } from '../../conversation/review/turnChanges';
import { Disposable } from '../../lifecycle/disposable';
import { resolveWithinWorkspace } from '../../zero/process/workspacePath';
import type { KnownRoots } from '../../zero/exec/turnRoot';
import type { beforeTurn } from './checkpointBefore';
import type { rootOfTurn } from './turnRoots';

export interface HunkReviewDeps {
  readonly controller: ChatController;
  readonly folder: () => string | null;
  readonly log: vscode.LogOutputChannel;
  readonly roots?: () => KnownRoots;
  /**
   * Sends the why to Zero as the user's next message in that chat, with the mode, model and effort
   * its composer shows (ComposerService.sendAsComposer), queued behind a running turn.
   */
  readonly send: (chatId: string, message: string) => Promise<void>;
}

/**
 * What the review reads through the extension: Zero's checkpoints and the turn's folder
 * (checkpointBefore.ts, turnRoots.ts; hunkLoader.ts hands them over), so dist/hunks.js carries
 * neither those readers nor the schemas and settings behind them.
 */
export interface HunkFiles {
  readonly before: typeof beforeTurn;
  readonly rootOf: typeof rootOfTurn;
}

/** One hunk of a file now, with what the user decided; `own`: one of the hunks the turn made. */
export interface HunkNow {
  readonly turnId: string;
  readonly path: string;
  readonly hunk: Hunk;
  readonly summary: ReviewHunk;
  readonly mark: HunkMark | undefined;
  readonly own: boolean;
}

export type HunkListing =
  | { readonly ok: true; readonly hunks: readonly HunkNow[]; readonly reverted: readonly ReviewHunk[] }
  | { readonly ok: false; readonly reason: string };

interface Located {
  readonly chat: Chat;
  readonly turn: Turn;
  readonly entry: ReviewFile;
  readonly target: string;
}

/** The same file, also through a symlink (the workspace's real path is what Zero's paths resolve to). */
function sameFile(a: string | undefined, b: string): boolean {
  if (!a) return false;
  if (path.resolve(a) === path.resolve(b)) return true;
  try {
    return fs.realpathSync.native(a) === fs.realpathSync.native(b);
  } catch {
    return false;
  }
}

/** A hunk of a file now; one of the turn's hunks reverted since; or why a file has no hunks to list. */
export type HunkNode =
  | { readonly kind: 'hunk'; readonly h: HunkNow }
  | { readonly kind: 'gone'; readonly turnId: string; readonly path: string; readonly hunk: ReviewHunk }
  | { readonly kind: 'note'; readonly id: string; readonly text: string };

export const FEEDBACK_PROMPT =
  'Why? Zero gets your words as the next message, naming the reverted lines (optional: Esc or empty sends nothing).';

export class HunkReview extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** A reviewed file changed in an editor or on disk: its hunks are measured again. */
  readonly onDidChange = this.changed.event;
  /** Reverted hunks not yet explained to Zero, per chat: the next words name them all. */
  private readonly unexplained = new Map<string, RejectedHunk[]>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deps: HunkReviewDeps,
    private readonly files: HunkFiles,
  ) {
    super();
    this.register({ dispose: () => clearTimeout(this.timer) });
  }

  /** A document was edited or saved (hunkLoader.ts forwards every one that may be a reviewed file). */
  noteEdit(uri: vscode.Uri): void {
    if (uri.scheme !== 'file' || !this.reviews(uri.fsPath)) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.remeasure(uri.fsPath), 300);
  }

  /** Called on every keystroke in any editor: the name is compared before any path is resolved. */
  private reviews(file: string): boolean {
    const name = path.basename(file);
    return this.deps.controller.focus.workingChat.turns.some((t) =>
      t.review?.some(
        (f) =>
          f.hunks && path.posix.basename(f.path) === name && sameFile(this.locate(t.id, f.path, true)?.target, file),
      ),
    );
  }

  /** The next measure after an edit (a revert arrow in the diff editor, typing, a save) records what it finds. */
  private async remeasure(file: string): Promise<void> {
    for (const t of this.deps.controller.focus.workingChat.turns)
      for (const f of t.review ?? [])
        if (
          f.hunks &&
          path.posix.basename(f.path) === path.basename(file) &&
          sameFile(this.locate(t.id, f.path, true)?.target, file)
        )
          await this.listing(t.id, f.path);
    this.changed.fire();
  }

  private locate(turnId: string, file: string, quiet = false): Located | null {
    const chat = this.deps.controller.focus.workingChatWhole;
    const turn = chat.turns.find((t) => t.id === turnId);
    const entry = turn?.review?.find((f) => sameChangedPath(f.path, file));
    const say = (m: string): null => (quiet ? null : (void vscode.window.showWarningMessage(m), null));
    if (!turn || !entry) return say(`${file} is not among the files of that turn in the open chat.`);
    if (turn.transport === 'acp')
      return say('Over ACP Zero keeps no checkpoints: hunk review needs the exec transport.');
    const root = this.files.rootOf(turn, this.deps.folder(), this.deps.roots);
    if (!root.ok) return say(`Cannot review ${entry.path} by hunk: ${root.reason}`);
    const target = resolveWithinWorkspace(root.root, entry.path);
    return target ? { chat, turn, entry, target } : say(`Cannot review ${entry.path}: it is not inside the workspace.`);
  }

  /** The file's text now: an open editor's (unsaved edits included), else the disk's; null when there is none. */
  private textNow(target: string): string | null {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && sameFile(d.uri.fsPath, target));
    if (doc) return doc.getText();
    try {
      return fs.readFileSync(target, 'utf8');
    } catch {
      return null;
    }
  }

  /** The file's hunks now against its content before the turn; records which of the turn's hunks were reverted. */
  async listing(turnId: string, file: string): Promise<HunkListing> {
    const found = this.locate(turnId, file, true);
    if (!found) return { ok: false, reason: 'Hunk review needs the exec transport and a workspace folder.' };
    const { chat, turn, entry, target } = found;
    const readOnly = this.deps.controller.focus.workingInTranscript;
    const before = await this.files.before(chat, turn, entry.path, readOnly, this.deps.log);
    if (before.kind !== 'content')
      return { ok: false, reason: before.kind === 'absent' ? 'A new file.' : before.reason };
    const now = this.textNow(target);
    const old = before.content.toString('utf8');
    if (now === null || looksBinary(old) || looksBinary(now)) return { ok: false, reason: 'No text to compare.' };
    const hunks = computeHunks(old, now);
    if (!hunks) return { ok: false, reason: 'Too much changed to list it by hunk.' };
    const recorded = entry.hunks ?? [];
    const then = turnHunksNow(recorded, hunks);
    const marks = entry.hunkMarks ?? {};
    // A reverted hunk is reviewed; one that came back (an undo) is pending again.
    const actions = [
      ...then.reverted.filter((k) => marks[k] !== 'reverted').map((k) => [k, 'reverted'] as const),
      ...then.present.filter((k) => marks[k] === 'reverted').map((k) => [k, null] as const),
    ];
    if (actions.length > 0 && !readOnly)
      this.deps.controller.chats.commit(
        chat.id,
        actions.map(([hunk, mark]) => ({ type: 'review_marked', turnId, path: entry.path, hunk, mark })),
      );
    const own = new Set(recorded.map((h) => h.key));
    const fresh = this.locate(turnId, file, true)?.entry.hunkMarks ?? {};
    return {
      ok: true,
      hunks: hunks.map((hunk) => ({
        turnId,
        path: entry.path,
        hunk,
        summary: hunkSummary(hunk),
        mark: fresh[hunk.key],
        own: own.has(hunk.key),
      })),
      reverted: recorded.filter((h) => then.reverted.includes(h.key)),
    };
  }

  mark(turnId: string, file: string, hunk: string | null, mark: HunkMark | null): void {
    const found = this.locate(turnId, file);
    if (!found || this.refuseReadOnly()) return;
    this.deps.controller.chats.commit(found.chat.id, [
      { type: 'review_marked', turnId, path: found.entry.path, hunk, mark },
    ]);
  }

  private refuseReadOnly(): boolean {
    if (!this.deps.controller.focus.workingInTranscript) return false;
    void vscode.window.showInformationMessage('This transcript is read-only: review files from the chat that ran it.');
    return true;
  }

  /** Exactly this hunk, in reverse, to the file now; refused when the file changed there since. */
  async revert(h: HunkNow): Promise<boolean> {
    const found = this.locate(h.turnId, h.path);
    if (!found || this.refuseReadOnly()) return false;
    const uri = vscode.Uri.file(found.target);
    let doc: vscode.TextDocument;
    try {
      doc = await vscode.workspace.openTextDocument(uri);
    } catch (err) {
      void vscode.window.showWarningMessage(`Cannot revert this hunk of ${h.path}: ${(err as Error).message}`);
      return false;
    }
    const plan = planHunkRevert(doc.getText(), h.hunk);
    if (!plan.ok) {
      void vscode.window.showWarningMessage(`Cannot revert this hunk of ${h.path}: ${plan.reason}`);
      return false;
    }
    const wasDirty = doc.isDirty;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(doc.positionAt(plan.start), doc.positionAt(plan.end)), plan.replacement);
    if (!(await vscode.workspace.applyEdit(edit))) {
      void vscode.window.showWarningMessage(`Could not revert this hunk of ${h.path}: the editor refused the edit.`);
      return false;
    }
    // Zero reads the disk: save, unless the buffer held the user's unsaved edits (those are theirs to save).
    if (!wasDirty) await doc.save();
    this.deps.controller.chats.commit(found.chat.id, [
      { type: 'review_marked', turnId: h.turnId, path: found.entry.path, hunk: h.hunk.key, mark: 'reverted' },
    ]);
    this.deps.log.info(`Reverted hunk ${h.hunk.key} of ${h.path} (turn ${h.turnId}) at line ${plan.line + 1}.`);
    if (wasDirty)
      void vscode.window.showInformationMessage(
        `Reverted the hunk in the editor of ${h.path}, which has unsaved changes: save it to write the file.`,
      );
    await this.askWhy(found.chat.id, h);
    return true;
  }

  private async askWhy(chatId: string, h: HunkNow): Promise<void> {
    const { newStart, newLines, oldStart, oldLines } = h.summary;
    const pending = [...(this.unexplained.get(chatId) ?? []), { path: h.path, newStart, newLines, oldStart, oldLines }];
    this.unexplained.set(chatId, pending);
    const words = await vscode.window.showInputBox({
      title: `Reverted ${pending.length === 1 ? `a hunk of ${h.path}` : `${pending.length} hunks`}: tell Zero why`,
      prompt: FEEDBACK_PROMPT,
      placeHolder: 'e.g. Keep the old error handling here.',
      ignoreFocusOut: true,
    });
    const message = rejectedHunksMessage(pending, words ?? '');
    if (!message) return;
    this.unexplained.delete(chatId);
    await this.deps.send(chatId, message);
  }
}
