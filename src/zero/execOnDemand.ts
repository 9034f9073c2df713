/**
 * The exec transport as activation builds it: a stand-in that loads the real one (execRoom.ts, dist/exec.js in
 * the extension bundle: esbuild.mjs) when the first exec turn starts.
 */
import type { Transport, TurnHandle, TurnListener, TurnRequest } from '../conversation/transport';
import { EXEC_CAPABILITIES } from './execCapabilities';
import type * as Room from './execRoom';
import type { ExecTransport, ExecTransportDeps } from './execTransport';

let room: typeof Room | undefined;

export function execRoom(): typeof Room {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
  room ??= require('./execRoom') as typeof Room;
  return room;
}

export class LazyExecTransport implements Transport {
  readonly id = 'exec';
  readonly capabilities = EXEC_CAPABILITIES;
  private real: ExecTransport | undefined;

  constructor(private readonly deps: ExecTransportDeps) {}

  startTurn(req: TurnRequest, listener: TurnListener): TurnHandle {
    this.real ??= new (execRoom().ExecTransport)(this.deps);
    return this.real.startTurn(req, listener);
  }

  dispose(): void {
    this.real?.dispose();
  }
}
