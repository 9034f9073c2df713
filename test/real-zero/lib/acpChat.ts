// A chat over the real `zero acp`, driven through the product's own ACP client (ZeroAcp + AcpTurn)
// and reducer, exactly as the host drives it: what a test asserts is the chat a user would see.
import type { AcpTurnRequest } from '../../../src/acp/acpTurn';
import { ZeroAcp } from '../../../src/acp/zeroAcp';
import type { PermissionItem, TextItem, ToolItem, Turn } from '../../../src/conversation/model';
import { AcpTurnChat, type Ask } from '../../unit/support/acpChat';
import { makeSandbox, realZeroBin, type Sandbox } from './realZero';

export type { Ask } from '../../unit/support/acpChat';

/** One `zero acp` process (the product's ZeroAcp) running the real Zero in the sandbox. */
export function realAcp(
  sandbox: Sandbox,
  options: { binary?: string; idleMs?: number; env?: Record<string, string> } = {},
): ZeroAcp {
  return new ZeroAcp({
    launch: () => ({
      binary: options.binary ?? realZeroBin(),
      cwd: sandbox.workspace,
      env: { ...sandbox.env, ...options.env },
    }),
    idleMs: options.idleMs ?? 120_000,
    clientVersion: 'real-zero-test',
  });
}

/** A test's sandbox, its `zero acp` and a chat on it (a suite's beforeEach); closeRealAcp undoes it. */
export async function openRealAcp(ask?: Ask): Promise<{ sandbox: Sandbox; zero: ZeroAcp; chat: AcpChat }> {
  const sandbox = await makeSandbox({ modelsFetch: true });
  const zero = realAcp(sandbox);
  const chat = new AcpChat(zero, sandbox.workspace);
  if (ask) chat.ask = ask;
  return { sandbox, zero, chat };
}

export async function closeRealAcp(zero: ZeroAcp, sandbox: Sandbox): Promise<void> {
  zero.dispose();
  await sandbox.dispose();
}

export class AcpChat extends AcpTurnChat {
  /** One whole turn, bounded: a turn the real Zero never ends fails the test instead of hanging it. */
  async turn(prompt: string, extra: Partial<AcpTurnRequest> = {}, timeoutMs = 30_000): Promise<Turn> {
    const turn = this.start(prompt, extra);
    await within(turn.done, timeoutMs, `turn "${prompt}"`);
    return this.last;
  }
}

export const answerOf = (turn: Turn): string =>
  (turn.items.filter((i) => i.kind === 'text') as TextItem[]).map((i) => i.text).join('');
export const toolsOf = (turn: Turn): ToolItem[] => turn.items.filter((i): i is ToolItem => i.kind === 'tool');
export const permissionsOf = (turn: Turn): PermissionItem[] =>
  turn.items.filter((i): i is PermissionItem => i.kind === 'permission');
export const warningsOf = (turn: Turn): string[] =>
  turn.items.flatMap((i) => (i.kind === 'warning' ? [i.message] : []));

export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The tool names Zero offered the model, per completion request. */
export function offeredTools(sandbox: Sandbox): string[][] {
  return sandbox.server.completions().map((r) => (r.body?.tools ?? []).map((t) => t.function.name).sort());
}
