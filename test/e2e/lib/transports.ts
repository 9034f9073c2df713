// Runs a UI suite once per transport (`zero.transport`: exec, then acp), each in its own
// code-server, and reads what Zero received on either transport in one shape, so a test can say
// "Zero got this message" without caring whether it went on a `zero exec` stdin or a `session/prompt`.
//
//   describeEachTransport('Chat', (transport) => {
//     const vs = useVSCode({ name: `ui-chat-${transport}`, settings: { 'zero.path': FAKE_ZERO, 'zero.transport': transport } });
//     it('answers', async () => { … messagesToZero(vs, transport) … });
//   });
//
// ZERO_E2E_TRANSPORTS=acp (or exec) narrows a run while iterating; CI runs both.
import type { VSCodeSession } from './useVSCode';
import { execRuns, promptOf, resumeIdOf, type ZeroInvocation } from './userFlows';

export const TRANSPORTS = ['exec', 'acp'] as const;
export type TransportName = (typeof TRANSPORTS)[number];

function selectedTransports(): TransportName[] {
  const wanted = (process.env.ZERO_E2E_TRANSPORTS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (wanted.length === 0) return [...TRANSPORTS];
  const unknown = wanted.filter((w) => !(TRANSPORTS as readonly string[]).includes(w));
  if (unknown.length > 0)
    throw new Error(
      `ZERO_E2E_TRANSPORTS: unknown transport(s) ${unknown.join(', ')} (known: ${TRANSPORTS.join(', ')})`,
    );
  return TRANSPORTS.filter((t) => wanted.includes(t));
}

/** `describe(`${title} [exec]`)` and `describe(`${title} [acp]`)`, each running `body` for its transport. */
export function describeEachTransport(title: string, body: (transport: TransportName) => void): void {
  for (const transport of selectedTransports()) {
    describe(`${title} [${transport}]`, function () {
      body(transport);
    });
  }
}

/** A request the fake `zero acp` received (FAKE_ZERO_ACP_RECORD). */
export interface AcpRequest {
  readonly pid: number;
  readonly method: string;
  readonly sessionId: string;
  /** session/prompt */
  readonly text?: string;
  readonly images?: readonly { readonly mimeType: string; readonly data: string }[];
  /** session/prompt: the session's mode and model when the prompt arrived. */
  readonly mode?: string;
  readonly model?: string;
  /** session/prompt: the earlier messages of the session the model was given. */
  readonly history?: readonly { readonly role: string; readonly content: string }[];
  /** session/set_mode */
  readonly modeId?: string;
  /** session/set_config_option */
  readonly configId?: string;
  readonly value?: unknown;
}

/** One message as Zero received it, on either transport. */
export interface ReceivedMessage {
  readonly text: string;
  readonly images: readonly { readonly mediaType: string; readonly data: string }[];
  /** exec: `--permission-mode` (null: none given); acp: the session's mode when the prompt came. */
  readonly mode: string | null;
  /** exec: `--model` (null: none given); acp: the session's model when the prompt came. */
  readonly model: string | null;
  /** exec: `--reasoning-effort` (null: none given); acp: always null (Zero's ACP takes no effort). */
  readonly effort: string | null;
  /** exec: the session resumed (`--resume`), null for a chat's first run; acp: the prompt's session. */
  readonly sessionId: string | null;
}

export function acpRequests(vs: VSCodeSession): AcpRequest[] {
  return vs.acpRequests<AcpRequest>();
}

/** Every message Zero received in this code-server, oldest first. */
export function messagesToZero(vs: VSCodeSession, transport: TransportName): ReceivedMessage[] {
  if (transport === 'acp') {
    return acpRequests(vs)
      .filter((r) => r.method === 'session/prompt')
      .map((r) => ({
        text: r.text ?? '',
        images: (r.images ?? []).map((i) => ({ mediaType: i.mimeType, data: i.data })),
        mode: r.mode ?? null,
        model: r.model ?? null,
        effort: null,
        sessionId: r.sessionId,
      }));
  }
  return execRuns(vs.zeroRecords<ZeroInvocation>()).map((run) => {
    const flag = (name: string): string | null => {
      const i = run.argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
      if (i < 0) return null;
      const a = run.argv[i]!;
      return a.includes('=') ? a.slice(a.indexOf('=') + 1) : (run.argv[i + 1] ?? null);
    };
    const images: { mediaType: string; data: string }[] = [];
    for (const line of (run.stdin ?? '').split('\n')) {
      if (!line.trim()) continue;
      try {
        const ev = JSON.parse(line) as { images?: { mediaType: string; data: string }[] };
        images.push(...(ev.images ?? []));
      } catch {
        // a plain-text prompt
      }
    }
    return {
      text: promptOf(run),
      images,
      mode: flag('--permission-mode'),
      model: flag('--model'),
      effort: flag('--reasoning-effort'),
      sessionId: resumeIdOf(run),
    };
  });
}

/** How many `zero` processes served chats: one per exec run, one per `zero acp` start. */
export function zeroProcessesStarted(vs: VSCodeSession, transport: TransportName): number {
  const records = vs.zeroRecords<ZeroInvocation>();
  return transport === 'acp' ? records.filter((r) => r.argv[0] === 'acp').length : execRuns(records).length;
}
