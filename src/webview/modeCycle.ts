/**
 * Alt+M: the next exec mode as Zero's Shift+Tab picks it (internal/tui/view.go nextPermissionMode):
 * Auto and Ask swap; Plan stays (its read-only promise is left only on purpose); Unsafe, or the
 * default ('' = the setting), lands on Ask, the stricter one. Never Unsafe by a casual keypress.
 */
export function nextExecMode(now: string): string {
  if (now === 'auto') return 'ask';
  if (now === 'ask') return 'auto';
  if (now === 'plan') return 'plan';
  return 'ask';
}
