/**
 * Banners above the transcript: an untrusted workspace, a Zero binary that cannot run or is worth a
 * note, and a Zero with no model provider (`zero providers list` empty), which `zero setup` fixes.
 */
import type { BinaryState, ComposerState } from '../../messages/protocol';
import { button, h } from '../dom';
import { post } from '../vscodeApi';

export class BannersView {
  readonly el = h('div', { class: 'banners' });
  private readonly trust = h(
    'div',
    { class: 'banner banner-trust', attrs: { role: 'region', 'aria-label': 'Restricted mode' } },
    h(
      'div',
      { class: 'banner-text' },
      h('strong', { text: 'Restricted mode. ' }),
      'This workspace is not trusted, so Zero runs that write files or execute commands are disabled. Zero can still read and answer.',
    ),
    h(
      'div',
      { class: 'banner-actions' },
      button('Trust Workspace…', () => post({ type: 'trustWorkspace' }), { class: 'primary small' }),
    ),
  );
  private readonly problem = h('div', { class: 'banner-text' });
  private readonly binary = h(
    'div',
    { class: 'banner banner-error', attrs: { role: 'region', 'aria-label': 'Zero CLI problem' } },
    this.problem,
    h(
      'div',
      { class: 'banner-actions' },
      button('Set Path…', () => post({ type: 'fixBinary', action: 'setPath' }), { class: 'primary small' }),
      button('Install Zero…', () => post({ type: 'fixBinary', action: 'installHelp' }), { class: 'secondary small' }),
      button('Show Log', () => post({ type: 'fixBinary', action: 'showLog' }), { class: 'secondary small' }),
      button('Retry', () => post({ type: 'fixBinary', action: 'retry' }), { class: 'secondary small' }),
      button('Diagnose', () => post({ type: 'diagnose' }), {
        class: 'secondary small',
        title: 'Zero: Diagnose: check the binary, the provider, zero acp and the settings, in one report',
      }),
    ),
  );

  private readonly noteText = h('div', { class: 'banner-text' });
  /** Not blocking (e.g. Zero's version could not be read): the user may still try. */
  private readonly note = h(
    'div',
    { class: 'banner banner-note', attrs: { role: 'region', 'aria-label': 'Zero CLI note' } },
    this.noteText,
    h(
      'div',
      { class: 'banner-actions' },
      button('Show Log', () => post({ type: 'fixBinary', action: 'showLog' }), { class: 'secondary small' }),
    ),
  );

  private readonly noProviderText = h('div', { class: 'banner-text' });
  private readonly noProvider = h(
    'div',
    { class: 'banner banner-error', attrs: { role: 'region', 'aria-label': 'No model provider' } },
    this.noProviderText,
    h(
      'div',
      { class: 'banner-actions' },
      button('Set Up Zero in Terminal', () => post({ type: 'setupZero' }), {
        class: 'primary small',
        title: "Runs zero setup in a terminal: Zero's own setup picks a provider and stores its key",
      }),
      button('Diagnose', () => post({ type: 'diagnose' }), {
        class: 'secondary small',
        title: 'Zero: Diagnose: check the binary, the provider, zero acp and the settings, in one report',
      }),
    ),
  );

  constructor() {
    this.el.append(this.binary, this.noProvider, this.note, this.trust);
  }

  update(trusted: boolean, binary: BinaryState, composer?: ComposerState): void {
    const none = binary.ok ? (composer?.noProvider ?? null) : null;
    this.noProvider.hidden = none === null;
    this.noProviderText.replaceChildren(
      h('strong', { text: 'No model provider. ' }),
      'Zero has no provider configured, so it cannot answer. ',
      none && none.logins.length > 0
        ? `Stored logins (zero auth status): ${none.logins.join('; ')}.`
        : 'No login is stored either (zero auth status).',
    );
    this.trust.hidden = trusted;
    this.binary.hidden = binary.ok;
    this.problem.replaceChildren(
      h('strong', { text: 'Zero CLI unavailable. ' }),
      binary.problem ?? 'The Zero CLI could not be found.',
    );
    const note = binary.ok ? (binary.note ?? null) : null;
    this.note.hidden = note === null;
    this.noteText.replaceChildren(h('strong', { text: 'Zero CLI: ' }), note ?? '');
    this.el.hidden = trusted && binary.ok && note === null && none === null;
  }
}
