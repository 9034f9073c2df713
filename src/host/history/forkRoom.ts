/**
 * Fork's copying side (src/chats/forkRoom.ts), loaded when a chat is first forked. In the extension bundle
 * this `require` becomes `require('./fork.js')` (esbuild.mjs); everything else imports it for types only.
 */
import type * as Room from '../../chats/forkRoom';

let room: typeof Room | undefined;

export function forkRoom(): typeof Room {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
  room ??= require('../../chats/forkRoom') as typeof Room;
  return room;
}
