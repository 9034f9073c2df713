/**
 * The row under the message box: current-file toggle, mode, model and effort pickers, attach image,
 * the context meter. Native buttons and selects: keyboard and screen readers work as usual.
 * The pickers are per message, which only exec has: an ACP chat sets mode and model for its
 * session in the header, so here they are hidden, and the meter says ACP reports no tokens.
 * Effort is offered only for a picked model that lists efforts (`zero providers models`), and
 * only those: another model's effort would be dropped or changed by Zero without a word in the chat.
 */
import { contextMeter, meterText, WARN_AT } from '../conversation/contextMeter';
import type { Chat, TransportKind } from '../conversation/model';
import type { ComposerState } from '../messages/messages';
import { button, h, setText } from './dom';
import { IMAGE_TYPES } from './imageFiles';
import { post } from './vscodeApi';

export class ComposerBar {
  readonly el = h('div', { class: 'composer-options' });
  readonly mode = h('select', { class: 'composer-select', attrs: { 'aria-label': 'Mode for the next message' } });
  readonly model = h('select', { class: 'composer-select', attrs: { 'aria-label': 'Model for the next message' } });
  readonly effort = h('select', {
    class: 'composer-select effort',
    attrs: { 'aria-label': 'Reasoning effort for the next message', hidden: '' },
  });
  private readonly currentFile = button(
    'Current file',
    () => post({ type: 'setCurrentFile', on: this.currentFile.getAttribute('aria-pressed') !== 'true' }),
    { class: 'toggle-button' },
  );
  private readonly fileInput = h('input', {
    attrs: {
      type: 'file',
      accept: [...IMAGE_TYPES].join(','),
      multiple: '',
      hidden: '',
      'aria-hidden': 'true',
      tabindex: '-1',
    },
  });
  private readonly attach = button('Images…', () => this.fileInput.click(), {
    class: 'secondary small',
    title: 'Attach PNG, JPEG, GIF or WebP images (10 MiB each)',
  });
  private readonly meter = h('span', { class: 'context-meter' });
  private state: ComposerState | null = null;
  private chat: Chat | null = null;
  private transport: TransportKind = 'exec';

  constructor(
    onFiles: (files: File[]) => void,
    private readonly onPick: () => void,
  ) {
    this.currentFile.setAttribute('aria-pressed', 'false');
    // The name contains the visible label, so speech input ("click Images") finds it (WCAG 2.5.3).
    this.attach.setAttribute('aria-label', 'Attach images…');
    this.fileInput.addEventListener('change', () => {
      onFiles([...(this.fileInput.files ?? [])]);
      this.fileInput.value = '';
    });
    this.mode.addEventListener('change', () => {
      this.describeMode();
      this.onPick();
    });
    this.model.addEventListener('change', () => {
      // Another model's efforts: keep the pick only if it offers it too.
      this.fillEffort(this.effort.value);
      this.onPick();
    });
    this.effort.addEventListener('change', () => this.onPick());
    this.el.append(
      this.currentFile,
      this.mode,
      this.model,
      this.effort,
      this.attach,
      this.fileInput,
      h('span', { class: 'spacer' }),
      this.meter,
    );
    this.renderMeter();
  }

  /** Choices from the host; the picks survive as long as the host still offers them. */
  update(state: ComposerState | undefined, pickedMode: string, pickedModel: string, pickedEffort = ''): void {
    if (state && state !== this.state) {
      this.state = state;
      fill(
        this.mode,
        [
          {
            value: '',
            label: 'Mode: default',
            title: "Your zero.mode setting, or Zero's own default (Auto) when it is unset",
          },
          ...state.modes.map((m) => ({ value: m.id, label: `Mode: ${m.label}`, title: m.description ?? '' })),
        ],
        pickedMode,
      );
      this.describeMode();
      const models = state.models.map((m) => ({
        value: m.id,
        label: m.displayName === m.id ? m.id : `${m.displayName} (${m.id})`,
      }));
      // A picked model Zero no longer lists stays selectable rather than silently changing.
      if (pickedModel && !models.some((m) => m.value === pickedModel))
        models.push({ value: pickedModel, label: pickedModel });
      fill(this.model, [{ value: '', label: 'Model: default' }, ...models], pickedModel);
      this.model.title = state.modelsProblem ?? 'Model for the next message (from zero models)';
      this.fillEffort(pickedEffort);
      const on = state.currentFile.on;
      this.currentFile.setAttribute('aria-pressed', String(on));
      this.currentFile.title = on
        ? `Attaching the current file${state.currentFile.label ? ` (${state.currentFile.label})` : ''}; press to stop`
        : 'Attach the current file (and its selected lines) to each message';
    }
    this.renderMeter();
  }

  setTransport(transport: TransportKind): void {
    if (transport === this.transport) return;
    this.transport = transport;
    this.mode.hidden = transport === 'acp';
    this.model.hidden = transport === 'acp';
    this.fillEffort(this.effort.value);
    this.renderMeter();
  }

  /** The picked mode's words (what it allows, whether it has subagents) as the picker's tooltip and description. */
  private describeMode(): void {
    const words = this.mode.selectedOptions[0]?.title ?? '';
    this.mode.title = words;
    if (words) this.mode.setAttribute('aria-description', words);
    else this.mode.removeAttribute('aria-description');
  }

  /** The effort to send: '' when the picker is hidden (ACP, or a model without efforts) or on default. */
  pickedEffort(): string {
    return this.effort.hidden ? '' : this.effort.value;
  }

  /** The picked model's efforts, or hidden when it lists none; `picked` stays if it is one of them. */
  private fillEffort(picked: string): void {
    const model = this.model.value;
    const efforts = model ? (this.state?.models.find((m) => m.id === model)?.reasoningEfforts ?? []) : [];
    const shown = this.transport !== 'acp' && efforts.length > 0;
    fill(
      this.effort,
      [{ value: '', label: 'Effort: default' }, ...efforts.map((e) => ({ value: e, label: `Effort: ${e}` }))],
      shown ? picked : '',
    );
    this.effort.hidden = !shown;
    this.effort.title = shown
      ? `Reasoning effort for the next message (--reasoning-effort): what ${model} lists; default lets Zero choose`
      : '';
  }

  showChat(chat: Chat): void {
    if (chat === this.chat) return;
    this.chat = chat;
    this.renderMeter();
  }

  focusModel(): void {
    this.model.focus();
  }

  private renderMeter(): void {
    if (this.transport === 'acp') {
      setText(this.meter, 'Context: not reported over ACP');
      this.meter.classList.remove('near-limit');
      this.meter.title = "Zero's ACP server sends no token counts, so the context used is unknown.";
      return;
    }
    const m = this.chat ? contextMeter(this.chat, this.state?.models ?? []) : null;
    const text = m ? meterText(m) : 'Context: no request yet';
    setText(this.meter, m ? `Context ${text}${m.nearLimit ? ' · near the limit' : ''}` : text);
    this.meter.classList.toggle('near-limit', m?.nearLimit ?? false);
    const why =
      m === null
        ? 'Filled in after the first answer.'
        : m.window === null
          ? `Zero lists no context window for ${m.model ?? 'this model'}, so only the last request's prompt tokens are shown.`
          : m.nearLimit
            ? `The last request used over ${Math.round(WARN_AT * 100)}% of the model's context window: start a new chat or ask Zero to summarise soon.`
            : "The last request's prompt tokens against the model's context window.";
    this.meter.title = why;
  }
}

function fill(
  select: HTMLSelectElement,
  options: readonly { value: string; label: string; title?: string }[],
  picked: string,
): void {
  select.replaceChildren(
    ...options.map((o) =>
      h('option', { text: o.label, attrs: { value: o.value, ...(o.title ? { title: o.title } : {}) } }),
    ),
  );
  select.value = options.some((o) => o.value === picked) ? picked : '';
}
