/**
 * Open Full Output's reading side (src/zero/fullOutput.ts, with spillFile.ts and storedOutput.ts), loaded when
 * a card's Open Full Output is first clicked. In the extension bundle this `require` becomes
 * `require('./fullOutput.js')` (esbuild.mjs); everything else imports it for types only.
 */
import type * as Room from '../../zero/fullOutput';

let room: typeof Room | undefined;

export function fullOutputRoom(): typeof Room {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
  room ??= require('../../zero/fullOutput') as typeof Room;
  return room;
}
