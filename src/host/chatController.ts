/**
 * Owns the chats and their runs: the single source of truth for the views. Every change goes
 * through the pure reducer, is saved, and is broadcast as the same actions the webview replays.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { actionFromDecoded, type ChatAction } from '../conversation/actions';
import type { ApprovalState, Chat } from '../conversation/model';
import { currentTurn, isRunning, newChat, reduceChat } from '../conversation/reducer';
import type { Attachment, BinaryState, ViewState } from '../messages/messages';
import { InputError, promptInput } from '../protocol';
import type { ErrorEvent } from '../protocol/events';
import { explainExit, startZeroRun, type RunExit, type ZeroRun } from '../zero';
import type { ChatStore } from './chatStore';
import { Disposable } from './disposable';
import { planRun, type RunPlan } from './runPlan';
import type { ZeroSettings } from './settings';

/** What the controller needs from the editor, injected so tests can drive it. */
export interface ControllerEnv {
  settings(): ZeroSettings;
  folder(): string | null;
  otherFolders(): readonly string[];
  trusted(): boolean;
  log: vscode.LogOutputChannel;
}

export type ControllerChange =
  | { readonly kind: 'snapshot' }
  | { readonly kind: 'actions'; readonly chatId: string; readonly actions: readonly ChatAction[] }
  | { readonly kind: 'queue'; readonly chatId: string; readonly queued: readonly string[] }
  | { readonly kind: 'insertDraft'; readonly text: string };

/** What a follow-up run that applies approvals adds, for that one run only. */
export interface TurnOverrides {
  readonly addDirs?: readonly string[];
  readonly unsafe?: boolean;
  readonly env?: Readonly<Record<string, string>>;
  readonly onExit?: (exit: RunExit) => void;
}

export interface RunEnded {
  readonly chatId: string;
  readonly turnId: string;
  readonly exit: RunExit;
}

interface ActiveRun {
  readonly turnId: string;
  readonly run: ZeroRun;
  readonly plan: RunPlan;
  lastError: ErrorEvent | null;
}

export class ChatController extends Disposable {
  private readonly changes = this.register(new vscode.EventEmitter<ControllerChange>());
  readonly onDidChange = this.changes.event;
  private readonly runEnds = this.register(new vscode.EventEmitter<RunEnded>());
  /** After the turn's final state is saved and before any queued message starts. */
  readonly onDidEndRun = this.runEnds.event;
  private readonly chats = new Map<string, Chat>();
  private readonly active = new Map<string, ActiveRun>();
  private readonly queues = new Map<string, string[]>();
  private currentId: string;
  private binaryState: BinaryState = { ok: true, path: null, demo: false, problem: null };
  private draftText = '';
  private attachments: (Attachment & { readonly block: string })[] = [];
  private transcript: Chat | null = null;
  /** What the last snapshot showed, so editor switches only resend when the folder really changed. */
  private shown: { folder: string | null; trusted: boolean } = { folder: null, trusted: true };

  constructor(private readonly store: ChatStore, private readonly env: ControllerEnv) {
    super();
    const restored = store.currentId ? store.load(store.currentId) : undefined;
    const chat = restored ? this.markCutOff(restored) : newChat(newId('chat'), Date.now());
    this.chats.set(chat.id, chat);
    this.currentId = chat.id;
  }

  get current(): Chat {
    return this.transcript ?? this.chats.get(this.currentId)!;
  }

  get binary(): BinaryState {
    return this.binaryState;
  }

  set binary(state: BinaryState) {
    this.binaryState = state;
    this.changes.fire({ kind: 'snapshot' });
  }

  /** Something the view shows changed outside the chat (folder, trust): send a fresh snapshot. */
  refreshView(): void {
    const folder = this.env.folder();
    const trusted = this.env.trusted();
    if (folder === this.shown.folder && trusted === this.shown.trusted) return;
    this.changes.fire({ kind: 'snapshot' });
  }

  set draft(text: string) {
    this.draftText = text;
  }

  viewState(): ViewState {
    this.shown = { folder: this.env.folder(), trusted: this.env.trusted() };
    return {
      chat: this.current,
      history: this.store.summaries(),
      binary: this.binaryState,
      trusted: this.env.trusted(),
      folder: this.env.folder(),
      queued: this.queues.get(this.currentId) ?? [],
      draft: this.draftText,
      readOnly: this.transcript !== null,
      attachments: this.attachments.map(({ id, label, languageId }) => ({ id, label, languageId })),
    };
  }

  isBusy(chatId = this.currentId): boolean {
    return this.active.has(chatId);
  }

  /** Attach an editor selection to the next message (shown as a chip in the composer). */
  attach(label: string, languageId: string, block: string): void {
    this.leaveTranscript();
    this.attachments = [...this.attachments.filter((a) => a.label !== label), { id: newId('sel'), label, languageId, block }];
    this.changes.fire({ kind: 'snapshot' });
  }

  removeAttachment(id: string): void {
    this.attachments = this.attachments.filter((a) => a.id !== id);
    this.changes.fire({ kind: 'snapshot' });
  }

  /** Show a saved stream-json run read-only (not saved, no composer) until another chat is opened. */
  openTranscript(chat: Chat): void {
    this.transcript = chat;
    this.changes.fire({ kind: 'snapshot' });
  }

  private leaveTranscript(): void {
    if (this.transcript) {
      this.transcript = null;
      this.changes.fire({ kind: 'snapshot' });
    }
  }

  /** The user's message: runs now, or waits for this chat's run to end. Never dropped. */
  send(message: string): void {
    if (message.trim() === '' && this.attachments.length === 0) return;
    this.leaveTranscript();
    const text = [message.trim(), ...this.attachments.map((a) => a.block)].filter(Boolean).join('\n\n');
    if (this.attachments.length > 0) {
      this.attachments = [];
      this.changes.fire({ kind: 'snapshot' });
    }
    const chatId = this.currentId;
    if (this.active.has(chatId)) {
      const q = [...(this.queues.get(chatId) ?? []), text];
      this.queues.set(chatId, q);
      this.changes.fire({ kind: 'queue', chatId, queued: q });
      return;
    }
    this.startTurn(chatId, text, 'prompt');
  }

  cancelQueued(index: number): void {
    const q = (this.queues.get(this.currentId) ?? []).filter((_, i) => i !== index);
    this.queues.set(this.currentId, q);
    this.changes.fire({ kind: 'queue', chatId: this.currentId, queued: q });
  }

  /** Stop this chat's run. Queued messages go back to the composer rather than starting. */
  async stop(chatId = this.currentId): Promise<void> {
    const q = this.queues.get(chatId) ?? [];
    if (q.length > 0) {
      this.queues.set(chatId, []);
      this.changes.fire({ kind: 'queue', chatId, queued: [] });
      if (chatId === this.currentId) this.changes.fire({ kind: 'insertDraft', text: q.join('\n\n') });
    }
    await this.active.get(chatId)?.run.stop();
  }

  newChat(): void {
    this.transcript = null;
    const chat = newChat(newId('chat'), Date.now());
    this.chats.set(chat.id, chat);
    this.currentId = chat.id;
    this.store.currentId = null;
    this.changes.fire({ kind: 'snapshot' });
  }

  openChat(id: string): boolean {
    const chat = this.chats.get(id) ?? this.store.load(id);
    if (!chat) return false;
    this.transcript = null;
    this.chats.set(id, this.active.has(id) ? chat : this.markCutOff(chat));
    this.currentId = id;
    this.store.currentId = id;
    this.changes.fire({ kind: 'snapshot' });
    return true;
  }

  deleteChat(id: string): void {
    if (this.active.has(id)) return;
    this.store.delete(id);
    this.chats.delete(id);
    if (id === this.currentId) this.newChat();
    else this.changes.fire({ kind: 'snapshot' });
  }

  decideApproval(chatId: string, turnId: string, key: string, approval: ApprovalState): void {
    this.dispatch(chatId, { type: 'approval_decided', turnId, key, approval });
    this.store.save(this.chats.get(chatId)!, true);
  }

  /** Record in the chat that a turn's file changes were undone. */
  markUndone(chatId: string, turnId: string, summary: string): void {
    this.dispatch(chatId, { type: 'turn_undone', turnId, summary, at: Date.now() });
    const chat = this.chats.get(chatId);
    if (chat) this.store.save(chat, true);
  }

  /** Start a run in a chat. `origin: 'retry'` is a follow-up that applies the user's approvals. */
  startTurn(chatId: string, prompt: string, origin: 'prompt' | 'retry', overrides: TurnOverrides = {}): void {
    const chat = this.chats.get(chatId);
    if (!chat || this.active.has(chatId)) return;
    const turnId = newId('turn');
    this.dispatch(chatId, { type: 'turn_started', turnId, prompt, origin, at: Date.now() });
    // A chat with a turn is the one a window reload reopens (newChat() cleared the index's current id).
    if (chatId === this.currentId && this.store.currentId !== chatId) {
      this.store.currentId = chatId;
      this.store.save(this.chats.get(chatId)!, true);
    }
    const planned = planRun({
      settings: this.env.settings(),
      folder: this.env.folder(),
      otherFolders: this.env.otherFolders(),
      sessionId: chat.sessionId,
      trusted: this.env.trusted(),
      elevation: { ...(overrides.addDirs ? { addDirs: overrides.addDirs } : {}), ...(overrides.unsafe ? { unsafe: true } : {}) },
    });
    if (!planned.ok) {
      if (planned.kind === 'binary') this.binary = { ok: false, path: null, demo: false, problem: planned.problem };
      this.failTurn(chatId, planned.problem, origin === 'prompt' ? prompt : null);
      overrides.onExit?.({ code: null, signal: null, sawRunEnd: false, stderrTail: '', stopRequested: false });
      return;
    }
    let input: string;
    try {
      input = promptInput(prompt);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      this.failTurn(chatId, err.message, origin === 'prompt' ? prompt : null);
      overrides.onExit?.({ code: null, signal: null, sawRunEnd: false, stderrTail: '', stopRequested: false });
      return;
    }
    const plan: RunPlan = { ...planned.plan, env: { ...planned.plan.env, ...overrides.env } };
    for (const w of plan.warnings) this.env.log.warn(w);
    // Never log env values or the prompt: they can hold secrets.
    this.env.log.info(`Starting: ${plan.binary} ${plan.args.join(' ')} (env keys: ${Object.keys(plan.env).join(', ') || 'none'})`);
    const cwd = this.env.folder()!;
    const run = startZeroRun({
      binary: plan.binary,
      args: plan.args,
      cwd,
      env: plan.env,
      input,
      maxLineBytes: this.env.settings().maxLineMB * 1024 * 1024,
      onDecoded: (items) => {
        for (const d of items) {
          if (d.kind === 'event' && d.event.type === 'error') active.lastError = d.event;
          if (d.kind === 'problem') this.env.log.warn(`Protocol problem: ${d.problem.reason} (line ${d.problem.line}: ${d.problem.excerpt})`);
          this.dispatch(chatId, actionFromDecoded(d));
        }
      },
      onStderr: (text) => this.env.log.append(text),
      onCallbackError: (err) => this.env.log.error(`Internal error while reading Zero's output: ${String(err)}`),
    });
    const active: ActiveRun = { turnId, run, plan, lastError: null };
    this.active.set(chatId, active);
    void run.exited.then((exit) => this.finishRun(chatId, active, cwd, exit, overrides));
  }

  private finishRun(chatId: string, active: ActiveRun, cwd: string, exit: RunExit, overrides: TurnOverrides): void {
    const why = explainExit(exit, {
      binary: active.plan.binary,
      cwd,
      ...(active.lastError ? { error: { ...(active.lastError.code ? { code: active.lastError.code } : {}), ...(active.lastError.message ? { message: active.lastError.message } : {}) } } : {}),
    });
    this.env.log.info(`Run ended: ${why.kind} (exit ${exit.code ?? exit.signal ?? 'none'}${exit.sawRunEnd ? '' : ', no run_end'})`);
    if (why.kind === 'not-found' || why.kind === 'not-executable') {
      this.binary = { ok: false, path: active.plan.binary, demo: false, problem: why.message };
    }
    this.dispatch(chatId, {
      type: 'process_exited',
      code: exit.code,
      signal: exit.signal,
      spawnFailed: exit.spawnError !== undefined,
      explanation: why.kind === 'success' ? null : why.message,
      stderrTail: exit.stderrTail.trim() || null,
      at: Date.now(),
    });
    this.active.delete(chatId);
    this.store.save(this.chats.get(chatId)!, true);
    overrides.onExit?.(exit);
    this.runEnds.fire({ chatId, turnId: active.turnId, exit });
    this.startQueued(chatId);
  }

  /** The next waiting message, unless something (an approval follow-up) already runs. */
  private startQueued(chatId: string): void {
    const q = this.queues.get(chatId) ?? [];
    if (q.length === 0 || this.active.has(chatId)) return;
    const next = q.shift()!;
    this.changes.fire({ kind: 'queue', chatId, queued: q });
    this.startTurn(chatId, next, 'prompt');
  }

  private failTurn(chatId: string, problem: string, restoreDraft: string | null): void {
    this.env.log.error(problem);
    this.dispatch(chatId, { type: 'process_exited', code: null, signal: null, spawnFailed: true, explanation: problem, stderrTail: null, at: Date.now() });
    this.store.save(this.chats.get(chatId)!, true);
    // The message is still in the transcript; putting it back in the composer makes retrying one click.
    if (restoreDraft !== null && chatId === this.currentId) this.changes.fire({ kind: 'insertDraft', text: restoreDraft });
  }

  private dispatch(chatId: string, action: ChatAction): void {
    const before = this.chats.get(chatId);
    if (!before) return;
    const after = reduceChat(before, action);
    if (after === before) return;
    this.chats.set(chatId, after);
    this.store.save(after);
    this.changes.fire({ kind: 'actions', chatId, actions: [action] });
  }

  private markCutOff(chat: Chat): Chat {
    if (!isRunning(chat)) return chat;
    const cut = reduceChat(chat, { type: 'run_cut_off', at: Date.now() });
    this.store.save(cut, true);
    return cut;
  }

  /** Kill every run now (deactivate, window closing): no orphan processes. */
  override dispose(): void {
    for (const [chatId, a] of this.active) {
      a.run.dispose();
      this.dispatch(chatId, { type: 'run_cut_off', at: Date.now() });
    }
    this.active.clear();
    this.store.flush();
    super.dispose();
  }

  lastTurnId(chatId = this.currentId): string | null {
    return currentTurn(this.chats.get(chatId) ?? this.current)?.id ?? null;
  }

  chat(chatId: string): Chat | undefined {
    return this.chats.get(chatId);
  }
}

export function newId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}
