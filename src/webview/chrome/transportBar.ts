/**
 * The header's session row: which transport the chat uses (a chat that has not run yet can switch),
 * and for ACP chats the one Mode and Model control of the chat. Over ACP both belong to Zero's
 * session (`session/set_mode`, the model config option), so they live here and the composer shows
 * none; on exec they are per message and live in the composer. Before the first message the lists
 * are Zero's ACP modes and `zero models`; once the session is open, what Zero offers. The pick is
 * kept and applied when the session opens. In Restricted Mode only plan.
 */
import { chatTransport, type Chat } from '../../conversation/model';
import { ACP_NO_MCP, ACP_NO_MCP_WHY } from '../../conversation/acpMcp';
import { ACP_NO_SUBAGENTS, ACP_NO_SUBAGENTS_WHY } from '../../conversation/subagent';
import type { ComposerState, ViewState } from '../../messages/protocol';
import { button, h } from '../dom';
import { post } from '../vscodeApi';

interface Choice {
  readonly id: string;
  readonly name: string;
}

export class TransportBar {
  readonly el = h('div', { class: 'header-row transport-bar' });
  private signature = '';

  update(state: ViewState): void {
    const chat = state.chat;
    const transport = chatTransport(chat, state.defaultTransport ?? 'exec');
    const canSwitch = chat.turns.length === 0 && !state.readOnly;
    const acp = transport === 'acp' ? acpChoices(chat, state.trusted, state.composer) : null;
    const sig = JSON.stringify([transport, canSwitch, state.readOnly, acp]);
    if (sig === this.signature) return;
    this.signature = sig;
    this.el.hidden = state.readOnly;
    const parts: HTMLElement[] = [];
    if (canSwitch) {
      const group = h('div', {
        class: 'transport-switch',
        attrs: { role: 'group', 'aria-label': 'Transport for this chat' },
      });
      for (const [id, label, tip] of [
        [
          'exec',
          'exec',
          'One zero exec run per message: token usage, changed files and Undo; approvals apply in a follow-up run',
        ],
        ['acp', 'ACP', 'zero acp: Zero waits for your approval inside the turn; no token usage, changed files or Undo'],
      ] as const) {
        const b = button(label, () => post({ type: 'setTransport', transport: id }), {
          class: `secondary small${transport === id ? ' selected' : ''}`,
          title: tip,
        });
        b.setAttribute('aria-pressed', String(transport === id));
        b.setAttribute('aria-label', `Transport: ${label}`);
        b.dataset.transport = id;
        group.append(b);
      }
      parts.push(h('span', { class: 'transport-label', text: 'Transport:' }), group);
    } else {
      parts.push(
        h('span', {
          class: `badge transport transport-${transport}`,
          text: transport === 'acp' ? 'ACP' : 'exec',
          title: transport === 'acp' ? 'This chat runs on zero acp' : 'This chat runs on zero exec',
        }),
      );
    }
    if (acp) {
      parts.push(
        select(
          'Mode',
          'acp-mode',
          acp.modes,
          acp.mode,
          acp.trusted
            ? "Zero's mode for this chat's session (session/set_mode)"
            : 'Restricted Mode: Zero runs read-only (plan) until you trust this workspace',
          (v) => post({ type: 'setAcpMode', mode: v }),
        ),
      );
      // Zero switches after the running turn (which keeps its mode): the pick waits for the next message.
      if (acp.nextMode)
        parts.push(
          h('span', {
            class: 'acp-next-mode',
            text: `${acp.modes.find((m) => m.id === acp.nextMode)?.name ?? acp.nextMode} from your next message`,
          }),
        );
      if (acp.models.length > 0)
        parts.push(
          select('Model', 'acp-model', acp.models, acp.model, "The model of this chat's Zero session", (v) =>
            post({ type: 'setAcpModel', model: v }),
          ),
        );
      parts.push(h('span', { class: 'acp-no-subagents', text: ACP_NO_SUBAGENTS, title: ACP_NO_SUBAGENTS_WHY }));
      parts.push(h('span', { class: 'acp-no-mcp', text: ACP_NO_MCP, title: ACP_NO_MCP_WHY }));
      // Zero 0.8's ACP server has only the mode and model options (docs/zero-acp.md §5): say so, not a dead picker.
      parts.push(
        h('span', {
          class: 'acp-no-effort',
          text: 'Effort: not offered over ACP',
          title:
            "Zero's ACP server takes no reasoning effort: the model's default applies. An exec chat has an Effort picker under the message box.",
        }),
      );
    }
    this.el.replaceChildren(...parts);
  }

  /** `/model` in an ACP chat. */
  focusModel(): void {
    this.el.querySelector<HTMLSelectElement>('select.acp-model')?.focus();
  }
}

/** What the header offers an ACP chat: the session's lists once open, else Zero's ACP modes and `zero models`. */
function acpChoices(
  chat: Chat,
  trusted: boolean,
  composer: ComposerState | undefined,
): {
  modes: Choice[];
  mode: string | null;
  nextMode: string | null;
  models: Choice[];
  model: string | null;
  trusted: boolean;
} {
  const info = chat.acp;
  const allModes: Choice[] =
    info && info.modes.length > 0
      ? [...info.modes]
      : (composer?.modes ?? []).filter((m) => !m.dangerous).map((m) => ({ id: m.id, name: m.label }));
  // Restricted Mode: Zero is held in plan whatever was picked.
  const modes = trusted ? allModes : allModes.filter((m) => m.id === 'plan');
  const mode = trusted ? (info?.mode ?? null) : 'plan';
  let models: Choice[] =
    info && info.models.length > 0
      ? [...info.models]
      : (composer?.models ?? []).map((m) => ({
          id: m.id,
          name: !m.displayName || m.displayName === m.id ? m.id : `${m.displayName} (${m.id})`,
        }));
  const model = info?.model ?? null;
  // A model Zero does not list (set with `_zero/set_model`, or zero.model) stays selectable.
  if (model && !models.some((m) => m.id === model)) models = [...models, { id: model, name: model }];
  const nextMode = trusted ? (info?.nextMode ?? null) : null;
  return { modes: withDefault(modes, mode), mode, nextMode, models: withDefault(models, model), model, trusted };
}

/** Before the session says which one is current, "Zero's default" is (nothing is sent for it). */
function withDefault(options: Choice[], current: string | null): Choice[] {
  return current === null && options.length > 0 ? [{ id: '', name: "Zero's default" }, ...options] : options;
}

function select(
  label: string,
  cls: string,
  options: readonly Choice[],
  current: string | null,
  title: string,
  onChange: (v: string) => void,
): HTMLElement {
  const el = h('select', { class: cls, attrs: { 'aria-label': `${label} for this chat`, title } });
  for (const o of options) {
    const opt = h('option', { text: o.name });
    opt.value = o.id;
    opt.selected = o.id === (current ?? '');
    el.append(opt);
  }
  el.addEventListener('change', () => el.value && onChange(el.value));
  return h('label', { class: 'acp-select' }, h('span', { text: `${label}: ` }), el);
}
