/**
 * What the schemas use of zod/mini, and its English messages: bundled into dist/zod.js and required when the first
 * schema is built (zod.ts), so activation neither compiles nor initialises zod. Named, not `export *`: a module
 * that is required is not tree-shaken, and zod/mini's namespace holds every locale. Import zod from zod.ts.
 */
export {
  array,
  boolean,
  config,
  discriminatedUnion,
  enum,
  int,
  literal,
  looseObject,
  maxLength,
  minLength,
  nonnegative,
  nullable,
  number,
  optional,
  pipe,
  positive,
  record,
  refine,
  regex,
  strictObject,
  string,
  transform,
  union,
  unknown,
} from 'zod/mini';
export { default as en } from 'zod/v4/locales/en.js';
