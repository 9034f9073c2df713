/**
 * Connects one webview (the sidebar view or an editor tab) to the controller: validates what the
 * webview sends, answers `ready` with a snapshot, and batches reducer actions to it.
 */
import * as vscode from 'vscode';
import type { ChatAction } from '../conversation/actions';
import { assertNever } from '../conversation/actions';
import { WebviewToHostSchema, type HostToWebview, type WebviewToHost } from '../messages/messages';
import type { ChatController, ControllerChange } from './chatController';
import { Disposable } from './disposable';

/** Actions are flushed at most this often: smooth streaming without one post per delta. */
const FLUSH_MS = 16;

export interface BindingHandlers {
  /** Messages that need the editor (clipboard, files, quick picks, settings). */
  handle(msg: Exclude<WebviewToHost, { type: 'ready' | 'send' | 'stop' | 'newChat' | 'openChat' | 'draft' | 'cancelQueued' | 'removeAttachment' }>): Promise<void> | void;
}

export class ChatWebviewBinding extends Disposable {
  private ready = false;
  private pending: { chatId: string; actions: ChatAction[] } | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly webview: vscode.Webview,
    private readonly controller: ChatController,
    private readonly handlers: BindingHandlers,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.register(webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)));
    this.register(controller.onDidChange((c) => this.onChange(c)));
    this.register({ dispose: () => this.timer && clearTimeout(this.timer) });
  }

  private receive(raw: unknown): void {
    const parsed = WebviewToHostSchema.safeParse(raw);
    if (!parsed.success) {
      this.log.warn(`Ignored an invalid message from the chat view: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`);
      return;
    }
    const msg = parsed.data;
    switch (msg.type) {
      case 'ready':
        this.ready = true;
        this.pending = null;
        this.post({ type: 'snapshot', state: this.controller.viewState() });
        return;
      case 'send':
        this.controller.send(msg.text);
        return;
      case 'stop':
        void this.controller.stop();
        return;
      case 'newChat':
        this.controller.newChat();
        return;
      case 'openChat':
        this.controller.openChat(msg.chatId);
        return;
      case 'draft':
        this.controller.draft = msg.text;
        return;
      case 'cancelQueued':
        this.controller.cancelQueued(msg.index);
        return;
      case 'removeAttachment':
        this.controller.removeAttachment(msg.id);
        return;
      case 'showHistory':
      case 'copy':
      case 'insertAtCursor':
      case 'openFile':
      case 'reviewApproval':
      case 'fixBinary':
      case 'trustWorkspace':
      case 'openDiff':
      case 'undoTurn':
      case 'chooseFolder':
        void Promise.resolve(this.handlers.handle(msg)).catch((err: unknown) => this.log.error(`Chat view action ${msg.type} failed: ${String(err)}`));
        return;
      default:
        assertNever(msg);
    }
  }

  private onChange(c: ControllerChange): void {
    if (!this.ready) return; // the snapshot sent on `ready` will include it
    switch (c.kind) {
      case 'snapshot':
        this.flush();
        this.post({ type: 'snapshot', state: this.controller.viewState() });
        return;
      case 'actions':
        if (c.chatId !== this.controller.current.id) return;
        if (this.pending && this.pending.chatId !== c.chatId) this.flush();
        (this.pending ??= { chatId: c.chatId, actions: [] }).actions.push(...c.actions);
        this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
        return;
      case 'queue':
        if (c.chatId !== this.controller.current.id) return;
        this.flush();
        this.post({ type: 'queue', queued: c.queued });
        return;
      case 'insertDraft':
        this.post({ type: 'insertDraft', text: c.text });
        return;
      default:
        assertNever(c);
    }
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const p = this.pending;
    this.pending = null;
    if (p && p.actions.length > 0) this.post({ type: 'actions', chatId: p.chatId, actions: p.actions });
  }

  private post(msg: HostToWebview): void {
    // A hidden webview view is torn down; it sends `ready` again when shown and gets a snapshot.
    void this.webview.postMessage(msg).then(
      (delivered) => {
        if (!delivered) this.ready = false;
      },
      () => (this.ready = false),
    );
  }

  focusComposer(): void {
    if (this.ready) this.post({ type: 'focusComposer' });
  }
}
