/**
 * Tells the host whether this view has the keyboard focus: when a dialog opens, the host gives the
 * focus back afterwards only to a view that had it (host/focusAfterDialogs.ts). The window's focus
 * event alone misses a view that got the focus before this script ran (opened by a key that also
 * focused it), which then never counted as focused; so the state is also said at start and on a
 * focus move inside the document.
 */
export function reportFocus(post: (focused: boolean) => void): void {
  let last: boolean | undefined;
  const say = (focused: boolean): void => {
    last = focused;
    post(focused);
  };
  // The host may have forgotten (a hidden view): a window event is always said.
  window.addEventListener('focus', () => say(true));
  window.addEventListener('blur', () => say(false));
  document.addEventListener('focusin', () => {
    if (last !== true && document.hasFocus()) say(true);
  });
  say(document.hasFocus());
}
