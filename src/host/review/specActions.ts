/**
 * A spec turn's card (conversation/specReview.ts): Approve and Reject run `zero spec approve|reject --json`
 * (zero/config/specCli.ts); Open Spec shows the spec read-only, and only a file inside the turn's folder's
 * `.zero/specs/` (the path is Zero's word, and Zero's own check is the same); Start Implementation sends
 * the implementation prompt Zero stored in its spec-impl session as the chat's next message, because Zero
 * 0.8.0 will not resume that session (docs/zero-exec.md §25).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Chat, Turn } from '../../conversation/model';
import type { ChatController } from '../../chats/chatController';
import { findZero } from '../../zero';
import { sessionsRoot } from '../../zero/sessions/checkpoints';
import { decideSpec, readImplementationPrompt, specFileInside } from '../../zero/config/specCli';
import { turnRoot, type KnownRoots } from '../../zero/exec/turnRoot';
import { readSettings } from '../workspace/settings';
import { runEnv } from './checkpointBefore';
import { hostRoots, rootOfTurn } from './turnRoots';

/** Specs open on this scheme: a document no editor can save. */
export const SPEC_SCHEME = 'zero-spec';
const SPEC_DIR = `${path.sep}.zero${path.sep}specs${path.sep}`;

export type SpecAction = 'approve' | 'reject' | 'open' | 'implement';

export interface SpecActionDeps {
  readonly controller: ChatController;
  readonly folder: () => string | null;
  readonly trusted: () => boolean;
  /** Sends a message into the chat as its composer would (false: the user called it off). */
  readonly send: (chatId: string, text: string) => Promise<boolean>;
  readonly log: vscode.LogOutputChannel;
  readonly register: (d: vscode.Disposable) => void;
  /** The folders a spec may live in; default: the workspace folders and Zero's worktrees (turnRoots.ts). */
  readonly roots?: () => KnownRoots;
}

export function specActions(deps: SpecActionDeps): (turnId: string, action: SpecAction, note: string) => Promise<void> {
  const roots = (): KnownRoots => deps.roots?.() ?? hostRoots(deps.folder());
  deps.register(vscode.workspace.registerTextDocumentContentProvider(SPEC_SCHEME, new SpecContent(roots)));
  const busy = new Set<string>();
  return async (turnId, action, note) => {
    const chat = deps.controller.focus.workingChatWhole;
    const turn = chat.turns.find((t) => t.id === turnId);
    if (!turn?.spec) {
      void vscode.window.showWarningMessage('That spec is no longer in the open chat.');
      return;
    }
    if (busy.has(turnId)) return;
    busy.add(turnId);
    // Every way out of a review changes the turn's spec, so the card stops waiting.
    const problem = (text: string): void =>
      deps.controller.chats.commit(chat.id, [{ type: 'spec_reviewed', turnId, problem: text }]);
    try {
      await act(deps, roots, chat, turn, action, note, problem);
    } catch (err) {
      deps.log.error(`Spec ${action} for turn ${turnId} failed: ${(err as Error).message}`);
      problem(`Spec ${action} failed: ${(err as Error).message}`);
    } finally {
      busy.delete(turnId);
    }
  };
}

async function act(
  deps: SpecActionDeps,
  roots: () => KnownRoots,
  chat: Chat,
  turn: Turn,
  action: SpecAction,
  note: string,
  problem: (text: string) => void,
): Promise<void> {
  const spec = turn.spec!;
  const root = rootOfTurn(turn, deps.folder(), roots);
  if (action === 'open') {
    const file = root.ok ? specFileInside(root.root, spec.filePath) : null;
    if (!file) {
      void vscode.window.showWarningMessage(
        `Not opening ${spec.filePath || spec.specId}: it is not a file in the workspace's .zero/specs folder${root.ok ? '' : ` (${root.reason})`}.`,
      );
      return;
    }
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: SPEC_SCHEME, path: file }));
    await vscode.window.showTextDocument(doc, { preview: true });
    return;
  }
  // A transcript is not saved back (its card shows no review buttons: readOnly.css).
  if (deps.controller.focus.workingInTranscript) {
    void vscode.window.showInformationMessage('This transcript is read-only: review the spec in the chat that ran it.');
    return;
  }
  if (action === 'implement') return implement(deps, chat, turn, problem);
  if (!deps.trusted()) return problem('Trust this workspace first: Approve and Reject run zero spec.');
  const found = findZero({ configuredPath: readSettings().path });
  if (!found.ok) return problem(found.reason);
  const result = await decideSpec(found.path, spec, action, note, readSettings().env, root.ok ? root.root : undefined);
  if (!result.ok) {
    deps.log.warn(`zero spec ${action} ${spec.specId}: ${result.problem}`);
    return problem(result.problem);
  }
  deps.log.info(`zero spec ${action} ${spec.specId}: ${result.outcome.message}`);
  deps.controller.chats.commit(chat.id, [{ type: 'spec_reviewed', turnId: turn.id, outcome: result.outcome }]);
}

/** Zero's implementation prompt, sent as the chat's next message (queued behind a running turn). */
async function implement(deps: SpecActionDeps, chat: Chat, turn: Turn, problem: (t: string) => void): Promise<void> {
  const spec = turn.spec!;
  const implId = spec.outcome?.status === 'approved' ? spec.outcome.implementationSessionId : undefined;
  if (!implId) return problem('Approve the spec first: Zero makes the implementation when it is approved.');
  if (spec.implementationSentAt !== undefined) return;
  const prompt = await readImplementationPrompt(sessionsRoot(runEnv()), implId);
  if (!prompt) return problem(`Zero's implementation session ${implId} holds no implementation prompt.`);
  if (!(await deps.send(chat.id, prompt)))
    return problem(
      'Not sent: the mode the composer shows was not confirmed. Pick another mode, then Start Implementation.',
    );
  deps.controller.chats.commit(chat.id, [{ type: 'spec_reviewed', turnId: turn.id, implementationSentAt: Date.now() }]);
}

/** `zero-spec:/<real path>`: the file's text, again only inside a known folder's `.zero/specs/` (a restored tab too). */
class SpecContent implements vscode.TextDocumentContentProvider {
  constructor(private readonly roots: () => KnownRoots) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    const file = uri.fsPath;
    const at = file.lastIndexOf(SPEC_DIR);
    const folder = at > 0 ? file.slice(0, at) : null;
    const root = folder ? turnRoot(folder, null, this.roots()) : null;
    const real = root?.ok ? specFileInside(root.root, file) : null;
    if (!real) return `Not shown: ${file} is not a spec file in the workspace's .zero/specs folder.`;
    return fs.readFileSync(real, 'utf8');
  }
}
