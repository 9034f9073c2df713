/**
 * The chat as zod schemas, for what is read back from disk: a file of the wrong shape must be
 * refused at the boundary, never reach the reducer or the view. Tolerant of fields added later
 * (objects are loose), exact on the types of the fields the code reads.
 *
 * The checks at the end fail to compile when model.ts changes and these schemas do not.
 */
import {
  array,
  boolean,
  enum as zEnum,
  lazySchema,
  literal,
  looseObject,
  minLength,
  nullable,
  number,
  optional,
  record,
  string,
  union,
  unknown,
  type output,
} from '../protocol/zod';
import { BlockSchema, RiskSchema } from '../protocol/events';
import type { Chat, OutputBudget, Turn, TurnItem, UsageTotals } from './model';
import { withoutOverWide } from './sessionGrants';

const count = lazySchema(() => number());

export const UsageTotalsSchema = lazySchema(() =>
  looseObject({
    promptTokens: count,
    completionTokens: count,
    totalTokens: count,
    costUsd: nullable(count),
  }),
);

const TextItemSchema = lazySchema(() =>
  looseObject({ kind: literal('text'), text: string(), answer: boolean(), closed: boolean() }),
);
const ReasoningItemSchema = lazySchema(() =>
  looseObject({ kind: literal('reasoning'), text: string(), closed: boolean() }),
);
const ToolItemSchema = lazySchema(() =>
  looseObject({
    kind: literal('tool'),
    key: string(),
    id: nullable(string()),
    name: string(),
    args: unknown(),
    sideEffect: nullable(string()),
    status: string(),
    output: nullable(string()),
    truncated: boolean(),
    changedFiles: array(string()),
    checkpoint: nullable(looseObject({ sequence: count, files: array(string()) })),
    summary: nullable(string()),
    locations: optional(array(string())),
    settled: optional(looseObject({ outcome: zEnum(['finished', 'failed', 'unknown']), why: string() })),
    cut: optional(
      looseObject({
        forModel: boolean(),
        rawBytes: nullable(count),
        keptBytes: nullable(count),
        spillPath: nullable(string()),
      }),
    ),
    mcp: optional(looseObject({ server: string(), tool: string() })),
  }),
);
const AcpPermissionSchema = lazySchema(() =>
  looseObject({
    title: string(),
    toolKind: nullable(string()),
    options: array(looseObject({ optionId: string(), name: string(), kind: string() })),
    chosen: nullable(string()),
    remembered: optional(boolean()),
  }),
);
const when = lazySchema(() => nullable(count));
const StoredRuleSchema = lazySchema(() =>
  union([
    looseObject({
      kind: literal('grant'),
      tool: string(),
      scope: nullable(string()),
      scopeKind: nullable(string()),
      approvedAt: when,
      file: nullable(string()),
      at: count,
    }),
    looseObject({
      kind: literal('prefix'),
      tool: string(),
      prefix: array(string()),
      approvedAt: when,
      file: nullable(string()),
      at: count,
    }),
    looseObject({ kind: literal('folder'), tool: string(), folder: string(), at: count }),
    looseObject({ kind: literal('none'), tool: string(), why: string(), at: count }),
  ]),
);
const AskedAgainSchema = lazySchema(() =>
  looseObject({
    allowedAt: when,
    from: zEnum(['zero', 'card']),
    rule: string(),
    reason: string(),
    said: boolean(),
  }),
);
const PermissionItemSchema = lazySchema(() =>
  looseObject({
    kind: literal('permission'),
    key: string(),
    event: zEnum(['permission_request', 'permission_decision', 'permission']),
    toolId: nullable(string()),
    name: string(),
    action: string(),
    permissionGranted: nullable(boolean()),
    permissionMode: nullable(string()),
    sideEffect: nullable(string()),
    reason: nullable(string()),
    risk: nullable(RiskSchema),
    block: nullable(BlockSchema),
    grantMatched: boolean(),
    sessionId: nullable(string()),
    approval: zEnum([
      'pending',
      'allowed-once',
      'always-allowed',
      'denied',
      'not-approvable',
      'info',
      'allowed-session',
      'cancelled',
    ]),
    acp: optional(AcpPermissionSchema),
    rule: optional(StoredRuleSchema),
    askedAgain: optional(AskedAgainSchema),
  }),
);
const PlanItemSchema = lazySchema(() =>
  looseObject({
    kind: literal('plan'),
    entries: array(looseObject({ content: string(), priority: string(), status: string() })),
  }),
);
const NoticeItemSchema = lazySchema(() =>
  looseObject({
    kind: zEnum(['warning', 'error']),
    code: nullable(string()),
    message: string(),
    recoverable: nullable(boolean()),
  }),
);
const ProblemItemSchema = lazySchema(() =>
  looseObject({ kind: zEnum(['unknown-event', 'problem']), line: count, detail: string() }),
);
const ElidedItemSchema = lazySchema(() =>
  looseObject({
    kind: literal('elided'),
    limit: count,
    text: count,
    reasoning: count,
    tool: count,
    items: count,
    maxItems: optional(count),
  }),
);

export const TurnItemSchema = lazySchema(() =>
  union([
    TextItemSchema,
    ReasoningItemSchema,
    ToolItemSchema,
    PermissionItemSchema,
    NoticeItemSchema,
    ProblemItemSchema,
    PlanItemSchema,
    ElidedItemSchema,
  ]),
);
const TransportSchema = lazySchema(() => zEnum(['exec', 'acp']));
const named = lazySchema(() => array(looseObject({ id: string(), name: string() })));

const OutputBudgetSchema = lazySchema(() => looseObject({ limit: count, used: count }));

const ReviewHunkSchema = lazySchema(() =>
  looseObject({
    key: string(),
    oldStart: count,
    oldLines: count,
    newStart: count,
    newLines: count,
    added: count,
    removed: count,
    from: count,
    to: count,
  }),
);
const ReviewFileSchema = lazySchema(() =>
  looseObject({
    path: string(),
    change: zEnum(['modified', 'created', 'deleted', 'unknown']),
    added: nullable(count),
    removed: nullable(count),
    binary: optional(boolean()),
    afterSha256: nullable(string()),
    unmeasured: optional(boolean()),
    tooLarge: optional(boolean()),
    tooMany: optional(boolean()),
    decision: optional(zEnum(['kept', 'reverted'])),
    hunks: optional(array(ReviewHunkSchema)),
    hunkMarks: optional(record(string(), zEnum(['reviewed', 'kept', 'reverted']))),
    reviewed: optional(boolean()),
  }),
);

export const TurnSchema = lazySchema(() =>
  looseObject({
    id: string(),
    origin: zEnum(['prompt', 'retry']),
    prompt: string(),
    startedAt: count,
    endedAt: nullable(count),
    status: string(),
    exitCode: nullable(count),
    explanation: nullable(string()),
    stderrTail: nullable(string()),
    run: looseObject({
      runId: nullable(string()),
      sessionId: nullable(string()),
      cwd: nullable(string()),
      provider: nullable(string()),
      model: nullable(string()),
      schemaVersion: nullable(count),
    }),
    items: array(TurnItemSchema),
    finalText: nullable(string()),
    usage: UsageTotalsSchema,
    sawRunEnd: boolean(),
    undone: optional(looseObject({ at: count, summary: string() })),
    review: optional(array(ReviewFileSchema)),
    anonTools: count,
    budget: optional(OutputBudgetSchema),
    transport: optional(TransportSchema),
    cutOff: optional(
      looseObject({
        cause: zEnum(['zero-exited', 'reload', 'host-stopped']),
        sessionId: nullable(string()),
        checked: boolean(),
        unsent: optional(array(string())),
      }),
    ),
    spec: optional(
      looseObject({
        specId: string(),
        title: string(),
        filePath: string(),
        relativePath: string(),
        draftSessionId: nullable(string()),
        outcome: optional(
          looseObject({
            status: zEnum(['approved', 'rejected']),
            message: string(),
            implementationSessionId: optional(string()),
            note: optional(string()),
            at: count,
          }),
        ),
        implementationSentAt: optional(count),
        problem: optional(string()),
      }),
    ),
  }),
);

export const ChatSchema = lazySchema(() =>
  looseObject({
    id: string(),
    title: string(),
    createdAt: count,
    updatedAt: count,
    sessionId: nullable(string()),
    turns: array(TurnSchema),
    usage: UsageTotalsSchema,
    transport: optional(TransportSchema),
    acp: optional(
      looseObject({
        modes: named,
        mode: nullable(string()),
        models: named,
        model: nullable(string()),
        commands: array(looseObject({ name: string(), description: string() })),
      }),
    ),
    isolated: optional(boolean()),
    // Read back, git runs in these folders and Merge back writes into repoRoot: exact on every field.
    worktree: optional(
      looseObject({
        name: string(),
        path: string(),
        dir: string(),
        branch: string(),
        repoRoot: string(),
        baseBranch: nullable(string()),
        baseCommit: string(),
        createdAt: count,
        mergedAt: optional(count),
        discardedAt: optional(count),
      }),
    ),
    forkedFrom: optional(
      looseObject({
        chatId: string(),
        turnId: string(),
        title: string(),
        sessionId: string(),
        at: count,
        turns: count,
      }),
    ),
    // Read back, these answer Zero's requests without asking: exact on every field the matching reads.
    acpGrants: optional(
      looseObject({
        sessionId: string(),
        grants: array(
          looseObject({
            optionId: string(),
            tool: string(),
            scope: optional(string()),
            prefix: optional(array(string())),
          }),
        ),
      }),
    ),
  }),
);

/** A history entry. */
export const ChatSummarySchema = lazySchema(() =>
  looseObject({
    id: string().check(minLength(1)),
    title: string(),
    updatedAt: count,
    turns: count,
    sessionId: optional(string()),
  }),
);

// Every chat the reducer makes must pass: this fails to compile when model.ts grows a field or an
// item kind that the schemas above do not know yet (the other direction is a cast in readChat).
/** The schema's output without the index signatures that loose objects add. */
type Known<T> = T extends readonly (infer U)[]
  ? readonly Known<U>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Known<T[K]> }
    : T;
type Out<S extends { _zod: { output: unknown } }> = Known<output<S>>;
const checks: [
  UsageTotals extends Out<typeof UsageTotalsSchema> ? true : false,
  TurnItem extends Out<typeof TurnItemSchema> ? true : false,
  OutputBudget extends Out<typeof OutputBudgetSchema> ? true : false,
  Turn extends Out<typeof TurnSchema> ? true : false,
  Chat extends Out<typeof ChatSchema> ? true : false,
] = [true, true, true, true, true];
void checks;

/** A chat read back from disk, or why not. */
export function readChat(value: unknown): { ok: true; chat: Chat } | { ok: false; reason: string } {
  const parsed = ChatSchema.safeParse(value);
  // Saved "Allow for this session" answers wider than Zero's own grant are dropped here, and the chat says so.
  if (parsed.success) return { ok: true, chat: withoutOverWide(parsed.data as unknown as Chat) };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: issue ? `${issue.path.join('.') || 'the file'}: ${issue.message}` : 'not a chat' };
}
