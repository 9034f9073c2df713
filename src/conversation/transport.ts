/**
 * How the host talks to Zero for one chat, whatever carries it: `zero exec` (one process per turn,
 * stream-json) or `zero acp` (one process per window, ACP). The host only ever calls this
 * interface, so the chat, the webview, history and export do not know which transport runs.
 *
 * Pure types: transports live in plain-Node layers (zero/, acp/) or in host/, and all of them
 * import this file.
 */
import type { InputImage } from '../protocol/input';
import type { ChatAction } from './actions';

/** What a transport can and cannot do, so the UI can say what a chat lacks instead of faking it. */
export interface TransportCapabilities {
  /**
   * A permission request waits for the user's answer, which goes back with `answerApproval`
   * (ACP). When false (exec), Zero has already refused the call; the host applies the user's
   * approvals in a follow-up turn once the run has ended.
   */
  readonly approvalsBlock: boolean;
  /** Token usage is reported per turn. */
  readonly usage: boolean;
  /** Turns record file checkpoints, so their changes can be listed and undone. */
  readonly checkpoints: boolean;
}

/** Extra power for one turn only: the approvals the user gave after the fact (exec follow-ups). */
export interface TurnElevation {
  readonly addDirs?: readonly string[];
  /** One turn in Zero's unsafe mode, confirmed by the user. */
  readonly unsafe?: boolean;
  /** Extra environment, e.g. a temporary grants file. Never logged. */
  readonly env?: Readonly<Record<string, string>>;
}

/** One turn to run. Settings and binary are the transport's own business. */
export interface TurnRequest {
  readonly chatId: string;
  /** The turn the reducer already opened with `turn_started`. */
  readonly turnId: string;
  readonly prompt: string;
  /** `retry`: a follow-up that applies approvals. */
  readonly origin: 'prompt' | 'retry';
  /** Zero's session to continue; null on a chat's first turn. */
  readonly sessionId: string | null;
  /** The workspace folder Zero works in; null when none is open (the turn then fails with words). */
  readonly cwd: string | null;
  /** Transports whose approvals block ignore this. */
  readonly elevation?: TurnElevation;
  /** Images sent with the message (stream-json `images`, ACP image blocks). */
  readonly images?: readonly InputImage[];
  /** Mode and model picked in the composer for this message; absent: the transport's default. */
  readonly choice?: TurnChoice;
  /**
   * The chat's title, to name the Zero session a first turn creates (exec's `--session-title`).
   * Zero 0.8 cannot rename a session afterwards, and its ACP server takes no title (docs/zero-acp.md §6).
   */
  readonly title?: string;
  /** An isolated chat's worktree, made before the turn: its runs work there (docs/zero-exec.md §21). */
  readonly worktree?: TurnWorktree;
}

/** Where an isolated chat's turn works: Zero's worktree `name` under `dir` (`--worktree-dir`), at `path`. */
export interface TurnWorktree {
  readonly name: string;
  readonly path: string;
  readonly dir: string;
}

/** The composer's per-message picks. */
export interface TurnChoice {
  readonly mode?: string;
  readonly model?: string;
  /** exec's `--reasoning-effort`, one the picked model lists; ACP offers none. */
  readonly effort?: string;
  /** exec's `ZERO_PROVIDER` for this run, a plain name Zero listed; ACP has one process for all chats. */
  readonly provider?: string;
  /** exec's Run options: `--max-turns`, `--self-correct`, `--exec-profile`. */
  readonly maxTurns?: number;
  readonly selfCorrect?: boolean;
  readonly execProfile?: 'balanced' | 'fast' | 'thorough';
}

/** Where a transport sends a turn's output. */
export interface TurnListener {
  /** Zero's output as reducer actions, in order, batched as it arrives. Not called after `dispose()`. */
  actions(actions: readonly ChatAction[]): void;
}

export type ProcessExitedAction = Extract<ChatAction, { readonly type: 'process_exited' }>;

/** How a turn ended. */
export interface TurnEnd {
  /** The turn's closing action: status words, exit code, stderr tail. */
  readonly action: ProcessExitedAction;
  /** Stop or dispose ended it. */
  readonly stopped: boolean;
  /** It never reached Zero (settings, no folder, no binary, bad input): the prompt goes back to the composer. */
  readonly notStarted: boolean;
  /** Zero could not be found or run: the host shows this as the CLI's state. */
  readonly binaryProblem: { readonly path: string | null; readonly problem: string } | null;
}

/** A user's answer to a blocking permission request: one of the options Zero offered, or none. */
export type ApprovalAnswer = { readonly kind: 'option'; readonly optionId: string } | { readonly kind: 'cancelled' };

/** One running turn. */
export interface TurnHandle {
  /** Resolves exactly once, when the turn is over and everything it started is gone. Never rejects. */
  readonly ended: Promise<TurnEnd>;
  /** The user's Stop. Resolves once `ended` has. Idempotent. */
  stop(): Promise<void>;
  /**
   * Answer a permission request of this turn (`key` as in the chat's permission item). ACP: goes
   * back to Zero, which is waiting. exec: nothing to send (Zero did not wait).
   */
  answerApproval(key: string, answer: ApprovalAnswer): void;
  /** End now without waiting (window closing) and stop calling the listener. Idempotent. */
  dispose(): void;
}

export interface Transport {
  /** Saved with a chat: 'exec' or 'acp'. */
  readonly id: string;
  readonly capabilities: TransportCapabilities;
  /** Start a turn. Never throws: problems end the handle with words for the user. */
  startTurn(request: TurnRequest, listener: TurnListener): TurnHandle;
  /** Release what lives across turns (ACP: its process). Idempotent. */
  dispose(): void;
}

/** A turn that could not reach Zero (settings, no folder, no binary, bad input): ends at once, with words. */
export function failedTurn(problem: string, binaryProblem: TurnEnd['binaryProblem']): TurnHandle {
  const ended = Promise.resolve<TurnEnd>({
    action: {
      type: 'process_exited',
      code: null,
      signal: null,
      spawnFailed: true,
      explanation: problem,
      stderrTail: null,
      at: Date.now(),
    },
    stopped: false,
    notStarted: true,
    binaryProblem,
  });
  return { ended, stop: () => ended.then(() => undefined), answerApproval: () => undefined, dispose: () => undefined };
}

/** The log lines a transport writes (a `vscode.LogOutputChannel` fits). */
export interface TransportLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  append(text: string): void;
}
