/**
 * The git side of isolated chats (src/worktrees/room.ts), loaded when an isolated chat first needs it.
 * In the extension bundle this `require` becomes `require('./worktrees.js')` (esbuild.mjs); everything
 * else imports src/worktrees/ for types only, except isolatedTransport.ts, which every chat's turn passes.
 */
import type * as Room from '../../worktrees/room';

let room: typeof Room | undefined;

export function worktreeRoom(): typeof Room {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
  room ??= require('../../worktrees/room') as typeof Room;
  return room;
}
