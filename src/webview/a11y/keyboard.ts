/**
 * Keys for the whole view, as close to Zero's TUI as a webview allows (README, Keyboard):
 *
 * - Ctrl+Home / Ctrl+End (Cmd on macOS), outside a text field, jump to the first or the latest turn
 *   (a long chat draws only what is near the viewport).
 * - Esc, in this order: an open menu closes (the `/` and `@` menu, Run options: their own handlers
 *   take the key first); else the open card (tool call, reasoning, stderr) holding the focus closes,
 *   the focus on its title; else a running turn stops, as Esc does in Zero's TUI; else, in the
 *   transcript, the focus goes back to the message box.
 * - Alt+M cycles the mode as Zero's Shift+Tab does (Auto and Ask). Shift+Tab itself stays reverse
 *   focus, which keyboard users need to leave the message box; Ctrl+Shift+M is VS Code's Problems
 *   panel. On macOS, Option+M then no longer types "µ" in the chat.
 */
export interface KeyboardComposer {
  focus(): void;
  /** Stops the chat's run; false when nothing runs. */
  stopRun(): boolean;
  cycleMode(): void;
}

export function installKeyboard(
  root: HTMLElement,
  composer: KeyboardComposer,
  jump: (to: 'top' | 'bottom') => void = () => {},
): void {
  // On the document: with nothing focused, the keys go to <body>, outside the view's root.
  root.ownerDocument.addEventListener('keydown', (ev) => {
    if (
      ev.defaultPrevented ||
      ev.isComposing ||
      (ev.key !== 'Home' && ev.key !== 'End') ||
      !(ev.ctrlKey || ev.metaKey) ||
      ev.shiftKey ||
      ev.altKey
    )
      return;
    if (editable(ev.target instanceof Element ? ev.target : null)) return;
    ev.preventDefault();
    jump(ev.key === 'Home' ? 'top' : 'bottom');
  });
  root.addEventListener('keydown', (ev) => {
    if (ev.defaultPrevented || ev.isComposing) return;
    // By the key's place (code), not its character: Option+M on macOS gives "µ".
    if (ev.code === 'KeyM' && ev.altKey && !ev.ctrlKey && !ev.metaKey && !ev.shiftKey) {
      ev.preventDefault();
      composer.cycleMode();
      return;
    }
    if (ev.key !== 'Escape') return;
    const target = ev.target instanceof Element ? ev.target : null;
    if (!target) return;
    const inTranscript = target.closest('.scroller') !== null;
    const open = inTranscript ? target.closest<HTMLDetailsElement>('details[open]') : null;
    if (open) {
      ev.preventDefault();
      open.open = false;
      open.querySelector<HTMLElement>(':scope > summary')?.focus();
    } else if (composer.stopRun()) {
      ev.preventDefault();
    } else if (inTranscript) {
      ev.preventDefault();
      composer.focus();
    }
  });
}

/** After a redraw removed the focused element (a button that went away), keep the focus in the view. */
export function keepFocus(root: HTMLElement, hadFocus: boolean, composer: Pick<KeyboardComposer, 'focus'>): void {
  if (hadFocus && !root.contains(document.activeElement)) composer.focus();
}

/** Where Ctrl+Home / Ctrl+End move the caret instead. */
function editable(el: Element | null): boolean {
  return el !== null && el.closest('textarea, input, select, [contenteditable="true"]') !== null;
}
