/** The header: chat title, folder, DEMO badge, run status with elapsed time, New Chat / History. */
import type { Chat } from '../../conversation/model';
import { chatTransport, RUNNING_STATUSES } from '../../conversation/model';
import { currentTurn } from '../../conversation/reducer';
import type { ViewState } from '../../messages/protocol';
import { button, h, setText } from '../dom';
import { post } from '../vscodeApi';
import { baseName, statusLabel, tokens } from '../transcript/format';
import { TransportBar } from './transportBar';
import { WorktreeBar } from './worktreeBar';
import { forkedFromLink } from '../transcript/forkButton';

export class HeaderView {
  readonly el = h('header', { class: 'chat-header' });
  private readonly title = h('h1', { class: 'chat-title' });
  private readonly demo = h('span', {
    class: 'badge demo',
    text: 'DEMO',
    title: 'Running the built-in demo Zero: no real agent is installed',
  });
  private readonly readOnly = h('span', { class: 'badge', text: 'read-only' });
  /** A fork's link to the chat it was forked from. */
  private readonly forked = h('div', { class: 'header-row forked-slot' });
  /** The run folder; a button that opens a picker (multi-root workspaces choose where Zero runs). */
  private readonly folder = button('', () => post({ type: 'chooseFolder' }), { class: 'folder link-button' });
  private readonly status = h('span', { class: 'run-status' });
  private readonly usage = h('span', { class: 'usage-total' });
  private readonly transport = new TransportBar();
  private readonly worktree = new WorktreeBar();
  private timer: number | undefined;
  private chat: Chat | null = null;

  private readonly top: HTMLButtonElement;
  private readonly bottom: HTMLButtonElement;

  /** `jump`: to the first or the latest turn (Ctrl+Home / Ctrl+End in the transcript too). */
  constructor(jump: (to: 'top' | 'bottom') => void) {
    // The names contain the visible labels, so speech input ("click Top") finds them (WCAG 2.5.3).
    this.top = button('Top', () => jump('top'), {
      class: 'secondary small jump',
      title: 'Jump to the first turn (Ctrl+Home)',
      attrs: { 'aria-label': 'Jump to top' },
    });
    this.bottom = button('Latest', () => jump('bottom'), {
      class: 'secondary small jump',
      title: 'Jump to the latest turn (Ctrl+End)',
      attrs: { 'aria-label': 'Jump to latest' },
    });
    const actions = h(
      'div',
      { class: 'header-actions' },
      this.top,
      this.bottom,
      button('New Chat', () => post({ type: 'newChat' }), { class: 'secondary small', title: 'Start a new chat' }),
      button('History', () => post({ type: 'showHistory' }), {
        class: 'secondary small',
        title: 'Open an earlier chat',
      }),
    );
    this.el.append(
      h('div', { class: 'header-row title-row' }, this.title, this.demo, this.readOnly, actions),
      h('div', { class: 'header-row meta' }, this.folder, this.status, this.usage),
      this.forked,
      this.transport.el,
      this.worktree.el,
    );
  }

  update(state: ViewState): void {
    setText(this.title, state.chat.title || 'New chat');
    const tip =
      chatTransport(state.chat, state.defaultTransport ?? 'exec') === 'acp'
        ? `${state.chat.title}\nIn zero sessions list this chat's Zero session is "ACP session": Zero's ACP server takes no title.`
        : state.chat.title;
    if (this.title.title !== tip) this.title.title = tip;
    this.demo.hidden = !state.binary.demo;
    // Worth it only once there is something to scroll through.
    this.top.hidden = this.bottom.hidden = state.chat.turns.length < 2;
    this.readOnly.hidden = !state.readOnly;
    this.folder.hidden = !state.folder;
    setText(this.folder, state.folder ? baseName(state.folder) : '');
    this.folder.title = state.folder ? `Zero runs in ${state.folder}. Click to choose another folder.` : '';
    this.folder.setAttribute(
      'aria-label',
      state.folder ? `Run folder: ${baseName(state.folder)}. Choose folder` : 'Choose folder',
    );
    const u = state.chat.usage;
    this.usage.hidden = u.totalTokens === 0;
    setText(this.usage, `${tokens(u.totalTokens)} total`);
    this.usage.title = `Chat total: ${u.promptTokens} prompt + ${u.completionTokens} completion tokens`;
    this.transport.update(state);
    this.worktree.update(state);
    if (this.chat?.forkedFrom !== state.chat.forkedFrom || this.chat?.sessionId !== state.chat.sessionId) {
      const link = forkedFromLink(state.chat);
      this.forked.replaceChildren(...(link ? [link] : []));
    }
    this.chat = state.chat;
    this.renderStatus();
    const running = isRunningChat(state.chat);
    if (running && this.timer === undefined) this.timer = window.setInterval(() => this.renderStatus(), 1000);
    if (!running && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** An ACP chat's model picker (its session's), for `/model`. */
  focusSessionModel(): void {
    this.transport.focusModel();
  }

  private renderStatus(): void {
    const turn = this.chat && currentTurn(this.chat);
    if (!turn) {
      this.status.className = 'run-status';
      setText(this.status, 'Ready');
      return;
    }
    if (
      RUNNING_STATUSES.has(turn.status) &&
      turn.items.some((i) => i.kind === 'permission' && i.acp && i.approval === 'pending')
    ) {
      // ACP: the turn is paused on the permission dialog.
      this.status.className = 'run-status tone-warn waiting-approval';
      setText(this.status, `Waiting for your approval… ${clock(Date.now() - turn.startedAt)}`);
      return;
    }
    if (RUNNING_STATUSES.has(turn.status)) {
      this.status.className = 'run-status tone-running';
      setText(
        this.status,
        `${turn.status === 'starting' ? 'Starting' : 'Working'}… ${clock(Date.now() - turn.startedAt)}`,
      );
      return;
    }
    const { text, tone } = statusLabel(turn.status);
    this.status.className = `run-status tone-${tone}`;
    // A spec draft stops as asked, for review: not "Stopped".
    const ended = turn.status === 'success' ? 'Finished' : turn.spec ? 'Spec ready for review' : `Stopped: ${text}`;
    setText(this.status, ended);
  }
}

export function isRunningChat(chat: Chat): boolean {
  const t = currentTurn(chat);
  return t !== undefined && RUNNING_STATUSES.has(t.status);
}

/** 0:07, 1:05, 1:02:03. */
function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const m = Math.floor(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${pad(m % 60)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}
