/**
 * One `zero exec` process: spawn it, feed stdin, decode stdout, keep a stderr tail, stop it.
 *
 * Lifecycle (ARCHITECTURE "Process lifecycle", EXEC_BEHAVIOUR §5-§7, §13):
 * - argv array, no shell (cross-spawn only adds the quoting Windows `.cmd` shims need);
 * - POSIX: the child is `detached`, so it leads a process group and stop/dispose reach the
 *   launcher, the real binary and its tools together;
 * - the whole input is written, then stdin is closed: Zero reads all of stdin before it starts;
 * - `exited` resolves exactly once and never rejects, spawn failures included.
 */
import * as fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import crossSpawn from 'cross-spawn';
import type { Decoded } from '../protocol/decoded';
import { ZeroEventReader } from '../protocol/eventStream';
import { killTree, signalGroup } from './killTree';

export interface ZeroRunOptions {
  /** Absolute path of the zero executable (see `findZero`). */
  readonly binary: string;
  /** From `buildExecArgs`. */
  readonly args: readonly string[];
  readonly cwd: string;
  /**
   * Merged over `process.env` here, so pass only what you change. A key set to `undefined` is
   * removed from the child's environment.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Stream-json input (JSONL), written to stdin before stdin is closed. */
  readonly input: string;
  /** Line-length cap handed to the stdout reader. */
  readonly maxLineBytes?: number;
  /** How long each polite signal (SIGINT, then SIGTERM) gets before the next step. Default 1500. */
  readonly graceMs?: number;
  /** Decoded stdout lines, batched per stdout chunk. Not called after `dispose()`. */
  readonly onDecoded?: (items: Decoded[]) => void;
  /** stderr text as it arrives (UTF-8, may split lines). Not called after `dispose()`. */
  readonly onStderr?: (text: string) => void;
  /** A callback above threw. Default: console.error. The run carries on either way. */
  readonly onCallbackError?: (err: unknown) => void;
}

export interface SpawnError {
  /** errno code: ENOENT, EACCES, EISDIR, ENOTDIR, … or UNKNOWN. */
  readonly code: string;
  readonly message: string;
  /** What the error is about: the working folder when it is missing, else the binary. */
  readonly target: 'binary' | 'cwd';
}

export interface RunExit {
  /** Process exit code; null when killed by a signal or never started. */
  readonly code: number | null;
  /** e.g. "SIGKILL"; null when it exited by itself. */
  readonly signal: string | null;
  /** A `run_end` line was decoded: the run's own status is authoritative (§4). */
  readonly sawRunEnd: boolean;
  readonly runEndExitCode?: number;
  readonly runEndStatus?: string;
  /** Last ~8 KB / 40 lines of stderr, for error display. */
  readonly stderrTail: string;
  /** The process never started. */
  readonly spawnError?: SpawnError;
  /** `stop()` or `dispose()` was called before the process ended. */
  readonly stopRequested: boolean;
}

export interface ZeroRun {
  /** Undefined when the spawn failed. */
  readonly pid: number | undefined;
  /** SIGINT → graceMs → SIGTERM → graceMs → SIGKILL the tree. Idempotent; resolves once `exited` has. */
  stop(): Promise<void>;
  /** Kill the tree now and stop calling back. Idempotent. */
  dispose(): void;
  readonly exited: Promise<RunExit>;
}

/** After the child exits, how long a grandchild may keep stdout/stderr open before we kill it. */
const PIPE_DRAIN_MS = 2000;
/** After SIGKILL, how long to wait for the exit before giving up (a process stuck in the kernel). */
const KILL_WAIT_MS = 5000;

export function startZeroRun(opts: ZeroRunOptions): ZeroRun {
  const win = process.platform === 'win32';
  const graceMs = opts.graceMs ?? 1500;
  const reader = new ZeroEventReader(opts.maxLineBytes === undefined ? {} : { maxLineBytes: opts.maxLineBytes });
  const tail = new StderrTail();
  const reportError = opts.onCallbackError ?? ((err: unknown) => console.error('[zero] callback failed:', err));

  let sawRunEnd = false;
  let runEndExitCode: number | undefined;
  let runEndStatus: string | undefined;
  let stopRequested = false;
  let disposed = false;
  let finished = false;
  let exitInfo: { code: number | null; signal: string | null } | undefined;
  let readerEnded = false;

  let resolveExited!: (exit: RunExit) => void;
  const exited = new Promise<RunExit>((r) => (resolveExited = r));
  let resolveGone!: () => void;
  /** Resolves when the direct child has exited (or never started); `exited` also waits for the pipes. */
  const gone = new Promise<void>((r) => (resolveGone = r));

  const deliver = (items: Decoded[]): void => {
    for (const item of items) {
      if (item.kind === 'event' && item.event.type === 'run_end') {
        sawRunEnd = true;
        runEndExitCode = item.event.exitCode;
        runEndStatus = item.event.status;
      }
    }
    if (items.length === 0 || disposed || !opts.onDecoded) return;
    try {
      opts.onDecoded(items);
    } catch (err) {
      reportError(err);
    }
  };
  const endReader = (): void => {
    if (readerEnded) return;
    readerEnded = true;
    deliver(reader.end());
  };
  const finish = (spawnError?: SpawnError): void => {
    if (finished) return;
    finished = true;
    resolveGone();
    if (!spawnError) endReader();
    resolveExited({
      code: exitInfo?.code ?? null,
      signal: exitInfo?.signal ?? null,
      sawRunEnd,
      ...(runEndExitCode === undefined ? {} : { runEndExitCode }),
      ...(runEndStatus === undefined ? {} : { runEndStatus }),
      stderrTail: tail.text(),
      ...(spawnError ? { spawnError } : {}),
      stopRequested,
    });
  };

  let child: ChildProcess;
  try {
    child = crossSpawn(opts.binary, [...opts.args], {
      cwd: opts.cwd,
      env: mergeEnv(process.env, opts.env, win),
      shell: false,
      windowsHide: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: !win,
    });
  } catch (err) {
    // Synchronous failures (EINVAL, bad argument types) are spawn errors like the async ones.
    finish(toSpawnError(err, opts.binary, opts.cwd));
    return { pid: undefined, stop: () => exited.then(() => undefined), dispose: () => undefined, exited };
  }

  child.on('error', (err) => {
    // Also emitted when a kill fails; only a child that never got a pid is a spawn error.
    if (child.pid === undefined) finish(toSpawnError(err, opts.binary, opts.cwd));
  });
  child.on('exit', (code, signal) => {
    exitInfo = { code, signal };
    resolveGone();
    // A grandchild that inherited stdout/stderr would keep 'close' from ever coming.
    const timer = setTimeout(() => {
      if (finished) return;
      if (!win && child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
      child.stdout?.destroy();
      child.stderr?.destroy();
      finish();
    }, PIPE_DRAIN_MS);
    timer.unref();
  });
  child.on('close', () => {
    // Leftovers of a stopped run die with it. Only the group is signalled: once the leader is
    // reaped its pid may be reused, but not while its group still has members.
    if (stopRequested && !win && child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    finish();
  });

  child.stdout?.on('data', (chunk: Buffer) => deliver(reader.push(chunk)));
  child.stdout?.on('end', endReader);
  child.stdout?.on('error', () => undefined);

  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    tail.push(text);
    if (disposed || !opts.onStderr) return;
    try {
      opts.onStderr(text);
    } catch (err) {
      reportError(err);
    }
  });
  child.stderr?.on('error', () => undefined);

  // EPIPE is normal here: Zero may exit (usage error, crash) before reading everything.
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(opts.input, 'utf8');

  const pid = child.pid;
  const signal = (sig: NodeJS.Signals): void => {
    if (pid === undefined || exitInfo) return;
    if (!signalGroup(pid, sig)) child.kill(sig);
  };
  const waitGone = async (ms: number): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((r) => (timer = setTimeout(() => r(false), ms)));
    const result = await Promise.race([gone.then(() => true as const), timeout]);
    clearTimeout(timer);
    return result;
  };

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    if (stopping) return stopping;
    if (!finished && !exitInfo) stopRequested = true;
    stopping = (async () => {
      if (pid !== undefined && !exitInfo) {
        if (win) {
          // Windows cannot send a console Ctrl-C to a child: go straight to the tree kill (§6.5).
          await killTree(pid, 'SIGKILL');
        } else {
          signal('SIGINT');
          if (!(await waitGone(graceMs))) {
            signal('SIGTERM');
            if (!(await waitGone(graceMs))) await killTree(pid, 'SIGKILL');
          }
        }
        await waitGone(KILL_WAIT_MS);
      }
      await exited;
    })();
    return stopping;
  };

  const dispose = (): void => {
    if (disposed) return;
    disposed = true;
    if (finished || pid === undefined) return;
    stopRequested = true;
    if (exitInfo) {
      // The child is gone but its pipes are not: kill whoever holds them.
      if (!win) signalGroup(pid, 'SIGKILL');
      return;
    }
    void killTree(pid, 'SIGKILL');
  };

  return { pid, stop, dispose, exited };
}

/** `process.env` with overrides; Windows env names are case-insensitive, so an override replaces `Path` too. */
export function mergeEnv(
  base: NodeJS.ProcessEnv,
  overrides: Readonly<Record<string, string | undefined>> | undefined,
  win: boolean,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (win) {
      for (const existing of Object.keys(env)) {
        if (existing.toUpperCase() === key.toUpperCase()) delete env[existing];
      }
    }
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

function toSpawnError(err: unknown, binary: string, cwd: string): SpawnError {
  const e = err as NodeJS.ErrnoException | undefined;
  let code = typeof e?.code === 'string' ? e.code : 'UNKNOWN';
  // Linux reports running a directory as EACCES; say what it really is.
  if (code === 'EACCES' && isDirectory(binary)) code = 'EISDIR';
  const message = e instanceof Error ? e.message : String(err);
  // Node reports a missing cwd as ENOENT of the binary; tell them apart.
  return { code, message, target: isDirectory(cwd) ? 'binary' : 'cwd' };
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** A bounded tail of stderr: enough to show why a run failed, never the whole log. */
export class StderrTail {
  private buf = '';
  private trimmed = false;

  constructor(
    private readonly maxChars = 8192,
    private readonly maxLines = 40,
  ) {}

  push(text: string): void {
    this.buf += text;
    // Trim in big steps so a chatty stderr does not cost a copy per chunk.
    if (this.buf.length > this.maxChars * 2) {
      this.buf = this.buf.slice(-this.maxChars);
      this.trimmed = true;
    }
  }

  text(): string {
    let s = this.buf.length > this.maxChars ? this.buf.slice(-this.maxChars) : this.buf;
    // Drop the partial first line left by trimming.
    if (this.trimmed || s.length < this.buf.length) {
      const nl = s.indexOf('\n');
      if (nl >= 0 && nl < s.length - 1) s = s.slice(nl + 1);
    }
    const lines = s.replace(/\n$/, '').split('\n');
    return lines.slice(-this.maxLines).join('\n');
  }
}
