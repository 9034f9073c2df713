/**
 * The row under the message box: current-file toggle, mode, provider, model and effort pickers, the
 * Run options menu, attach image, the context meter. Native buttons and selects: keyboard and screen readers work as usual.
 * The pickers are per message, which only exec has: an ACP chat sets mode and model for its
 * session in the header, so here they are hidden, and the meter says ACP reports no tokens.
 * Effort is offered only for a picked model that lists efforts (`zero providers models`), and
 * only those: another model's effort would be dropped or changed by Zero without a word in the chat.
 * The model list follows the picked provider (its own list, asked for once with `providerModels`).
 * ACP has one `zero acp` process for all its chats, so its provider is Zero's config: said in words.
 */
import { contextMeter, meterText, WARN_AT } from '../../conversation/readouts/contextMeter';
import type { ModelInfo } from '../../conversation/readouts/contextMeter';
import type { Chat, TransportKind } from '../../conversation/model';
import type { ComposerState } from '../../messages/protocol';
import { button, h, setText } from '../dom';
import { IMAGE_TYPES } from './imageFiles';
import { RunOptionsMenu } from './runOptions';
import { post } from '../vscodeApi';

/** What the pickers show, as the view keeps it. */
export interface BarPicks {
  readonly mode: string;
  readonly model: string;
  readonly effort: string;
  readonly provider: string;
}

export class ComposerBar {
  readonly el = h('div', { class: 'composer-options' });
  readonly mode = h('select', { class: 'composer-select', attrs: { 'aria-label': 'Mode for the next message' } });
  readonly provider = h('select', {
    class: 'composer-select',
    attrs: { 'aria-label': 'Provider for the next message', hidden: '' },
  });
  private readonly acpProvider = h('span', {
    class: 'composer-note',
    text: "Provider: Zero's config",
    attrs: {
      hidden: '',
      title:
        "zero acp runs one process for every ACP chat, so its provider is the active one in Zero's config (or ZERO_PROVIDER in the zero.env setting); pick one per chat on exec.",
    },
  });
  readonly model = h('select', { class: 'composer-select', attrs: { 'aria-label': 'Model for the next message' } });
  readonly runOptions: RunOptionsMenu;
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
    this.runOptions = new RunOptionsMenu(onPick);
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
    this.provider.addEventListener('change', () => {
      // Another provider's models: the model and effort go back to its default, and its list is asked for.
      this.askModels();
      this.fillModels('');
      this.fillEffort('');
      this.renderMeter();
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
      this.provider,
      this.acpProvider,
      this.model,
      this.effort,
      this.runOptions.el,
      this.attach,
      this.fileInput,
      h('span', { class: 'spacer' }),
      this.meter,
    );
    this.renderMeter();
  }

  /** Choices from the host; the picks survive as long as the host still offers them. */
  update(state: ComposerState | undefined, picked: BarPicks): void {
    const { mode: pickedMode, model: pickedModel, effort: pickedEffort } = picked;
    if (state && state !== this.state) {
      this.state = state;
      this.fillProviders(picked.provider);
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
      this.fillModels(pickedModel);
      this.fillEffort(pickedEffort);
      const on = state.currentFile.on;
      this.currentFile.setAttribute('aria-pressed', String(on));
      this.currentFile.title = on
        ? `Attaching the current file${state.currentFile.label ? ` (${state.currentFile.label})` : ''}; press to stop`
        : 'Attach the current file (and its selected lines) to each message';
    }
    this.renderMeter();
  }

  /** The picked provider's models (the default's when none is picked or its list is not here yet). */
  private pickedModels(): { models: readonly ModelInfo[]; problem: string | null; loading: boolean } {
    const state = this.state;
    if (!state) return { models: [], problem: null, loading: false };
    const provider = this.provider.hidden ? '' : this.provider.value;
    const current = state.providers?.find((p) => p.current)?.name;
    if (!provider || provider === current)
      return { models: state.models, problem: state.modelsProblem, loading: false };
    const own = state.providerModels?.[provider];
    return own ? { ...own, loading: false } : { models: [], problem: null, loading: true };
  }

  private fillModels(pickedModel: string): void {
    const { models: list, problem, loading } = this.pickedModels();
    const models = list.map((m) => ({
      value: m.id,
      label: m.displayName === m.id ? m.id : `${m.displayName} (${m.id})`,
    }));
    // A picked model Zero no longer lists stays selectable rather than silently changing.
    if (pickedModel && !models.some((m) => m.value === pickedModel))
      models.push({ value: pickedModel, label: pickedModel });
    fill(
      this.model,
      [{ value: '', label: loading ? 'Model: default (listing…)' : 'Model: default' }, ...models],
      pickedModel,
    );
    const provider = this.provider.hidden ? '' : this.provider.value;
    this.model.title =
      problem ?? `Model for the next message (from zero providers models${provider ? `, provider ${provider}` : ''})`;
  }

  /** Zero's providers; hidden on ACP and when Zero lists none. A picked one Zero no longer lists goes back to default. */
  private fillProviders(picked: string): void {
    const providers = this.state?.providers ?? [];
    const current = providers.find((p) => p.current);
    fill(
      this.provider,
      [
        {
          value: '',
          label: current ? `Provider: default (${current.name})` : 'Provider: default',
          title: "The active provider in Zero's config",
        },
        ...providers.map((p) => ({
          value: p.name,
          label: `Provider: ${p.name}${p.detail ? ` (${p.detail})` : ''}`,
          title: p.pickable
            ? `Runs of this chat use ${p.name} (ZERO_PROVIDER)`
            : 'Not a plain name (letters, digits, . _ -): the extension does not pass it to Zero. Rename it with zero providers rename.',
          disabled: !p.pickable,
        })),
      ],
      providers.some((p) => p.name === picked && p.pickable) ? picked : '',
    );
    this.provider.title = this.state?.providersProblem ?? 'Zero provider for the next message (zero providers list)';
    this.showProvider();
    this.askModels();
  }

  private showProvider(): void {
    const listed = (this.state?.providers ?? []).length > 0;
    this.provider.hidden = this.transport === 'acp' || !listed;
    this.acpProvider.hidden = this.transport !== 'acp' || !listed;
  }

  /** Ask the host once for a picked provider's models. */
  private askModels(): void {
    const provider = this.provider.hidden ? '' : this.provider.value;
    if (provider && this.pickedModels().loading && !this.asked.has(provider)) {
      this.asked.add(provider);
      post({ type: 'providerModels', provider });
    }
  }

  private readonly asked = new Set<string>();

  /** The provider to send: '' on ACP, when hidden, or on default. */
  pickedProvider(): string {
    return this.provider.hidden ? '' : this.provider.value;
  }

  setTransport(transport: TransportKind): void {
    if (transport === this.transport) return;
    this.transport = transport;
    this.mode.hidden = transport === 'acp';
    this.model.hidden = transport === 'acp';
    this.runOptions.el.hidden = transport === 'acp';
    this.showProvider();
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
    const efforts = model ? (this.pickedModels().models.find((m) => m.id === model)?.reasoningEfforts ?? []) : [];
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
    const m = this.chat ? contextMeter(this.chat, this.pickedModels().models) : null;
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
  options: readonly { value: string; label: string; title?: string; disabled?: boolean }[],
  picked: string,
): void {
  select.replaceChildren(
    ...options.map((o) =>
      h('option', {
        text: o.label,
        attrs: { value: o.value, ...(o.title ? { title: o.title } : {}), ...(o.disabled ? { disabled: '' } : {}) },
      }),
    ),
  );
  select.value = options.some((o) => o.value === picked && !o.disabled) ? picked : '';
}
