/**
 * Numbers from outside (Zero's stdout) made safe where they enter. JSON allows `1e308` (finite, but
 * two of them summed are Infinity) and `1e400` (parsed as Infinity); JSON.stringify writes both
 * Infinity and NaN as `null` and `-0` as `0`, so such a value would read back as something else, or
 * not at all (the chat schema wants finite counts). Counts are clamped to safe integers; any other
 * number is kept finite.
 */

const MAX = Number.MAX_SAFE_INTEGER;

/** A token count or sequence: a whole number in [0, 2^53 - 1]. */
export function clampCount(n: number): number {
  if (Number.isNaN(n)) return 0;
  return Math.min(MAX, Math.max(0, Math.trunc(n))) || 0;
}

/** An exit code or other signed whole number: a safe integer. */
export function clampInt(n: number): number {
  if (Number.isNaN(n)) return 0;
  return Math.min(MAX, Math.max(-MAX, Math.trunc(n))) || 0;
}

/** An amount (cost in USD): finite, not negative. */
export function clampAmount(n: number): number {
  if (Number.isNaN(n)) return 0;
  return Math.min(MAX, Math.max(0, n)) || 0;
}

/** Adds two counts without leaving the safe range (totals summed over many events). */
export const addCounts = (a: number, b: number): number => clampCount(a + b);

const odd = (n: number): boolean => !Number.isFinite(n) || Object.is(n, -0);

/** True when some number in `value` would not survive JSON (non-finite, or -0). Iterative. */
export function hasOddNumber(value: unknown): boolean {
  if (typeof value === 'number') return odd(value);
  if (typeof value !== 'object' || value === null) return false;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'number' && odd(child)) return true;
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return false;
}

/** ±Infinity → ±Number.MAX_VALUE, NaN → 0, -0 → 0: what JSON can carry and read back the same. */
function finite(n: number): number {
  if (Number.isNaN(n)) return 0;
  if (n === Infinity) return Number.MAX_VALUE;
  if (n === -Infinity) return -Number.MAX_VALUE;
  return n || 0;
}

/**
 * `value` itself when every number in it is JSON-safe (the common case: no copy), else a copy with
 * the odd numbers made finite. The value must be JSON data (depth-clamped first).
 */
export function finiteNumbers<T>(value: T): T {
  if (!hasOddNumber(value)) return value;
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' ? finite(v) : v))) as T;
}
