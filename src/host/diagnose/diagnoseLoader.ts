/**
 * Zero: Diagnose's checks and pages (src/diagnose/diagnose.bundle.ts), loaded when the command first runs. In
 * the extension bundle this `require` becomes `require('./diagnose.js')` (esbuild.mjs); everything
 * else in host/ imports src/diagnose/ for types only, except the log's ring, which fills from the start.
 */
import type * as Diagnose from '../../diagnose/diagnose.bundle';
import { lazy } from '../../lifecycle/lazy';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
export const loadDiagnose = /* @__PURE__ */ lazy(() => require('../../diagnose/diagnose.bundle') as typeof Diagnose);
