/**
 * The plan checklist. Over ACP Zero sends `plan` updates; exec has no plan event, only the model's
 * `update_plan` calls, whose `args.plan` holds the whole list (`{content, status}`) each time. So on exec
 * the checklist is drawn from a call Zero accepted (its result `ok`), read as Zero reads it
 * (internal/tools/update_plan.go): statuses coerced to pending, in_progress, completed or failed, and at
 * most one step in progress (the last). One checklist per turn, replaced in place, as ACP's.
 * The arguments are the model's: steps and their words are clamped.
 */
import type { PlanEntry, PlanItem, ToolItem, Turn } from './model';

/** Steps kept of one plan (Zero's plans have a handful), and characters of one step. */
export const MAX_PLAN_STEPS = 100;
export const MAX_STEP_CHARS = 1000;

/** The tool whose calls are the plan. */
export const PLAN_TOOL = 'update_plan';

/** A plan the model sent Zero, as Zero keeps it; null when the arguments are not a plan. */
export function planFromArgs(args: unknown): PlanEntry[] | null {
  const list = args !== null && typeof args === 'object' ? (args as { plan?: unknown }).plan : undefined;
  if (!Array.isArray(list)) return null;
  const entries: PlanEntry[] = [];
  for (const step of list.slice(0, MAX_PLAN_STEPS)) {
    if (step === null || typeof step !== 'object') return null;
    const { content, status } = step as { content?: unknown; status?: unknown };
    if (typeof content !== 'string') return null;
    entries.push({ content, priority: '', status: canonicalStatus(typeof status === 'string' ? status : '') });
  }
  return singleInProgress(entries);
}

const COMPLETED = new Set(['completed', 'complete', 'done', 'finished', 'resolved', '✓', 'x', '[x]']);
const IN_PROGRESS = new Set([
  'in_progress',
  'in-progress',
  'inprogress',
  'in progress',
  'active',
  'doing',
  'started',
  'current',
  'wip',
  'ongoing',
  'running',
]);
const FAILED = new Set([
  'failed',
  'fail',
  'error',
  'errored',
  'blocked',
  'cancelled',
  'canceled',
  'abandoned',
  'skipped',
]);

/** Zero's coercion of a free-form status (normalizePlanStatus): anything unknown is pending. */
function canonicalStatus(status: string): PlanEntry['status'] {
  const s = status.trim().toLowerCase();
  if (COMPLETED.has(s)) return 'completed';
  if (IN_PROGRESS.has(s)) return 'in_progress';
  if (FAILED.has(s)) return 'failed';
  return 'pending';
}

/** Only the last step marked in progress stays so; earlier ones count as completed (as Zero does). */
function singleInProgress(entries: PlanEntry[]): PlanEntry[] {
  const last = entries.map((e) => e.status).lastIndexOf('in_progress');
  return entries.map((e, i) => (e.status === 'in_progress' && i !== last ? { ...e, status: 'completed' } : e));
}

/** An `update_plan` card the checklist stands for: not drawn beside it (a failed call still is). */
export function shownAsPlan(t: ToolItem): boolean {
  return t.name === PLAN_TOOL && t.status !== 'error' && planFromArgs(t.args) !== null;
}

/** The exec turn after `tool`'s result: its checklist replaced when Zero accepted a plan. */
export function planAfterResult(turn: Turn, tool: ToolItem): Turn {
  if (turn.transport === 'acp' || tool.name !== PLAN_TOOL || tool.status !== 'ok') return turn;
  const entries = planFromArgs(tool.args);
  return entries ? withPlan(turn, entries) : turn;
}

/** The turn's one checklist replaced in place, or added where the first plan came; its words clamped. */
export function withPlan(turn: Turn, entries: readonly PlanEntry[]): Turn {
  const plan: PlanItem = { kind: 'plan', entries: entries.slice(0, MAX_PLAN_STEPS).map(clampStep) };
  const index = turn.items.findIndex((i) => i.kind === 'plan');
  if (index < 0) return { ...turn, items: [...turn.items, plan] };
  const items = turn.items.slice();
  items[index] = plan;
  return { ...turn, items };
}

function clampStep(e: PlanEntry): PlanEntry {
  const long = e.content.length > MAX_STEP_CHARS || e.status.length > 40 || e.priority.length > 40;
  return long
    ? {
        content: e.content.length > MAX_STEP_CHARS ? `${e.content.slice(0, MAX_STEP_CHARS - 1)}…` : e.content,
        priority: e.priority.slice(0, 40),
        status: e.status.slice(0, 40),
      }
    : e;
}

const STATUS_WORDS: Record<string, string> = {
  pending: 'to do',
  in_progress: 'in progress',
  completed: 'done',
  failed: 'failed',
};

/** A step's status in words (what the checklist shows and a screen reader hears). */
export function statusWords(status: string): string {
  return STATUS_WORDS[status] ?? status.replace(/[^\w -]+/g, ' ').slice(0, 40);
}

/** "2 of 3 done". */
export function planProgress(entries: readonly PlanEntry[]): string {
  const done = entries.filter((e) => e.status === 'completed').length;
  return `${done} of ${entries.length} done`;
}

const MAX_SPOKEN = 600;

/**
 * What a screen reader hears when the plan changes: the whole plan the first time (or when steps were
 * added or removed), then only the steps whose status or words changed. Null: nothing changed.
 */
export function planSpoken(before: readonly PlanEntry[] | null, after: readonly PlanEntry[]): string | null {
  const n = after.length;
  const step = (e: PlanEntry, i: number): string => `Step ${i + 1} of ${n}, ${statusWords(e.status)}: ${e.content}`;
  let text: string;
  if (!before || before.length !== n) {
    text = `${before ? 'Plan changed' : 'Plan'}, ${n} step${n === 1 ? '' : 's'}, ${planProgress(after)}. ${after.map(step).join('. ')}`;
  } else {
    const changed = after.flatMap((e, i) =>
      e.status !== before[i]!.status || e.content !== before[i]!.content ? [step(e, i)] : [],
    );
    if (changed.length === 0) return null;
    text = `Plan: ${changed.join('. ')}. ${planProgress(after)}.`;
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > MAX_SPOKEN ? `${text.slice(0, MAX_SPOKEN - 1)}…` : text;
}
