/**
 * One `zero acp` process per window, serving every ACP chat as its own session.
 *
 * - Started on first use; `initialize` with honest client capabilities (no fs, no terminal: Zero
 *   reads and writes files itself).
 * - Sessions: `session/new` (cwd + additional directories) or `session/load` to continue a chat
 *   after a window reload, an idle shutdown or a crash. A process knows only the sessions opened
 *   in it, so after a restart every chat loads its session again before its next prompt.
 * - Idle shutdown after `idleMs` with no turn running; a crash (exit we did not ask for) is
 *   reported to the sessions with a running turn and to `onCrash` listeners.
 */
import type * as acp from '@agentclientprotocol/sdk';
import type { AcpSessionInfo } from '../conversation/model';
import { sessionsRoot } from '../zero/sessions/checkpoints';
import { startAcpProcess, type AcpClientHandlers, type AcpExit, type AcpLaunch, type AcpProcess } from './acpProcess';
import { clampPermission, clampUpdate } from './boundary';
import { initializeRequest } from './initialize';
import { sessionInfo } from './mapUpdate';
import { dismissed } from './permissionOptions';
import { SessionApprovals } from './sessionApprovals';

/**
 * Questions one session may have open at once. Zero asks one at a time (its turn waits for each
 * answer); more than this is a flood, refused without asking, so it cannot bury the user in dialogs.
 */
export const MAX_PENDING_PERMISSIONS = 16;

/** Where one session's updates and permission questions go (the chat that owns it). */
export interface SessionSink {
  update(update: acp.SessionUpdate): void;
  /** `signal` aborts when the turn is cancelled or the process dies: answer `cancelled` and close the dialog. */
  permission(request: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse>;
  /** A question refused without asking: MAX_PENDING_PERMISSIONS were already open. */
  refusedFlood?(): void;
}

export interface OpenSessionRequest {
  /** The chat's session, to continue it; null for a new one. */
  readonly sessionId: string | null;
  readonly cwd: string;
  readonly additionalDirectories: readonly string[];
  readonly sink: SessionSink;
}

export interface OpenedSession {
  readonly sessionId: string;
  readonly info: AcpSessionInfo;
  /** How it was opened: `new`, `loaded` (session/load), `live` (already open in this process), or
   *  `replaced` (load failed, so a new session was started: earlier context is gone). */
  readonly how: 'new' | 'loaded' | 'live' | 'replaced';
  readonly loadError?: string;
}

export interface ZeroAcpOptions {
  /** Resolved on every (re)start, so a changed `zero.path` or env takes effect. Throws words on failure. */
  readonly launch: () => AcpLaunch;
  /** Shut the process down after this long with no turn running. */
  readonly idleMs: number;
  readonly clientVersion: string;
  readonly log?: (level: 'info' | 'warn' | 'error', message: string) => void;
  readonly onStderr?: (text: string) => void;
}

/** The process ended while a request was waiting for it. */
export class AcpProcessGone extends Error {
  constructor(readonly exit: AcpExit) {
    super(
      exit.spawnError
        ? `zero acp could not start: ${exit.spawnError}`
        : `zero acp exited (${exit.signal ?? `code ${exit.code}`})`,
    );
  }
}

interface Live {
  readonly proc: AcpProcess;
  readonly ready: Promise<acp.InitializeResponse>;
  /** Sessions opened in this process, with what they offer. */
  readonly sessions: Map<string, AcpSessionInfo>;
}

export class ZeroAcp {
  private live: Live | null = null;
  private readonly sinks = new Map<string, SessionSink>();
  private readonly aborts = new Map<string, Set<AbortController>>();
  private readonly turns = new Set<string>();
  private readonly crashListeners = new Set<(exit: AcpExit) => void>();
  /** Per session, what the user allowed "for this session" (Zero forgets it after each prompt). */
  private readonly sessionApprovals = new Map<string, SessionApprovals>();
  private idleTimer: NodeJS.Timeout | undefined;
  private capabilities: acp.AgentCapabilities | null = null;
  private disposed = false;
  /** How many `zero acp` processes this window started (for tests and the log). */
  started = 0;

  constructor(private readonly opts: ZeroAcpOptions) {}

  onCrash(listener: (exit: AcpExit) => void): { dispose(): void } {
    this.crashListeners.add(listener);
    return { dispose: () => this.crashListeners.delete(listener) };
  }

  get pid(): number | undefined {
    return this.live?.proc.pid;
  }

  /** A prompt turn of this session is running (a mode change now waits for it in Zero: turnMu). */
  isRunning(sessionId: string): boolean {
    return this.turns.has(sessionId);
  }

  /** What the live session offers and uses now (kept true by every current_mode_update). */
  sessionState(sessionId: string): AcpSessionInfo | undefined {
    return this.live?.sessions.get(sessionId);
  }

  /** Where this process's Zero keeps its sessions (its launch environment's XDG_DATA_HOME/HOME). */
  sessionsRoot(): string | null {
    try {
      return sessionsRoot({ ...process.env, ...this.opts.launch().env });
    } catch {
      return null;
    }
  }

  /** From `initialize`: Zero advertises image prompts. False until a process has started. */
  get supportsImages(): boolean {
    return this.capabilities?.promptCapabilities?.image === true;
  }

  async open(req: OpenSessionRequest): Promise<OpenedSession> {
    const live = await this.ensure();
    const agent = live.proc.connection.agent;
    if (req.sessionId && live.sessions.has(req.sessionId)) {
      this.sinks.set(req.sessionId, req.sink);
      return { sessionId: req.sessionId, info: live.sessions.get(req.sessionId)!, how: 'live' };
    }
    const dirs = [...req.additionalDirectories];
    if (req.sessionId) {
      // Register the sink first: Zero may send updates (a warning) while loading.
      this.sinks.set(req.sessionId, req.sink);
      try {
        const res = await this.call(
          live,
          agent.request('session/load', {
            sessionId: req.sessionId,
            cwd: req.cwd,
            mcpServers: [],
            ...(dirs.length ? { additionalDirectories: dirs } : {}),
          }),
        );
        const info = sessionInfo(res);
        live.sessions.set(req.sessionId, info);
        return { sessionId: req.sessionId, info, how: 'loaded' };
      } catch (err) {
        if (err instanceof AcpProcessGone) throw err;
        this.sinks.delete(req.sessionId);
        const loadError = errorText(err);
        this.opts.log?.('warn', `session/load ${req.sessionId} failed (${loadError}); starting a new session`);
        const opened = await this.openNew(live, req, dirs);
        return { ...opened, how: 'replaced', loadError };
      }
    }
    return this.openNew(live, req, dirs);
  }

  private async openNew(live: Live, req: OpenSessionRequest, dirs: string[]): Promise<OpenedSession> {
    const res = await this.call(
      live,
      live.proc.connection.agent.request('session/new', {
        cwd: req.cwd,
        mcpServers: [],
        ...(dirs.length ? { additionalDirectories: dirs } : {}),
      }),
    );
    const info = sessionInfo(res);
    live.sessions.set(res.sessionId, info);
    this.sinks.set(res.sessionId, req.sink);
    return { sessionId: res.sessionId, info, how: 'new' };
  }

  /** Run one prompt turn; resolves with Zero's stopReason. Throws AcpProcessGone or Zero's error. */
  async prompt(sessionId: string, prompt: acp.ContentBlock[]): Promise<acp.StopReason> {
    const live = this.requireLive(sessionId);
    this.turns.add(sessionId);
    this.clearIdle();
    try {
      const res = await this.call(live, live.proc.connection.agent.request('session/prompt', { sessionId, prompt }));
      return res.stopReason;
    } finally {
      this.turns.delete(sessionId);
      this.abortPermissions(sessionId);
      this.armIdle();
    }
  }

  /** Stop: `session/cancel`, and any open permission question answers `cancelled`. */
  async cancel(sessionId: string): Promise<void> {
    this.abortPermissions(sessionId);
    const live = this.live;
    if (!live || !live.sessions.has(sessionId)) return;
    try {
      await live.proc.connection.agent.notify('session/cancel', { sessionId });
    } catch (err) {
      this.opts.log?.('warn', `session/cancel failed: ${errorText(err)}`);
    }
  }

  async setMode(sessionId: string, modeId: string): Promise<void> {
    const live = this.requireLive(sessionId);
    await this.call(live, live.proc.connection.agent.request('session/set_mode', { sessionId, modeId }));
    this.rememberMode(live, sessionId, modeId);
    this.armIdle();
  }

  /** The session's model config option; `_zero/set_model` (any model id) when that option refuses. */
  async setModel(sessionId: string, model: string): Promise<string> {
    const live = this.requireLive(sessionId);
    const info = live.sessions.get(sessionId);
    if (info && info.models.some((m) => m.id === model)) {
      await this.call(
        live,
        live.proc.connection.agent.request('session/set_config_option', { sessionId, configId: 'model', value: model }),
      );
    } else {
      await this.call(live, live.proc.connection.agent.request('_zero/set_model', { sessionId, model }));
    }
    if (info) live.sessions.set(sessionId, { ...info, model });
    this.armIdle();
    return model;
  }

  /** The chat's memory of session-scoped approvals; kept across process restarts of this window. */
  approvals(sessionId: string): SessionApprovals {
    let approvals = this.sessionApprovals.get(sessionId);
    if (!approvals) this.sessionApprovals.set(sessionId, (approvals = new SessionApprovals()));
    return approvals;
  }

  /** The session is open in the running process (else `open` it first). */
  isOpen(sessionId: string): boolean {
    return this.live?.sessions.has(sessionId) ?? false;
  }

  /** Forget a chat's sink (chat closed or deleted); its session stays in Zero's store. */
  release(sessionId: string): void {
    this.sinks.delete(sessionId);
  }

  dispose(): void {
    this.disposed = true;
    this.clearIdle();
    for (const id of this.aborts.keys()) this.abortPermissions(id);
    this.live?.proc.kill();
    this.live = null;
  }

  /** Shut the process down now (idle); the next prompt starts a new one and loads its session. */
  async shutdown(): Promise<void> {
    const live = this.live;
    if (!live) return;
    this.live = null;
    this.opts.log?.('info', 'zero acp idle: shutting it down');
    await live.proc.shutdown();
  }

  private requireLive(sessionId: string): Live {
    const live = this.live;
    if (!live || !live.sessions.has(sessionId)) throw new Error(`ACP session ${sessionId} is not open`);
    return live;
  }

  private ensure(): Promise<Live> {
    if (this.disposed) return Promise.reject(new Error('zero acp is shut down'));
    this.clearIdle();
    if (this.live) return this.live.ready.then(() => this.live!);
    const launch = this.opts.launch();
    const proc = startAcpProcess(launch, this.client(), this.opts.onStderr);
    this.started += 1;
    this.opts.log?.(
      'info',
      `Starting: ${launch.binary} acp (pid ${proc.pid ?? 'none'}; env keys: ${Object.keys(launch.env).join(', ') || 'none'})`,
    );
    const live: Live = {
      proc,
      sessions: new Map(),
      ready: Promise.resolve(null as unknown as acp.InitializeResponse),
    };
    const ready = this.call(
      live,
      proc.connection.agent.request('initialize', initializeRequest(this.opts.clientVersion)),
    );
    const withReady: Live = { ...live, ready };
    this.live = withReady;
    void proc.exited.then((exit) => this.onExit(withReady, exit));
    return ready.then(
      (init) => {
        this.capabilities = init.agentCapabilities ?? null;
        this.armIdle();
        return withReady;
      },
      (err) => {
        if (this.live === withReady) this.live = null;
        proc.kill();
        throw err;
      },
    );
  }

  private rememberMode(live: Live, sessionId: string, mode: string): void {
    const info = live.sessions.get(sessionId);
    if (info) live.sessions.set(sessionId, { ...info, mode });
  }

  private client(): AcpClientHandlers {
    return {
      sessionUpdate: (raw) => {
        const update = clampUpdate(raw.update);
        // However the mode changed (set_mode, set_config_option, the agent itself), the cache follows it.
        if (update.sessionUpdate === 'current_mode_update' && this.live)
          this.rememberMode(this.live, raw.sessionId, update.currentModeId);
        this.sinks.get(raw.sessionId)?.update(update);
      },
      requestPermission: async (raw) => {
        const params = clampPermission(raw);
        const sink = this.sinks.get(params.sessionId);
        // Nobody to ask (the chat is gone), or no turn of ours is waiting for it: refuse rather than guess.
        if (!sink || !this.turns.has(params.sessionId)) return dismissed(params.options);
        const set = this.aborts.get(params.sessionId) ?? new Set();
        if (set.size >= MAX_PENDING_PERMISSIONS) {
          sink.refusedFlood?.();
          return dismissed(params.options);
        }
        const abort = new AbortController();
        set.add(abort);
        this.aborts.set(params.sessionId, set);
        try {
          return await sink.permission(params, abort.signal);
        } finally {
          set.delete(abort);
        }
      },
    };
  }

  /** A request to the process, failing with AcpProcessGone when it dies first. */
  private async call<T>(live: Live, request: Promise<T>): Promise<T> {
    try {
      return await Promise.race([request, live.proc.exited.then((exit) => Promise.reject(new AcpProcessGone(exit)))]);
    } catch (err) {
      if (err instanceof AcpProcessGone || !live.proc.connection.signal.aborted) throw err;
      // The pipe closed before the exit was reported: wait for it, so a crash reads as one.
      const exit = await Promise.race([live.proc.exited, new Promise<null>((r) => setTimeout(() => r(null), 2000))]);
      throw exit ? new AcpProcessGone(exit) : err;
    }
  }

  private onExit(live: Live, exit: AcpExit): void {
    for (const id of live.sessions.keys()) this.abortPermissions(id);
    if (this.live === live) this.live = null;
    if (exit.requested || this.disposed) return;
    this.opts.log?.(
      'error',
      `zero acp exited unexpectedly (${exit.signal ?? `code ${exit.code}`})${exit.stderrTail ? `: ${exit.stderrTail}` : ''}`,
    );
    for (const listener of this.crashListeners) listener(exit);
  }

  private abortPermissions(sessionId: string): void {
    const set = this.aborts.get(sessionId);
    if (!set) return;
    for (const a of set) a.abort();
    set.clear();
  }

  private armIdle(): void {
    this.clearIdle();
    if (this.turns.size > 0 || !this.live || this.disposed) return;
    this.idleTimer = setTimeout(() => void this.shutdown(), this.opts.idleMs);
    this.idleTimer.unref?.();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}

export function errorText(err: unknown): string {
  if (err && typeof err === 'object' && 'message' in err) {
    const e = err as { message: unknown; data?: unknown };
    return String(e.message);
  }
  return String(err);
}
