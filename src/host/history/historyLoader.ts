/**
 * The History list and Continue in Terminal (historyRoom.ts), loaded when first used. In the extension bundle
 * this `require` becomes `require('./history.js')` (esbuild.mjs); everything else imports them for types only.
 */
import type * as Room from './historyRoom';

let room: typeof Room | undefined;

export function historyRoom(): typeof Room {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
  room ??= require('./historyRoom') as typeof Room;
  return room;
}
