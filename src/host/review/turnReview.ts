/**
 * Review of a turn's files (an ACP turn's can only be kept: Zero keeps no checkpoints over ACP):
 * when an exec turn ends, measure what it did to each file it changed
 * (lines added and removed against Zero's checkpoint, and a hash of what it left), then Keep
 * (dismiss from review) or Revert one file to its content before the turn, with a modal warning
 * when the file was edited after the turn. Zero has no per-file restore (only the whole-session
 * `sessions rewind`), so Revert writes the checkpoint's copy itself, confined to the workspace as
 * Zero's restore is.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { countLineChanges, looksBinary, splitLines } from '../../conversation/review/lineChanges';
import type { Chat, ReviewFile, ReviewHunk, Turn } from '../../conversation/model';
import { revertPlan, revertWarning, type BeforeState, type DiskState } from '../../conversation/review/revertPlan';
import { MEASURE_MAX_FILES, reviewAvailable } from '../../conversation/review/reviewList';
import { sameChangedPath, turnFileChanges } from '../../conversation/review/turnChanges';
import { nodeCrypto } from '../../zero/process/nodeOnDemand';
import { resolveWithinWorkspace } from '../../zero/process/workspacePath';
import { beforeTurn, beforeTurnFiles, type Before } from './checkpointBefore';
import type { ChatController } from '../../chats/chatController';
import { Disposable } from '../../lifecycle/disposable';
import { rootOfTurn } from './turnRoots';
import { loadHunks } from './hunkLoader';
import type { KnownRoots } from '../../zero/exec/turnRoot';

export const REVERT_CHOICE = 'Revert';

export interface TurnReviewDeps {
  readonly controller: ChatController;
  readonly folder: () => string | null;
  readonly log: vscode.LogOutputChannel;
  /** The folders a turn's files may be resolved in; default: the workspace folders (turnRoots.ts). */
  readonly roots?: () => KnownRoots;
}

const sha256 = (b: Uint8Array): string => nodeCrypto().createHash('sha256').update(b).digest('hex');

/**
 * Files over this are listed without line counts (reviewList TOO_LARGE_WORDS): they are read on the
 * host thread as the run ends, and reading and diffing a huge generated file whole would stall it.
 */
export const MEASURE_MAX_BYTES = 4 * 1024 * 1024;

/** What a turn left in a file it changed, read as the run ends. */
export type Left = Buffer | null | { readonly tooLarge: number };

/** The file's bytes now (null: none; a directory counts as none), or only its size when over `max`. */
export function readLeft(file: string, max = MEASURE_MAX_BYTES): Left {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return null;
    return stat.size > max ? { tooLarge: stat.size } : fs.readFileSync(file);
  } catch {
    return null;
  }
}

/** The file's bytes now, or null when there is none (a directory counts as none). */
function readNow(file: string): Buffer | null {
  try {
    return fs.statSync(file).isFile() ? fs.readFileSync(file) : null;
  } catch {
    return null;
  }
}

const sum = (hunks: readonly ReviewHunk[], key: 'added' | 'removed'): number => hunks.reduce((n, h) => n + h[key], 0);

/** What the turn did to one file, from its before-state and what it left. Null: nothing changed. */
export function measure(file: string, before: Before, left: Left, max = MEASURE_MAX_BYTES): ReviewFile | null {
  if (left !== null && !Buffer.isBuffer(left)) {
    // Not read: what it left is unknown (a revert asks first), and there are no counts.
    const change = before.kind === 'absent' ? 'created' : before.kind === 'content' ? 'modified' : 'unknown';
    return { path: file, change, added: null, removed: null, afterSha256: null, unmeasured: true, tooLarge: true };
  }
  const after = left;
  const afterSha256 = after ? sha256(after) : null;
  if (before.kind === 'content' && before.content.length > max) {
    if (after?.equals(before.content)) return null;
    return {
      path: file,
      change: after ? 'modified' : 'deleted',
      added: null,
      removed: null,
      tooLarge: true,
      afterSha256,
    };
  }
  const text = (b: Buffer): string => b.toString('utf8');
  if (before.kind === 'unavailable') return { path: file, change: 'unknown', added: null, removed: null, afterSha256 };
  if (before.kind === 'absent') {
    if (!after) return null;
    const binary = looksBinary(text(after));
    return {
      path: file,
      change: 'created',
      added: binary ? null : splitLines(text(after)).length,
      removed: binary ? null : 0,
      ...(binary ? { binary } : {}),
      afterSha256,
    };
  }
  if (!after) {
    const binary = looksBinary(text(before.content));
    return {
      path: file,
      change: 'deleted',
      added: binary ? null : 0,
      removed: binary ? null : splitLines(text(before.content)).length,
      ...(binary ? { binary } : {}),
      afterSha256,
    };
  }
  if (after.equals(before.content)) return null;
  if (looksBinary(text(before.content)) || looksBinary(text(after)))
    return { path: file, change: 'modified', added: null, removed: null, binary: true, afterSha256 };
  // The turn's own hunks, to tell later which were reverted (hunkReview.ts); none past the diff's
  // limits, and then the lines are counted on their own. Both count lines as git's numstat does.
  const hunks = loadHunks().turnHunks(text(before.content), text(after));
  const { added, removed } = hunks
    ? { added: sum(hunks, 'added'), removed: sum(hunks, 'removed') }
    : countLineChanges(text(before.content), text(after));
  return {
    path: file,
    change: 'modified',
    added,
    removed,
    afterSha256,
    ...(hunks ? { hunks } : {}),
  };
}

/**
 * What the turn did to these files, measured against Zero's checkpoints: the session's events are
 * read once and each needed blob once (beforeTurnFiles), however many files one checkpoint lists.
 */
export async function measureFiles(
  chat: Chat,
  turn: Turn,
  left: readonly { path: string; after: Left }[],
  log: vscode.LogOutputChannel,
): Promise<ReviewFile[]> {
  const befores = await beforeTurnFiles(
    chat,
    turn,
    left.map((l) => l.path),
    false,
    log,
  );
  const files: ReviewFile[] = [];
  left.forEach((l, i) => {
    const m = measure(l.path, befores[i]!, l.after);
    if (m) files.push(m);
  });
  return files;
}

/** A file past the turn's first MEASURE_MAX_FILES: listed, not read; what it left is unknown, so a revert asks first. */
export const notMeasured = (file: string): ReviewFile => ({
  path: file,
  change: 'unknown',
  added: null,
  removed: null,
  afterSha256: null,
  unmeasured: true,
  tooMany: true,
});

export class TurnReview extends Disposable {
  private readonly busy = new Set<string>();

  constructor(private readonly deps: TurnReviewDeps) {
    super();
    // The files are read as the run ends, before a queued message can start another run.
    this.register(deps.controller.runs.onDidEndRun((e) => void this.measureTurn(e.chatId, e.turnId)));
  }

  /** Null for a relative path when the run's folder is not a workspace folder: not read from there. */
  private fileOf(turn: Turn, rel: string): string | null {
    if (path.isAbsolute(rel)) return rel;
    const root = rootOfTurn(turn, this.deps.folder(), this.deps.roots);
    return root.ok ? path.join(root.root, rel) : null;
  }

  /** Measure a finished exec turn's files: the reads of what it left happen now, synchronously. */
  measureTurn(chatId: string, turnId: string): Promise<void> {
    const chat = this.deps.controller.chats.wholeChat(chatId);
    const turn = chat?.turns.find((t) => t.id === turnId);
    if (!chat || !turn || !reviewAvailable(chat) || turn.transport === 'acp' || turn.undone) return Promise.resolve();
    const changes = turnFileChanges(turn);
    if (changes.length === 0) return Promise.resolve();
    // A file that cannot be located in the workspace is not measured (no entry, rather than "deleted").
    // Only the first MEASURE_MAX_FILES are read; the rest are listed without counts, saying so.
    const measured = changes.slice(0, MEASURE_MAX_FILES);
    const left = measured.flatMap((c) => {
      const file = this.fileOf(turn, c.path);
      return file ? [{ path: c.path, after: readLeft(file) }] : [];
    });
    if (left.length < measured.length)
      this.deps.log.warn(
        `Turn ${turn.id}: ${measured.length - left.length} changed file(s) not measured: the run reported ${turn.run.cwd ?? 'no folder'}, not a workspace folder.`,
      );
    return this.finishMeasure(
      chat,
      turn,
      left,
      changes.slice(MEASURE_MAX_FILES).map((c) => c.path),
    );
  }

  private async finishMeasure(
    chat: Chat,
    turn: Turn,
    left: readonly { path: string; after: Left }[],
    beyond: readonly string[],
  ): Promise<void> {
    try {
      const files = await measureFiles(chat, turn, left, this.deps.log);
      files.push(...beyond.map(notMeasured));
      this.deps.controller.chats.commit(chat.id, [{ type: 'turn_review', turnId: turn.id, files }]);
    } catch (err) {
      this.deps.log.warn(`Measuring the files of turn ${turn.id}: ${(err as Error).message}`);
    }
  }

  private locate(turnId: string): { chat: Chat; turn: Turn } | null {
    const chat = this.deps.controller.focus.workingChatWhole;
    const turn = chat.turns.find((t) => t.id === turnId);
    if (!turn) {
      void vscode.window.showWarningMessage('That turn is no longer in the open chat.');
      return null;
    }
    if (this.deps.controller.viewState().readOnly) {
      void vscode.window.showInformationMessage(
        'This transcript is read-only: review files from the chat that ran it.',
      );
      return null;
    }
    return { chat, turn };
  }

  /** The turn's review entry for `file`; a turn from before review existed gets entries now. */
  private entry(chat: Chat, turn: Turn, file: string): ReviewFile | null {
    const known = turn.review?.find((f) => sameChangedPath(f.path, file));
    if (known || turn.review) return known ?? null;
    const change = turnFileChanges(turn).find((c) => sameChangedPath(c.path, file));
    if (!change) return null;
    // Unmeasured: what the turn left is unknown, so a revert will ask first.
    const files = turnFileChanges(turn).map((c): ReviewFile => ({
      path: c.path,
      change: 'unknown',
      added: null,
      removed: null,
      afterSha256: null,
      unmeasured: true,
    }));
    this.deps.controller.chats.commit(chat.id, [{ type: 'turn_review', turnId: turn.id, files }]);
    return files.find((f) => f.path === change.path) ?? null;
  }

  keep(turnId: string, file: string): void {
    const found = this.locate(turnId);
    if (!found) return;
    const entry = this.entry(found.chat, found.turn, file);
    if (!entry) {
      void vscode.window.showWarningMessage(`${file} is not among the files this turn changed.`);
      return;
    }
    this.deps.controller.chats.commit(found.chat.id, [
      { type: 'review_decided', turnId, path: entry.path, decision: 'kept' },
    ]);
  }

  async revert(turnId: string, file: string): Promise<void> {
    const key = `${turnId}\n${file}`;
    const found = this.locate(turnId);
    if (!found || this.busy.has(key)) return;
    const { chat, turn } = found;
    if (this.deps.controller.runs.isBusy(chat.id)) {
      void vscode.window.showWarningMessage(
        'Zero is still working in this chat. Stop the run or wait for it to finish, then revert.',
      );
      return;
    }
    if (turn.transport === 'acp') {
      void vscode.window.showInformationMessage(
        `Cannot revert ${file}: over ACP Zero keeps no checkpoints, so its state before this turn is unknown.`,
      );
      return;
    }
    const entry = this.entry(chat, turn, file);
    if (!entry) {
      void vscode.window.showWarningMessage(`${file} is not among the files this turn changed.`);
      return;
    }
    const root = rootOfTurn(turn, this.deps.folder(), this.deps.roots);
    if (!root.ok) {
      void vscode.window.showWarningMessage(`Cannot revert ${entry.path}: ${root.reason}`);
      return;
    }
    const target = resolveWithinWorkspace(root.root, entry.path);
    if (!target) {
      void vscode.window.showWarningMessage(`Cannot revert ${entry.path}: it is not inside the workspace Zero ran in.`);
      return;
    }
    this.busy.add(key);
    try {
      const before = await beforeTurn(chat, turn, entry.path, false, this.deps.log);
      const now = readNow(target);
      const disk: DiskState = now ? { exists: true, sha256: sha256(now) } : { exists: false };
      const state: BeforeState =
        before.kind === 'content'
          ? { kind: 'content', sha256: sha256(before.content), mode: before.mode }
          : before.kind === 'absent'
            ? { kind: 'absent' }
            : before;
      let plan = revertPlan(entry.path, state, disk, entry.unmeasured ? undefined : entry.afterSha256);
      // Unsaved edits in an open editor are later edits too.
      const dirty = vscode.workspace.textDocuments.some(
        (d) => d.isDirty && d.uri.scheme === 'file' && path.resolve(d.uri.fsPath) === path.resolve(target),
      );
      if (dirty && (plan.action === 'write' || plan.action === 'delete')) plan = { ...plan, editedSince: 'yes' };
      if (plan.action === 'impossible') {
        void vscode.window.showWarningMessage(`Cannot revert ${entry.path}: ${plan.reason}`);
        return;
      }
      if (plan.action === 'none') {
        this.deps.controller.chats.commit(chat.id, [
          { type: 'review_decided', turnId, path: entry.path, decision: 'reverted' },
        ]);
        void vscode.window.showInformationMessage(plan.reason);
        return;
      }
      const warning = revertWarning(entry.path, plan);
      if (warning) {
        const detail = dirty ? `${warning} The editor's unsaved changes to it are lost too.` : warning;
        const answer = await vscode.window.showWarningMessage(
          `Revert ${entry.path}?`,
          { modal: true, detail },
          REVERT_CHOICE,
        );
        if (answer !== REVERT_CHOICE) return;
        if (this.deps.controller.runs.isBusy(chat.id)) return;
      }
      const uri = vscode.Uri.file(target);
      if (plan.action === 'delete') {
        await vscode.workspace.fs.delete(uri, { useTrash: false });
      } else if (before.kind === 'content') {
        await vscode.workspace.fs.writeFile(uri, before.content);
        // Zero's restore puts the prior permission bits back (an executable stays executable).
        if (plan.mode) fs.chmodSync(target, plan.mode);
      }
      if (dirty) await revertOpenDocument(uri);
      this.deps.controller.chats.commit(chat.id, [
        { type: 'review_decided', turnId, path: entry.path, decision: 'reverted' },
      ]);
      this.deps.log.info(
        `Reverted ${entry.path} to its state before turn ${turnId} (${plan.action === 'delete' ? 'deleted: the turn created it' : `checkpoint of session ${turn.run.sessionId ?? chat.sessionId}`}).`,
      );
    } catch (err) {
      this.deps.log.error(`Reverting ${entry.path}: ${(err as Error).message}`);
      void vscode.window.showErrorMessage(`Could not revert ${entry.path}: ${(err as Error).message}`);
    } finally {
      this.busy.delete(key);
    }
  }
}

/** Drop an open editor's unsaved changes so it shows the reverted file (the user agreed in the modal). */
async function revertOpenDocument(uri: vscode.Uri): Promise<void> {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (!doc?.isDirty) return;
  await vscode.window.showTextDocument(doc, { preview: false, preserveFocus: false });
  await vscode.commands.executeCommand('workbench.action.files.revert');
}
