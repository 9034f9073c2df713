/**
 * Bounded nesting for JSON that came from outside (Zero's stdout, files read back).
 *
 * `JSON.parse` takes any depth, but `JSON.stringify`, `structuredClone` and every recursive walk
 * throw `RangeError` a few thousand levels down, and Zero's writer allows 10,000. Values deeper
 * than the limit are replaced by a short marker at the boundary, so nothing later has to care.
 * Both walks here are iterative: they cannot overflow the stack themselves.
 */

/** Deeper than any real tool's arguments; far from where V8's recursive walks give up. */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP_MARKER = `[nested deeper than ${MAX_JSON_DEPTH} levels: not kept]`;

/** True when some object or array in `value` is nested more than `max` levels deep. */
export function deeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: [object, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > max) return true;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * `value` itself when it is shallow enough (the common case: no copy), else a copy in which
 * every object or array below `max` levels is replaced by {@link TOO_DEEP_MARKER}.
 */
export function clampDepth<T>(value: T, max = MAX_JSON_DEPTH): T {
  if (!deeperThan(value, max)) return value;
  const root = copyShell(value as object);
  const stack: [object, Record<PropertyKey, unknown>, number][] = [[value as object, root, 1]];
  while (stack.length > 0) {
    const [from, to, depth] = stack.pop()!;
    for (const [key, child] of Object.entries(from)) {
      let copy: unknown = child;
      if (typeof child === 'object' && child !== null) {
        if (depth + 1 > max) copy = TOO_DEEP_MARKER;
        else {
          const shell = copyShell(child);
          stack.push([child, shell, depth + 1]);
          copy = shell;
        }
      }
      // defineProperty: an own "__proto__" key from JSON.parse must stay data, not a prototype.
      Object.defineProperty(to, key, { value: copy, enumerable: true, writable: true, configurable: true });
    }
  }
  return root as T;
}

function copyShell(node: object): Record<PropertyKey, unknown> {
  return (Array.isArray(node) ? new Array(node.length) : {}) as Record<PropertyKey, unknown>;
}

/** `JSON.stringify` that never throws: too deep is clamped, anything else unserialisable becomes a note. */
export function safeStringify(value: unknown, space?: number): string {
  try {
    return JSON.stringify(value, null, space) ?? String(value);
  } catch {
    try {
      return JSON.stringify(clampDepth(value), null, space) ?? String(value);
    } catch (err) {
      return JSON.stringify(`[could not be shown: ${err instanceof Error ? err.message : String(err)}]`);
    }
  }
}
