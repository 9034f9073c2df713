/**
 * The `zero acp` transport: every ACP chat is a session of one `zero acp` process per window
 * (src/acp/zeroAcp.ts). Zero asks for permissions inside the turn and waits, so approvals block
 * here; there is no usage and no checkpoint over ACP (Zero's internal/acp records only the
 * messages), which the capabilities say so the UI can tell the user instead of showing zeros.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { AcpTurn } from './acpTurn';
import type { AcpExit } from './acpProcess';
import { changeMode } from './modeChange';
import type { ConfirmUnsafe } from './turnMode';
import { meansUnsafeMode } from './unsafeMode';
import { ZeroAcp } from './zeroAcp';
import type { AskAgain } from '../approvals/acpPermissionText';
import type { ChatAction } from '../conversation/actions';
import type { Chat } from '../conversation/model';
import {
  failedTurn,
  type Transport,
  type TransportCapabilities,
  type TurnHandle,
  type TurnListener,
  type TurnRequest,
} from '../conversation/transport';
import { findZero } from '../zero/binary/findZero';
import { RulesReader } from '../zero/grants/grantRules';
import type { TransportLog } from '../conversation/transport';
import type { ZeroSettings } from '../zero/config/settingsSources';
import { acpExtraFoldersNotice } from './extraFolders';
import { ACP_CAPABILITIES } from './capabilities';

export interface AcpTransportDeps {
  settings(): ZeroSettings;
  otherFolders(): readonly string[];
  trusted(): boolean;
  chat(chatId: string): Chat | undefined;
  /** The permission dialog (one at a time across chats); answers `cancelled` when `signal` aborts. */
  /** `again`: why the chat, which remembers a choice, asks (acpTurn.ts). */
  ask(
    request: acp.RequestPermissionRequest,
    signal: AbortSignal,
    again?: AskAgain,
  ): Promise<acp.RequestPermissionResponse>;
  /** `zero acp` died while no turn was running: tell the user it restarts with the next message. */
  onIdleCrash(exit: AcpExit): void;
  /** A modal before a message goes in a mode that skips Zero's permission prompts. */
  confirmUnsafe: ConfirmUnsafe;
  readonly log: TransportLog;
  readonly version: string;
  /** Shut the idle process down after this long (default 10 minutes). */
  readonly idleMs?: number;
}

const IDLE_MS = 10 * 60_000;

export class AcpTransport implements Transport {
  readonly id = 'acp';
  readonly capabilities: TransportCapabilities = ACP_CAPABILITIES;
  readonly zero: ZeroAcp;
  private folder: string | null = null;
  private running = 0;
  /** `zero.path` or `zero.env` changed while a turn ran: restart once the turns have ended. */
  private stale = false;
  /** Zero's stored rules, read for the permission cards (what "Always allow" stored, why Zero asks again). */
  private readonly rules: RulesReader;

  constructor(private readonly deps: AcpTransportDeps) {
    this.zero = new ZeroAcp({
      launch: () => {
        const settings = deps.settings();
        const found = findZero({ configuredPath: settings.path });
        if (!found.ok) throw new Error(found.reason);
        return { binary: found.path, cwd: this.folder ?? process.cwd(), env: settings.env };
      },
      idleMs: deps.idleMs ?? IDLE_MS,
      clientVersion: deps.version,
      log: (level, message) => deps.log[level](message),
      onStderr: (text) => deps.log.append(text),
    });
    this.zero.onCrash((exit) => {
      if (this.running === 0) deps.onIdleCrash(exit);
    });
    // The same binary and environment as the zero acp process, so the same grants file.
    this.rules = new RulesReader(() => {
      const settings = deps.settings();
      const found = findZero({ configuredPath: settings.path });
      return found.ok ? { binary: found.path, env: settings.env } : null;
    });
  }

  startTurn(req: TurnRequest, listener: TurnListener): TurnHandle {
    const settings = this.deps.settings();
    const found = findZero({ configuredPath: settings.path });
    if (!found.ok) return failedTurn(found.reason, { path: null, problem: found.reason });
    if (!req.cwd) return failedTurn('Open a folder first: Zero runs inside a workspace folder.', null);
    this.folder = req.cwd;
    const trusted = this.deps.trusted();
    // Restricted Mode: no extra folders (and plan mode, below), as on exec.
    const dirs = trusted
      ? [...settings.addDirs, ...(settings.addWorkspaceFolders ? this.deps.otherFolders() : [])]
      : [];
    const chat = this.deps.chat(req.chatId);
    const acpInfo = chat?.acp;
    listener.actions([{ type: 'transport_set', transport: 'acp' }]);
    // Said on a chat's first turn: zero acp ignores the extra folders (acpExtraFolders.ts).
    const extraFolders = this.deps.chat(req.chatId)?.turns.length === 1 ? acpExtraFoldersNotice(dirs) : null;
    if (extraFolders) listener.actions([{ type: 'notice', code: 'acp-extra-folders', message: extraFolders }]);
    this.running += 1;
    const turn = new AcpTurn(
      {
        acp: this.zero,
        dispatch: (a) => listener.actions([a]),
        ask: (request, signal, again) => this.deps.ask(request, signal, again),
        confirmUnsafe: (mode) => this.deps.confirmUnsafe(mode),
        log: (level, message) => this.deps.log[level](message),
        rules: this.rules,
        turns: () => this.deps.chat(req.chatId)?.turns ?? [],
      },
      {
        runId: req.turnId,
        prompt: req.prompt,
        sessionId: req.sessionId,
        cwd: req.cwd,
        additionalDirectories: dirs,
        trusted,
        // The composer's per-message picks win over the chat's last ones.
        mode: req.choice?.mode ?? acpInfo?.nextMode ?? acpInfo?.mode ?? null,
        model: req.choice?.model ?? acpInfo?.model ?? (settings.model || null),
        ...(chat?.acpGrants ? { grants: chat.acpGrants } : {}),
        ...(req.images && req.images.length > 0
          ? { images: req.images.map((i) => ({ mimeType: i.mediaType, data: i.data })) }
          : {}),
      },
    );
    let stopped = false;
    const ended = turn.done.then((result) => {
      this.running -= 1;
      if (this.running === 0 && this.stale) void this.restartForSettings();
      return {
        action: {
          type: 'process_exited' as const,
          code: null,
          signal: null,
          spawnFailed: result.end.status === 'failed',
          explanation: result.end.explanation,
          stderrTail: null,
          at: Date.now(),
        },
        stopped,
        notStarted: false,
        binaryProblem:
          result.end.status === 'failed'
            ? { path: found.path, problem: result.end.explanation ?? 'zero acp could not start' }
            : null,
      };
    });
    return {
      ended,
      stop: async () => {
        stopped = true;
        await turn.stop();
        await ended;
      },
      // The dialog answers Zero directly (one at a time, cancellable); nothing to route here.
      answerApproval: () => undefined,
      dispose: () => {
        stopped = true;
        void turn.stop();
      },
    };
  }

  /**
   * The header's mode choice, recorded in the chat through `record`. Sent now when the session is
   * open (Zero applies it after a running turn: shown "from your next message" until then); else, or
   * when the mode skips permission prompts (confirmed when a message is sent), before the next prompt.
   */
  async setMode(chat: Chat, mode: string, record: (a: ChatAction) => void): Promise<void> {
    const offered = chat.acp?.modes.find((m) => m.id === mode) ?? { id: mode, name: mode };
    if (!chat.sessionId || !this.zero.isOpen(chat.sessionId) || meansUnsafeMode(offered)) {
      record(
        chat.sessionId && chat.acp?.mode !== mode ? { type: 'acp_mode_queued', mode } : { type: 'acp_mode', mode },
      );
      return;
    }
    await changeMode(this.zero, chat.sessionId, mode, record);
  }

  async setModel(chat: Chat, model: string): Promise<void> {
    if (chat.sessionId && this.zero.isOpen(chat.sessionId)) await this.zero.setModel(chat.sessionId, model);
  }

  /**
   * `zero.path` or `zero.env` changed: the running `zero acp` still has the old binary and environment
   * (an API key added to fix "no provider" would not be seen). Stop it now when idle, else once the
   * running turns end; the next message starts the new one and loads its session again.
   */
  async launchSettingsChanged(): Promise<void> {
    this.stale = true;
    if (this.running === 0) await this.restartForSettings();
  }

  private async restartForSettings(): Promise<void> {
    this.stale = false;
    await this.zero.shutdown();
  }

  /**
   * Zero keeps a live session's history in memory (read once by session/load), so after its store
   * was rewound (Edit and resend) the process must let go of it. Zero cannot close one session: the
   * process is stopped, and the next prompt starts it again and loads the rewound session. False
   * while a turn runs in any ACP chat (stopping would cut it off).
   */
  async releaseSession(chat: Chat): Promise<boolean> {
    if (!chat.sessionId || !this.zero.isOpen(chat.sessionId)) return true;
    if (this.running > 0) return false;
    await this.zero.shutdown();
    return true;
  }

  dispose(): void {
    this.zero.dispose();
  }
}
