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

/** Moves the exec Mode picker to the next mode (its change event fires); the words to announce, or null when that mode is not offered. */
export function cycleExecMode(picker: HTMLSelectElement): string | null {
  const now = picker.value;
  const next = nextExecMode(now);
  if (![...picker.options].some((o) => o.value === next)) return null;
  picker.value = next;
  picker.dispatchEvent(new Event('change'));
  const label = picker.selectedOptions[0]?.textContent ?? next;
  return next === now ? `${label} stays: leave Plan with the Mode picker.` : label;
}
