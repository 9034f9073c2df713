/** Runs `cb` when the view is idle (with the idle period's deadline), or soon where the browser has no idle callbacks. */
export function whenIdle(cb: (deadline?: IdleDeadline) => void): void {
  if (window.requestIdleCallback) window.requestIdleCallback(cb);
  else setTimeout(cb, 16);
}
