/**
 * The exec transport as activation builds it: a stand-in that loads the real one (exec.bundle.ts, dist/exec.js in
 * the extension bundle: esbuild.mjs) when the first exec turn starts.
 */
import type { Transport, TurnHandle, TurnListener, TurnRequest } from '../../conversation/transport';
import { EXEC_CAPABILITIES } from './execCapabilities';
import { lazy } from '../../lifecycle/lazy';
import type * as Exec from './exec.bundle';
import type { ExecTransport, ExecTransportDeps } from './execTransport';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
export const loadExec = /* @__PURE__ */ lazy(() => require('./exec.bundle') as typeof Exec);

export class LazyExecTransport implements Transport {
  readonly id = 'exec';
  readonly capabilities = EXEC_CAPABILITIES;
  private real: ExecTransport | undefined;

  constructor(private readonly deps: ExecTransportDeps) {}

  startTurn(req: TurnRequest, listener: TurnListener): TurnHandle {
    this.real ??= new (loadExec().ExecTransport)(this.deps);
    return this.real.startTurn(req, listener);
  }

  dispose(): void {
    this.real?.dispose();
  }
}
