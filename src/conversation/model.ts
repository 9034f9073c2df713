/**
 * The chat as data: what the reducer produces and both the host and the webview render.
 * Everything here is plain JSON (serialisable, persisted in workspace storage).
 */
import type { Block, Risk } from '../protocol/events';

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
export type ApprovalState = 'pending' | 'allowed-once' | 'always-allowed' | 'denied' | 'not-approvable' | 'info';

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

export type TurnItem = TextItem | ReasoningItem | ToolItem | PermissionItem | NoticeItem | ProblemItem;

export interface RunInfo {
  readonly runId: string | null;
  readonly sessionId: string | null;
  readonly cwd: string | null;
  readonly provider: string | null;
  readonly model: string | null;
  readonly schemaVersion: number | null;
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
  readonly sawRunEnd: boolean;
  /** Set when the user undid this turn's file changes with Zero's rewind: what it said. */
  readonly undone?: { readonly at: number; readonly summary: string };
  /** Count of anonymous tool calls, to make local keys. */
  readonly anonTools: number;
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
}
