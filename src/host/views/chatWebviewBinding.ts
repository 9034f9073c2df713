/**
 * Connects one webview (the sidebar view or an editor tab) to the controller: validates what the
 * webview sends, answers `ready` with a snapshot, and batches its chat's reducer actions to it.
 */
import * as vscode from 'vscode';
import type { ChatAction } from '../../conversation/actions';
import { assertNever } from '../../conversation/actions';
import { WebviewToHostSchema, type HostToWebview, type ViewState, type WebviewToHost } from '../../messages/protocol';
import type { ChatController, ControllerChange } from '../../chats/chatController';
import { Disposable } from '../../lifecycle/disposable';
import { latencyMark, latencyOn } from '../../protocol/latencyMarks';

/**
 * Actions are posted at most this often: smooth streaming without one post per delta. The first ones after a
 * quiet spell go at once, with whatever else the same read of Zero's output brought; so do what the user waits
 * for ({@link awaited}), at most once each per turn, however soon after the last post.
 */
const FLUSH_MS = 16;

/** What the user waits to see: the message sent, Zero's first words, the turn's end (its answer, its status). */
type Awaited = 'message' | 'words' | 'final' | 'run_end' | 'exit';

function awaited(a: ChatAction): Awaited | null {
  switch (a.type) {
    case 'turn_started':
      return 'message';
    case 'event': {
      const t = a.event.type;
      if (t === 'text' || t === 'reasoning') return 'words';
      return t === 'final' || t === 'run_end' ? t : null;
    }
    case 'process_exited':
    case 'acp_turn_ended':
      return 'exit';
    default:
      return null;
  }
}

type MessageType = WebviewToHost['type'];
type Message<K extends MessageType> = Extract<WebviewToHost, { type: K }>;

/** What a handler knows of the view a message came from. */
export interface FromView {
  /** The chat the view shows. */
  readonly chatId: string;
  reply(msg: HostToWebview): void;
}

/** One handler per inbound message type; a missing type is a compile error where the map is built. */
export type MessageHandlers<K extends MessageType = MessageType> = {
  readonly [T in K]: (msg: Message<T>, view: FromView) => unknown;
};

/** The messages that need the editor (composer, clipboard, files, quick picks, settings): the rooms' install(). */
export type EditorHandlers = MessageHandlers<Exclude<MessageType, keyof ChatWebviewBinding['own']>>;

/** Which chat a webview shows, and what its New Chat and history buttons do there. */
export interface BindingTarget {
  /** The chat shown now. */
  readonly chatId: string;
  viewState(): ViewState;
  /** A message came from this view: the user works in it (commands and dialogs act on its chat). */
  activate(): void;
  newChat(): void;
  openChat(chatId: string): void;
}

/** The sidebar: the controller's current chat. */
export function sidebarTarget(controller: ChatController): BindingTarget {
  return {
    get chatId() {
      return controller.focus.sidebarShownChat.id;
    },
    viewState: () => controller.viewState(),
    activate: () => controller.focus.workIn(null),
    newChat: () => controller.focus.newChat(),
    openChat: (id) => void controller.openChat(id),
  };
}

export class ChatWebviewBinding extends Disposable {
  private ready = false;
  /** Focus Chat on a view that is still loading: put the cursor in the composer once it is up. */
  private focusWhenReady = false;
  /** Whether the view's document has the focus, as it last said. */
  private focused = false;
  private pending: { chatId: string; actions: ChatAction[] } | null = null;
  /** Cancels the flush that is due, if any. */
  private due: (() => void) | undefined;
  /** The flush that is due goes at the next turn of the event loop, with no batching wait. */
  private dueNow = false;
  /** What was posted without the batching wait in the current turn (a new turn_started clears it). */
  private readonly hurried = new Set<Awaited>();
  /** When actions were last posted (performance.now()). */
  private lastFlush = -Infinity;
  private readonly handlers: MessageHandlers;

  constructor(
    private readonly webview: vscode.Webview,
    private readonly controller: ChatController,
    editor: EditorHandlers,
    private readonly log: vscode.LogOutputChannel,
    private readonly target: BindingTarget = sidebarTarget(controller),
  ) {
    super();
    this.handlers = { ...editor, ...this.own };
    this.register(webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)));
    this.register(controller.chats.onDidChange((c) => this.onChange(c)));
    this.register({ dispose: () => this.cancelTimer() });
    // An empty chat lists recent chats with what each is doing: keep that list current.
    this.register(controller.activity.onDidChange(() => this.ready && this.showsEmptyChat() && this.refresh()));
  }

  /** The messages the binding answers itself: its view's state, and the chat core's. */
  private readonly own = {
    ready: () => {
      // A new document: it has not had the focus yet (the old one may have gone without a blur).
      this.focused = false;
      this.ready = true;
      this.pending = null;
      this.post({ type: 'snapshot', state: this.target.viewState() });
      if (this.focusWhenReady) this.post({ type: 'focusComposer' });
      this.focusWhenReady = false;
    },
    viewFocus: (msg) => void (this.focused = msg.focused),
    stop: (_, view) => void this.controller.runs.stop(view.chatId),
    newChat: () => this.target.newChat(),
    loadOlder: () => this.controller.focus.loadOlder(),
    openChat: (msg) => this.target.openChat(msg.chatId),
    draft: (msg, view) => this.controller.view.setDraft(view.chatId, msg.text),
    picks: ({ type: _picks, ...picks }, view) => this.controller.view.setPicks(view.chatId, picks),
    cancelQueued: (msg, view) => this.controller.runs.cancelQueued(view.chatId, msg.index),
    removeAttachment: (msg) => this.controller.attachments.remove(msg.id),
    continueOnExec: (_, view) => {
      if (!this.controller.runs.continueOnExec(view.chatId))
        this.log.warn('Continue on exec: this chat is not an idle ACP chat with a Zero session; nothing changed.');
    },
  } satisfies Partial<MessageHandlers>;

  private receive(raw: unknown): void {
    if ((raw as { type?: unknown } | null)?.type === 'send') latencyMark('host-received');
    const parsed = WebviewToHostSchema.safeParse(raw);
    if (!parsed.success) {
      this.log.warn(
        `Ignored an invalid message from the chat view: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`,
      );
      return;
    }
    const msg = parsed.data;
    // Anything the user does in the view (not its loading, not the focus leaving it) makes it the one they work in.
    if (msg.type !== 'ready' && !(msg.type === 'viewFocus' && !msg.focused)) this.target.activate();
    const handler = this.handlers[msg.type] as (m: WebviewToHost, view: FromView) => unknown;
    const result = handler(msg, { chatId: this.target.chatId, reply: (m) => this.post(m) });
    if (result instanceof Promise)
      result.catch((err: unknown) => this.log.error(`Chat view action ${msg.type} failed: ${String(err)}`));
  }

  private onChange(c: ControllerChange): void {
    if (!this.ready) return; // the snapshot sent on `ready` will include it
    switch (c.kind) {
      case 'snapshot':
        this.flush();
        this.post({ type: 'snapshot', state: this.target.viewState() });
        return;
      case 'actions':
        if (c.chatId !== this.target.chatId) return;
        if (this.pending && this.pending.chatId !== c.chatId) this.flush();
        (this.pending ??= { chatId: c.chatId, actions: [] }).actions.push(...c.actions);
        const hurry = this.hurries(c.actions);
        if (this.due && this.dueNow) return;
        if (hurry) {
          this.cancelTimer();
          this.flushSoon(true);
        } else if (!this.due) this.flushSoon(false);
        return;
      case 'queue':
        if (c.chatId !== this.target.chatId) return;
        this.flush();
        this.post({ type: 'queue', queued: c.queued });
        return;
      case 'insertDraft':
        if (c.chatId !== this.target.chatId) return;
        this.post({
          type: 'insertDraft',
          text: c.text,
          ...(c.images?.length ? { images: c.images.map((i, n) => ({ ...i, name: `image ${n + 1}` })) } : {}),
        });
        return;
      case 'composer':
        if (this.controller.view.composer) this.post({ type: 'composer', state: this.controller.view.composer });
        return;
      default:
        assertNever(c);
    }
  }

  private flush(): void {
    this.cancelTimer();
    const p = this.pending;
    this.pending = null;
    if (p && p.actions.length > 0) {
      this.lastFlush = performance.now();
      this.post({ type: 'actions', chatId: p.chatId, actions: p.actions });
      if (latencyOn() && p.actions.some(isText)) latencyMark('text-posted');
    }
  }

  /**
   * Whether these actions hold something the user waits for that this turn has not hurried yet. Each kind
   * hurries once per turn, so no stream (a flood of deltas or of ends) can post more often than FLUSH_MS for long.
   */
  private hurries(actions: readonly ChatAction[]): boolean {
    let hurry = false;
    for (const a of actions) {
      const what = awaited(a);
      if (what === null) continue;
      if (what === 'message') this.hurried.clear();
      if (this.hurried.has(what)) continue;
      this.hurried.add(what);
      hurry = true;
    }
    return hurry;
  }

  private flushSoon(now: boolean): void {
    const wait = now ? 0 : this.lastFlush + FLUSH_MS - performance.now();
    if (wait > 0) {
      const timer = setTimeout(() => this.flush(), wait);
      this.due = () => clearTimeout(timer);
    } else {
      const immediate = setImmediate(() => this.flush());
      this.due = () => clearImmediate(immediate);
      this.dueNow = true;
    }
  }

  private cancelTimer(): void {
    this.due?.();
    this.due = undefined;
    this.dueNow = false;
  }

  private post(msg: HostToWebview): void {
    let sent: Thenable<boolean>;
    try {
      sent = this.webview.postMessage(msg);
    } catch (err) {
      // Serialising the message failed (the decoder clamps depth, so this is a bug): log it and
      // keep the chat going rather than throwing into the controller.
      this.log.error(`Could not send ${msg.type} to the chat view: ${String(err)}`);
      return;
    }
    // A hidden webview view is torn down; it sends `ready` again when shown and gets a snapshot.
    void Promise.resolve(sent).then(
      (delivered) => {
        if (!delivered) this.ready = false;
      },
      (err: unknown) => {
        this.ready = false;
        this.log.warn(`The chat view did not take ${msg.type}: ${String(err)}`);
      },
    );
  }

  /** The view's chat changed (a tab opened another chat): draw it from a fresh snapshot. */
  refresh(): void {
    if (!this.ready) return;
    this.flush();
    this.pending = null;
    this.post({ type: 'snapshot', state: this.target.viewState() });
  }

  /**
   * Whether the view shows a chat with no turns. Asked at every turn's start and end (its activity changes):
   * the chat as held, not a whole view state (the history with each chat's activity, 1-2 ms on a Send's path).
   */
  private showsEmptyChat(): boolean {
    const held = this.controller.chats.heldChat(this.target.chatId);
    return (held ?? this.target.viewState().chat).turns.length === 0;
  }

  get hasFocus(): boolean {
    return this.focused;
  }

  /**
   * The view was hidden: its document is gone, and a document removed while it had the focus
   * never says blur, so its last word (focused) would stay true for good.
   */
  forgetFocus(): void {
    this.focused = false;
  }

  focusComposer(): void {
    if (this.ready) this.post({ type: 'focusComposer' });
    else this.focusWhenReady = true;
  }
}

/** An answer's words (for the latency marks). */
function isText(a: ChatAction): boolean {
  return a.type === 'event' && a.event.type === 'text';
}
