/**
 * Open Full Output's reading side (src/zero/exec/fullOutput.bundle.ts, with spillFile.ts and storedOutput.ts), loaded
 * when a card's Open Full Output is first clicked. In the extension bundle this `require` becomes
 * `require('./fullOutput.js')` (esbuild.mjs); everything else imports it for types only.
 */
import { lazy } from '../../lifecycle/lazy';
import type * as FullOutput from '../../zero/exec/fullOutput.bundle';

export const loadFullOutput = /* @__PURE__ */ lazy(
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
  () => require('../../zero/exec/fullOutput.bundle') as typeof FullOutput,
);
