/**
 * A value made on first use, then kept: the one way to load a bundle (or a slow Node module) when it is
 * first needed rather than at activation. A bundle's loader is
 *   export const load<Name> = lazy(() => require('./<name>.bundle') as typeof Bundle);
 * esbuild.mjs's table turns that `require` into `require('./<name>.js')` and refuses any other import of
 * the bundle's members. A call at module level is marked with esbuild's PURE annotation, so a bundle that
 * never uses it drops it, `require` and all (esbuild keeps a call it cannot prove harmless, and does not
 * read a function's own NO_SIDE_EFFECTS annotation across files).
 */
export function lazy<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}
