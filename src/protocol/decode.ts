/**
 * One JSONL line → a `Decoded`: an event, an unknown event type, or a problem (never a throw).
 * Tolerant where Zero may grow (unknown types and fields), exact on the types of known fields.
 */
import type { core, ZodMiniType } from './zod';
import type { Decoded } from './decoded';
import { clampDepth } from './depth';
import { finiteNumbers } from './numbers';
import {
  CheckpointSchema,
  ErrorSchema,
  FinalSchema,
  KNOWN_EVENT_TYPES,
  PermissionDecisionSchema,
  PermissionRequestSchema,
  PermissionSchema,
  ReasoningSchema,
  RestoreSchema,
  RunEndSchema,
  RunStartSchema,
  TextSchema,
  ToolCallSchema,
  ToolResultSchema,
  UsageSchema,
  WarningSchema,
  type ZeroEvent,
  type ZeroEventType,
} from './events';

const SCHEMAS: { readonly [T in ZeroEventType]: ZodMiniType<Extract<ZeroEvent, { type: T }>> } = {
  run_start: RunStartSchema,
  warning: WarningSchema,
  text: TextSchema,
  reasoning: ReasoningSchema,
  tool_call: ToolCallSchema,
  checkpoint: CheckpointSchema,
  permission_request: PermissionRequestSchema,
  permission_decision: PermissionDecisionSchema,
  permission: PermissionSchema,
  tool_result: ToolResultSchema,
  usage: UsageSchema,
  final: FinalSchema,
  error: ErrorSchema,
  run_end: RunEndSchema,
  restore: RestoreSchema,
};

const EXCERPT_CHARS = 120;

export function decodeLine(text: string, line: number): Decoded {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const reason = `not valid JSON: ${err instanceof Error ? err.message : String(err)}`;
    return { kind: 'problem', problem: { line, excerpt: excerptOf(text), reason, notJson: true } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return problem(line, text, `not a JSON object (got ${kindOf(value)})`);
  }
  // Most lines: a delta with only plain fields, which every check below would pass unchanged.
  if (isFlatPlainDelta(value as Record<string, unknown>)) return { kind: 'event', line, event: value as ZeroEvent };
  // Deep nesting would break every later stringify and walk (save, postMessage, export).
  // 1e400 parses as Infinity, which the chat would save as null: made finite here, once.
  const raw = finiteNumbers(clampDepth(value as Record<string, unknown>));
  const type = raw.type;
  if (typeof type !== 'string') {
    return problem(line, text, type === undefined ? 'no "type" field' : `type: expected string, got ${kindOf(type)}`);
  }
  if (!KNOWN_EVENT_TYPES.has(type)) return { kind: 'unknown', unknown: { line, type, raw } };

  const version = raw.schemaVersion;
  if (version !== 1 && version !== 2) {
    return problem(
      line,
      text,
      version === undefined ? 'no "schemaVersion" field' : `unsupported schemaVersion ${JSON.stringify(version)}`,
    );
  }
  if (isPlainDelta(raw)) return { kind: 'event', line, event: raw as ZeroEvent };

  const parsed = SCHEMAS[type as ZeroEventType].safeParse(raw);
  if (!parsed.success) return problem(line, text, describeIssue(type, raw, parsed.error.issues[0]!));
  return { kind: 'event', line, event: normaliseEvent(parsed.data) };
}

/**
 * The hot path: text and reasoning deltas are most of a stream. When their fields are plainly
 * right, the parsed object is what zod would return, so zod is skipped (zod drops an own
 * `__proto__`, so such a line takes the zod path). Exported so the benchmark counts the same lines.
 */
export function isPlainDelta(raw: Record<string, unknown>): boolean {
  if ((raw.type !== 'text' && raw.type !== 'reasoning') || typeof raw.runId !== 'string') return false;
  if (raw.schemaVersion !== 1 && raw.schemaVersion !== 2) return false;
  const delta = raw.delta;
  return (delta === undefined || typeof delta === 'string') && !Object.hasOwn(raw, '__proto__');
}

/**
 * A plain delta ({@link isPlainDelta}) whose fields are all strings, booleans, null or JSON-safe numbers: no
 * depth to clamp, no number to make finite, nothing for zod to change. One pass over its keys, no allocation.
 */
function isFlatPlainDelta(raw: Record<string, unknown>): boolean {
  if ((raw.type !== 'text' && raw.type !== 'reasoning') || typeof raw.runId !== 'string') return false;
  if (raw.schemaVersion !== 1 && raw.schemaVersion !== 2) return false;
  const delta = raw.delta;
  if (delta !== undefined && typeof delta !== 'string') return false;
  for (const key in raw) {
    if (key === '__proto__') return false;
    const v = raw[key];
    if (typeof v === 'object' ? v !== null : typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0)))
      return false;
  }
  return true;
}

/** Schema 1 called `block` `violation` (docs/zero-exec.md §17): surface it as `block` so readers need one name. */
export function normaliseEvent<E extends ZeroEvent>(event: E): E {
  if ('violation' in event && event.violation !== undefined && event.block === undefined) {
    return { ...event, block: event.violation };
  }
  return event;
}

/** The start of a line for a message: at most 120 characters, with an ellipsis when cut. */
export function excerptOf(text: string): string {
  if (text.length <= EXCERPT_CHARS) return text;
  let end = EXCERPT_CHARS - 1;
  // Do not split a surrogate pair.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

function problem(line: number, text: string, reason: string): Decoded {
  return { kind: 'problem', problem: { line, excerpt: excerptOf(text), reason } };
}

type Issue = core.$ZodIssue;

/** E.g. `tool_result.status: expected string, got number`. */
function describeIssue(type: string, raw: unknown, issue: Issue): string {
  let where = type;
  let value: unknown = raw;
  for (const key of issue.path) {
    where += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
    value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  }
  if (issue.code === 'invalid_type') {
    const expected = issue.expected === 'record' ? 'object' : issue.expected;
    return value === undefined
      ? `${where}: missing (expected ${expected})`
      : `${where}: expected ${expected}, got ${kindOf(value)}`;
  }
  return `${where}: ${issue.message}`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}
