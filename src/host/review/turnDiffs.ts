/**
 * From Zero back to the editor: diff a file a turn changed against its state before the turn
 * (Zero's checkpoint blobs, shown read-only on the `zero-before:` scheme), and undo a turn with
 * Zero's own rewind after a modal confirmation.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Chat, Turn } from '../../conversation/model';
import {
  firstCheckpointSequence,
  recordedDuringTurn,
  sameChangedPath,
  turnCheckpoints,
  turnFileChanges,
} from '../../conversation/review/turnChanges';
import { findZero } from '../../zero';
import {
  checkpointsFrom,
  readCheckpoint,
  readSessionCwd,
  sessionsRoot,
  type Checkpoint,
} from '../../zero/sessions/checkpoints';
import { turnRoot, type KnownRoots } from '../../zero/exec/turnRoot';
import { hostRoots, rootOfTurn } from './turnRoots';
import { beforeTurn, runEnv, turnSessionId } from './checkpointBefore';
import { rewindSession } from '../../zero/sessions/rewind';
import type { ChatController } from '../../chats/chatController';
import { readSettings } from '../workspace/settings';
import { openFile } from '../views/viewActions';
import { BEFORE_SCHEME } from './beforeScheme';

export { BEFORE_SCHEME };
export const UNDO_CHOICE = 'Undo Changes';

export interface TurnChangeDeps {
  readonly controller: ChatController;
  readonly folder: () => string | null;
  readonly log: vscode.LogOutputChannel;
  /** Owner of the content provider of the turns' "before" files. */
  readonly register: (d: vscode.Disposable) => void;
  /** The folders a turn's files may be resolved in; default: the workspace folders (turnRoots.ts). */
  readonly roots?: () => KnownRoots;
}

export interface TurnChangeActions {
  /** `line`: 0-based, of the file now, where the diff opens (a hunk's). */
  readonly openDiff: (turnId: string, path: string, line?: number) => Promise<void>;
  readonly undoTurn: (turnId: string) => Promise<void>;
}

/** Also run as the (unlisted) commands `zero.openTurnDiff(turnId, path)` and `zero.undoTurn(turnId)` (reviewCommands.ts). */
export function turnChangeActions(deps: TurnChangeDeps): TurnChangeActions {
  const actions = turnChangeCommands(deps);
  deps.register(vscode.workspace.registerTextDocumentContentProvider(BEFORE_SCHEME, new BeforeContent()));
  return actions;
}

/** Diff and Undo of a turn, without the provider of the "before" files (reviewLoader.ts registers its own). */
export function turnChangeCommands(deps: TurnChangeDeps): TurnChangeActions {
  const changes = new TurnChanges(deps);
  return {
    openDiff: (t, p, line) => changes.openDiff(t, p, line),
    undoTurn: (t) => changes.undoTurn(t),
  };
}

/** `zero-before:/<path>?session=…&seq=…&file=…` (or `&empty=1`): stateless, so a restored tab still works. */
function beforeUri(file: string, query: Record<string, string>): vscode.Uri {
  const p = file.replace(/\\/g, '/');
  return vscode.Uri.from({
    scheme: BEFORE_SCHEME,
    path: p.startsWith('/') ? p : `/${p}`,
    query: new URLSearchParams(query).toString(),
  });
}

export class BeforeContent implements vscode.TextDocumentContentProvider {
  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const q = new URLSearchParams(uri.query);
    if (q.get('empty') === '1') return '';
    const checkpoint = await readCheckpoint(sessionsRoot(runEnv()), q.get('session') ?? '', Number(q.get('seq')));
    const entry = checkpoint?.files.find((f) => sameChangedPath(f.path, q.get('file') ?? ''));
    return entry?.content ? new TextDecoder('utf-8').decode(entry.content) : '';
  }
}

interface Located {
  readonly chat: Chat;
  readonly turn: Turn;
  /** A transcript opened read-only: its turns are not this window's runs. */
  readonly readOnly: boolean;
  readonly sessionId: string | null;
}

type Before = { readonly uri: vscode.Uri; readonly isNew: boolean } | { readonly reason: string };

class TurnChanges {
  private readonly undoing = new Set<string>();

  constructor(private readonly deps: TurnChangeDeps) {}

  private locate(turnId: string): Located | null {
    const { controller } = this.deps;
    const chat = controller.focus.workingChatWhole;
    const turn = chat.turns.find((t) => t.id === turnId);
    if (!turn) {
      void vscode.window.showWarningMessage('That turn is no longer in the open chat.');
      return null;
    }
    return { chat, turn, readOnly: controller.focus.workingInTranscript, sessionId: turnSessionId(chat, turn) };
  }

  async openDiff(turnId: string, requested: string, line?: number): Promise<void> {
    const found = this.locate(turnId);
    if (!found) return;
    const root = rootOfTurn(found.turn, this.deps.folder(), this.deps.roots);
    const folder = root.ok ? root.root : null;
    const rel =
      folder && path.isAbsolute(requested) && isInside(folder, requested)
        ? path.relative(folder, requested)
        : requested;
    // The path comes from the webview: only files this turn lists are opened.
    const change = turnFileChanges(found.turn).find(
      (c) => sameChangedPath(c.path, rel) || sameChangedPath(c.path, requested),
    );
    if (!change) {
      void vscode.window.showWarningMessage(`${requested} is not among the files this turn changed.`);
      return;
    }
    const file = path.isAbsolute(change.path) ? change.path : folder ? path.join(folder, change.path) : null;
    if (!file) {
      void vscode.window.showWarningMessage(
        root.ok
          ? 'Open a folder first: the changed files are relative to it.'
          : `Cannot show the changes of ${change.path}: ${root.reason}`,
      );
      return;
    }
    const before = await this.before(found, change.path);
    const exists = fs.existsSync(file);
    if ('reason' in before) {
      if (exists) await openFile(folder, file);
      void vscode.window.showInformationMessage(before.reason);
      return;
    }
    const now = exists ? vscode.Uri.file(file) : beforeUri(change.path, { empty: '1', deleted: '1' });
    const note = before.isNew ? ' (new file)' : exists ? '' : ' (deleted since)';
    await vscode.commands.executeCommand('vscode.diff', before.uri, now, `${change.path} (before turn ↔ now)${note}`, {
      preview: true,
      ...(line !== undefined ? { selection: new vscode.Range(line, 0, line, 0) } : {}),
    });
  }

  /** The file's content before the turn, as a `zero-before:` document. */
  private async before(found: Located, file: string): Promise<Before> {
    const b = await beforeTurn(found.chat, found.turn, file, found.readOnly, this.deps.log);
    if (b.kind === 'unavailable') return { reason: `${b.reason} Showing the file as it is now.` };
    if (b.kind === 'absent') return { uri: beforeUri(file, { empty: '1' }), isNew: true };
    // `turn`: Keep / Revert Hunk at the cursor find the turn from the diff editor's before-side.
    return {
      uri: beforeUri(file, { session: b.session, seq: String(b.sequence), file: b.path, turn: found.turn.id }),
      isNew: false,
    };
  }

  async undoTurn(turnId: string): Promise<void> {
    const found = this.locate(turnId);
    if (!found || this.undoing.has(turnId)) return;
    const { chat, turn, sessionId } = found;
    if (found.readOnly) {
      void vscode.window.showInformationMessage('This transcript is read-only: undo a turn from the chat that ran it.');
      return;
    }
    if (this.refuseWhileRunning(chat)) return;
    const first = firstCheckpointSequence(turn);
    if (first === null) {
      void vscode.window.showInformationMessage(
        'Zero saved no checkpoint in this turn, so its rewind cannot undo it. (Zero saves one before write_file, edit_file and apply_patch inside the workspace, unless ZERO_CHECKPOINTS=off.)',
      );
      return;
    }
    if (!sessionId) {
      void vscode.window.showWarningMessage('This turn has no Zero session to rewind.');
      return;
    }
    let plan: Checkpoint[];
    try {
      plan = await checkpointsFrom(sessionsRoot(runEnv()), sessionId, first);
    } catch (err) {
      void vscode.window.showErrorMessage(`Could not read Zero's session ${sessionId}: ${(err as Error).message}`);
      return;
    }
    // Zero's rewind restores into the session's recorded folder, which must be one of this workspace's.
    const where = await readSessionCwd(sessionsRoot(runEnv()), sessionId);
    const root = turnRoot(
      where ?? turn.run.cwd,
      this.deps.folder(),
      this.deps.roots?.() ?? hostRoots(this.deps.folder()),
    );
    if (!root.ok) {
      void vscode.window.showWarningMessage(`Cannot undo this turn: ${root.reason}`);
      return;
    }
    if (plan[0]?.sequence !== first || !recordedDuringTurn(plan[0].createdAt, turn, Date.now())) {
      void vscode.window.showInformationMessage(
        "Nothing to undo: Zero's session no longer has this turn's checkpoints (was it undone already?).",
      );
      return;
    }
    const answer = await vscode.window.showWarningMessage(
      'Undo the file changes Zero made in this turn?',
      { modal: true, detail: undoDetail(chat, turn, plan) },
      UNDO_CHOICE,
    );
    if (answer !== UNDO_CHOICE || this.refuseWhileRunning(chat)) return;
    const found2 = findZero({ configuredPath: readSettings().path });
    if (!found2.ok) {
      void vscode.window.showErrorMessage(`Cannot undo: ${found2.reason}`);
      return;
    }
    this.undoing.add(turnId);
    try {
      // --exclude-target: Zero keeps the events before this checkpoint and restores it and every later one.
      const report = await rewindSession(found2.path, sessionId, first, readSettings().env, { excludeTarget: true });
      this.deps.log.info(
        `Rewound ${sessionId} to sequence ${report.targetSequence}: ${report.filesRestored} restored, ${report.filesDeleted} deleted, ${report.skipped.length} skipped.`,
      );
      const summary = `Undid the turn${turn.prompt.trim() ? ` "${short(turn.prompt)}"` : ''}: ${count(report.filesRestored, 'file')} restored, ${report.filesDeleted} deleted.`;
      this.deps.controller.chats.commit(chat.id, [{ type: 'turn_undone', turnId, summary, at: Date.now() }]);
      if (report.skipped.length > 0)
        void vscode.window.showWarningMessage(`${summary} Zero could not restore ${report.skipped.join(', ')}.`);
      else void vscode.window.showInformationMessage(summary);
    } catch (err) {
      this.deps.log.error(`Undo of turn ${turnId} failed: ${(err as Error).message}`);
      void vscode.window.showErrorMessage(`Could not undo the turn: ${(err as Error).message}`);
    } finally {
      this.undoing.delete(turnId);
    }
  }

  private refuseWhileRunning(chat: Chat): boolean {
    if (!this.deps.controller.runs.isBusy(chat.id)) return false;
    void vscode.window.showWarningMessage(
      'Zero is still working in this chat. Stop the run or wait for it to finish, then undo.',
    );
    return true;
  }
}

/** What the rewind will do, for the modal: the files, later turns it takes along, what it cannot undo. */
function undoDetail(chat: Chat, turn: Turn, plan: readonly Checkpoint[]): string {
  const files = new Map<string, string>();
  for (const c of plan) {
    for (const f of c.files) {
      if (files.has(f.path)) continue; // the checkpoint closest to the target wins, as in Zero
      files.set(
        f.path,
        f.absent ? `${f.path} (new: deleted)` : f.skipped ? `${f.path} (no saved copy: left as it is)` : f.path,
      );
    }
  }
  const lines = [...files.values()];
  const shown = lines.length > 15 ? [...lines.slice(0, 14), `…and ${lines.length - 14} more`] : lines;
  const out = [
    `Zero restores ${lines.length === 1 ? 'this file' : `these ${lines.length} files`} to their state before the turn:`,
    ...shown.map((l) => `  ${l}`),
  ];

  const own = new Set(turnCheckpoints(turn).map((c) => c.sequence));
  const later = chat.turns
    .slice(chat.turns.indexOf(turn) + 1)
    .filter((t) => turnCheckpoints(t).some((c) => plan.some((p) => p.sequence === c.sequence)));
  if (plan.some((c) => !own.has(c.sequence))) {
    out.push(
      '',
      later.length > 0
        ? `Zero rewinds the whole session to this point, so the changes of ${count(later.length, 'later turn')} are undone too.`
        : 'Zero rewinds the whole session to this point, so later changes in this session are undone too.',
    );
  }
  const unchecked = turnFileChanges(turn).filter(
    (c) => c.checkpoint === null && ![...files.keys()].some((f) => sameChangedPath(f, c.path)),
  );
  if (unchecked.length > 0)
    out.push(
      '',
      `Not undone (changed without a checkpoint, e.g. by a shell command): ${unchecked.map((c) => c.path).join(', ')}`,
    );
  const dirty = vscode.workspace.textDocuments.filter(
    (d) =>
      d.isDirty &&
      d.uri.scheme === 'file' &&
      [...files.keys()].some((f) => d.uri.fsPath.replace(/\\/g, '/').endsWith(`/${f.replace(/\\/g, '/')}`)),
  );
  if (dirty.length > 0)
    out.push(
      '',
      `Unsaved editor changes to ${dirty.map((d) => path.basename(d.uri.fsPath)).join(', ')} will conflict with the restored files.`,
    );
  out.push(
    '',
    "Edits made to these files since then are overwritten, and Zero's session forgets everything from this point on.",
  );
  return out.join('\n');
}

function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

function short(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 40 ? `${one.slice(0, 39)}…` : one;
}
