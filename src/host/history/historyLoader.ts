/**
 * The History list and Continue in Terminal (history.bundle.ts), loaded when first used. In the extension bundle
 * this `require` becomes `require('./history.js')` (esbuild.mjs); everything else imports them for types only.
 */
import { lazy } from '../../lifecycle/lazy';
import type * as History from './history.bundle';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
export const loadHistory = /* @__PURE__ */ lazy(() => require('./history.bundle') as typeof History);
