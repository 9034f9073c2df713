/**
 * The `zero acp` child process and the SDK connection over its stdio. Spawned exactly like exec:
 * resolved binary, argv array, no shell, settings' env merged over the host's, its own process
 * group on POSIX so a kill reaches everything it started.
 *
 * The client serves only what `initialize` says it does: permission requests and session updates.
 * Any other method the agent calls (fs/*, terminal/*, elicitation/*) the SDK answers with JSON-RPC
 * -32601 (method not found), so an agent can never believe a write or a command happened.
 */
import type { ChildProcess } from 'node:child_process';
import type {
  ClientConnection,
  RequestPermissionRequest,
  RequestPermissionResponse,
  SessionNotification,
} from '@agentclientprotocol/sdk';
import { killTree } from '../zero/process/killTree';
import { crossSpawn, nodeStream } from '../zero/process/nodeOnDemand';
import { mergeEnv } from '../zero/process/mergeEnv';
import { StderrTail } from '../zero/process/stderrTail';
import { loadAcp } from './sdk';

export interface AcpLaunch {
  readonly binary: string;
  /** Where the process runs; sessions carry their own cwd. */
  readonly cwd: string;
  /** Merged over `process.env` (settings' `zero.env`). */
  readonly env: Readonly<Record<string, string>>;
}

export interface AcpExit {
  readonly code: number | null;
  readonly signal: string | null;
  /** The process never started (ENOENT, EACCES…). */
  readonly spawnError: string | null;
  readonly stderrTail: string;
  /** We ended it (idle shutdown, dispose). */
  readonly requested: boolean;
}

/** What this client answers for the agent (registered in this order, as the 1.x SDK's client did). */
export interface AcpClientHandlers {
  requestPermission(params: RequestPermissionRequest): Promise<RequestPermissionResponse>;
  sessionUpdate(params: SessionNotification): void;
}

export interface AcpProcess {
  readonly pid: number | undefined;
  /** Calls to the agent: `connection.agent.request('session/new', …)`; `signal` aborts when the pipe closes. */
  readonly connection: ClientConnection;
  readonly exited: Promise<AcpExit>;
  /** Close stdin (Zero exits on EOF), then kill the tree if it lingers. */
  shutdown(graceMs?: number): Promise<void>;
  /** Kill the whole tree now. */
  kill(): void;
}

export function startAcpProcess(
  launch: AcpLaunch,
  handlers: AcpClientHandlers,
  onStderr?: (text: string) => void,
): AcpProcess {
  const win = process.platform === 'win32';
  const tail = new StderrTail();
  let requested = false;
  let resolveExit!: (e: AcpExit) => void;
  const exited = new Promise<AcpExit>((r) => (resolveExit = r));
  let done = false;
  const finish = (e: Omit<AcpExit, 'stderrTail' | 'requested'>): void => {
    if (done) return;
    done = true;
    resolveExit({ ...e, stderrTail: tail.text(), requested });
  };

  let child: ChildProcess;
  try {
    child = crossSpawn(launch.binary, ['acp'], {
      cwd: launch.cwd,
      env: mergeEnv(process.env, launch.env, win),
      shell: false,
      windowsHide: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: !win,
    });
  } catch (err) {
    child = null as unknown as ChildProcess;
    finish({ code: null, signal: null, spawnError: String(err) });
  }
  if (child) {
    child.on('error', (err) => {
      if (child.pid === undefined)
        finish({
          code: null,
          signal: null,
          spawnError: `${(err as NodeJS.ErrnoException).code ?? 'UNKNOWN'}: ${err.message}`,
        });
    });
    child.on('exit', (code, signal) => finish({ code, signal, spawnError: null }));
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      tail.push(text);
      onStderr?.(text);
    });
    // A dead reader makes writes fail with EPIPE; the exit handler reports what happened.
    child.stdin?.on('error', () => undefined);
  }

  const input = child?.stdout
    ? (nodeStream().Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>)
    : new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  const output = child?.stdin
    ? (nodeStream().Writable.toWeb(child.stdin) as WritableStream<Uint8Array>)
    : new WritableStream<Uint8Array>();
  const { client, ndJsonStream } = loadAcp();
  const connection = client({ name: 'zero-vscode' })
    .onRequest('session/request_permission', (ctx) => handlers.requestPermission(ctx.params))
    .onNotification('session/update', (ctx) => handlers.sessionUpdate(ctx.params))
    .connect(ndJsonStream(output, input));

  const kill = (): void => {
    requested = true;
    if (child?.pid !== undefined && !done) void killTree(child.pid, 'SIGKILL');
  };
  return {
    pid: child?.pid,
    connection,
    exited,
    kill,
    async shutdown(graceMs = 1500) {
      requested = true;
      if (done) return;
      child?.stdin?.end();
      const timer = setTimeout(kill, graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
