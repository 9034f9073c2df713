/**
 * The zod API every schema here is built with: zod/mini, the functional form (`optional(x)`,
 * `x.check(maxLength(n))`, `pipe(x, transform(f))`), which bundles to a fraction of the classic
 * API's method chains (docs/long-chats.md, "Activation: what loading the extension costs").
 * Import zod from here, not from 'zod'.
 * Schemas at module level are wrapped in `lazySchema(() => …)`: building hundreds of zod objects
 * took about a quarter of the extension's load time, and most are not needed until a run or a message.
 * zod/mini's `catch` reaches zod's util through a namespace, which keeps all of it in the bundle
 * (9 KB): check the type where the value is read instead.
 *
 * zod/mini has no messages of its own ("Invalid input" for every issue); the classic API installs
 * its English ones on first use, unless something chose a locale already. Messages reach users
 * (a chat file set aside, a decode problem), so this does the same.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

if (!config().localeError) config(en());

export * from 'zod/mini';

/**
 * The schema `build` returns, built when first used (parsed, or read by another schema's parse).
 * A stand-in rather than zod's own `lazy()`, which is a zod object too: with these, loading the
 * extension builds no zod object at all. Everything is forwarded to the built schema, so zod (and
 * `instanceof`, through zod's traits) sees the schema itself.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let schema: T | undefined;
  const real = (): T => (schema ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    // Reported configurable: the stand-in itself has none of these properties.
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(real(), key);
      return d && { ...d, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
