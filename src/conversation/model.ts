/**
 * The chat as data: what the reducer produces and both the host and the webview render.
 * Everything here is plain JSON (serialisable, persisted in workspace storage).
 */
import type { Block, Risk } from '../protocol/events';
import type { AcpSessionInfo, SessionGrants } from './acpSession';
import type { ChatWorktree } from './chatWorktree';
import type { ReviewFile } from './review/reviewFile';

export type { AcpSessionInfo, SessionGrant, SessionGrants } from './acpSession';
export type { ChatWorktree } from './chatWorktree';
export type { HunkMark, ReviewFile, ReviewHunk } from './review/reviewFile';
export interface UsageTotals {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
  /** Zero declares `costUsd` but exec never sets it; null unless some event carried it. */
  readonly costUsd: number | null;
}

export const ZERO_USAGE: UsageTotals = { promptTokens: 0, completionTokens: 0, totalTokens: 0, costUsd: null };

/**
 * Where a turn is. `run_end.status` values are copied as they come (Zero may add some);
 * the local ones: `starting` (spawned, nothing read yet), `running`, `crashed` (exited without
 * `run_end`), `failed` (could not start), `cut-off` (the window reloaded while it ran).
 */
export type TurnStatus =
  | 'starting'
  | 'running'
  | 'success'
  | 'error'
  | 'incomplete'
  | 'interrupted'
  | 'crashed'
  | 'failed'
  | 'cut-off'
  | (string & {});

export const RUNNING_STATUSES: ReadonlySet<string> = new Set(['starting', 'running']);

/** How the user answered a permission request (local; Zero never learns it directly). */
export type ApprovalState =
  | 'pending'
  | 'allowed-once'
  | 'always-allowed'
  | 'denied'
  | 'not-approvable'
  | 'info'
  /** ACP only: Zero's "Allow for this session" (or a command prefix for the session). */
  | 'allowed-session'
  /** ACP only: the turn was stopped while Zero waited for the answer. */
  | 'cancelled';

export interface TextItem {
  readonly kind: 'text';
  readonly text: string;
  /** True once `final` confirmed this block as the answer (its text is then `final.text`). */
  readonly answer: boolean;
  /** A `usage` event (end of a model request) closes a segment; the next delta starts a new one. */
  readonly closed: boolean;
}

export interface ReasoningItem {
  readonly kind: 'reasoning';
  readonly text: string;
  readonly closed: boolean;
}

export interface ToolItem {
  readonly kind: 'tool';
  /** Zero's tool-call id, or a local `anon-N` when the provider gave none. */
  readonly key: string;
  readonly id: string | null;
  readonly name: string;
  readonly args: unknown;
  readonly sideEffect: string | null;
  readonly status: 'running' | 'ok' | 'error' | (string & {});
  readonly output: string | null;
  readonly truncated: boolean;
  readonly changedFiles: readonly string[];
  readonly checkpoint: { readonly sequence: number; readonly files: readonly string[] } | null;
  readonly summary: string | null;
  /** ACP only: files the call reported (`locations`), shown as links. No checkpoints, so no Diff. */
  readonly locations?: readonly string[];
  /** Still running when its turn was cut off: how it ended, as far as Zero recorded it (cutOff.ts). */
  readonly settled?: ToolSettled;
  /** Zero cut the output (toolMeta.ts): how much, and where it saved the whole. */
  readonly cut?: OutputCut;
  /** A call to an MCP server's tool: the server and the tool, as Zero named them (toolMeta.ts). */
  readonly mcp?: McpTool;
}

/** How Zero cut a tool's output. Sizes in bytes as Zero counted them; null when it did not say. */
export interface OutputCut {
  /** Zero cut what the model saw; false: only the stream's copy (10 KiB) was cut, Zero's session has it all. */
  readonly forModel: boolean;
  /** What the tool produced (`raw_bytes`). */
  readonly rawBytes: number | null;
  /** What the model got (`output_budget_retained_bytes`). */
  readonly keptBytes: number | null;
  /** Where Zero saved the whole output (`spill_path`): checked by the host before it is opened. */
  readonly spillPath: string | null;
}

export interface McpTool {
  readonly server: string;
  readonly tool: string;
}

/**
 * A tool call whose turn ended before its result came: `finished` or `failed` as Zero's session
 * recorded it (exec's store), else `unknown`; `why` says which, in words for the user.
 */
export interface ToolSettled {
  readonly outcome: 'finished' | 'failed' | 'unknown';
  readonly why: string;
}

export interface PermissionItem {
  readonly kind: 'permission';
  /** Unique within the turn: `<type>:<id or index>`. */
  readonly key: string;
  readonly event: 'permission_request' | 'permission_decision' | 'permission';
  readonly toolId: string | null;
  readonly name: string;
  readonly action: string;
  readonly permissionGranted: boolean | null;
  readonly permissionMode: string | null;
  readonly sideEffect: string | null;
  readonly reason: string | null;
  readonly risk: Risk | null;
  readonly block: Block | null;
  readonly grantMatched: boolean;
  readonly sessionId: string | null;
  readonly approval: ApprovalState;
  /** ACP only: the request Zero is blocked on — its title, ACP tool kind and the choices it offered. */
  readonly acp?: AcpPermission;
  /** After "Always allow": the rule Zero stored, read back from Zero (or why none can be shown). */
  readonly rule?: StoredRule;
  /** Zero asks about something the user always allowed: when that was, and why Zero asks again. */
  readonly askedAgain?: AskedAgain;
}

/** A `session/request_permission` as the chat records it. */
export interface AcpPermission {
  readonly title: string;
  readonly toolKind: string | null;
  readonly options: readonly AcpOption[];
  /** The option the user picked (Zero's option id), if any. */
  readonly chosen: string | null;
  /** The chat answered with the user's earlier "for this session" choice (Zero's grants last one prompt). */
  readonly remembered?: boolean;
}

export interface AcpOption {
  readonly optionId: string;
  readonly name: string;
  readonly kind: string;
}

/** ACP `plan`: the agent's current plan; each update replaces it. */
export interface PlanItem {
  readonly kind: 'plan';
  readonly entries: readonly PlanEntry[];
}

export interface PlanEntry {
  readonly content: string;
  readonly priority: string;
  readonly status: 'pending' | 'in_progress' | 'completed' | (string & {});
}

export interface NoticeItem {
  readonly kind: 'warning' | 'error';
  readonly code: string | null;
  readonly message: string;
  readonly recoverable: boolean | null;
}

/** An event type this client does not know, or a line it could not read; shown, never fatal. */
export interface ProblemItem {
  readonly kind: 'unknown-event' | 'problem';
  readonly line: number;
  readonly detail: string;
}

/**
 * Where the run's output went over its budget (`zero.maxRunOutputMB`): what was dropped from the
 * middle, in UTF-8 bytes, so the turn keeps its start and its end. One per turn, between the two.
 */
export interface ElidedItem {
  readonly kind: 'elided';
  /** The budget, in bytes (UTF-16 code units are counted while streaming; close to bytes for ASCII). */
  readonly limit: number;
  readonly text: number;
  readonly reasoning: number;
  /** Tool calls' arguments and output. */
  readonly tool: number;
  /** Whole items dropped (text blocks, tool calls, notices…). */
  readonly items: number;
  /** Set when the turn also had more items than this (outputBudget.ts MAX_TURN_ITEMS). */
  readonly maxItems?: number;
}

/** How much of a run's output a turn keeps (see outputBudget.ts). */
export interface OutputBudget {
  /** Kept size in characters (UTF-16 code units), head and tail together. */
  readonly limit: number;
  /** Roughly what the items hold now; exact after each compaction. */
  readonly used: number;
}
export type TurnItem =
  TextItem | ReasoningItem | ToolItem | PermissionItem | NoticeItem | ProblemItem | PlanItem | ElidedItem;

export interface RunInfo {
  readonly runId: string | null;
  readonly sessionId: string | null;
  readonly cwd: string | null;
  readonly provider: string | null;
  readonly model: string | null;
  /** The provider's id for the model (`run_start.apiModel`); absent in chats saved before it was kept. */
  readonly apiModel?: string | null;
  readonly schemaVersion: number | null;
}

/** What the composer sent with a message, beyond its words (shown with the turn). */
export interface ComposedMessage {
  /** The user's own words, without the context blocks the chips added to the prompt. */
  readonly text: string;
  /** Chip labels: mentions (`src/a.ts`, `a.ts#L3-9`, `@problems`) and attached selections. */
  readonly chips: readonly string[];
  readonly images: number;
  /** `--permission-mode` picked in the composer for this message; absent: the setting. */
  readonly mode?: string;
  /** `--model` picked in the composer for this message; absent: the setting. */
  readonly model?: string;
  /** `--reasoning-effort` picked in the composer for this message; absent: the model's default. */
  readonly effort?: string;
  /** Zero provider picked in the composer for this message (`ZERO_PROVIDER`); absent: Zero's config. */
  readonly provider?: string;
}

export interface Turn {
  readonly id: string;
  /** `prompt`: the user's message; `retry`: a follow-up run that applies approvals. */
  readonly origin: 'prompt' | 'retry';
  readonly prompt: string;
  readonly startedAt: number;
  readonly endedAt: number | null;
  readonly status: TurnStatus;
  readonly exitCode: number | null;
  /** Words for the user when the run did not succeed (filled in by the host, which knows why). */
  readonly explanation: string | null;
  readonly stderrTail: string | null;
  readonly run: RunInfo;
  readonly items: readonly TurnItem[];
  readonly finalText: string | null;
  readonly usage: UsageTotals;
  /** Prompt tokens of the turn's last model request (the context meter); absent before any usage. */
  readonly lastPromptTokens?: number;
  /** Set when the message came from the composer with chips, images, a mode or a model. */
  readonly composed?: ComposedMessage;
  readonly sawRunEnd: boolean;
  /** Set when the user undid this turn's file changes with Zero's rewind: what it said. */
  readonly undone?: { readonly at: number; readonly summary: string };
  /** The files the turn changed, measured by the host when it ended (exec turns with checkpoints). */
  readonly review?: readonly ReviewFile[];
  /** Count of anonymous tool calls, to make local keys. */
  readonly anonTools: number;
  /** Absent: no limit (chats saved before the budget existed, transcripts). */
  readonly budget?: OutputBudget;
  /** Set for turns run over `zero acp` (no usage, no checkpoints: the footer says so). */
  readonly transport?: TransportKind;
  /** The turn was cut off before Zero finished it; its footer offers Resume (cutOff.ts). */
  readonly cutOff?: TurnCutOff;
  /** A spec-mode turn's spec, for review (specReview.ts). */
  readonly spec?: SpecReview;
}

/** What cut a turn off: Zero's process died, the window was reloaded (or closed), the extension host stopped. */
export type CutOffCause = 'zero-exited' | 'reload' | 'host-stopped';

export interface TurnCutOff {
  readonly cause: CutOffCause;
  /** The Zero session Resume continues (the chat's when the turn was cut off); null: none, so no Resume. */
  readonly sessionId: string | null;
  /** What Zero recorded of its tool calls has been read (exec: the session store; ACP records nothing). */
  readonly checked: boolean;
  /** Messages queued behind the turn that were never sent (a reload ends the queue): Resume puts them back. */
  readonly unsent?: readonly string[];
}

/** How a chat talks to Zero: one `zero exec` per turn, or the shared `zero acp` process. */
export type TransportKind = 'exec' | 'acp';

/**
 * The transport a chat runs on: its own once it has one; a chat that has not run yet follows the
 * `zero.transport` setting (`fallback`); an older chat that ran before transports existed is exec.
 */
export function chatTransport(chat: Pick<Chat, 'transport' | 'turns'>, fallback: TransportKind): TransportKind {
  return chat.transport ?? (chat.turns.length === 0 ? fallback : 'exec');
}

export interface Chat {
  readonly id: string;
  readonly title: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Zero's session, from the first `run_start`; later turns pass `--resume=<sessionId>`. */
  readonly sessionId: string | null;
  readonly turns: readonly Turn[];
  readonly usage: UsageTotals;
  /** Absent on chats saved before transports existed: those are exec chats. */
  readonly transport?: TransportKind;
  readonly acp?: AcpSessionInfo;
  /** ACP: what the user allowed for the chat's session (sessionGrants.ts); dropped when the session is replaced. */
  readonly acpGrants?: SessionGrants;
  /** The header's Isolated toggle, before the first message: the chat's turns run in a worktree of its own. */
  readonly isolated?: boolean;
  /** The worktree an isolated chat runs in, once made (worktreeActions.ts). */
  readonly worktree?: ChatWorktree;
  /** A fork (forkTurns.ts): the chat and turn it was copied from; its own Zero session goes on from there. */
  readonly forkedFrom?: ForkOrigin;
}

/** Where a forked chat came from: its first `turns` turns are copies of the original's, up to `turnId`. */
export interface ForkOrigin {
  readonly chatId: string;
  readonly turnId: string;
  /** The original chat's title then. */
  readonly title: string;
  /** The original's Zero session, which the fork copied (and never changes). */
  readonly sessionId: string;
  readonly at: number;
  readonly turns: number;
}

/**
 * What Zero stored for an "Always allow", as `zero sandbox grants list --json` shows it after the answer
 * (src/approvals/storedRules.ts). Its text comes from Zero and the model's arguments: clamped (cleanRule).
 */
export type StoredRule =
  /** A grant: tool-wide (`scope` null), or one file, a folder and what is in it, or a host. */
  | {
      readonly kind: 'grant';
      readonly tool: string;
      readonly scope: string | null;
      readonly scopeKind: string | null;
      /** Zero's `approvedAt`, in ms since the epoch; null when Zero gave none. */
      readonly approvedAt: number | null;
      /** Zero's grants file. */
      readonly file: string | null;
      /** When the chat read it back. */
      readonly at: number;
    }
  /** A command prefix (ACP's "Always allow this command"): commands starting with these words. */
  | {
      readonly kind: 'prefix';
      readonly tool: string;
      readonly prefix: readonly string[];
      readonly approvedAt: number | null;
      readonly file: string | null;
      readonly at: number;
    }
  /** exec, a write outside the workspace: Zero keeps no rule; the folder went into `zero.addDirs`. */
  | { readonly kind: 'folder'; readonly tool: string; readonly folder: string; readonly at: number }
  /** Nothing to show: Zero's list has no rule matching the answer, or could not be read (`why`). */
  | { readonly kind: 'none'; readonly tool: string; readonly why: string; readonly at: number };

/** A request for something the user always allowed: Zero asked anyway. */
export interface AskedAgain {
  /** When it was allowed (ms since the epoch), from `from`; null when neither says. */
  readonly allowedAt: number | null;
  /** `zero`: the stored grant's `approvedAt`; `card`: the earlier card in this chat. */
  readonly from: 'zero' | 'card';
  /** The rule, in words (describeRule). */
  readonly rule: string;
  /** Why Zero asks again, in words. */
  readonly reason: string;
  /** False when Zero's request does not tell why (the reason then says so). */
  readonly said: boolean;
}

/** A spec-mode turn's spec, as Zero printed it, and what became of it (specReview.ts reads and shows it). */
export interface SpecOutcome {
  readonly status: 'approved' | 'rejected';
  /** Zero's `message` ("Spec approved.", "Spec already approved.", "Spec rejected."). */
  readonly message: string;
  /** Approved: Zero's `spec-impl` session that holds the implementation prompt. */
  readonly implementationSessionId?: string;
  /** The comment (approve) or reason (reject) the user gave. */
  readonly note?: string;
  readonly at: number;
}

export interface SpecReview {
  readonly specId: string;
  readonly title: string;
  /** Absolute, as Zero printed it; the host opens it only inside the workspace's `.zero/specs/`. */
  readonly filePath: string;
  /** `.zero/specs/<id>.md`. */
  readonly relativePath: string;
  readonly draftSessionId: string | null;
  readonly outcome?: SpecOutcome;
  /** When Start Implementation sent the implementation prompt as the chat's next message. */
  readonly implementationSentAt?: number;
  /** Why the last Approve, Reject or Start Implementation did nothing, in Zero's words; cleared by an outcome. */
  readonly problem?: string;
}
