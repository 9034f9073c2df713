/**
 * The ACP handshake: starts `zero acp` as an ACP chat would (src/acp/acpProcess.ts: same binary, env,
 * folder, no shell), sends the same `initialize` and reports what Zero advertises. Then shuts it down;
 * at the time limit (or when the check is stopped) the process tree is killed.
 */
import type * as acp from '@agentclientprotocol/sdk';
import {
  startAcpProcess,
  type AcpClientHandlers,
  type AcpExit,
  type AcpLaunch,
  type AcpProcess,
} from '../../acp/acpProcess';
import { ACP_PROTOCOL_VERSION, initializeRequest } from '../../acp/initialize';
import { detail, type CheckOutcome, type Detail } from '../report';
import type { Check } from '../runChecks';
import type { ZeroProbes } from '../zeroProbes';

export type StartAcp = (launch: AcpLaunch, handlers: AcpClientHandlers) => AcpProcess;

export interface AcpCheckOptions {
  readonly clientVersion: string;
  readonly handshakeMs?: number;
  readonly start?: StartAcp;
  readonly now?: () => number;
}

/** No session is opened, so Zero has nothing to ask; should it ask anyway, the answer is no. */
const HANDLERS: AcpClientHandlers = {
  requestPermission: () => Promise.resolve({ outcome: { outcome: 'cancelled' } }),
  sessionUpdate: () => undefined,
};

export function acpCheck(probes: ZeroProbes, opts: AcpCheckOptions): Check {
  const handshakeMs = opts.handshakeMs ?? 15_000;
  const now = opts.now ?? Date.now;
  return {
    id: 'acp',
    title: 'ACP handshake (zero acp)',
    timeoutMs: handshakeMs + 5_000,
    async run(signal): Promise<CheckOutcome> {
      const binary = await probes.path();
      if (!binary) return { status: 'skipped', finding: 'No Zero CLI to start `zero acp` with.', details: [] };
      const launch: AcpLaunch = { binary, cwd: probes.deps.cwd ?? process.cwd(), env: probes.deps.zeroEnv };
      const started = now();
      const proc = (opts.start ?? startAcpProcess)(launch, HANDLERS);
      const stop = (): void => proc.kill();
      signal.addEventListener('abort', stop, { once: true });
      let timer: NodeJS.Timeout | undefined;
      const request = proc.connection.agent.request('initialize', initializeRequest(opts.clientVersion));
      const gone = proc.exited.then((): never => {
        throw new Error('zero acp exited');
      });
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new HandshakeTimeout(`zero acp did not answer initialize within ${handshakeMs / 1000} s.`)),
          handshakeMs,
        );
      });
      // The losers of the race settle later (the exit after our shutdown): not unhandled rejections.
      for (const p of [request, gone, late]) void p.catch(() => undefined);
      try {
        const init = await Promise.race([request, gone, late]);
        return advertised(init, now() - started);
      } catch (err) {
        // A closed connection usually means the process is ending on its own: let it say how, then kill.
        let exit = err instanceof HandshakeTimeout || signal.aborted ? undefined : await exitWithin(proc, 500);
        proc.kill();
        exit ??= await exitWithin(proc, 1000);
        const tail = (exit?.stderrTail ?? '').trim().slice(-2000);
        return {
          status: 'failed',
          finding: failure(err, exit, signal.aborted),
          details: tail ? [detail('stderr', tail)] : [],
        };
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
        await proc.shutdown(1000);
      }
    },
  };
}

function advertised(init: acp.InitializeResponse, ms: number): CheckOutcome {
  const caps = init.agentCapabilities ?? {};
  const prompt = caps.promptCapabilities ?? {};
  const agent = init.agentInfo ? `${init.agentInfo.name} ${init.agentInfo.version}`.trim() : 'not given';
  const auth = (init.authMethods ?? []).map((m) => (m.name && m.name !== m.id ? `${m.id} (${m.name})` : m.id));
  const mcp = caps.mcpCapabilities ?? {};
  const details: Detail[] = [
    detail('Protocol version', init.protocolVersion),
    detail('Agent', agent),
    detail('Load session', yes(caps.loadSession)),
    detail(
      'Prompt content',
      `image ${yes(prompt.image)}, audio ${yes(prompt.audio)}, embedded context ${yes(prompt.embeddedContext)}`,
    ),
    detail('MCP servers', `http ${yes(mcp.http)}, sse ${yes(mcp.sse)}`),
    detail('Auth methods', auth.length > 0 ? auth.join(', ') : 'none (Zero uses its own provider config)'),
    detail('Answered in', `${ms} ms`),
  ];
  if (init.protocolVersion !== ACP_PROTOCOL_VERSION)
    return {
      status: 'warning',
      finding: `zero acp speaks ACP protocol ${init.protocolVersion}; this extension speaks ${ACP_PROTOCOL_VERSION}.`,
      details,
    };
  if (caps.loadSession !== true)
    return {
      status: 'warning',
      finding: 'zero acp cannot load sessions: an ACP chat cannot continue after a reload.',
      details,
    };
  return {
    status: 'ok',
    finding: `zero acp answered initialize: ACP protocol ${init.protocolVersion}, ${agent}.`,
    details,
  };
}

/** Why the handshake failed, in the words that help most: how the process ended beats "connection closed". */
function failure(err: unknown, exit: AcpExit | undefined, stopped: boolean): string {
  if (stopped) return "zero acp was stopped at the report's time limit before it answered initialize.";
  if (exit?.spawnError) return `zero acp could not start: ${exit.spawnError}`;
  if (err instanceof HandshakeTimeout) return err.message;
  if (exit && !exit.requested)
    return `zero acp exited (${exit.signal ?? `code ${exit.code ?? 'unknown'}`}) before answering initialize.`;
  return `zero acp did not answer initialize: ${err instanceof Error ? err.message : String(err)}`;
}

class HandshakeTimeout extends Error {}

const yes = (v: boolean | undefined): string => (v === true ? 'yes' : 'no');

const exitWithin = (proc: AcpProcess, ms: number): Promise<AcpExit | undefined> =>
  Promise.race([proc.exited, new Promise<undefined>((r) => setTimeout(() => r(undefined), ms).unref())]);
