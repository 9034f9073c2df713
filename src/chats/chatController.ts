/**
 * The chat core of a window, made of its parts: the chats (`chats`), which one is on screen
 * (`focus`), what is attached (`attachments`), what the views are told (`view`) and the turns that
 * run in them (`runs`). Callers use the part they need; what is here needs several parts at once.
 * Every change goes through the pure reducer, is saved, and is broadcast as the same actions the
 * webview replays.
 */
import type { Chat } from '../conversation/model';
import type { ViewState } from '../messages/protocol';
import { mayChangeActivity, type ChatActivity } from '../conversation/readouts/chatActivity';
import { Emitter } from '../lifecycle/emitter';
import { ChatActivityTracker } from './chatActivityTracker';
import { ChatSurfaces } from './chatSurfaces';
import type { ChatStore } from '../storage/chatStore';
import { ChatRegistry } from './chatRegistry';
import { ChatFocus } from './chatFocus';
import { ChatAttachments } from './chatAttachments';
import { ChatView } from './chatView';
import type { ChatsEnv } from './chatsEnv';
import { Disposable } from '../lifecycle/disposable';
import { HistoryContentSearch } from '../storage/historyContentSearch';
import { isEmpty, NOTHING_ATTACHED, outgoingTurn, type ResolvedSend } from './outgoingMessage';
import { TurnRunner } from './turnRunner';

export type { ControllerChange } from './chatRegistry';
export type { ChatsEnv } from './chatsEnv';
export { newId } from './chatRegistry';
export type { PermissionRequest, RunEnded, TurnOptions, TurnStarted } from './turnRunner';

export type { ResolvedSend } from './outgoingMessage';

export class ChatController extends Disposable {
  /** The chats by id: reading, dispatching, saving, renaming (chatRegistry.ts). */
  readonly chats: ChatRegistry;
  /** Which chat the sidebar shows and which one the user works in (chatFocus.ts). */
  readonly focus: ChatFocus;
  /** The selections and files attached to the sidebar's next message. */
  readonly attachments: ChatAttachments;
  /** What the views show besides the chat: CLI status, drafts, the composer's pickers. */
  readonly view: ChatView;
  /** The turns: running, queued, stopped, answered (turnRunner.ts). */
  readonly runs: TurnRunner;
  /** The webviews showing chats: the sidebar and any editor tabs. */
  readonly surfaces: ChatSurfaces;
  /** Each chat's running / waiting / unread state. */
  readonly activity: ChatActivityTracker;
  /** Searching the history by what was said (keeps a bounded cache between searches). */
  readonly historySearch: HistoryContentSearch;

  constructor(store: ChatStore, env: ChatsEnv) {
    super();
    this.chats = this.register(new ChatRegistry(store, env, (id) => this.focus.sidebarShows(id)));
    this.focus = new ChatFocus(this.chats);
    this.attachments = new ChatAttachments(
      () => this.chats.notify({ kind: 'snapshot' }),
      () => this.focus.leaveTranscript(),
    );
    this.view = new ChatView(this.chats, this.focus, this.attachments, env);
    this.surfaces = this.register(new ChatSurfaces());
    // Registered last, so it is disposed first: runs are cut off while the chats still listen.
    this.runs = this.register(new TurnRunner(this.chats, this.focus, this.view, env));
    const chatChanged = this.register(new Emitter<string | undefined>());
    this.register(
      this.chats.onDidChange((c) => {
        if (c.kind === 'actions' && c.actions.some(mayChangeActivity)) chatChanged.fire(c.chatId);
        else if (c.kind === 'snapshot') chatChanged.fire(undefined);
      }),
    );
    this.activity = this.register(
      new ChatActivityTracker(
        {
          // Never reads a chat: its activity is about its last turn, which a big chat's head holds.
          chat: (id) => this.chats.heldChat(id),
          loaded: () => this.chats.allWholeInMemory(),
          isBusy: (id) => this.runs.isBusy(id),
          onDidChangeChat: chatChanged.event,
          onDidEndRun: this.runs.onDidEndRun,
          onDidStartTurn: this.runs.onDidStartTurn,
        },
        this.surfaces,
      ),
    );
    this.historySearch = new HistoryContentSearch({
      inMemory: (id) => this.chats.wholeInMemory(id) ?? store.inMemory(id),
      fileOf: (id) => store.fileOf(id),
    });
  }

  /** What a view draws: an editor tab's chat (`tabChatId`), else the sidebar's. History says what each chat is doing. */
  viewState(tabChatId?: string): ViewState {
    const chatId = tabChatId ?? this.focus.sidebarChatId;
    return this.view.viewState(this.runs.queued(chatId), tabChatId, this.historyWithActivity());
  }

  /** The saved chats, each with what it is doing when not idle. */
  historyWithActivity(): ViewState['history'] {
    return this.chats.summaries().map((c) => {
      const activity = this.activity.activity(c.id);
      return activity === 'idle' ? c : { ...c, activity: activity as Exclude<ChatActivity, 'idle'> };
    });
  }

  /** The user's message: runs now, or waits for this chat's run to end. Never dropped. */
  send(message: string, options: ResolvedSend = {}, chatId = this.focus.workingChatId): void {
    // Attached selections belong to the sidebar's chat (the commands that attach reveal it).
    const sidebar = chatId === this.focus.sidebarChatId;
    if (isEmpty(message, options) && !(sidebar && this.attachments.any)) return;
    if (sidebar) this.focus.leaveTranscript();
    const attached = sidebar ? { labels: this.attachments.labels, ...this.attachments.take() } : NOTHING_ATTACHED;
    const { prompt, turn } = outgoingTurn(message, options, attached);
    this.runs.submit(chatId, prompt, turn);
  }

  /** Show a saved chat in the sidebar; its run, if any, goes on and shows live. */
  openChat(id: string): boolean {
    return this.focus.openChat(id, this.runs.isBusy(id));
  }

  /** Bring a chat into memory for an editor tab (absent: a new empty one). Undefined: no such chat. */
  chatForTab(id?: string): Chat | undefined {
    if (id === undefined) return this.chats.createChat();
    return this.chats.loadWholeChat(id, this.runs.isBusy(id));
  }

  /** Delete a chat that is not running; the sidebar moves to a new chat if it showed it. */
  deleteChat(id: string): void {
    if (this.runs.isBusy(id)) return;
    this.chats.forget(id);
    this.view.forgetDraft(id);
    if (id === this.focus.sidebarChatId) this.focus.newChat();
    else this.chats.notify({ kind: 'snapshot' });
  }

  /** Kill every run now (deactivate, window closing): no orphan processes. Then save. */
  override dispose(): void {
    if (this.isDisposed) return;
    this.runs.dispose();
    this.chats.flush();
    super.dispose();
  }
}
