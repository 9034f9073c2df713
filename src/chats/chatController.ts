/**
 * What the views, commands and tests talk to: the chats (chatRegistry.ts), which one is on screen
 * (chatFocus.ts), what is attached (chatAttachments.ts), what the views are told (chatView.ts) and
 * the turns that run in them (turnRunner.ts), behind one API. Every change goes through the pure reducer, is
 * saved, and is broadcast as the same actions the webview replays.
 */
import { mentionLabel, type MentionRef } from '../conversation/composerPrompt';
import type { ChatAction } from '../conversation/actions';
import type { ApprovalState, Chat, ReviewFile, TransportKind } from '../conversation/model';
import { currentTurn } from '../conversation/reducer';
import type { ApprovalAnswer, TransportCapabilities } from '../conversation/transport';
import type { BinaryState, ComposerState, ViewState } from '../messages/messages';
import { mayChangeActivity, type ChatActivity } from '../conversation/chatActivity';
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
import { TurnRunner, type TurnOptions } from './turnRunner';

export type { ControllerChange } from './chatRegistry';
export type { ChatsEnv } from './chatsEnv';
export { newId } from './chatRegistry';
export type { PermissionRequest, RunEnded, TurnOptions, TurnStarted } from './turnRunner';

export type { ResolvedSend } from './outgoingMessage';

export class ChatController extends Disposable {
  private readonly chats: ChatRegistry;
  private readonly focused: ChatFocus;
  private readonly attachments: ChatAttachments;
  private readonly view: ChatView;
  private readonly runs: TurnRunner;
  /** The webviews showing chats: the sidebar and any editor tabs. */
  readonly surfaces: ChatSurfaces;
  /** Each chat's running / waiting / unread state. */
  readonly activity: ChatActivityTracker;
  /** Searching the history by what was said (keeps a bounded cache between searches). */
  readonly historySearch: HistoryContentSearch;

  constructor(store: ChatStore, env: ChatsEnv) {
    super();
    this.chats = this.register(new ChatRegistry(store, env, (id) => this.focused.sidebarShows(id)));
    this.focused = new ChatFocus(this.chats);
    this.attachments = new ChatAttachments(() => this.chats.notify({ kind: 'snapshot' }));
    this.view = new ChatView(this.chats, this.focused, this.attachments, env);
    this.surfaces = this.register(new ChatSurfaces());
    // Registered last, so it is disposed first: runs are cut off while the chats still listen.
    this.runs = this.register(new TurnRunner(this.chats, this.focused, this.view, env));
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

  get onDidChange() {
    return this.chats.onDidChange;
  }

  /** After the turn's final state is saved and before any queued message starts. */
  get onDidEndRun() {
    return this.runs.onDidEndRun;
  }

  get onDidStartTurn() {
    return this.runs.onDidStartTurn;
  }

  /** A running turn asked for a permission that waits for the user's decision. */
  get onPermissionRequest() {
    return this.runs.onPermissionRequest;
  }

  /** The chat the user works in: the editor tab they last used, else what the sidebar shows (maybe its latest turns only, see ChatFocus). */
  get workingChat(): Chat {
    return this.focused.workingChat;
  }

  get workingChatId(): string {
    return this.focused.workingChatId;
  }

  /** What the sidebar shows (a read-only transcript, or its chat). */
  get sidebarShownChat(): Chat {
    return this.focused.sidebarShownChat;
  }

  /** The user now works in this tab's chat (null: the sidebar's); commands and dialogs act on it. */
  focus(tabChatId: string | null): void {
    this.focused.workIn(tabChatId);
  }

  /** The chat the user works in is a read-only transcript: nothing in it can be undone or resent. */
  get readOnly(): boolean {
    return this.focused.workingInTranscript;
  }

  /** The chat on screen with all its turns (read now if only its latest were). */
  get workingChatWhole(): Chat {
    const shown = this.focused.workingChat;
    return this.chats.wholeChat(shown.id) ?? shown;
  }

  /** The view asked for the turns it was not sent (a big chat opens with its latest only). */
  loadOlder(): void {
    this.focused.loadOlder();
  }

  get binary(): BinaryState {
    return this.view.binary;
  }

  set binary(state: BinaryState) {
    this.view.binary = state;
  }

  setDraft(chatId: string, text: string): void {
    this.view.setDraft(chatId, text);
  }

  /** Something the view shows changed outside the chat (folder, trust): send a fresh snapshot. */
  refreshView(): void {
    this.view.refresh();
  }

  /** What a view draws: an editor tab's chat (`tabChatId`), else the sidebar's. History says what each chat is doing. */
  viewState(tabChatId?: string): ViewState {
    const chatId = tabChatId ?? this.focused.sidebarChatId;
    const history = this.historyWithActivity();
    return this.view.viewState(this.runs.queued(chatId), tabChatId, history);
  }

  /** The saved chats, each with what it is doing when not idle. */
  historyWithActivity(): ViewState['history'] {
    return this.chats.summaries().map((c) => {
      const activity = this.activity.activity(c.id);
      return activity === 'idle' ? c : { ...c, activity: activity as Exclude<ChatActivity, 'idle'> };
    });
  }

  isBusy(chatId = this.focused.workingChatId): boolean {
    return this.runs.isBusy(chatId);
  }

  /** What the chat's transport can do, so the UI can say what it lacks. */
  capabilities(chatId = this.focused.workingChatId): TransportCapabilities | undefined {
    return this.runs.capabilities(chatId);
  }

  /** Attach an editor selection to the next message (shown as a chip in the composer). */
  attach(label: string, languageId: string, block: string): void {
    this.focused.leaveTranscript();
    this.attachments.add(label, languageId, block);
  }

  /** Attach a workspace file or folder (Explorer "Add to Zero Chat"): sent as its path. */
  attachPath(path: string, folder: boolean): void {
    const mention: MentionRef = folder
      ? { kind: 'folder', path: path.endsWith('/') ? path : `${path}/` }
      : { kind: 'file', path };
    this.focused.leaveTranscript();
    this.attachments.add(mentionLabel(mention), '', '', mention);
  }

  removeAttachment(id: string): void {
    this.attachments.remove(id);
  }

  /** Show a saved stream-json run read-only (not saved, no composer) until another chat is opened. */
  openTranscript(chat: Chat): void {
    this.focused.openTranscript(chat);
  }

  /** The user's message: runs now, or waits for this chat's run to end. Never dropped. */
  send(message: string, options: ResolvedSend = {}, chatId = this.focused.workingChatId): void {
    // Attached selections belong to the sidebar's chat (the commands that attach reveal it).
    const sidebar = chatId === this.focused.sidebarChatId;
    if (isEmpty(message, options) && !(sidebar && this.attachments.any)) return;
    if (sidebar) this.focused.leaveTranscript();
    const attached = sidebar ? { labels: this.attachments.labels, ...this.attachments.take() } : NOTHING_ATTACHED;
    const { prompt, turn } = outgoingTurn(message, options, attached);
    this.runs.submit(chatId, prompt, turn);
  }

  /** Give text back to the composer (a send the user called off, e.g. at the unsafe question). */
  restoreDraft(text: string, chatId = this.focused.workingChatId): void {
    if (text.trim()) this.chats.notify({ kind: 'insertDraft', chatId, text });
  }

  /** The composer's pickers and toggles (set by the composer service). */
  get composer(): ComposerState | undefined {
    return this.view.composer;
  }

  set composer(state: ComposerState) {
    this.view.composer = state;
  }

  cancelQueued(index: number, chatId = this.focused.workingChatId): void {
    this.runs.cancelQueued(chatId, index);
  }

  /** Stop this chat's run. Queued messages go back to the composer rather than starting. */
  stop(chatId = this.focused.workingChatId): Promise<void> {
    return this.runs.stop(chatId);
  }

  /** A new chat in the sidebar. */
  newChat(): void {
    this.focused.newChat();
  }

  /** Show a saved chat in the sidebar; its run, if any, goes on and shows live. */
  openChat(id: string): boolean {
    return this.focused.openChat(id, this.runs.isBusy(id));
  }

  /** Bring a chat into memory for an editor tab (absent: a new empty one). Undefined: no such chat. */
  chatForTab(id?: string): Chat | undefined {
    if (id === undefined) return this.chats.createChat();
    return this.chats.loadWholeChat(id, this.runs.isBusy(id));
  }

  renameChat(id: string, title: string): boolean {
    return this.chats.renameChat(id, title);
  }

  /** Continue a Zero session started outside VS Code (from `zero sessions list`). */
  continueSession(sessionId: string, title: string): void {
    this.focused.continueSession(sessionId, title);
  }

  /** The chats open in editor tabs (saved for a reload: chatTabs.ts). */
  get tabChats(): readonly string[] {
    return this.chats.tabChats;
  }

  set tabChats(ids: readonly string[]) {
    this.chats.tabChats = ids;
  }

  /** Zero sessions whose chats were deleted here: not offered again as terminal sessions. */
  hiddenSessions(): ReadonlySet<string> {
    return this.chats.hiddenSessions();
  }

  deleteChat(id: string): void {
    if (this.runs.isBusy(id)) return;
    this.chats.forget(id);
    this.view.forgetDraft(id);
    if (id === this.focused.sidebarChatId) this.focused.newChat();
    else this.chats.notify({ kind: 'snapshot' });
  }

  /** Record the user's answer on the permission card. */
  decideApproval(chatId: string, turnId: string, key: string, approval: ApprovalState): void {
    this.chats.dispatch(chatId, [{ type: 'approval_decided', turnId, key, approval }]);
    this.chats.save(chatId, true);
  }

  /** Send a blocking permission request's answer back to the turn that waits for it. */
  answerApproval(chatId: string, turnId: string, key: string, answer: ApprovalAnswer): void {
    this.runs.answerApproval(chatId, turnId, key, answer);
  }

  /** The header's switch: a chat that has not run yet picks exec or acp. */
  setTransport(transport: TransportKind, chatId = this.focused.workingChatId): boolean {
    const chat = this.chats.wholeChat(chatId);
    if (!chat || chat.turns.length > 0 || this.runs.isBusy(chatId)) return false;
    this.chats.dispatch(chatId, [{ type: 'transport_set', transport }]);
    return true;
  }

  /**
   * An ACP chat that outgrew the model's window goes on over exec (its failure card's button): the
   * same Zero session, resumed by `zero exec --resume`, which folds it in short (docs/zero-acp.md §10).
   * False while the chat runs a turn, when it is not on ACP, or has no session yet.
   */
  continueOnExec(chatId = this.focused.workingChatId): boolean {
    const chat = this.chats.wholeChat(chatId);
    if (!chat || chat.transport !== 'acp' || !chat.sessionId || this.runs.isBusy(chatId)) return false;
    this.chats.dispatch(chatId, [{ type: 'continued_on_exec', at: Date.now() }]);
    this.chats.save(chatId, true);
    return true;
  }

  /** Record an ACP chat's chosen mode or model (the transport sends it to Zero). */
  recordAcp(
    chatId: string,
    change: { readonly mode: string } | { readonly model: string } | { readonly nextMode: string | null },
  ): void {
    const action: ChatAction =
      'nextMode' in change
        ? { type: 'acp_mode_queued', mode: change.nextMode }
        : 'mode' in change
          ? { type: 'acp_mode', mode: change.mode }
          : { type: 'acp_model', model: change.model };
    this.chats.dispatch(chatId, [action]);
    this.chats.save(chatId, true);
  }

  /** Record in the chat that a turn's file changes were undone. */
  markUndone(chatId: string, turnId: string, summary: string): void {
    this.chats.dispatch(chatId, [{ type: 'turn_undone', turnId, summary, at: Date.now() }]);
    this.chats.save(chatId, true);
  }

  /** Record what a finished turn did to each file it changed (measured by the host). */
  recordReview(chatId: string, turnId: string, files: readonly ReviewFile[]): void {
    this.chats.dispatch(chatId, [{ type: 'turn_review', turnId, files }]);
    this.chats.save(chatId, true);
  }

  /** The user kept or reverted one file of a turn. */
  decideReview(chatId: string, turnId: string, path: string, decision: 'kept' | 'reverted'): void {
    this.chats.dispatch(chatId, [{ type: 'review_decided', turnId, path, decision }]);
    this.chats.save(chatId, true);
  }

  /** Start a turn in a chat. `origin: 'retry'` is a follow-up that applies the user's approvals. */
  startTurn(chatId: string, prompt: string, origin: 'prompt' | 'retry', options: TurnOptions = {}): void {
    this.runs.startTurn(chatId, prompt, origin, options);
  }

  lastTurnId(chatId = this.focused.workingChatId): string | null {
    return currentTurn(this.chats.wholeChat(chatId) ?? this.workingChat)?.id ?? null;
  }

  /** The chat with all its turns (read from disk now if only its latest were held). */
  wholeChat(chatId: string): Chat | undefined {
    return this.chats.wholeChat(chatId);
  }

  /** Kill every run now (deactivate, window closing): no orphan processes. Then save. */
  override dispose(): void {
    if (this.isDisposed) return;
    this.runs.dispose();
    this.chats.flush();
    super.dispose();
  }
}
