/**
 * The message box. Enter sends, Shift+Enter is a newline, Enter while an IME is composing is
 * left alone. `@` opens the file picker, `/` the command menu; picked files become chips. Images
 * come by paste, drop or the attach button. The draft and chips are kept with setState at once
 * and the draft is posted to the host, debounced.
 *
 * Mode, model and effort: on exec they are per message (the pickers under the box, sent with each message);
 * on ACP they belong to Zero's session and live in the header, so the box sends no picks and
 * `/plan`, `/ask`, `/auto`, `/model` act on the header's session controls.
 *
 * Other parts reach it by reference, not through the document: the app passes it to the
 * transcript as the turns' actions (Edit, Continue on exec) and gives it the header's model picker.
 */
import type { MentionRef } from '../../conversation/prompts/composerPrompt';
import type { Chat, TransportKind } from '../../conversation/model';
import type { Attachment, ComposerState, MentionCandidate, SendOptions, SentImage } from '../../messages/protocol';
import { CompletionMenu } from './completionMenu';
import { ComposerBar } from './composerBar';
import { menuTrigger, mentionPicks, type MentionToken, type Pick } from './composerMenus';
import { button, h, setText } from '../dom';
import { NextMessageChips } from './nextMessageChips';
import { announce } from '../a11y/announcer';
import { AttachmentsView } from './attachments';
import type { EditRequest, TurnActions } from '../transcript/turn';
import { CLEAR_TRANSCRIPT, parseSlash, setZeroCommands, type SlashCommand, type SlashTarget } from './slashCommands';
import { cycleExecMode } from './modeCycle';
import { loadState, post, saveState } from '../vscodeApi';

const DRAFT_DEBOUNCE_MS = 300;

type Picks = Omit<SendOptions, 'mentions' | 'images' | 'editOf'>;

/** What the app's state says of the composer. */
export interface ComposerView {
  readonly running: boolean;
  readonly canSend: boolean;
  readonly hidden: boolean;
  readonly attachments: readonly Attachment[];
  readonly chat: Chat;
  readonly composer: ComposerState | undefined;
  readonly transport: TransportKind;
}

export class Composer implements TurnActions {
  readonly el = h('div', { class: 'composer' });
  private readonly input = h('textarea', {
    class: 'composer-input',
    attrs: { 'aria-label': 'Message Zero', placeholder: 'Ask Zero… (@ to mention files, / for commands)', rows: '1' },
  });
  private readonly hint = h('span', { class: 'composer-hint', attrs: { 'aria-hidden': 'true' } });
  private readonly error = h('div', { class: 'composer-error', attrs: { role: 'alert' } });
  private readonly help = h('div', { class: 'composer-help', attrs: { role: 'note' } });
  private readonly send = button('Send', () => this.submit(), { class: 'primary', title: 'Send (Enter)' });
  private readonly stop = button('Stop', () => void this.stopRun(), { class: 'secondary', title: 'Stop Zero (Esc)' });
  private readonly attachments = new AttachmentsView();
  private readonly chips = new NextMessageChips(() => this.focus());
  private readonly menu = new CompletionMenu<Pick>(this.input, (p) => this.picked(p));
  private readonly bar = new ComposerBar(
    (files) => void this.addFiles(files),
    () => this.savePicks(),
  );
  private draftTimer: number | undefined;
  private running = false;
  private canSend = false;
  private lastPostedDraft: string | null = null;
  /** The chat and picks the host was last told (postPicks). */
  private lastPicks = '';
  private lastChat: Chat | null = null;
  private transport: TransportKind = 'exec';
  private mentionToken: MentionToken | null = null;
  private requestId = 0;
  /** The turn being edited: the next send replaces it. */
  private editing: string | null = null;
  private readonly editNote = h('div', { class: 'composer-editing', attrs: { role: 'status' } });

  /** `focusSessionModel`: the header's model picker (an ACP chat's model is its session's). */
  constructor(private readonly focusSessionModel: () => void) {
    this.bar.runOptions.show(loadState());
    this.error.hidden = true;
    this.help.hidden = true;
    this.el.append(
      this.attachments.el,
      this.chips.el,
      h('div', { class: 'composer-field' }, this.input, this.menu.el),
      this.editNote,
      this.error,
      this.help,
      this.bar.el,
      h('div', { class: 'composer-bar' }, this.hint, h('span', { class: 'spacer' }), this.stop, this.send),
    );
    this.input.addEventListener('keydown', (ev) => {
      if (this.menu.handleKey(ev)) return;
      // keyCode 229: Enter that confirms an IME composition (Safari/Chromium report it so).
      if (ev.key !== 'Enter' || ev.shiftKey || ev.isComposing || ev.keyCode === 229) return;
      ev.preventDefault();
      this.submit();
    });
    this.input.addEventListener('input', () => {
      this.draftChanged();
      this.updateMenu();
    });
    this.input.addEventListener('click', () => this.updateMenu());
    this.input.addEventListener('blur', () => this.menu.close());
    this.input.addEventListener('paste', (ev) => {
      const files = [...(ev.clipboardData?.files ?? [])];
      if (files.length === 0) return; // plain text pastes as usual
      ev.preventDefault();
      void this.addFiles(files);
    });
    this.el.addEventListener('dragover', (ev) => {
      if (ev.dataTransfer?.types.includes('Files')) ev.preventDefault();
    });
    this.el.addEventListener('drop', (ev) => {
      const files = [...(ev.dataTransfer?.files ?? [])];
      if (files.length === 0) return;
      ev.preventDefault();
      void this.addFiles(files);
    });
    this.editNote.hidden = true;
    // Until the host's first state says Zero can run, Send would do nothing: show it disabled.
    this.send.disabled = true;
    this.stop.disabled = true;
    this.renderHint();
  }

  edit(req: EditRequest): void {
    this.editing = req.turnId;
    this.input.value = req.text;
    this.draftChanged(true);
    this.editNote.hidden = false;
    this.editNote.replaceChildren(
      h('span', { text: 'Editing your last message: sending replaces it (Zero rewinds its session first). ' }),
      button('Cancel edit', () => this.stopEdit(true), { class: 'link-button' }),
    );
    this.focus();
  }

  /** Zero never stored the message that did not fit: an empty box gets it back; a draft stays as it is. */
  refill(text: string): void {
    if (!this.input.value.trim() && text) {
      this.input.value = text;
      this.draftChanged(true);
    }
    this.focus();
  }

  /** Resume a cut-off turn: an empty box gets the message that continues the session; a draft stays (it goes instead). */
  resume(text: string): void {
    const empty = !this.input.value.trim();
    if (empty && text) {
      this.input.value = text;
      this.draftChanged(true);
    }
    this.focus();
    this.input.setSelectionRange(this.input.value.length, this.input.value.length);
    announce(
      empty
        ? 'Resume: the message box holds a message that continues the Zero session. Edit it if you like, then press Enter.'
        : 'Resume: your draft is in the message box; press Enter to send it and continue the Zero session.',
    );
  }

  private stopEdit(clear: boolean): void {
    this.editing = null;
    this.editNote.hidden = true;
    this.editNote.replaceChildren();
    if (clear) {
      this.input.value = '';
      this.draftChanged(true);
    }
  }

  /** The first snapshot: the locally kept draft wins (it is newer than the host's copy). */
  restoreDraft(hostDraft: string): void {
    const local = loadState().draft;
    this.input.value = local ?? hostDraft;
    this.lastPostedDraft = hostDraft;
    if (local !== undefined && local !== hostDraft) this.draftChanged(true);
  }

  update({ running, canSend, hidden, attachments, chat, composer, transport }: ComposerView): void {
    this.transport = transport;
    this.bar.setTransport(transport);
    this.el.hidden = hidden;
    this.attachments.update(attachments);
    this.running = running;
    // A disabled button drops the focus: hand it to the message box instead of the page.
    if (!running && document.activeElement === this.stop) this.focus();
    this.canSend = canSend;
    this.stop.disabled = !running;
    this.send.disabled = !canSend;
    this.send.title = running ? 'Queue this message until Zero finishes (Enter)' : 'Send (Enter)';
    this.lastChat = chat;
    this.bar.showChat(chat);
    if (composer) this.setComposer(composer);
    this.renderHint();
    this.postPicks();
  }

  /** Mode/model lists and the current-file toggle changed on the host. */
  setComposer(state: ComposerState): void {
    const kept = loadState();
    this.bar.update(state, {
      mode: kept.mode ?? '',
      model: kept.model ?? '',
      effort: kept.effort ?? '',
      provider: kept.provider ?? '',
    });
    this.chips.setCurrentFile(state.currentFile);
    setZeroCommands(state.commands ?? []);
  }

  mentionResults(requestId: number, items: readonly MentionCandidate[]): void {
    const token = this.mentionToken;
    if (requestId !== this.requestId || !token) return;
    this.menu.show(mentionPicks(token.query, items), 'Files and folders to mention');
  }

  /** Text from the host ("Add Selection to Zero Chat"): inserted at the cursor, not sent; images become chips again. */
  insert(text: string, images: readonly SentImage[] = []): void {
    this.chips.restoreImages(images);
    if (!text) {
      this.focus();
      return;
    }
    const { selectionStart: s, selectionEnd: e, value } = this.input;
    const before = value.slice(0, s);
    const sep = before && !before.endsWith('\n') ? '\n' : '';
    this.input.value = before + sep + text + value.slice(e);
    const caret = (before + sep + text).length;
    this.input.setSelectionRange(caret, caret);
    this.draftChanged();
    this.focus();
  }

  focus(): void {
    this.input.focus();
  }

  /** The `@word` or `/word` being typed at the caret opens its menu; anything else closes it. */
  private updateMenu(): void {
    const trigger = menuTrigger(this.input.value, this.input.selectionStart);
    this.mentionToken = trigger.kind === 'mention' ? trigger.token : null;
    if (trigger.kind === 'slash') this.menu.show(trigger.items, 'Commands');
    else if (trigger.kind === 'none') this.menu.close();
    else post({ type: 'mentionQuery', query: trigger.token.query, requestId: ++this.requestId });
  }

  private picked(p: Pick): void {
    if (p.kind === 'slash') {
      this.runSlash(p.command, '');
      return;
    }
    const token = this.mentionToken;
    if (token) {
      // The typed `@query` becomes the chip.
      const v = this.input.value;
      const after = v.slice(token.end).replace(/^ /, '');
      this.input.value = v.slice(0, token.start) + after;
      this.input.setSelectionRange(token.start, token.start);
      this.mentionToken = null;
      this.draftChanged();
    }
    this.addMention(p.ref);
  }

  addMention(ref: MentionRef): void {
    this.chips.addMention(ref);
    this.focus();
  }

  private async addFiles(files: File[]): Promise<void> {
    for (const problem of await this.chips.addImages(files)) this.showError(problem);
    this.focus();
  }

  private showError(text: string): void {
    this.error.hidden = false;
    setText(this.error, text);
  }

  private clearError(): void {
    this.error.hidden = true;
    setText(this.error, '');
  }

  private submit(): void {
    const raw = this.input.value;
    const slash = parseSlash(raw);
    if (slash) return this.runSlash(slash.command, slash.rest);
    if ((raw.trim() === '' && this.chips.empty) || !this.canSend) return;
    this.post(raw, this.transport === 'acp' ? '' : (loadState().mode ?? ''));
  }

  /** `mode`: the exec picker's, or one a slash command names. ACP sends no model, provider or run options: the session and Zero's config have them. */
  private picksWith(mode: string): Picks {
    if (this.transport === 'acp') return mode ? { mode } : {};
    const model = loadState().model ?? '';
    // Only what the picker shows for this model (never a remembered effort it hides).
    const effort = model ? this.bar.pickedEffort() : '';
    const provider = this.bar.pickedProvider();
    return {
      ...(mode ? { mode } : {}),
      ...(model ? { model } : {}),
      ...(effort ? { effort } : {}),
      ...(provider ? { provider } : {}),
      ...this.bar.runOptions.picks(),
    };
  }

  /**
   * Tell the host what a send from here would carry, whenever that changes (a pick, another chat or
   * transport, the model list): a message the host sends for this chat (Tell Zero why, after Revert
   * Hunk) goes with what the composer shows, not the settings.
   */
  private postPicks(): void {
    const picks = this.picksWith(this.transport === 'acp' ? '' : (loadState().mode ?? ''));
    const key = JSON.stringify([this.lastChat?.id ?? '', picks]);
    if (key === this.lastPicks) return;
    this.lastPicks = key;
    post({ type: 'picks', ...picks });
  }

  private post(text: string, mode: string): void {
    const options: SendOptions = {
      ...this.picksWith(mode),
      ...(this.chips.mentions.length > 0 ? { mentions: [...this.chips.mentions] } : {}),
      ...(this.chips.images.length > 0 ? { images: [...this.chips.images] } : {}),
      ...(this.editing ? { editOf: this.editing } : {}),
    };
    this.stopEdit(false);
    post({ type: 'send', text, ...(Object.keys(options).length > 0 ? { options } : {}) });
    this.input.value = '';
    this.chips.clear();
    this.clearError();
    this.help.hidden = true;
    this.draftChanged(true);
    this.focus(); // sent with the button: the next message is typed here too
  }

  /** Stop (the button, Esc): false when nothing runs. The focus goes to the message box when it was on Stop. */
  stopRun(): boolean {
    if (!this.running) return false;
    const fromButton = document.activeElement === this.stop;
    post({ type: 'stop' });
    announce('Stopping Zero.');
    if (fromButton || !this.el.contains(document.activeElement)) this.focus();
    return true;
  }

  /** Alt+M (keyboard.ts): the next mode, as Zero's Shift+Tab; ACP chats pick the session's mode in the header. */
  cycleMode(): void {
    const words =
      this.transport === 'acp'
        ? "This ACP chat's mode is its session's: pick it in the header's Mode picker."
        : cycleExecMode(this.bar.mode);
    if (words) announce(words);
  }

  /** A command with text sends it (`/plan fix it`); otherwise the box is emptied first. */
  private runSlash(command: SlashCommand, rest: string): void {
    if (!rest) {
      this.input.value = '';
      this.draftChanged(true);
    }
    const target: SlashTarget = {
      transport: this.transport,
      chat: this.lastChat,
      mode: this.transport === 'acp' ? '' : (loadState().mode ?? ''),
      post,
      send: (text, mode) => {
        if (this.canSend) this.post(text, mode);
      },
      pickMode: (mode) => {
        saveState({ mode });
        this.bar.mode.value = mode;
        this.postPicks();
      },
      focusModel: () => {
        if (this.transport === 'acp') this.focusSessionModel();
        else this.bar.focusModel();
      },
      reset: () => {
        this.chips.clear();
        this.clearError();
        this.help.hidden = true;
      },
      clearTranscript: () => this.el.dispatchEvent(new Event(CLEAR_TRANSCRIPT, { bubbles: true })),
      showError: (text) => this.showError(text),
      showHelp: (text) => {
        this.help.hidden = false;
        setText(this.help, text);
      },
    };
    command.run(target, rest);
  }

  private savePicks(): void {
    const { maxTurns, selfCorrect, execProfile } = this.bar.runOptions.picks();
    const { mode, model, effort, provider } = this.bar;
    saveState({ mode: mode.value, model: model.value, effort: effort.value, provider: provider.value });
    saveState({ maxTurns, selfCorrect, execProfile });
    this.postPicks();
  }

  private draftChanged(now = false): void {
    const text = this.input.value;
    saveState({ draft: text });
    if (text) this.clearError();
    clearTimeout(this.draftTimer);
    const flush = () => {
      if (this.input.value === this.lastPostedDraft) return;
      this.lastPostedDraft = this.input.value;
      post({ type: 'draft', text: this.input.value });
    };
    if (now) flush();
    else this.draftTimer = window.setTimeout(flush, DRAFT_DEBOUNCE_MS);
  }

  private renderHint(): void {
    setText(
      this.hint,
      this.running ? 'Zero is working — what you send now is queued' : 'Enter to send · Shift+Enter for a new line',
    );
  }
}
