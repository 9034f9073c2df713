/**
 * Zero's stream-json output events as zod schemas (EXEC_BEHAVIOUR §3).
 *
 * Tolerant where Zero may grow: every object schema is `loose`, so unknown fields pass through
 * untouched, and optional fields are optional. Exact where Zero is exact: field types.
 * Schema 1 is read too; its `violation` object is surfaced as `block` (§17).
 */
import { z } from 'zod';

/** Risk classification attached to every permission event. `level` can be "" (§3.7). */
export const RiskSchema = z.looseObject({
  level: z.string().optional(),
  categories: z.array(z.string()).optional(),
  reason: z.string().optional(),
});
export type Risk = z.infer<typeof RiskSchema>;

/** Sandbox block metadata (`block` in schema 2, `violation` in schema 1). */
export const BlockSchema = z.looseObject({
  code: z.string(),
  toolName: z.string().optional(),
  action: z.string().optional(),
  risk: RiskSchema.optional(),
  path: z.string().optional(),
  reason: z.string().optional(),
  recoverable: z.boolean().optional(),
});
export type Block = z.infer<typeof BlockSchema>;

/** A persistent grant that matched a permission check. */
export const GrantSchema = z.looseObject({
  toolName: z.string().optional(),
  scope: z.string().optional(),
  scopeKind: z.string().optional(),
  decision: z.string().optional(),
  approvedAt: z.string().optional(),
  reason: z.string().optional(),
  session: z.string().optional(),
});

/** Fields on every output line. */
const envelope = {
  schemaVersion: z.union([z.literal(1), z.literal(2)]),
  runId: z.string(),
};

export const RunStartSchema = z.looseObject({
  ...envelope,
  type: z.literal('run_start'),
  /** Present on every normal stream-json run; absent for `--list-tools`. */
  sessionId: z.string().optional(),
  /** Absolute workspace root (or the worktree path). */
  cwd: z.string().optional(),
  provider: z.string().optional(),
  model: z.string().optional(),
  apiModel: z.string().optional(),
});

export const WarningSchema = z.looseObject({ ...envelope, type: z.literal('warning'), message: z.string().optional() });

/** Live answer delta of any model turn, narration included. `delta` is omitted for empty chunks. */
export const TextSchema = z.looseObject({ ...envelope, type: z.literal('text'), delta: z.string().optional() });

/** Model reasoning or Zero's own status notices; never part of the answer. */
export const ReasoningSchema = z.looseObject({ ...envelope, type: z.literal('reasoning'), delta: z.string().optional() });

export const SideEffectSchema = z.string();

export const ToolCallSchema = z.looseObject({
  ...envelope,
  type: z.literal('tool_call'),
  /** Provider's tool-call id; omitted when the provider gave none. */
  id: z.string().optional(),
  name: z.string(),
  /** Parsed JSON arguments, or the raw string when they were not valid JSON; omitted when empty. */
  args: z.unknown().optional(),
  /** read | write | shell | network | none | unknown. Kept open: Zero may add values. */
  sideEffect: SideEffectSchema.optional(),
});

export const CheckpointSchema = z.looseObject({
  ...envelope,
  type: z.literal('checkpoint'),
  checkpoint: z.looseObject({
    /** Session event sequence number, usable with `zero sessions rewind --sequence`. */
    sequence: z.number(),
    tool: z.string().optional(),
    /** Workspace-relative paths the tool is about to touch. */
    files: z.array(z.string()).optional(),
  }),
});

const permissionFields = {
  ...envelope,
  sessionId: z.string().optional(),
  id: z.string().optional(),
  name: z.string(),
  /** prompt | allow | deny (cancel is impossible headless). */
  action: z.string(),
  /** The tool's static permission: allow | prompt | deny. */
  permission: z.string().optional(),
  /** Pre-granted by mode or prefix; NOT "the user approved". */
  permissionGranted: z.boolean().optional(),
  permissionMode: z.string().optional(),
  autonomy: z.string().optional(),
  sideEffect: z.string().optional(),
  reason: z.string().optional(),
  decisionReason: z.string().optional(),
  risk: RiskSchema.optional(),
  block: BlockSchema.optional(),
  /** Schema 1 name of `block`; normalised into `block` by `normaliseEvent`. */
  violation: BlockSchema.optional(),
  grantMatched: z.boolean().optional(),
  grant: GrantSchema.optional(),
};

export const PermissionRequestSchema = z.looseObject({ ...permissionFields, type: z.literal('permission_request') });
export const PermissionDecisionSchema = z.looseObject({ ...permissionFields, type: z.literal('permission_decision') });
/** Declared by Zero but unreachable at HEAD; read like a decision if it ever appears. */
export const PermissionSchema = z.looseObject({ ...permissionFields, type: z.literal('permission') });

export const ToolResultSchema = z.looseObject({
  ...envelope,
  type: z.literal('tool_result'),
  id: z.string().optional(),
  name: z.string().optional(),
  /** ok | error */
  status: z.string(),
  /** Model-visible output, capped at 10 KiB in the stream; omitted when empty. */
  output: z.string().optional(),
  truncated: z.boolean().optional(),
  changedFiles: z.array(z.string()).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
  redacted: z.boolean().optional(),
  display: z.looseObject({ summary: z.string().optional(), kind: z.string().optional() }).optional(),
  block: BlockSchema.optional(),
  violation: BlockSchema.optional(),
});

/** Per request, not cumulative: clients sum them. `costUsd` is declared but never set by exec. */
export const UsageSchema = z.looseObject({
  ...envelope,
  type: z.literal('usage'),
  promptTokens: z.number(),
  completionTokens: z.number(),
  totalTokens: z.number(),
  costUsd: z.number().optional(),
});

/** The answer of the last turn; omitted text means an empty answer. */
export const FinalSchema = z.looseObject({ ...envelope, type: z.literal('final'), text: z.string().optional() });

export const ErrorSchema = z.looseObject({
  ...envelope,
  type: z.literal('error'),
  code: z.string().optional(),
  message: z.string().optional(),
  recoverable: z.boolean().optional(),
});

export const RunEndSchema = z.looseObject({
  ...envelope,
  type: z.literal('run_end'),
  /** success | error | incomplete | interrupted | spec_review_required | future values. */
  status: z.string(),
  exitCode: z.number(),
});

/** Declared by Zero, never emitted by exec; accepted so a future Zero does not become "unknown". */
export const RestoreSchema = z.looseObject({ ...envelope, type: z.literal('restore') });

export const ZeroEventSchema = z.discriminatedUnion('type', [
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
]);

export type ZeroEvent = z.infer<typeof ZeroEventSchema>;
export type ZeroEventType = ZeroEvent['type'];
export type RunStartEvent = z.infer<typeof RunStartSchema>;
export type ToolCallEvent = z.infer<typeof ToolCallSchema>;
export type ToolResultEvent = z.infer<typeof ToolResultSchema>;
export type PermissionEvent =
  | z.infer<typeof PermissionRequestSchema>
  | z.infer<typeof PermissionDecisionSchema>
  | z.infer<typeof PermissionSchema>;
export type UsageEvent = z.infer<typeof UsageSchema>;
export type ErrorEvent = z.infer<typeof ErrorSchema>;
export type RunEndEvent = z.infer<typeof RunEndSchema>;

export const KNOWN_EVENT_TYPES: ReadonlySet<string> = new Set<ZeroEventType>([
  'run_start', 'warning', 'text', 'reasoning', 'tool_call', 'checkpoint', 'permission_request',
  'permission_decision', 'permission', 'tool_result', 'usage', 'final', 'error', 'run_end', 'restore',
]);
