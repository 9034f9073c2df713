/**
 * A `Task` tool call as a subagent card: which specialist, what it was asked, how it went and what it
 * answered (Zero 0.8.0, internal/specialist/task_tool.go, streamer.go). Pure: read from the tool item
 * alone, so the host and the webview agree.
 *
 * Zero's stream shows nothing of the child while it runs (exec sets no tool progress), so a running card
 * says so; the child's own session, read from Zero's store, is the transcript (host side). The arguments
 * and the output are the model's and the child's words: bounded here, drawn as text by the view.
 */
import type { ToolItem } from './model';

export const TASK_TOOL = 'Task';

export const OPEN_TRANSCRIPT = 'Open subagent transcript';
/** Said on a running card: nothing of the child streams, its session does. */
export const NOT_STREAMED =
  "Zero's stream shows nothing of a subagent until it ends. Open subagent transcript follows its session as Zero records it.";

/** An ACP chat's header says this: `zero acp` registers no subagent tools (internal/cli/acp.go). */
export const ACP_NO_SUBAGENTS = 'Subagents: not offered over ACP';
export const ACP_NO_SUBAGENTS_WHY =
  "Zero's ACP server offers the model no Task tool, so it cannot start subagents (specialists). An exec chat can, at zero.autonomy medium (the default).";

/** Zero's session ids (internal/sessions/store.go); a specialist child's is `specialist_<24 hex>`. */
export const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export type SubagentStatus = 'running' | 'done' | 'background' | 'refused' | 'failed' | 'unknown';

export interface SubagentCard {
  /** The specialist asked for (`explorer`, `worker`, `code-review`, a user's own), or the resumed session's. */
  readonly specialist: string;
  readonly description: string | null;
  /** The task the parent gave it. */
  readonly prompt: string | null;
  readonly background: boolean;
  /** A follow-up of an earlier child session (`resume`), when the id is one. */
  readonly resumes: string | null;
  readonly status: SubagentStatus;
  /** The status in words, for the card and screen readers. */
  readonly statusText: string;
  /** The child's answer, or Zero's error, without Zero's `session_id:` line. */
  readonly result: string | null;
  /** The child's session, as Zero's output names it (`session_id:` / `task_id:`); null while running. */
  readonly childSessionId: string | null;
  /** Whether a child session exists (or may, while running) to open a transcript of. */
  readonly canOpen: boolean;
}

const MAX_WORD = 200;
const MAX_PROMPT = 20_000;
const MAX_RESULT = 200_000;
const REFUSED = /^Error: Sandbox approval required for Task\b/;
const LAUNCHED = /^Task launched in background\./;

export function isTaskCall(t: ToolItem): boolean {
  return t.name === TASK_TOOL;
}

/** The card for a `Task` call; null for any other tool. */
export function subagentCard(t: ToolItem): SubagentCard | null {
  if (!isTaskCall(t)) return null;
  const args =
    t.args !== null && typeof t.args === 'object' && !Array.isArray(t.args) ? (t.args as Record<string, unknown>) : {};
  const resume = word(args.resume);
  const resumes = resume && SESSION_ID.test(resume) ? resume : null;
  const specialist = word(args.name) ?? (resumes ? 'resumed specialist' : 'specialist');
  const output = t.output ?? '';
  const named = childIdIn(output);
  const status = statusOf(t, output);
  return {
    specialist,
    description: word(args.description),
    prompt: text(args.prompt, MAX_PROMPT),
    background: args.run_in_background === true,
    resumes,
    status,
    statusText: STATUS_TEXT[status](specialist),
    result: t.output === null ? null : clamp(stripSessionLine(output), MAX_RESULT),
    childSessionId: named ?? resumes,
    canOpen: status !== 'refused' && t.id !== null,
  };
}

const STATUS_TEXT: Record<SubagentStatus, (name: string) => string> = {
  running: (n) => `running: Zero shows nothing of the ${n} until it ends`,
  done: () => 'finished',
  background: () => 'started in the background',
  refused: () => 'not started: Zero needs your approval',
  failed: () => 'failed',
  unknown: () => 'ended unknown',
};

function statusOf(t: ToolItem, output: string): SubagentStatus {
  if (t.settled)
    return t.settled.outcome === 'finished' ? 'done' : t.settled.outcome === 'failed' ? 'failed' : 'unknown';
  if (t.status === 'running') return 'running';
  if (t.status === 'ok') return LAUNCHED.test(output) ? 'background' : 'done';
  if (t.status === 'error') return REFUSED.test(output) ? 'refused' : 'failed';
  return 'unknown';
}

/** `session_id: <id>` opens a foreground child's output; `task_id: <id>` is on a background one's second line. */
function childIdIn(output: string): string | null {
  const m = /^(?:session_id|task_id): (\S+)$/m.exec(output.slice(0, 4096));
  return m && SESSION_ID.test(m[1]!) ? m[1]! : null;
}

/** Zero's own first line (a session id); a line that names no valid id is the output's, and stays. */
function stripSessionLine(output: string): string {
  const m = /^session_id: (\S+)\n?/.exec(output);
  return m && SESSION_ID.test(m[1]!) ? output.slice(m[0].length) : output;
}

function word(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.replace(/\s+/g, ' ').trim();
  return s ? clamp(s, MAX_WORD) : null;
}

function text(v: unknown, max: number): string | null {
  return typeof v === 'string' && v.trim() ? clamp(v.trim(), max) : null;
}

function clamp(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
