/**
 * The composer's Run options menu (exec chats): what Zero's TUI sets with `/turns`, `/selfcorrect`
 * and `/profile`, as the `zero exec` flags that do the same for the next messages of this view:
 *
 * - Max turns: `--max-turns=<n>`, 1 to 500 (internal/config MaxTurnsCeiling, the TUI's `/turns` bound).
 * - Self-correct: `--self-correct`, the post-edit loop with the project's tests (the TUI's
 *   `/selfcorrect on`). Exec has no LSP-only loop like the TUI's default: without the flag it runs
 *   only its background diagnostics (internal/cli/exec.go newExecSelfCorrector), so "off" says so.
 * - Profile: `--exec-profile=<balanced|fast|thorough>` (the TUI's `/profile`).
 *
 * A button that opens a small group of native controls: keyboard and screen readers work as usual;
 * Esc closes it and gives the focus back to the button.
 */
import { EXEC_PROFILES, MAX_TURNS_CEILING } from '../../messages/protocol';
import { button, h, setText } from '../dom';

export interface RunPicks {
  readonly maxTurns?: number;
  readonly selfCorrect?: boolean;
  readonly execProfile?: (typeof EXEC_PROFILES)[number];
}

const PROFILE_WORDS: Record<(typeof EXEC_PROFILES)[number], string> = {
  balanced: "balanced: Zero's default posture",
  fast: 'fast: a smaller turn budget and lower effort',
  thorough: 'thorough: a bigger turn budget, higher effort, self-correction and escalation',
};

export class RunOptionsMenu {
  readonly el = h('span', { class: 'run-options' });
  private readonly toggle: HTMLButtonElement;
  private readonly panel = h('div', {
    class: 'run-options-panel',
    attrs: { role: 'group', 'aria-label': 'Run options', hidden: '' },
  });
  private readonly turns = h('input', {
    class: 'composer-select run-turns',
    attrs: {
      type: 'number',
      min: '1',
      max: String(MAX_TURNS_CEILING),
      step: '1',
      placeholder: "Zero's config",
      'aria-label': `Max turns (--max-turns, 1 to ${MAX_TURNS_CEILING}; empty: Zero's config)`,
    },
  });
  private readonly selfCorrect = h('input', {
    attrs: { type: 'checkbox', 'aria-label': 'Self-correct with the project tests (--self-correct)' },
  });
  private readonly profile = h('select', {
    class: 'composer-select',
    attrs: { 'aria-label': 'Execution profile (--exec-profile)' },
  });
  private readonly turnsNote = h('span', { class: 'run-options-note', attrs: { 'aria-live': 'polite' } });

  private readonly onChange: () => void;

  constructor(onChange: () => void) {
    this.onChange = () => {
      this.label();
      onChange();
    };
    this.toggle = button('Run options', () => this.setOpen(!this.open), {
      class: 'toggle-button',
      title: "Zero's /turns, /selfcorrect and /profile for the next messages (zero exec flags)",
    });
    this.toggle.setAttribute('aria-expanded', 'false');
    this.toggle.setAttribute('aria-haspopup', 'true');
    this.profile.replaceChildren(
      h('option', { text: "Profile: Zero's default", attrs: { value: '' } }),
      ...EXEC_PROFILES.map((p) => h('option', { text: `Profile: ${PROFILE_WORDS[p]}`, attrs: { value: p } })),
    );
    this.turns.addEventListener('change', () => {
      this.clampTurns();
      this.onChange();
    });
    this.selfCorrect.addEventListener('change', () => this.onChange());
    this.profile.addEventListener('change', () => this.onChange());
    this.panel.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Escape' || ev.isComposing) return;
      ev.preventDefault();
      ev.stopPropagation();
      this.setOpen(false);
      this.toggle.focus();
    });
    this.panel.append(
      h('label', { class: 'run-option' }, h('span', { text: 'Max turns' }), this.turns, this.turnsNote),
      h(
        'label',
        { class: 'run-option' },
        this.selfCorrect,
        h('span', {
          text: "Self-correct: after edits, Zero checks the project's tests and diagnostics and fixes what fails (auto-fix needs autonomy medium or high). Off: zero exec's background diagnostics only; exec has no LSP-only loop like the TUI's default.",
        }),
      ),
      h('label', { class: 'run-option' }, this.profile),
      h('p', {
        class: 'run-options-note',
        text: 'For the next messages of this chat view. Other flags: the zero.extraArgs setting.',
      }),
    );
    this.el.append(this.toggle, this.panel);
  }

  get open(): boolean {
    return !this.panel.hidden;
  }

  setOpen(open: boolean): void {
    this.panel.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
    if (open) this.turns.focus();
  }

  /** What the menu shows now; nothing for Zero's defaults. */
  picks(): RunPicks {
    const n = Number(this.turns.value);
    const profile = EXEC_PROFILES.find((p) => p === this.profile.value);
    return {
      ...(this.turns.value !== '' && Number.isInteger(n) && n >= 1 ? { maxTurns: Math.min(n, MAX_TURNS_CEILING) } : {}),
      ...(this.selfCorrect.checked ? { selfCorrect: true } : {}),
      ...(profile ? { execProfile: profile } : {}),
    };
  }

  show(picks: RunPicks): void {
    this.turns.value = picks.maxTurns ? String(picks.maxTurns) : '';
    this.selfCorrect.checked = picks.selfCorrect === true;
    this.profile.value = picks.execProfile ?? '';
    this.label();
  }

  /** The button says how many options are set, so a set one is never forgotten. */
  label(): void {
    const n = Object.keys(this.picks()).length;
    setText(this.toggle, n > 0 ? `Run options (${n})` : 'Run options');
  }

  private clampTurns(): void {
    const n = Number(this.turns.value);
    if (this.turns.value === '') setText(this.turnsNote, '');
    else if (!Number.isInteger(n) || n < 1) {
      this.turns.value = '';
      setText(this.turnsNote, "A whole number from 1: back to Zero's config.");
    } else if (n > MAX_TURNS_CEILING) {
      this.turns.value = String(MAX_TURNS_CEILING);
      setText(this.turnsNote, `At most ${MAX_TURNS_CEILING}, as Zero's /turns.`);
    } else setText(this.turnsNote, '');
  }
}
