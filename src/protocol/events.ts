/**
 * Zero's stream-json output events as zod schemas (docs/zero-exec.md §3).
 *
 * Tolerant where Zero may grow: every object schema is `loose`, so unknown fields pass through
 * untouched, and optional fields are optional. Exact where Zero is exact: field types.
 * Schema 1 is read too; its `violation` object is surfaced as `block` (§17).
 * Each schema is built on its first parse (`lazySchema`), not when the extension loads.
 */
import {
  array,
  boolean,
  discriminatedUnion,
  lazySchema,
  literal,
  looseObject,
  number,
  optional,
  pipe,
  record,
  string,
  transform,
  union,
  unknown,
  type output,
} from './zod';
import { clampAmount, clampCount, clampInt } from './numbers';

/** Numbers Zero reports, clamped where they enter (numbers.ts): a huge count must not overflow a total. */
const count = () => pipe(number(), transform(clampCount));
const int = () => pipe(number(), transform(clampInt));
const amount = () => pipe(number(), transform(clampAmount));

/** Risk classification attached to every permission event. `level` can be "" (§3.7). */
export const RiskSchema = lazySchema(() =>
  looseObject({
    level: optional(string()),
    categories: optional(array(string())),
    reason: optional(string()),
  }),
);
export type Risk = output<typeof RiskSchema>;

/** Sandbox block metadata (`block` in schema 2, `violation` in schema 1). */
export const BlockSchema = lazySchema(() =>
  looseObject({
    code: string(),
    toolName: optional(string()),
    action: optional(string()),
    risk: optional(RiskSchema),
    path: optional(string()),
    reason: optional(string()),
    recoverable: optional(boolean()),
  }),
);
export type Block = output<typeof BlockSchema>;

/** A persistent grant that matched a permission check. */
export const GrantSchema = lazySchema(() =>
  looseObject({
    toolName: optional(string()),
    scope: optional(string()),
    scopeKind: optional(string()),
    decision: optional(string()),
    approvedAt: optional(string()),
    reason: optional(string()),
    session: optional(string()),
  }),
);

/** Fields on every output line. */
const envelope = () => ({
  schemaVersion: union([literal(1), literal(2)]),
  runId: string(),
});

export const RunStartSchema = lazySchema(() =>
  looseObject({
    ...envelope(),
    type: literal('run_start'),
    /** Present on every normal stream-json run; absent for `--list-tools`. */
    sessionId: optional(string()),
    /** Absolute workspace root (or the worktree path). */
    cwd: optional(string()),
    provider: optional(string()),
    model: optional(string()),
    apiModel: optional(string()),
  }),
);

export const WarningSchema = lazySchema(() =>
  looseObject({ ...envelope(), type: literal('warning'), message: optional(string()) }),
);

/** Live answer delta of any model turn, narration included. `delta` is omitted for empty chunks. */
export const TextSchema = lazySchema(() =>
  looseObject({ ...envelope(), type: literal('text'), delta: optional(string()) }),
);

/** Model reasoning or Zero's own status notices; never part of the answer. */
export const ReasoningSchema = lazySchema(() =>
  looseObject({ ...envelope(), type: literal('reasoning'), delta: optional(string()) }),
);

export const SideEffectSchema = lazySchema(() => string());

export const ToolCallSchema = lazySchema(() =>
  looseObject({
    ...envelope(),
    type: literal('tool_call'),
    /** Provider's tool-call id; omitted when the provider gave none. */
    id: optional(string()),
    name: string(),
    /** Parsed JSON arguments, or the raw string when they were not valid JSON; omitted when empty. */
    args: optional(unknown()),
    /** read | write | shell | network | none | unknown. Kept open: Zero may add values. */
    sideEffect: optional(SideEffectSchema),
  }),
);

export const CheckpointSchema = lazySchema(() =>
  looseObject({
    ...envelope(),
    type: literal('checkpoint'),
    checkpoint: looseObject({
      /** Session event sequence number, usable with `zero sessions rewind --sequence`. */
      sequence: count(),
      tool: optional(string()),
      /** Workspace-relative paths the tool is about to touch. */
      files: optional(array(string())),
    }),
  }),
);

const permissionFields = () => ({
  ...envelope(),
  sessionId: optional(string()),
  id: optional(string()),
  name: string(),
  /** prompt | allow | deny (cancel is impossible headless). */
  action: string(),
  /** The tool's static permission: allow | prompt | deny. */
  permission: optional(string()),
  /** Pre-granted by mode or prefix; NOT "the user approved". */
  permissionGranted: optional(boolean()),
  permissionMode: optional(string()),
  autonomy: optional(string()),
  sideEffect: optional(string()),
  reason: optional(string()),
  decisionReason: optional(string()),
  risk: optional(RiskSchema),
  block: optional(BlockSchema),
  /** Schema 1 name of `block`; normalised into `block` by `normaliseEvent`. */
  violation: optional(BlockSchema),
  grantMatched: optional(boolean()),
  grant: optional(GrantSchema),
});

export const PermissionRequestSchema = lazySchema(() =>
  looseObject({ ...permissionFields(), type: literal('permission_request') }),
);
export const PermissionDecisionSchema = lazySchema(() =>
  looseObject({ ...permissionFields(), type: literal('permission_decision') }),
);
/** Declared by Zero but unreachable at HEAD; read like a decision if it ever appears. */
export const PermissionSchema = lazySchema(() => looseObject({ ...permissionFields(), type: literal('permission') }));

export const ToolResultSchema = lazySchema(() =>
  looseObject({
    ...envelope(),
    type: literal('tool_result'),
    id: optional(string()),
    name: optional(string()),
    /** ok | error */
    status: string(),
    /** Model-visible output, capped at 10 KiB in the stream; omitted when empty. */
    output: optional(string()),
    truncated: optional(boolean()),
    changedFiles: optional(array(string())),
    meta: optional(record(string(), unknown())),
    redacted: optional(boolean()),
    display: optional(looseObject({ summary: optional(string()), kind: optional(string()) })),
    block: optional(BlockSchema),
    violation: optional(BlockSchema),
  }),
);

/** Per request, not cumulative: clients sum them. `costUsd` is declared but never set by exec. */
export const UsageSchema = lazySchema(() =>
  looseObject({
    ...envelope(),
    type: literal('usage'),
    promptTokens: count(),
    completionTokens: count(),
    totalTokens: count(),
    costUsd: optional(amount()),
  }),
);

/** The answer of the last turn; omitted text means an empty answer. */
export const FinalSchema = lazySchema(() =>
  looseObject({
    ...envelope(),
    type: literal('final'),
    text: optional(string()),
    /** A spec-draft run's spec (`stopReason` spec_review_required, cli/exec_spec.go:306-318). */
    meta: optional(record(string(), unknown())),
  }),
);

export const ErrorSchema = lazySchema(() =>
  looseObject({
    ...envelope(),
    type: literal('error'),
    code: optional(string()),
    message: optional(string()),
    recoverable: optional(boolean()),
  }),
);

export const RunEndSchema = lazySchema(() =>
  looseObject({
    ...envelope(),
    type: literal('run_end'),
    /** success | error | incomplete | interrupted | spec_review_required | future values. */
    status: string(),
    exitCode: int(),
  }),
);

/** Declared by Zero, never emitted by exec; accepted so a future Zero does not become "unknown". */
export const RestoreSchema = lazySchema(() => looseObject({ ...envelope(), type: literal('restore') }));

export const ZeroEventSchema = lazySchema(() =>
  discriminatedUnion('type', [
    RunStartSchema,
    WarningSchema,
    TextSchema,
    ReasoningSchema,
    ToolCallSchema,
    CheckpointSchema,
    PermissionRequestSchema,
    PermissionDecisionSchema,
    PermissionSchema,
    ToolResultSchema,
    UsageSchema,
    FinalSchema,
    ErrorSchema,
    RunEndSchema,
    RestoreSchema,
  ]),
);

export type ZeroEvent = output<typeof ZeroEventSchema>;
export type ZeroEventType = ZeroEvent['type'];
export type RunStartEvent = output<typeof RunStartSchema>;
export type ToolCallEvent = output<typeof ToolCallSchema>;
export type ToolResultEvent = output<typeof ToolResultSchema>;
export type PermissionEvent =
  output<typeof PermissionRequestSchema> | output<typeof PermissionDecisionSchema> | output<typeof PermissionSchema>;
export type UsageEvent = output<typeof UsageSchema>;
export type ErrorEvent = output<typeof ErrorSchema>;
export type RunEndEvent = output<typeof RunEndSchema>;

export const KNOWN_EVENT_TYPES: ReadonlySet<string> = new Set<ZeroEventType>([
  'run_start',
  'warning',
  'text',
  'reasoning',
  'tool_call',
  'checkpoint',
  'permission_request',
  'permission_decision',
  'permission',
  'tool_result',
  'usage',
  'final',
  'error',
  'run_end',
  'restore',
]);
