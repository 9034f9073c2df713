/**
 * Keys for the whole view. Ctrl+Home / Ctrl+End (Cmd on macOS), outside a text field, jump to the
 * first or the latest turn (a long chat draws only what is near the viewport). Esc closes the open
 * card (tool call, reasoning, stderr) that holds the focus and leaves the focus on its title;
 * pressed elsewhere in the transcript, it goes back to the message box.
 */
export function installKeyboard(
  root: HTMLElement,
  composer: { focus(): void },
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
    if (ev.key !== 'Escape' || ev.defaultPrevented || ev.isComposing) return;
    const target = ev.target instanceof Element ? ev.target : null;
    if (!target?.closest('.scroller')) return;
    ev.preventDefault();
    const open = target.closest<HTMLDetailsElement>('details[open]');
    if (open) {
      open.open = false;
      open.querySelector<HTMLElement>(':scope > summary')?.focus();
    } else {
      composer.focus();
    }
  });
}

/** After a redraw removed the focused element (a button that went away), keep the focus in the view. */
export function keepFocus(root: HTMLElement, hadFocus: boolean, composer: { focus(): void }): void {
  if (hadFocus && !root.contains(document.activeElement)) composer.focus();
}

/** Where Ctrl+Home / Ctrl+End move the caret instead. */
function editable(el: Element | null): boolean {
  return el !== null && el.closest('textarea, input, select, [contenteditable="true"]') !== null;
}
