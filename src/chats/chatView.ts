/**
 * What the webviews are told: the view state of the sidebar's or a tab's chat, and what the views
 * show besides the chat (CLI status, drafts, the composer's pickers).
 */
import type { BinaryState, ChatSummary, ComposerState, ViewState } from '../messages/protocol';
import type { ChatAttachments } from './chatAttachments';
import type { ChatFocus } from './chatFocus';
import type { ChatRegistry } from './chatRegistry';
import type { ChatsEnv } from './chatsEnv';

/** The composer's mode, model and effort pickers ('' or absent: the setting, or the model's default), provider and run options. */
export interface ComposerPicks {
  readonly mode?: string;
  readonly model?: string;
  readonly effort?: string;
  readonly provider?: string;
  readonly maxTurns?: number;
  readonly selfCorrect?: boolean;
  readonly execProfile?: 'balanced' | 'fast' | 'thorough';
}

export class ChatView {
  private binaryState: BinaryState = { ok: true, path: null, demo: false, problem: null };
  private readonly drafts = new Map<string, string>();
  /** What each chat's composer shows in its pickers (its webview says), for a message the host sends for it. */
  private readonly picked = new Map<string, ComposerPicks>();
  private composerState: ComposerState | undefined;
  /** What the last snapshot showed, so editor switches only resend when the folder really changed. */
  private shown: { folder: string | null; trusted: boolean } = { folder: null, trusted: true };

  constructor(
    private readonly chats: ChatRegistry,
    private readonly focus: ChatFocus,
    private readonly attachments: ChatAttachments,
    private readonly env: Pick<ChatsEnv, 'folder' | 'trusted' | 'defaultTransport'>,
  ) {}

  get binary(): BinaryState {
    return this.binaryState;
  }

  set binary(state: BinaryState) {
    this.binaryState = state;
    this.chats.notify({ kind: 'snapshot' });
  }

  setDraft(chatId: string, text: string): void {
    this.drafts.set(chatId, text);
  }

  /** Give text back to the composer (a send the user called off, e.g. at the unsafe question). */
  restoreDraft(chatId: string, text: string): void {
    if (text.trim()) this.chats.notify({ kind: 'insertDraft', chatId, text });
  }

  forgetDraft(chatId: string): void {
    this.drafts.delete(chatId);
    this.picked.delete(chatId);
  }

  setPicks(chatId: string, picks: ComposerPicks): void {
    this.picked.set(chatId, picks);
  }

  /** The composer's picks for this chat; none (the settings) when no view of it has said. */
  picks(chatId: string): ComposerPicks {
    return this.picked.get(chatId) ?? {};
  }

  /** The composer's pickers and toggles (set by the composer service); the views get it at once. */
  get composer(): ComposerState | undefined {
    return this.composerState;
  }

  set composer(state: ComposerState) {
    this.composerState = state;
    this.chats.notify({ kind: 'composer' });
  }

  /** Something the view shows changed outside the chat (folder, trust): send a fresh snapshot. */
  refresh(): void {
    if (this.env.folder() === this.shown.folder && this.env.trusted() === this.shown.trusted) return;
    this.chats.notify({ kind: 'snapshot' });
  }

  /** `tabChatId`: an editor tab's view of its chat; absent: the sidebar's. */
  viewState(
    queued: readonly string[],
    tabChatId?: string,
    history: readonly ChatSummary[] = this.chats.summaries(),
  ): ViewState {
    this.shown = { folder: this.env.folder(), trusted: this.env.trusted() };
    const tab = tabChatId === undefined ? undefined : this.chats.wholeInMemory(tabChatId);
    const chat = tab ?? this.focus.sidebarShownChat;
    const olderTurns = this.focus.olderTurns;
    return {
      chat,
      history,
      binary: this.binaryState,
      trusted: this.shown.trusted,
      folder: this.shown.folder,
      queued,
      draft: this.drafts.get(chat.id) ?? '',
      readOnly: !tab && this.focus.transcriptOpen,
      ...(!tab && olderTurns > 0 ? { olderTurns } : {}),
      // Selections and Explorer files are added to the sidebar's chat (the commands reveal it).
      attachments: tab ? [] : this.attachments.chips,
      defaultTransport: this.env.defaultTransport?.() ?? 'exec',
      ...(this.composerState ? { composer: this.composerState } : {}),
    };
  }
}
