/**
 * Turns `permission_request` events into modal questions, one at a time, records each answer on
 * its card, and when the run has ended applies the approvals in ONE follow-up run on the same
 * session with the narrowest elevation Zero offers (docs/zero-exec.md §15).
 */
import * as vscode from 'vscode';
import { folderChoices, type FolderRules } from '../../approvals/grantFolder';
import {
  classify,
  elevationFor,
  retryPrompt,
  type Approved,
  type Choice,
  type Classified,
} from '../../approvals/policy';
import type { ApprovalState, PermissionItem, ToolItem } from '../../conversation/model';
import { currentTurn } from '../../conversation/reducer';
import { allowGrant, tempGrantsFile } from '../../zero';
import type { ChatController, PermissionRequest, RunEnded } from '../../chats/chatController';
import { Disposable } from '../../lifecycle/disposable';
import type { AppliedAlways, ApprovalRules } from '../../chats/approvalRules';

export interface ApprovalUi {
  ask(item: PermissionItem, cls: Classified, args: unknown): Promise<Choice>;
  confirmUnsafe(item: PermissionItem, args: unknown): Promise<boolean>;
  /** "Always allow" outside the workspace: which of these folders (narrowest first) to save; undefined = cancel. */
  pickFolder(file: string, choices: readonly string[]): Promise<string | undefined>;
}

export interface ApprovalDeps {
  readonly controller: ChatController;
  readonly ui: ApprovalUi;
  readonly binary: () => string | null;
  readonly env: () => Readonly<Record<string, string>>;
  /** Remember a folder in the user's `zero.addDirs`. */
  readonly rememberDir: (dir: string) => Promise<void>;
  /** Which folders an outside-workspace approval may open up (home, roots and relative paths never). */
  readonly folderRules: FolderRules;
  readonly log: vscode.LogOutputChannel;
  /** Puts on each "Always allow" card the rule Zero then lists (chats/approvalRules.ts). */
  readonly rules?: ApprovalRules;
}

interface Ask {
  readonly chatId: string;
  readonly turnId: string;
  readonly key: string;
}

interface TurnApprovals {
  readonly approved: Approved[];
  readonly pending: Set<string>;
  ended: boolean;
}

const STATE: Record<Choice, ApprovalState> = {
  'allow-once': 'allowed-once',
  'always-allow': 'always-allowed',
  deny: 'denied',
};

export class ApprovalService extends Disposable {
  private readonly queue: Ask[] = [];
  private asking = false;
  private followUps = 0;
  private readonly turns = new Map<string, TurnApprovals>();
  /** Tools the user denied since their last own message, per chat: a retry does not ask about them again. */
  private readonly denied = new Map<string, Set<string>>();
  private readonly waiting = this.register(new vscode.EventEmitter<void>());
  /** Fires when a dialog opens or the last one closes (the status bar shows "approval needed"). */
  readonly onDidChangeWaiting = this.waiting.event;

  constructor(private readonly d: ApprovalDeps) {
    super();
    this.register(d.controller.runs.onPermissionRequest((r) => this.onRequest(r)));
    this.register(d.controller.runs.onDidStartTurn((t) => t.origin === 'prompt' && this.denied.delete(t.chatId)));
    this.register(d.controller.runs.onDidEndRun((e) => this.onRunEnded(e)));
  }

  /** "Review…" on a card: ask again if it still waits for a decision. */
  review(turnId: string, key: string): void {
    const chatId = this.d.controller.focus.workingChat.id;
    const item = this.find(chatId, turnId, key);
    if (item?.approval !== 'pending') return;
    this.enqueue({ chatId, turnId, key });
  }

  get busy(): boolean {
    return this.asking || this.queue.length > 0;
  }

  /** Approvals being applied (grants written, the follow-up run not yet started). */
  get applying(): boolean {
    return this.followUps > 0;
  }

  private onRequest(r: PermissionRequest): void {
    // Blocking requests (ACP) wait for Zero's own options; this service applies exec's after the fact.
    if (r.blocking) return;
    const turn = this.d.controller.chats.wholeChat(r.chatId)?.turns.find((t) => t.id === r.turnId);
    if (turn?.origin === 'retry' && this.denied.get(r.chatId)?.has(r.item.name)) {
      // The agent asked again for what the user just denied: record the same answer, no second dialog.
      this.d.controller.chats.commit(r.chatId, [
        { type: 'approval_decided', turnId: r.turnId, key: r.key, approval: 'denied' },
      ]);
      return;
    }
    this.enqueue({ chatId: r.chatId, turnId: r.turnId, key: r.key });
  }

  private enqueue(ask: Ask): void {
    if (this.queue.some((q) => q.key === ask.key && q.turnId === ask.turnId)) return;
    this.entry(ask.chatId, ask.turnId).pending.add(ask.key);
    this.queue.push(ask);
    void this.pump();
  }

  /** Never two modals at once: requests are asked one after another. */
  private async pump(): Promise<void> {
    if (this.asking) return;
    this.asking = true;
    this.waiting.fire();
    try {
      for (let ask = this.queue.shift(); ask; ask = this.queue.shift()) await this.askOne(ask);
    } finally {
      this.asking = false;
      this.waiting.fire();
    }
  }

  private async askOne(ask: Ask): Promise<void> {
    const entry = this.entry(ask.chatId, ask.turnId);
    const item = this.find(ask.chatId, ask.turnId, ask.key);
    if (!item || item.approval !== 'pending') {
      entry.pending.delete(ask.key);
      return;
    }
    const cls = classify(item, this.d.folderRules);
    const args = this.argsFor(ask.chatId, ask.turnId, item);
    let choice: Choice = 'deny';
    try {
      choice = await this.d.ui.ask(item, cls, args);
    } catch (err) {
      this.d.log.error(`Approval dialog failed: ${String(err)}`);
    }
    let folder: string | undefined;
    if (choice === 'always-allow' && cls.cls === 'outside-workspace' && item.block?.path) {
      folder = await this.chooseFolder(item.block.path);
      if (folder === undefined) choice = 'deny';
    }
    const state: ApprovalState = cls.choices.length <= 1 ? 'not-approvable' : STATE[choice];
    this.d.controller.chats.commit(ask.chatId, [
      { type: 'approval_decided', turnId: ask.turnId, key: ask.key, approval: state },
    ]);
    if (choice !== 'deny') entry.approved.push({ item, choice, args, ...(folder !== undefined ? { folder } : {}) });
    else if (cls.choices.length > 1)
      (this.denied.get(ask.chatId) ?? this.denied.set(ask.chatId, new Set()).get(ask.chatId)!).add(item.name);
    entry.pending.delete(ask.key);
    this.maybeFollowUp(ask.chatId, ask.turnId);
  }

  /** The exact folder "Always allow" will save, chosen by the user; cancelling counts as Deny. */
  private async chooseFolder(file: string): Promise<string | undefined> {
    const folders = folderChoices(file, this.d.folderRules);
    if (!folders.ok) return undefined;
    try {
      const picked = await this.d.ui.pickFolder(file, folders.choices);
      return picked !== undefined && folders.choices.includes(picked) ? picked : undefined;
    } catch (err) {
      this.d.log.error(`Folder picker failed: ${String(err)}`);
      return undefined;
    }
  }

  private onRunEnded(e: RunEnded): void {
    const entry = this.turns.get(`${e.chatId}:${e.turnId}`);
    if (entry) {
      entry.ended = true;
      this.maybeFollowUp(e.chatId, e.turnId);
    }
  }

  /** Once the run is over and every dialog of its turn answered, retry the approved calls. */
  private maybeFollowUp(chatId: string, turnId: string): void {
    const key = `${chatId}:${turnId}`;
    const entry = this.turns.get(key);
    if (!entry || !entry.ended || entry.pending.size > 0) return;
    this.turns.delete(key);
    if (entry.approved.length === 0) return;
    this.followUps++;
    void this.followUp(chatId, turnId, entry.approved).finally(() => this.followUps--);
  }

  private async followUp(chatId: string, turnId: string, approved: readonly Approved[]): Promise<void> {
    const binary = this.d.binary();
    if (!binary) return;
    const el = elevationFor(approved, this.d.folderRules);
    const env = this.d.env();
    let unsafe = false;
    if (el.unsafeOnce) {
      const shell = approved.find((a) => classify(a.item, this.d.folderRules).cls === 'dangerous-shell')!;
      unsafe = await this.d.ui.confirmUnsafe(shell.item, shell.args);
      if (!unsafe) {
        const chat = this.d.controller.chats.wholeChat(chatId);
        const turnId = (chat && currentTurn(chat)?.id) ?? '';
        this.d.controller.chats.commit(chatId, [
          { type: 'approval_decided', turnId, key: shell.item.key, approval: 'denied' },
        ]);
        if (el.onceTools.length + el.alwaysTools.length + el.addDirs.length === 0) return;
      }
    }
    let temp: { path: string; cleanup: () => void } | null = null;
    try {
      for (const g of el.alwaysTools)
        await allowGrant(binary, g.tool, { ...(g.path ? { path: g.path } : {}), reason: 'VS Code: always allow', env });
      for (const dir of el.rememberDirs) await this.d.rememberDir(dir);
      if (el.onceTools.length > 0) temp = await tempGrantsFile(binary, el.onceTools, env);
    } catch (err) {
      temp?.cleanup();
      void vscode.window.showErrorMessage(`Zero could not apply your approval: ${(err as Error).message}`);
      this.d.log.error(String(err));
      void this.d.rules?.applied(chatId, turnId, this.alwaysOf(approved), (err as Error).message);
      return;
    }
    void this.d.rules?.applied(chatId, turnId, this.alwaysOf(approved), null);
    const cleanup = temp?.cleanup;
    this.d.log.info(
      `Retrying with approval: once=[${el.onceTools.join(', ')}] always=[${el.alwaysTools.map((g) => g.tool).join(', ')}] addDirs=[${el.addDirs.join(', ')}]${unsafe ? ' unsafe once' : ''}`,
    );
    this.d.controller.runs.startTurn(chatId, retryPrompt(approved), 'retry', {
      elevation: { addDirs: el.addDirs, unsafe, ...(temp ? { env: { ZERO_SANDBOX_GRANTS_PATH: temp.path } } : {}) },
      onEnd: () => cleanup?.(),
    });
  }

  /** The "Always allow" answers that store something: a grant (tool prompts) or a folder (outside the workspace). */
  private alwaysOf(approved: readonly Approved[]): AppliedAlways[] {
    return approved.flatMap((a): AppliedAlways[] => {
      if (a.choice !== 'always-allow') return [];
      const { cls } = classify(a.item, this.d.folderRules);
      if (cls === 'tool-prompt') return [{ item: a.item }];
      return cls === 'outside-workspace' && a.folder !== undefined ? [{ item: a.item, folder: a.folder }] : [];
    });
  }

  private entry(chatId: string, turnId: string): TurnApprovals {
    const key = `${chatId}:${turnId}`;
    let e = this.turns.get(key);
    if (!e) {
      const chat = this.d.controller.chats.wholeChat(chatId);
      const running = chat
        ? this.d.controller.runs.isBusy(chatId) && chat.turns[chat.turns.length - 1]?.id === turnId
        : false;
      e = { approved: [], pending: new Set(), ended: !running };
      this.turns.set(key, e);
    }
    return e;
  }

  private find(chatId: string, turnId: string, key: string): PermissionItem | undefined {
    const turn = this.d.controller.chats.wholeChat(chatId)?.turns.find((t) => t.id === turnId);
    return turn?.items.find((i): i is PermissionItem => i.kind === 'permission' && i.key === key);
  }

  /** The matching `tool_call.args`, by id (the request may come before or after the call). */
  private argsFor(chatId: string, turnId: string, item: PermissionItem): unknown {
    const turn = this.d.controller.chats.wholeChat(chatId)?.turns.find((t) => t.id === turnId);
    const tool = turn?.items.find(
      (i): i is ToolItem => i.kind === 'tool' && item.toolId !== null && i.id === item.toolId,
    );
    return tool?.args ?? null;
  }
}
