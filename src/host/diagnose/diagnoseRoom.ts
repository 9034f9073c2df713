/**
 * Zero: Diagnose's checks and pages (src/diagnose/room.ts), loaded when the command first runs. In
 * the extension bundle this `require` becomes `require('./diagnose.js')` (esbuild.mjs); everything
 * else in host/ imports src/diagnose/ for types only, except the log's ring, which fills from the start.
 */
import type * as Room from '../../diagnose/room';

let room: typeof Room | undefined;

export function diagnoseRoom(): typeof Room {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
  room ??= require('../../diagnose/room') as typeof Room;
  return room;
}
