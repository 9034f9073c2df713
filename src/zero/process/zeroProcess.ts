/**
 * One `zero exec` process: spawn it, feed stdin, decode stdout, keep a stderr tail, stop it.
 *
 * Lifecycle (docs/zero-exec.md §5-§7, §13):
 * - argv array, no shell (cross-spawn only adds the quoting Windows `.cmd` shims need);
 * - POSIX: the child is `detached`, so it leads a process group and stop/dispose reach the
 *   launcher, the real binary and its tools together; on Linux, processes that left the group
 *   (`setsid`) are tracked too (descendants.ts) and killed when the run finishes;
 * - the whole input is written, then stdin is closed: Zero reads all of stdin before it starts;
 * - `exited` resolves exactly once and never rejects, spawn failures included.
 *
 * A run is in exactly one state: running → (stopping) → exiting → finished, and a finished run
 * has exactly one outcome, so "ended", "stopped", "disposed" and "crashed" cannot overlap.
 */
import * as fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import type { Decoded } from '../../protocol/decoded';
import { ZeroEventReader } from '../../protocol/eventStream';
import { latencyChunk } from '../../protocol/latencyMarks';
import { Descendants, RUN_MARKER_ENV } from './descendants';
import { killTree, signalGroup } from './killTree';
import { mergeEnv } from './mergeEnv';
import { crossSpawn, nodeCrypto } from './nodeOnDemand';
import { StderrTail } from './stderrTail';

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
  /**
   * Asked after each batch: a promise means the consumer is behind, and stdout is not read until
   * it settles (Zero then blocks on its full pipe). Honoured only while the run is running: once
   * it is stopping or has exited, stdout is read to its end.
   */
  readonly backpressure?: () => Promise<void> | undefined;
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
  /** How the run finished; the same as `state.outcome` once finished. */
  readonly outcome: RunOutcome;
  /** What stdout held: stream-json events (known or not), and lines that were not JSON (help text). */
  readonly stdout?: { readonly events: number; readonly nonJsonLines: number };
}

/**
 * How a run finished, exactly one of: `ended` by itself with `run_end`; `crashed`: exited by
 * itself without `run_end`; `stopped` by `stop()`; `disposed`; `spawn-failed`: never started.
 */
export type RunOutcome = 'ended' | 'crashed' | 'stopped' | 'disposed' | 'spawn-failed';

/** Who asked the run to end early. */
export type EndRequest = 'stop' | 'dispose';

export type RunState =
  /** The process lives and nobody asked it to end. */
  | { readonly phase: 'running' }
  /** `stop()` or `dispose()` was called; the process still lives. */
  | { readonly phase: 'stopping'; readonly by: EndRequest }
  /** The process has exited; its output pipes are still draining. */
  | { readonly phase: 'exiting'; readonly by: EndRequest | null }
  | { readonly phase: 'finished'; readonly outcome: RunOutcome };

export interface ZeroRun {
  /** Undefined when the spawn failed. */
  readonly pid: number | undefined;
  readonly state: RunState;
  /** SIGINT → graceMs → SIGTERM → graceMs → SIGKILL the tree. Idempotent; resolves once `exited` has. */
  stop(): Promise<void>;
  /** Kill the tree now and stop calling back. Idempotent. */
  dispose(): void;
  readonly exited: Promise<RunExit>;
}

/** When the run's descendants are first looked for (then every 250 ms: descendants.ts). */
const WATCH_AFTER_MS = 250;

/** After the child exits, how long a grandchild may keep stdout/stderr open before we kill it. */
const PIPE_DRAIN_MS = 2000;
/** After SIGKILL, how long to wait for the exit before giving up (a process stuck in the kernel). */
const KILL_WAIT_MS = 5000;

export function startZeroRun(opts: ZeroRunOptions): ZeroRun {
  return new ZeroProcessRun(opts);
}

class ZeroProcessRun implements ZeroRun {
  readonly exited: Promise<RunExit>;
  readonly pid: number | undefined;
  private current: RunState = { phase: 'running' };
  private readonly win = process.platform === 'win32';
  private readonly reader: ZeroEventReader;
  private readonly tail = new StderrTail();
  private readonly reportError: (err: unknown) => void;
  private runEnd: { exitCode: number; status: string } | undefined;
  private exitInfo: { code: number | null; signal: string | null } | undefined;
  private readerEnded = false;
  /** stdout is paused until this settles (backpressure). */
  private held: Promise<void> | undefined;
  private readonly stdout = { events: 0, nonJsonLines: 0 };
  private stopping: Promise<void> | undefined;
  private child: ChildProcess | undefined;
  private descendants: Descendants | undefined;
  private resolveExited!: (exit: RunExit) => void;
  private resolveGone!: () => void;
  /** Resolves when the direct child has exited (or never started); `exited` also waits for the pipes. */
  private readonly gone = new Promise<void>((r) => (this.resolveGone = r));

  constructor(private readonly opts: ZeroRunOptions) {
    this.exited = new Promise<RunExit>((r) => (this.resolveExited = r));
    this.reader = new ZeroEventReader(opts.maxLineBytes === undefined ? {} : { maxLineBytes: opts.maxLineBytes });
    this.reportError = opts.onCallbackError ?? ((err: unknown) => console.error('[zero] callback failed:', err));
    const marker = nodeCrypto().randomBytes(12).toString('hex');
    try {
      this.child = crossSpawn(opts.binary, [...opts.args], {
        cwd: opts.cwd,
        env: mergeEnv(process.env, { ...opts.env, [RUN_MARKER_ENV]: marker }, this.win),
        shell: false,
        windowsHide: true,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: !this.win,
      });
    } catch (err) {
      // Synchronous failures (EINVAL, bad argument types) are spawn errors like the async ones.
      this.pid = undefined;
      this.finish(toSpawnError(err, opts.binary, opts.cwd));
      return;
    }
    this.pid = this.child.pid;
    if (this.pid !== undefined && Descendants.supported()) {
      const descendants = (this.descendants = new Descendants(this.pid, marker));
      // The first look at /proc reads every process's environment (3-7 ms with a VS Code running): not while Zero
      // starts, on the same cores. Until the first poll, what Zero starts is found by its parent or its marker.
      setTimeout(() => this.current.phase === 'running' && descendants.watch(), WATCH_AFTER_MS).unref();
    }
    this.wire(this.child);
  }

  get state(): RunState {
    return this.current;
  }

  /** Callbacks stop for good once dispose() was called. */
  private get quiet(): boolean {
    const s = this.current;
    return s.phase === 'stopping' || s.phase === 'exiting'
      ? s.by === 'dispose'
      : s.phase === 'finished' && s.outcome === 'disposed';
  }

  private wire(child: ChildProcess): void {
    child.on('error', (err) => {
      // Also emitted when a kill fails; only a child that never got a pid is a spawn error.
      if (child.pid === undefined) this.finish(toSpawnError(err, this.opts.binary, this.opts.cwd));
    });
    child.on('exit', (code, signal) => this.onExit(code, signal));
    child.on('close', () => this.finish());

    child.stdout?.on('data', (chunk: Buffer) => {
      latencyChunk();
      this.deliver(this.reader.push(chunk));
    });
    child.stdout?.on('end', () => this.endReader());
    child.stdout?.on('error', () => undefined);

    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      this.tail.push(text);
      if (!this.quiet && this.opts.onStderr) this.call(this.opts.onStderr, text);
    });
    child.stderr?.on('error', () => undefined);

    // EPIPE is normal here: Zero may exit (usage error, crash) before reading everything.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(this.opts.input, 'utf8');
  }

  private onExit(code: number | null, signal: string | null): void {
    this.exitInfo = { code, signal };
    const s = this.current;
    if (s.phase === 'running' || s.phase === 'stopping')
      this.current = { phase: 'exiting', by: s.phase === 'stopping' ? s.by : null };
    // What is left in the pipe is read now: the drain timer below must not cut it off (Node resumes too).
    this.release();
    this.resolveGone();
    // A grandchild that inherited stdout/stderr would keep 'close' from ever coming.
    const timer = setTimeout(() => {
      if (this.current.phase === 'finished') return;
      this.killLeftovers();
      this.child?.stdout?.destroy();
      this.child?.stderr?.destroy();
      this.finish();
    }, PIPE_DRAIN_MS);
    timer.unref();
  }

  private deliver(items: Decoded[]): void {
    for (const item of items) {
      if (item.kind !== 'problem') this.stdout.events++;
      else if (item.problem.notJson) this.stdout.nonJsonLines++;
      if (item.kind === 'event' && item.event.type === 'run_end')
        this.runEnd = { exitCode: item.event.exitCode, status: item.event.status };
    }
    if (items.length > 0 && !this.quiet && this.opts.onDecoded) this.call(this.opts.onDecoded, items);
    if (items.length > 0 && this.opts.backpressure) this.hold(this.opts.backpressure);
  }

  private hold(backpressure: () => Promise<void> | undefined): void {
    if (this.held || this.current.phase !== 'running' || !this.child?.stdout) return;
    let wait: Promise<void> | undefined;
    try {
      wait = backpressure();
    } catch (err) {
      this.reportError(err);
    }
    if (!wait) return;
    const held = wait.then(undefined, (err: unknown) => this.reportError(err));
    this.held = held;
    this.child.stdout.pause();
    void held.then(() => {
      if (this.held === held) this.release();
    });
  }

  /** Reads stdout again (backpressure over, or the run no longer running). */
  private release(): void {
    if (!this.held) return;
    this.held = undefined;
    this.child?.stdout?.resume();
  }

  private call<T>(fn: (arg: T) => void, arg: T): void {
    try {
      fn(arg);
    } catch (err) {
      this.reportError(err);
    }
  }

  private endReader(): void {
    if (this.readerEnded) return;
    this.readerEnded = true;
    this.deliver(this.reader.end());
  }

  /** The one way into `finished`: the outcome is decided here, once. */
  private finish(spawnError?: SpawnError): void {
    const s = this.current;
    if (s.phase === 'finished') return;
    this.resolveGone();
    if (!spawnError) {
      this.endReader();
      // Nothing Zero started outlives the run, however it ended.
      this.killLeftovers();
    }
    const by = s.phase === 'running' ? null : s.by;
    const outcome: RunOutcome = spawnError
      ? 'spawn-failed'
      : by === 'dispose'
        ? 'disposed'
        : by === 'stop'
          ? 'stopped'
          : this.runEnd
            ? 'ended'
            : 'crashed';
    this.current = { phase: 'finished', outcome };
    this.resolveExited({
      code: this.exitInfo?.code ?? null,
      signal: this.exitInfo?.signal ?? null,
      sawRunEnd: this.runEnd !== undefined,
      ...(this.runEnd ? { runEndExitCode: this.runEnd.exitCode, runEndStatus: this.runEnd.status } : {}),
      stderrTail: this.tail.text(),
      ...(spawnError ? { spawnError } : {}),
      stopRequested: by !== null,
      outcome,
      stdout: { ...this.stdout },
    });
  }

  /**
   * SIGKILL whatever is left of the run: its process group (POSIX; a pid is not reused while its
   * group has members) and, on Linux, every tracked descendant, including those in other sessions.
   */
  private killLeftovers(): void {
    if (this.pid === undefined) return;
    if (!this.win) signalGroup(this.pid, 'SIGKILL');
    this.descendants?.killAll();
  }

  private signal(sig: NodeJS.Signals): void {
    if (this.pid === undefined || this.exitInfo) return;
    if (!signalGroup(this.pid, sig)) this.child?.kill(sig);
  }

  private async waitGone(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((r) => (timer = setTimeout(() => r(false), ms)));
    const result = await Promise.race([this.gone.then(() => true as const), timeout]);
    clearTimeout(timer);
    return result;
  }

  stop(): Promise<void> {
    if (this.stopping) return this.stopping;
    if (this.current.phase === 'running') this.current = { phase: 'stopping', by: 'stop' };
    this.release();
    const pid = this.pid;
    const graceMs = this.opts.graceMs ?? 1500;
    this.stopping = (async () => {
      if (pid !== undefined && !this.exitInfo) {
        if (this.win) {
          // Windows cannot send a console Ctrl-C to a child: go straight to the tree kill (§6.5).
          await killTree(pid, 'SIGKILL');
        } else {
          this.signal('SIGINT');
          if (!(await this.waitGone(graceMs))) {
            this.signal('SIGTERM');
            if (!(await this.waitGone(graceMs))) await killTree(pid, 'SIGKILL');
          }
        }
        await this.waitGone(KILL_WAIT_MS);
      }
      await this.exited;
    })();
    return this.stopping;
  }

  dispose(): void {
    const s = this.current;
    if (s.phase === 'finished' || this.quiet) return;
    if (s.phase === 'exiting') {
      // The child is gone but its pipes are not: kill whoever holds them.
      this.current = { phase: 'exiting', by: 'dispose' };
      this.killLeftovers();
      return;
    }
    this.current = { phase: 'stopping', by: 'dispose' };
    this.release();
    if (this.pid !== undefined) void killTree(this.pid, 'SIGKILL');
  }
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
