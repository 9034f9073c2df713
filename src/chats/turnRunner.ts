/**
 * Runs turns: at most one per chat, the rest wait in the chat's queue. Starts a turn through the
 * chat's transport, feeds its output into the chat state, finishes it, and tells whoever listens
 * that a turn started, asked for a permission, or ended.
 */
import { Emitter } from '../lifecycle/emitter';
import type { Chat, PermissionItem, TransportKind } from '../conversation/model';
import { currentTurn } from '../conversation/reducer';
import type { ComposedMessage } from '../conversation/model';
import {
  failedTurn,
  type ApprovalAnswer,
  type Transport,
  type TransportCapabilities,
  type TurnChoice,
  type TurnElevation,
  type TurnEnd,
  type TurnHandle,
} from '../conversation/transport';
import { CONTEXT_LIMIT_CODE, contextLimitNotice, isContextLimit } from '../conversation/contextLimit';
import type { InputImage } from '../protocol/input';
import { newId, type ChatRegistry } from './chatRegistry';
import type { ChatFocus } from './chatFocus';
import type { ChatView } from './chatView';
import type { ChatsEnv } from './chatsEnv';
import { Disposable } from '../lifecycle/disposable';
import { latencyMark, latencyOn } from '../protocol/latencyMarks';

/** What a follow-up turn that applies approvals adds, for that one turn only. */
export interface TurnOptions {
  readonly elevation?: TurnElevation;
  /** Called once the turn is over (also when it never started), before the queue moves on. */
  readonly onEnd?: (end: TurnEnd) => void;
  /** From the composer: images, mode and model for this message, and what the transcript shows. */
  readonly images?: readonly InputImage[];
  readonly choice?: TurnChoice;
  readonly composed?: ComposedMessage;
}

/** A message waiting for the chat's turn to end. */
interface Queued {
  readonly text: string;
  readonly options: TurnOptions;
}

export interface TurnStarted {
  readonly chatId: string;
  readonly turnId: string;
  readonly origin: 'prompt' | 'retry';
}

export interface RunEnded {
  readonly chatId: string;
  readonly turnId: string;
  readonly end: TurnEnd;
}

/** A permission request that waits for the user's decision. */
export interface PermissionRequest {
  readonly chatId: string;
  readonly turnId: string;
  readonly key: string;
  readonly item: PermissionItem;
  /** The transport waits for `answerApproval` (else the answer takes effect in a follow-up turn). */
  readonly blocking: boolean;
}

interface ActiveTurn {
  readonly turnId: string;
  readonly transport: Transport;
  /** Null only while the transport's startTurn runs. */
  handle: TurnHandle | null;
}

export class TurnRunner extends Disposable {
  private readonly starts = this.register(new Emitter<TurnStarted>());
  readonly onDidStartTurn = this.starts.event;
  private readonly permissions = this.register(new Emitter<PermissionRequest>());
  /** A turn's permission request is in the chat and waits for the user's decision. */
  readonly onPermissionRequest = this.permissions.event;
  private readonly ends = this.register(new Emitter<RunEnded>());
  /** After the turn's final state is saved and before any queued message starts. */
  readonly onDidEndRun = this.ends.event;
  private readonly active = new Map<string, ActiveTurn>();
  private readonly queues = new Map<string, Queued[]>();

  constructor(
    private readonly chats: ChatRegistry,
    private readonly focus: Pick<ChatFocus, 'rememberAsCurrent'>,
    private readonly view: Pick<ChatView, 'binary'>,
    private readonly env: Pick<ChatsEnv, 'folder' | 'outputLimit' | 'transportFor' | 'log'>,
  ) {
    super();
  }

  isBusy(chatId: string): boolean {
    return this.active.has(chatId);
  }

  /** What the chat's transport can do (the active turn's, else the one a new turn would use). */
  capabilities(chatId: string): TransportCapabilities | undefined {
    const active = this.active.get(chatId);
    if (active) return active.transport.capabilities;
    const chat = this.chats.wholeChat(chatId);
    return chat ? this.env.transportFor(chat).capabilities : undefined;
  }

  /** The waiting messages as the user wrote them. */
  queued(chatId: string): readonly string[] {
    return (this.queues.get(chatId) ?? []).map(shown);
  }

  /** Run the message now, or after the chat's current turn. Never dropped. */
  submit(chatId: string, text: string, options: TurnOptions = {}): void {
    if (!this.active.has(chatId)) {
      this.startTurn(chatId, text, 'prompt', options);
      return;
    }
    this.setQueue(chatId, [...(this.queues.get(chatId) ?? []), { text, options }]);
  }

  cancelQueued(chatId: string, index: number): void {
    this.setQueue(
      chatId,
      (this.queues.get(chatId) ?? []).filter((_, i) => i !== index),
    );
  }

  /** Stop the chat's turn. Queued messages go back to the composer rather than starting. */
  async stop(chatId: string): Promise<void> {
    this.returnQueueToComposer(chatId);
    await this.active.get(chatId)?.handle?.stop();
  }

  /** Hand a blocking permission request's answer to the turn that asked. */
  answerApproval(chatId: string, turnId: string, key: string, answer: ApprovalAnswer): void {
    const active = this.active.get(chatId);
    if (active?.turnId === turnId) active.handle?.answerApproval(key, answer);
  }

  /** The header's switch: a chat that has not run yet picks exec or acp. */
  setTransport(chatId: string, transport: TransportKind): boolean {
    const chat = this.chats.wholeChat(chatId);
    if (!chat || chat.turns.length > 0 || this.isBusy(chatId)) return false;
    this.chats.dispatch(chatId, [{ type: 'transport_set', transport }]);
    return true;
  }

  /**
   * An ACP chat that outgrew the model's window goes on over exec (its failure card's button): the
   * same Zero session, resumed by `zero exec --resume`, which folds it in short (docs/zero-acp.md §10).
   * False while the chat runs a turn, when it is not on ACP, or has no session yet.
   */
  continueOnExec(chatId: string): boolean {
    const chat = this.chats.wholeChat(chatId);
    if (!chat || chat.transport !== 'acp' || !chat.sessionId || this.isBusy(chatId)) return false;
    this.chats.commit(chatId, [{ type: 'continued_on_exec', at: Date.now() }]);
    return true;
  }

  /** Start a turn in a chat. `origin: 'retry'` is a follow-up that applies the user's approvals. */
  startTurn(chatId: string, prompt: string, origin: 'prompt' | 'retry', options: TurnOptions = {}): void {
    const chat = this.chats.wholeChat(chatId);
    if (!chat || this.active.has(chatId)) return;
    const turnId = newId('turn');
    const transport = this.env.transportFor(chat);
    // ACP turns say so in their footer (no usage, no checkpoints there).
    const outputLimit = this.env.outputLimit?.();
    this.chats.dispatch(chatId, [
      {
        type: 'turn_started',
        turnId,
        prompt,
        origin,
        at: Date.now(),
        ...(outputLimit ? { outputLimit } : {}),
        ...(options.composed ? { composed: options.composed } : {}),
        ...(transport.id === 'acp' ? { transport: 'acp' as const } : {}),
      },
    ]);
    latencyMark('turn-started');
    const active: ActiveTurn = { turnId, transport, handle: null };
    this.active.set(chatId, active);
    this.starts.fire({ chatId, turnId, origin });
    const request = {
      chatId,
      turnId,
      prompt,
      origin,
      sessionId: chat.sessionId,
      // Read after turn_started: a chat's first message has just given it its title.
      ...(chat.sessionId === null ? { title: this.chats.wholeChat(chatId)?.title ?? chat.title } : {}),
      cwd: this.env.folder(),
      ...(options.elevation ? { elevation: options.elevation } : {}),
      ...(options.images && options.images.length > 0 ? { images: options.images } : {}),
      ...(options.choice ? { choice: options.choice } : {}),
    };
    let handle: TurnHandle;
    try {
      handle = transport.startTurn(request, {
        actions: (actions) => this.onActions(chatId, turnId, actions, options.images),
      });
    } catch (err) {
      // The contract says never throw; a bug must still end the turn with words, not hang it.
      handle = failedTurn(
        `Internal error while starting the turn: ${err instanceof Error ? err.message : String(err)}`,
        null,
      );
    }
    active.handle = handle;
    // After the start: remembering the chat saves it at once (the whole chat, when it was opened from History).
    this.focus.rememberAsCurrent(chatId);
    const draft = origin === 'prompt' ? options.composed?.text || prompt : undefined;
    void handle.ended.then((end) => this.finish(chatId, turnId, draft, end, options));
  }

  private onActions(
    chatId: string,
    turnId: string,
    actions: Parameters<ChatRegistry['dispatch']>[1],
    images?: readonly InputImage[],
  ): void {
    if (this.active.get(chatId)?.turnId !== turnId) return;
    const changed = this.chats.dispatch(chatId, actions);
    if (latencyOn() && actions.some((a) => a.type === 'event' && a.event.type === 'text')) latencyMark('text-reduced');
    // Images Zero did not take go back to the message box (the notice on the turn says so).
    if (images && images.length > 0 && actions.some((a) => a.type === 'notice' && a.code === 'images-ignored')) {
      this.chats.notify({ kind: 'insertDraft', chatId, text: '', images });
    }
    if (!changed || !actions.some((a) => a.type === 'event' && a.event.type === 'permission_request')) return;
    const blocking = this.active.get(chatId)?.transport.capabilities.approvalsBlock ?? false;
    for (const item of newPendingRequests(changed.before, changed.after, turnId)) {
      this.permissions.fire({ chatId, turnId, key: item.key, item, blocking });
    }
  }

  /** Every step is guarded: a failing save, view or listener must not keep the queue from moving. */
  private finish(chatId: string, turnId: string, prompt: string | undefined, end: TurnEnd, options: TurnOptions): void {
    const step = (what: string, fn: () => void): void => {
      try {
        fn();
      } catch (err) {
        this.env.log.error(
          `After the run ended, could not ${what}: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    };
    if (this.active.get(chatId)?.turnId !== turnId) return;
    if (end.notStarted) step('log', () => this.env.log.error(end.action.explanation ?? 'The turn could not start.'));
    if (end.binaryProblem)
      step(
        'show the CLI state',
        () =>
          (this.view.binary = {
            ok: false,
            path: end.binaryProblem!.path,
            demo: false,
            problem: end.binaryProblem!.problem,
          }),
      );
    step('record the end', () => this.chats.dispatch(chatId, [end.action]));
    // A long ACP chat ends here (zero acp never compacts): say why, and how to go on.
    if (this.active.get(chatId)?.transport.id === 'acp' && isContextLimit(end.action.explanation)) {
      step('explain the context limit', () =>
        this.chats.dispatch(chatId, [{ type: 'notice', code: CONTEXT_LIMIT_CODE, message: contextLimitNotice() }]),
      );
    }
    this.active.delete(chatId);
    step('save', () => this.chats.save(chatId, true));
    // The message is still in the transcript; putting it back in the composer makes retrying one
    // click. Whatever waited behind it would fail the same way: it goes back too.
    if (end.notStarted) step('restore the draft', () => this.returnQueueToComposer(chatId, prompt, options.images));
    step('clean up', () => options.onEnd?.(end));
    step('tell listeners', () => this.ends.fire({ chatId, turnId, end }));
    step('start the next message', () => this.startQueued(chatId));
  }

  /** The next waiting message, unless something (an approval follow-up) already runs. */
  private startQueued(chatId: string): void {
    const q = [...(this.queues.get(chatId) ?? [])];
    if (q.length === 0 || this.active.has(chatId)) return;
    const next = q.shift()!;
    this.setQueue(chatId, q);
    this.startTurn(chatId, next.text, 'prompt', next.options);
  }

  private returnQueueToComposer(chatId: string, first?: string, images?: readonly InputImage[]): void {
    const q = this.queued(chatId);
    if (q.length > 0) this.setQueue(chatId, []);
    const texts = [...(first === undefined ? [] : [first]), ...q];
    // Whichever view shows the chat gets the text back, and the first message's images.
    const back = images && images.length > 0 ? { images } : {};
    if (texts.length > 0 || back.images)
      this.chats.notify({ kind: 'insertDraft', chatId, text: texts.join('\n\n'), ...back });
  }

  private setQueue(chatId: string, queued: Queued[]): void {
    this.queues.set(chatId, queued);
    this.chats.notify({ kind: 'queue', chatId, queued: queued.map(shown) });
  }

  /**
   * End every turn now (deactivate: a reload, the window closing): no orphan processes. The turn says so,
   * and keeps what was queued behind it for Resume (the queue itself does not outlive the window).
   */
  override dispose(): void {
    for (const [chatId, a] of this.active) {
      a.handle?.dispose();
      const unsent = this.queued(chatId);
      this.chats.dispatch(chatId, [
        { type: 'run_cut_off', at: Date.now(), cause: 'reload', ...(unsent.length > 0 ? { unsent } : {}) },
      ]);
    }
    this.active.clear();
    super.dispose();
  }
}

/** Pending permission items of `turnId` that `after` has and `before` had not. */
function newPendingRequests(before: Chat, after: Chat, turnId: string): PermissionItem[] {
  const turn = currentTurn(after);
  if (turn?.id !== turnId) return [];
  const old = new Set(
    before.turns.find((t) => t.id === turnId)?.items.flatMap((i) => (i.kind === 'permission' ? [i.key] : [])),
  );
  return turn.items.filter(
    (i): i is PermissionItem => i.kind === 'permission' && i.approval === 'pending' && !old.has(i.key),
  );
}

/** A queued message as shown (and given back to the composer): the user's words. */
function shown(q: Queued): string {
  return q.options.composed?.text || q.text;
}
