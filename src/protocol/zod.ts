/**
 * The zod API every schema here is built with: zod/mini, the functional form (`optional(x)`,
 * `x.check(maxLength(n))`, `pipe(x, transform(f))`), which bundles to a fraction of the classic
 * API's method chains (docs/long-chats.md, "Activation: what loading the extension costs").
 * Import zod from here, not from 'zod'.
 * Schemas at module level are wrapped in `lazySchema(() => …)`: building hundreds of zod objects
 * took about a quarter of the extension's load time, and most are not needed until a run or a message.
 * zod itself is loaded with the first schema built (zod.bundle.ts, dist/zod.js in the extension): each
 * function here is a stand-in that forwards to zod's own, so loading the extension runs none of zod.
 * zod/mini's `catch` reaches zod's util through a namespace, which keeps all of it in the bundle
 * (9 KB): check the type where the value is read instead.
 *
 * zod/mini has no messages of its own ("Invalid input" for every issue); the classic API installs
 * its English ones on first use, unless something chose a locale already. Messages reach users
 * (a chat file set aside, a decode problem), so this does the same when zod is loaded.
 */
import { lazy } from '../lifecycle/lazy';
import type * as Zod from './zod.bundle';

export type * from 'zod/mini';

// Bundlers resolve it (the webview's too, which has no Node types): pure code may use it for this one module.
declare const require: (id: './zod.bundle') => unknown;

/** zod, dist/zod.js in the extension (the `zod` bundle in esbuild.mjs), with its English messages. */
export const loadZod = /* @__PURE__ */ lazy(() => {
  const z = require('./zod.bundle') as typeof Zod;
  if (!z.config().localeError) z.config(z.en());
  return z;
});

/** zod's function `name`, loaded when first called; typed as zod's own (overloads and generics kept). */
function later<K extends keyof typeof Zod>(name: K): (typeof Zod)[K] {
  return ((...args: unknown[]) => (loadZod()[name] as (...a: unknown[]) => unknown)(...args)) as (typeof Zod)[K];
}

export const array = later('array');
export const boolean = later('boolean');
export const discriminatedUnion = later('discriminatedUnion');
const zEnum = later('enum');
export { zEnum as enum };
export const int = later('int');
export const literal = later('literal');
export const looseObject = later('looseObject');
export const maxLength = later('maxLength');
export const minLength = later('minLength');
export const nonnegative = later('nonnegative');
export const nullable = later('nullable');
export const number = later('number');
export const optional = later('optional');
export const pipe = later('pipe');
export const positive = later('positive');
export const record = later('record');
export const refine = later('refine');
export const regex = later('regex');
export const strictObject = later('strictObject');
export const string = later('string');
export const transform = later('transform');
export const union = later('union');
export const unknown = later('unknown');

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
