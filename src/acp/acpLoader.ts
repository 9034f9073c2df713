/**
 * The ACP transport as activation builds it: a stand-in that loads the real one (acpClient.bundle.ts, dist/acpClient.js
 * in the extension bundle: esbuild.mjs) when an ACP chat first needs it. Until then there is no `zero acp`
 * process, so releasing a session or restarting for new settings has nothing to do.
 */
import type { Chat } from '../conversation/model';
import type { ChatAction } from '../conversation/actions';
import type { Transport, TurnHandle, TurnListener, TurnRequest } from '../conversation/transport';
import type * as AcpClient from './acpClient.bundle';
import type { AcpTransport, AcpTransportDeps } from './acpTransport';
import { lazy } from '../lifecycle/lazy';
import { ACP_CAPABILITIES } from './capabilities';
import type { ZeroAcp } from './zeroAcp';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
export const loadAcpClient = /* @__PURE__ */ lazy(() => require('./acpClient.bundle') as typeof AcpClient);

export class LazyAcpTransport implements Transport {
  readonly id = 'acp';
  readonly capabilities = ACP_CAPABILITIES;
  private real: AcpTransport | undefined;

  constructor(private readonly deps: AcpTransportDeps) {}

  /** The real transport, loaded and built now if it was not. */
  get loaded(): AcpTransport {
    return (this.real ??= new (loadAcpClient().AcpTransport)(this.deps));
  }

  /** The window's `zero acp` process (for the integration tests). */
  get zero(): ZeroAcp {
    return this.loaded.zero;
  }

  startTurn(req: TurnRequest, listener: TurnListener): TurnHandle {
    return this.loaded.startTurn(req, listener);
  }

  setMode(chat: Chat, mode: string, record: (a: ChatAction) => void): Promise<void> {
    return this.loaded.setMode(chat, mode, record);
  }

  setModel(chat: Chat, model: string): Promise<void> {
    return this.loaded.setModel(chat, model);
  }

  async launchSettingsChanged(): Promise<void> {
    await this.real?.launchSettingsChanged();
  }

  async releaseSession(chat: Chat): Promise<boolean> {
    return this.real ? this.real.releaseSession(chat) : true;
  }

  dispose(): void {
    this.real?.dispose();
  }
}
