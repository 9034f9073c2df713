/** Everything that can change a chat: Zero's events plus what happens locally. */
import type { Decoded, ProtocolProblem, UnknownEvent } from '../protocol/decoded';
import type { ZeroEvent } from '../protocol/events';
import type {
  AcpOption,
  AcpSessionInfo,
  ApprovalState,
  HunkMark,
  AskedAgain,
  ChatWorktree,
  ForkOrigin,
  PlanEntry,
  ReviewFile,
  SessionGrant,
  StoredRule,
  TransportKind,
  ComposedMessage,
  Turn,
  TurnStatus,
} from './model';
import type { SpecOutcome } from './specReview';

export type ChatAction =
  /** The user sent a message (or the host started an approval follow-up); starts a new turn. */
  | {
      readonly type: 'turn_started';
      readonly turnId: string;
      readonly prompt: string;
      readonly origin: 'prompt' | 'retry';
      readonly at: number;
      /** The run's output budget in characters (`zero.maxRunOutputMB`); absent: unlimited. */
      readonly outputLimit?: number;
      /** 'acp' for a turn run over `zero acp`; absent for exec. */
      readonly transport?: TransportKind;
      /** What the composer sent with the message (chips, images, mode, model). */
      readonly composed?: ComposedMessage;
    }
  | { readonly type: 'event'; readonly event: ZeroEvent; readonly line: number }
  | { readonly type: 'unknown_event'; readonly unknown: UnknownEvent }
  | { readonly type: 'problem'; readonly problem: ProtocolProblem }
  /** The process is gone. `explanation` is the host's words for a non-success exit. */
  | {
      readonly type: 'process_exited';
      readonly code: number | null;
      readonly signal: string | null;
      readonly spawnFailed: boolean;
      readonly explanation: string | null;
      readonly stderrTail: string | null;
      readonly at: number;
      /** The user's Stop (or the window closing) ended it: not cut off by a dying Zero. */
      readonly stopped?: boolean;
    }
  /** The user answered (or dismissed) a permission card's dialog. */
  | {
      readonly type: 'approval_decided';
      readonly turnId: string;
      readonly key: string;
      readonly approval: ApprovalState;
    }
  /** After "Always allow": the rule Zero stored, read back from Zero, or why none is shown. */
  | { readonly type: 'approval_rule'; readonly turnId: string; readonly key: string; readonly rule: StoredRule }
  /** Zero asks about something the user always allowed: when that was and why Zero asks again. */
  | {
      readonly type: 'approval_asked_again';
      readonly turnId: string;
      readonly key: string;
      readonly askedAgain: AskedAgain;
    }
  /**
   * The window went away under a running turn: `reload` when the extension was deactivated (also a window
   * closing), `host-stopped` when it is loaded from storage still running (the host died without deactivating).
   * Absent cause: `reload` (chats saved before causes). `unsent`: the messages queued behind it.
   */
  | {
      readonly type: 'run_cut_off';
      readonly at: number;
      readonly cause?: 'reload' | 'host-stopped';
      readonly unsent?: readonly string[];
    }
  /** What Zero recorded of a cut-off turn's tool calls, read after it ended (exec: Zero's session store). */
  | { readonly type: 'tools_recovered'; readonly turnId: string; readonly tools: readonly RecoveredTool[] }
  | { readonly type: 'renamed'; readonly title: string }
  /** Something Zero said outside the stream (stderr) that the user should see, e.g. images it ignored. */
  | { readonly type: 'notice'; readonly code: string; readonly message: string }
  /** The user undid a turn's file changes (Zero's rewind succeeded). */
  | { readonly type: 'turn_undone'; readonly turnId: string; readonly summary: string; readonly at: number }
  /** The user approved or rejected a spec turn's spec (`zero spec approve|reject`), or started its implementation; or that failed. */
  | {
      readonly type: 'spec_reviewed';
      readonly turnId: string;
      readonly outcome?: SpecOutcome;
      readonly implementationSentAt?: number;
      readonly problem?: string;
    }
  /** The host measured what the turn did to each file it changed (after the turn ended). */
  | { readonly type: 'turn_review'; readonly turnId: string; readonly files: readonly ReviewFile[] }
  /** The user kept or reverted one file of a turn. */
  | {
      readonly type: 'review_decided';
      readonly turnId: string;
      readonly path: string;
      readonly decision: 'kept' | 'reverted';
    }
  /** The user marked one hunk of a turn's file (null: the mark is cleared), or with no hunk the whole file (reviewed or not). */
  | {
      readonly type: 'review_marked';
      readonly turnId: string;
      readonly path: string;
      readonly hunk: string | null;
      readonly mark: HunkMark | null;
    }
  /** A chat with no turns yet switched transport (the header switch). */
  | { readonly type: 'transport_set'; readonly transport: TransportKind }
  /** An ACP chat that outgrew the model's window goes on over exec, resuming the same Zero session. */
  | { readonly type: 'continued_on_exec'; readonly at: number }
  /** A new chat becomes a fork of another (forkTurns.ts): the copied turns, bound to the forked Zero session. */
  | {
      readonly type: 'forked';
      readonly from: ForkOrigin;
      readonly sessionId: string;
      readonly title: string;
      readonly turns: readonly Turn[];
    }
  // ---- Isolated chats (worktreeActions.ts) ----
  /** The header's Isolated toggle, on a chat that has not run yet. */
  | { readonly type: 'worktree_set'; readonly on: boolean }
  /** The isolated chat's worktree was made (before its first turn reached Zero). */
  | { readonly type: 'worktree_created'; readonly worktree: ChatWorktree }
  /** Merge back applied the worktree's changes to the main tree: what it did, in words. */
  | { readonly type: 'worktree_merged'; readonly at: number; readonly summary: string }
  /** Discard removed the worktree and its branch. */
  | { readonly type: 'worktree_discarded'; readonly at: number }
  // ---- ACP (`zero acp`): what has no stream-json event of its own ----
  /** session/new or session/load answered: the session id and what it offers. */
  | { readonly type: 'acp_session'; readonly sessionId: string; readonly info: AcpSessionInfo }
  | { readonly type: 'acp_mode'; readonly mode: string }
  /** A mode picked during a turn: Zero switches once the turn is over (null: the switch failed). */
  | { readonly type: 'acp_mode_queued'; readonly mode: string | null }
  | { readonly type: 'acp_model'; readonly model: string }
  | { readonly type: 'acp_commands'; readonly commands: AcpSessionInfo['commands'] }
  | { readonly type: 'acp_plan'; readonly entries: readonly PlanEntry[] }
  /** A finished tool call's `locations`: the files it touched, shown as links. */
  | { readonly type: 'acp_locations'; readonly toolCallId: string; readonly paths: readonly string[] }
  /** session/request_permission: Zero is blocked until the user answers. */
  | {
      readonly type: 'acp_permission';
      readonly toolCallId: string;
      readonly name: string;
      readonly title: string;
      readonly toolKind: string | null;
      readonly rawInput: unknown;
      readonly options: readonly AcpOption[];
    }
  | {
      readonly type: 'acp_permission_answered';
      readonly toolCallId: string;
      readonly approval: ApprovalState;
      readonly optionId: string | null;
      /** Answered by the chat from an earlier "for this session" choice, without a dialog. */
      readonly remembered?: boolean;
    }
  /** The user allowed something for the session: the chat answers Zero's repeats of it (kept in the chat file). */
  | { readonly type: 'acp_session_grant'; readonly sessionId: string; readonly grant: SessionGrant }
  /** session/prompt returned (or failed, or the process died): the turn is over. */
  | {
      readonly type: 'acp_turn_ended';
      readonly status: TurnStatus;
      readonly explanation: string | null;
      readonly stderrTail: string | null;
      readonly at: number;
      /** `zero acp` died during the turn: it is cut off (Resume). */
      readonly crashed?: boolean;
    };

/** One tool call of a cut-off turn, by Zero's tool-call id, as Zero's record tells how it ended. */
export interface RecoveredTool {
  readonly id: string;
  readonly outcome: 'finished' | 'failed' | 'unknown';
  readonly why: string;
  /** The result Zero recorded (clamped), when it recorded one. */
  readonly output?: string;
  readonly truncated?: boolean;
}

/** Turn a decoded stdout line into the action the reducer understands. */
export function actionFromDecoded(d: Decoded): ChatAction {
  switch (d.kind) {
    case 'event':
      return { type: 'event', event: d.event, line: d.line };
    case 'unknown':
      return { type: 'unknown_event', unknown: d.unknown };
    case 'problem':
      return { type: 'problem', problem: d.problem };
    default:
      return assertNever(d);
  }
}

export function assertNever(x: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(x)}`);
}
