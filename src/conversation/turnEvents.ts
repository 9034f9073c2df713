/**
 * How one Zero event changes the turn it belongs to. Pure and allocation-light: the hot path is a
 * `text` delta, which replaces only the last item.
 */
import type { PermissionEvent, ToolCallEvent, ToolResultEvent, ZeroEvent } from '../protocol/events';
import type { PermissionItem, ToolItem, Turn, TurnItem, UsageTotals } from './model';
import { assertNever } from './actions';
import { addCounts, clampAmount } from '../protocol/numbers';
import { planAfterResult } from './planChecklist';
import { specFromFinal } from './specReview';
import { mcpTool, outputCut } from './toolMeta';

export function applyEvent(turn: Turn, event: ZeroEvent): Turn {
  switch (event.type) {
    case 'run_start':
      return {
        ...turn,
        status: 'running',
        run: {
          runId: event.runId,
          sessionId: event.sessionId ?? null,
          cwd: event.cwd ?? null,
          provider: event.provider ?? null,
          model: event.model ?? event.apiModel ?? null,
          apiModel: event.apiModel ?? null,
          schemaVersion: event.schemaVersion,
        },
      };
    case 'text':
      return appendStream(running(turn), 'text', event.delta ?? '');
    case 'reasoning':
      return appendStream(running(turn), 'reasoning', event.delta ?? '');
    case 'usage':
      return {
        ...closeStreams(running(turn)),
        usage: addUsage(turn.usage, event),
        lastPromptTokens: event.promptTokens,
      };
    case 'tool_call':
      return applyToolCall(running(turn), event);
    case 'checkpoint': {
      const t = running(turn);
      const index = lastIndex(
        t.items,
        (i) => i.kind === 'tool' && (event.checkpoint.tool === undefined || i.name === event.checkpoint.tool),
      );
      if (index < 0) return t;
      const tool = t.items[index] as ToolItem;
      return replaceItem(t, index, {
        ...tool,
        checkpoint: { sequence: event.checkpoint.sequence, files: event.checkpoint.files ?? [] },
      });
    }
    case 'permission_request':
    case 'permission_decision':
    case 'permission':
      return applyPermission(running(turn), event);
    case 'tool_result':
      return applyToolResult(running(turn), event);
    case 'final': {
      const spec = specFromFinal(event.meta);
      return spec ? { ...applyFinal(turn, event.text ?? ''), spec } : applyFinal(turn, event.text ?? '');
    }
    case 'warning':
      return pushItem(turn, { kind: 'warning', code: null, message: event.message ?? '', recoverable: null });
    case 'error':
      return pushItem(turn, {
        kind: 'error',
        code: event.code ?? null,
        message: event.message ?? '',
        recoverable: event.recoverable ?? null,
      });
    case 'run_end':
      return { ...closeAll(turn), status: event.status, exitCode: event.exitCode, sawRunEnd: true };
    case 'restore':
      return turn;
    default:
      return assertNever(event);
  }
}

function running(turn: Turn): Turn {
  return turn.status === 'starting' ? { ...turn, status: 'running' } : turn;
}

function appendStream(turn: Turn, kind: 'text' | 'reasoning', delta: string): Turn {
  if (delta === '') return turn;
  const items = turn.items;
  const last = items[items.length - 1];
  if (last && last.kind === kind && !last.closed) {
    return replaceItem(turn, items.length - 1, { ...last, text: last.text + delta });
  }
  // A reasoning delta between two text deltas must not split the answer block, and vice versa:
  // look one further back for an open block of the same kind.
  const prev = items[items.length - 2];
  if (
    last &&
    prev &&
    prev.kind === kind &&
    !prev.closed &&
    (last.kind === 'text' || last.kind === 'reasoning') &&
    !last.closed
  ) {
    return replaceItem(turn, items.length - 2, { ...prev, text: prev.text + delta });
  }
  return pushItem(
    turn,
    kind === 'text' ? { kind, text: delta, answer: false, closed: false } : { kind, text: delta, closed: false },
  );
}

/**
 * Closes the open text and reasoning blocks. Only blocks streamed since the last close can be open,
 * and they come after every closed block, tool call and permission card (each of those is added
 * after a close): so the walk back from the end stops at the first of those, and a flood of cards
 * costs one step per card, not one pass over the turn. The turn's end closes everything (closeAll).
 */
export function closeStreams(turn: Turn): Turn {
  let items: TurnItem[] | null = null;
  for (let n = turn.items.length - 1; n >= 0; n--) {
    const i = turn.items[n]!;
    if (i.kind === 'tool' || i.kind === 'permission') break;
    if (i.kind !== 'text' && i.kind !== 'reasoning') continue;
    if (i.closed) break;
    items ??= turn.items.slice();
    items[n] = { ...i, closed: true };
  }
  return items ? { ...turn, items } : turn;
}

/** Every open block closed, wherever it is (once per turn, at its end). */
export function closeAll(turn: Turn): Turn {
  const open = (i: TurnItem): boolean => (i.kind === 'text' || i.kind === 'reasoning') && !i.closed;
  return turn.items.some(open)
    ? { ...turn, items: turn.items.map((i) => (open(i) ? { ...i, closed: true } : i)) }
    : turn;
}

function addUsage(
  u: UsageTotals,
  e: { promptTokens: number; completionTokens: number; totalTokens: number; costUsd?: number | undefined },
): UsageTotals {
  return {
    promptTokens: addCounts(u.promptTokens, e.promptTokens),
    completionTokens: addCounts(u.completionTokens, e.completionTokens),
    totalTokens: addCounts(u.totalTokens, e.totalTokens),
    costUsd: e.costUsd === undefined ? u.costUsd : clampAmount((u.costUsd ?? 0) + e.costUsd),
  };
}

function applyToolCall(turn: Turn, e: ToolCallEvent): Turn {
  const t = closeStreams(turn);
  const existing = e.id === undefined ? -1 : findTool(t.items, e.id);
  if (existing >= 0) {
    // A result (or its permission event) may have come first in parallel batches (docs/zero-exec.md §4).
    const tool = t.items[existing] as ToolItem;
    return replaceItem(t, existing, {
      ...tool,
      name: e.name,
      args: e.args ?? tool.args,
      sideEffect: e.sideEffect ?? tool.sideEffect,
    });
  }
  const anon = e.id === undefined;
  const item: ToolItem = {
    kind: 'tool',
    key: anon ? `anon-${t.anonTools + 1}` : e.id!,
    id: e.id ?? null,
    name: e.name,
    args: e.args ?? null,
    sideEffect: e.sideEffect ?? null,
    status: 'running',
    output: null,
    truncated: false,
    changedFiles: [],
    checkpoint: null,
    summary: null,
  };
  return pushItem(anon ? { ...t, anonTools: t.anonTools + 1 } : t, item);
}

function applyToolResult(turn: Turn, e: ToolResultEvent): Turn {
  const t = closeStreams(turn);
  let index = e.id === undefined ? -1 : findTool(t.items, e.id);
  if (index < 0 && e.id === undefined) {
    // No id: the earliest still-running call of that name (results come in call order).
    index = t.items.findIndex(
      (i) => i.kind === 'tool' && i.status === 'running' && (e.name === undefined || i.name === e.name),
    );
  }
  const result = {
    status: e.status,
    output: e.output ?? null,
    truncated: e.truncated ?? false,
    changedFiles: e.changedFiles ?? [],
    summary: e.display?.summary ?? null,
    ...optional('cut', outputCut(e)),
    ...optional('mcp', mcpTool(e.meta)),
  };
  if (index >= 0) {
    const tool: ToolItem = { ...(t.items[index] as ToolItem), ...result };
    return planAfterResult(replaceItem(t, index, tool), tool);
  }
  const key = e.id ?? `anon-${t.anonTools + 1}`;
  const item: ToolItem = {
    kind: 'tool',
    key,
    id: e.id ?? null,
    name: e.name ?? 'tool',
    args: null,
    sideEffect: null,
    checkpoint: null,
    ...result,
  };
  return pushItem(e.id === undefined ? { ...t, anonTools: t.anonTools + 1 } : t, item);
}

function applyPermission(turn: Turn, e: PermissionEvent): Turn {
  const t = closeStreams(turn);
  const isRequest = e.type === 'permission_request';
  const item: PermissionItem = {
    kind: 'permission',
    key: `${e.type}:${e.id ?? `#${t.items.length}`}`,
    event: e.type,
    toolId: e.id ?? null,
    name: e.name,
    action: e.action,
    permissionGranted: e.permissionGranted ?? null,
    permissionMode: e.permissionMode ?? null,
    sideEffect: e.sideEffect ?? null,
    reason: e.reason ?? e.decisionReason ?? null,
    risk: e.risk ?? null,
    block: e.block ?? null,
    grantMatched: e.grantMatched ?? false,
    sessionId: e.sessionId ?? null,
    // A decision, or a pre-granted request with no block, is information, not a question. A
    // pre-granted read outside the workspace still failed (block outside_workspace): approvable.
    approval: isRequest && (e.permissionGranted !== true || e.block !== undefined) ? 'pending' : 'info',
  };
  return pushItem(t, item);
}

function applyFinal(turn: Turn, text: string): Turn {
  const t = closeStreams(turn);
  const items = t.items;
  const lastText = lastIndex(items, (i) => i.kind === 'text');
  const lastTool = lastIndex(items, (i) => i.kind === 'tool');
  // The last text block after the last tool call is the last turn's answer; `final.text` (redacted
  // whole, §11) replaces its streamed copy. Otherwise the answer was never streamed: add it.
  if (lastText > lastTool && lastText >= 0) {
    return { ...replaceItem(t, lastText, { kind: 'text', text, answer: true, closed: true }), finalText: text };
  }
  const withAnswer = text === '' ? t : pushItem(t, { kind: 'text', text, answer: true, closed: true });
  return { ...withAnswer, finalText: text };
}

/** `{ key: value }`, or nothing for undefined (the chat is JSON: no undefined fields). */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function findTool(items: readonly TurnItem[], id: string): number {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.kind === 'tool' && item.id === id) return i;
  }
  return -1;
}

function lastIndex(items: readonly TurnItem[], pred: (i: TurnItem) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (pred(items[i]!)) return i;
  return -1;
}

function replaceItem(turn: Turn, index: number, item: TurnItem): Turn {
  const items = turn.items.slice();
  items[index] = item;
  return { ...turn, items };
}

export function pushItem(turn: Turn, item: TurnItem): Turn {
  return { ...turn, items: [...turn.items, item] };
}
