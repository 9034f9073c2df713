/**
 * Isolated chats in the editor: the header's toggle and "Zero: New Chat in Worktree", Merge back
 * (after a modal listing every file it would write: mergeConfirmation.ts) and Discard (after a
 * modal). The git work is in src/worktrees/.
 */
import * as vscode from 'vscode';
import type { ChatController } from '../../chats/chatController';
import { chatTransport, type Chat, type ChatWorktree, type TransportKind } from '../../conversation/model';
import { ACP_NO_WORKTREE, RESTRICTED_NO_WORKTREE, worktreeBase } from '../../conversation/worktreeActions';
import { discardWorktree } from '../../worktrees/discardWorktree';
import { applyMerge, mergeSummary, planMerge } from '../../worktrees/mergeBack';
import { mergeConfirmation } from '../../worktrees/mergeConfirmation';
import { worktreeExists, worktreeSource } from '../../worktrees/worktreeCreate';
import { useHostGit } from './hostGit';

export const MERGE_CHOICE = 'Merge Back';
export const DISCARD_CHOICE = 'Discard';

export interface WorktreeServiceDeps {
  readonly controller: ChatController;
  readonly folder: () => string | null;
  readonly trusted: () => boolean;
  readonly defaultTransport: () => TransportKind;
  readonly log: vscode.LogOutputChannel;
  /** Show the sidebar's chat (after New Chat in Worktree). */
  readonly reveal: () => Promise<void>;
}

export class WorktreeService {
  constructor(private readonly deps: WorktreeServiceDeps) {
    useHostGit();
  }

  /** Why `chat` cannot be made isolated now, or null. */
  whyNot(chat: Chat): string | null {
    if (chat.turns.length > 0) return 'Only a new chat, before its first message, can run in a worktree of its own.';
    if (chatTransport(chat, this.deps.defaultTransport()) === 'acp') return ACP_NO_WORKTREE;
    if (!this.deps.trusted()) return RESTRICTED_NO_WORKTREE;
    if (!this.deps.folder()) return 'Open a folder first: an isolated chat makes its worktree from it.';
    return null;
  }

  /** The header's toggle. Turning it on checks that the folder is in a repository with a commit. */
  async setIsolated(chatId: string, on: boolean): Promise<boolean> {
    const { controller } = this.deps;
    const chat = controller.chats.wholeChat(chatId);
    if (!chat || controller.runs.isBusy(chatId)) return false;
    if (on) {
      const why = this.whyNot(chat) ?? (await this.repositoryProblem());
      if (why) {
        void vscode.window.showWarningMessage(why);
        return false;
      }
    }
    controller.chats.commit(chatId, [{ type: 'worktree_set', on }]);
    return true;
  }

  /** Zero: New Chat in Worktree: a new sidebar chat, on exec, isolated. */
  async newChatInWorktree(): Promise<void> {
    const { controller } = this.deps;
    const why = await this.repositoryProblem();
    if (why) {
      void vscode.window.showWarningMessage(why);
      return;
    }
    controller.focus.newChat();
    const id = controller.focus.sidebarChatId;
    controller.focus.workIn(null);
    if (chatTransport(controller.chats.wholeChat(id)!, this.deps.defaultTransport()) === 'acp')
      controller.runs.setTransport(id, 'exec');
    await this.setIsolated(id, true);
    await this.deps.reveal();
  }

  /** The chat's worktree if Merge back or Discard may act on it now, else null (said to the user). */
  private actionable(chatId: string, what: string): { chat: Chat; wt: ChatWorktree } | null {
    const chat = this.deps.controller.chats.wholeChat(chatId);
    const wt = chat?.worktree;
    const why = !wt
      ? 'This chat has no worktree.'
      : wt.discardedAt !== undefined
        ? "This chat's worktree was discarded."
        : !this.deps.trusted()
          ? `Restricted Mode: ${what} runs git in the repository; trust this workspace first.`
          : this.deps.controller.runs.isBusy(chatId)
            ? `Zero is working in this chat's worktree: ${what} once the run has ended.`
            : null;
    if (why || !chat || !wt) {
      void vscode.window.showWarningMessage(why ?? 'This chat has no worktree.');
      return null;
    }
    return { chat, wt };
  }

  async mergeBack(chatId: string): Promise<void> {
    const found = this.actionable(chatId, 'Merge back');
    if (!found) return;
    const { wt } = found;
    if (!worktreeExists(wt)) {
      void vscode.window.showWarningMessage(`The worktree ${wt.path} is gone: there is nothing to merge back.`);
      return;
    }
    const unsaved = new Set(
      vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.scheme === 'file').map((d) => d.uri.fsPath),
    );
    const plan = await planMerge(wt, (file) => unsaved.has(file));
    if (plan.items.every((i) => i.same || i.refused || i.renamedTo)) {
      const none = mergeSummary(await applyMerge(wt, plan), wt.repoRoot);
      void vscode.window.showInformationMessage(none);
      return;
    }
    // Every Merge back is confirmed, its files listed: what it writes can run (a workflow, a task, an .envrc).
    const ask = mergeConfirmation(plan.items, wt);
    const pick = await vscode.window.showWarningMessage(ask.message, { modal: true, detail: ask.detail }, MERGE_CHOICE);
    if (pick !== MERGE_CHOICE) return;
    const report = await applyMerge(wt, plan);
    const summary = mergeSummary(report, wt.repoRoot);
    this.deps.log.info(summary);
    this.deps.controller.chats.commit(chatId, [{ type: 'worktree_merged', at: Date.now(), summary }]);
    const trouble = report.conflicted.length + report.kept.length + report.refused.length > 0;
    void (trouble ? vscode.window.showWarningMessage(summary) : vscode.window.showInformationMessage(summary));
  }

  async discard(chatId: string): Promise<void> {
    const found = this.actionable(chatId, 'Discard');
    if (!found) return;
    const { wt } = found;
    const pick = await vscode.window.showWarningMessage(
      "Discard this chat's worktree and its branch?",
      {
        modal: true,
        detail: `${wt.path}\nBranch ${wt.branch} (from ${worktreeBase(wt)})\n\nEverything Zero changed there that you did not merge back is lost, and the chat takes no more messages.`,
      },
      DISCARD_CHOICE,
    );
    if (pick !== DISCARD_CHOICE) return;
    const done = await discardWorktree(wt);
    if (!done.ok) {
      void vscode.window.showWarningMessage(`Discard: ${done.why}`);
      return;
    }
    this.deps.log.info(`Discarded ${done.value.removed.join(' and ')}`);
    this.deps.controller.chats.commit(chatId, [{ type: 'worktree_discarded', at: Date.now() }]);
    void vscode.window.showInformationMessage(`Discarded ${done.value.removed.join(' and ') || wt.path}.`);
  }

  private async repositoryProblem(): Promise<string | null> {
    // Trust before anything: checking the repository runs git.
    if (!this.deps.trusted()) return RESTRICTED_NO_WORKTREE;
    const folder = this.deps.folder();
    if (!folder) return 'Open a folder first: an isolated chat makes its worktree from it.';
    const source = await worktreeSource(folder);
    return source.ok ? null : source.why;
  }
}
