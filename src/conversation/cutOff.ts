/**
 * A turn cut off before Zero finished it: Zero's process died (a crash, a kill), the window was reloaded or
 * closed, or the extension host stopped without deactivating. Nothing of such a turn may go on looking busy:
 * open text and reasoning close, every tool call still running gets an outcome (`unknown` until Zero's record
 * is read, then `finished` or `failed` where Zero recorded a result), and an ACP question still open is
 * cancelled (Zero is gone). The footer says what happened and offers Resume (resumeOffer).
 * Pure: the reducer calls these; the host reads Zero's record (src/zero/exec/cutOffTools.ts). What Zero records of
 * such a turn: docs/zero-exec.md §10.2, docs/zero-acp.md §6.
 */
import type { RecoveredTool } from './actions';
import type { CutOffCause, ToolItem, Turn, TurnCutOff, TurnItem } from './model';
import { closeAll } from './turnEvents';

/** A `why` and a recovered output can come from Zero's store: both are clamped. */
const MAX_WHY = 400;
export const MAX_RECOVERED_OUTPUT = 16 * 1024;
const MAX_UNSENT = 20;
const MAX_UNSENT_CHARS = 20_000;
/** The cut-off message Resume repeats over ACP (Zero kept none of it). */
const MAX_REPEATED_PROMPT = 8_000;

/** What the turn says for the causes the host words itself (a dying Zero: the transport's explanation). */
const EXPLANATION: Record<Exclude<CutOffCause, 'zero-exited'>, string> = {
  reload: 'The window was reloaded or closed while Zero worked, and Zero was stopped with it.',
  'host-stopped':
    'The extension host stopped while Zero worked (it crashed or was killed), so this turn could not finish.',
};

const TOOL_WHY: Record<CutOffCause, string> = {
  'zero-exited': 'Zero stopped while this call ran.',
  reload: 'The window was reloaded while this call ran, and Zero was stopped with it.',
  'host-stopped': 'The extension host stopped while this call ran.',
};

/**
 * Zero 0.8's ACP server records a turn only when its prompt returns, and session/load sends no updates
 * (internal/acp/agent.go persistTurn, handleSessionLoad): nothing tells afterwards how a call ended.
 */
const ACP_NO_RECORD =
  ' Over ACP Zero saves a turn only once it ends, and reopening the session replays nothing, so there is no record of how it ended.';
const EXEC_UNREAD = " Zero's session record of it has not been read yet.";
/** A turn that ended the ordinary way with a call still open (Stop, or Zero's own end). */
export const NO_RESULT_WHY = 'The run ended before Zero reported the result of this call.';

export const RESUME_TEXT = 'Continue where you left off.';

/** Close what streams, give running tool calls `why`, cancel open ACP questions; the same turn when nothing was open. */
export function settleTurn(turn: Turn, why: string): Turn {
  const closed = closeAll(turn);
  let items: TurnItem[] | null = null;
  closed.items.forEach((i, n) => {
    let next: TurnItem = i;
    if (i.kind === 'tool' && i.status === 'running')
      next = { ...i, status: 'unknown', settled: { outcome: 'unknown', why: clamp(why, MAX_WHY) } };
    else if (i.kind === 'permission' && i.acp && i.approval === 'pending') next = { ...i, approval: 'cancelled' };
    if (next === i) return;
    items ??= closed.items.slice();
    items[n] = next;
  });
  return items ? { ...closed, items } : closed;
}

/**
 * The turn once cut off. `sessionId`: the chat's, which Resume continues. For a dying Zero the transport
 * has set the status and explanation already; a reload or a stopped host is `cut-off` with the host's words.
 */
export function cutOffTurn(
  turn: Turn,
  cause: CutOffCause,
  sessionId: string | null,
  at: number,
  unsent: readonly string[] = [],
): Turn {
  const acp = turn.transport === 'acp';
  const settled = settleTurn(turn, TOOL_WHY[cause] + (acp ? ACP_NO_RECORD : sessionId ? EXEC_UNREAD : ''));
  const toRead = !acp && sessionId !== null && settled.items.some(unknownTool);
  const kept = keptUnsent(unsent);
  const cut: TurnCutOff = { cause, sessionId, checked: !toRead, ...(kept.length > 0 ? { unsent: kept } : {}) };
  const ended =
    cause === 'zero-exited' ? settled : { ...settled, status: 'cut-off', endedAt: at, explanation: EXPLANATION[cause] };
  return { ...ended, cutOff: cut };
}

/** Zero's record of the calls applied: each call still `unknown` gets the outcome it names; the turn is checked. */
export function applyRecovered(turn: Turn, tools: readonly RecoveredTool[]): Turn {
  const byId = new Map(tools.map((t) => [t.id, t]));
  const items = turn.items.map((i): TurnItem => {
    const r = i.kind === 'tool' && i.id !== null ? byId.get(i.id) : undefined;
    return r && i.kind === 'tool' && (i.status === 'running' || unknownTool(i)) ? recovered(i, r) : i;
  });
  return { ...turn, items, ...(turn.cutOff ? { cutOff: { ...turn.cutOff, checked: true } } : {}) };
}

/** The turn's footer: Resume with the message it puts in the box, or why there is none; null when not cut off. */
export type ResumeOffer =
  { readonly ok: true; readonly message: string } | { readonly ok: false; readonly why: string };

export function resumeOffer(turn: Turn): ResumeOffer | null {
  const cut = turn.cutOff;
  if (!cut) return null;
  if (!cut.sessionId)
    return {
      ok: false,
      why: 'Resume is not offered: Zero was stopped before it opened a session for this chat, so there is nothing to continue. Send your message again.',
    };
  // Zero kept no trace of the message over ACP, nor on exec when it never started the run: say it again.
  const repeat = (turn.transport === 'acp' || turn.run.sessionId === null) && turn.prompt.trim() !== '';
  const first = repeat
    ? `${RESUME_TEXT} Zero stopped before it saved my last message, so here it is again:\n\n${clamp(turn.prompt.trim(), MAX_REPEATED_PROMPT)}`
    : RESUME_TEXT;
  return { ok: true, message: [first, ...(cut.unsent ?? [])].join('\n\n') };
}

/** The footer's line about it, for the view and screen readers. */
export function unsentText(turn: Turn): string | null {
  const n = turn.cutOff?.unsent?.length ?? 0;
  if (n === 0) return null;
  return `${n === 1 ? 'Your queued message was' : `Your ${n} queued messages were`} not sent; Resume puts ${n === 1 ? 'it' : 'them'} in the message box.`;
}

function recovered(i: ToolItem, r: RecoveredTool): ToolItem {
  const status = r.outcome === 'finished' ? 'ok' : r.outcome === 'failed' ? 'error' : 'unknown';
  const output = typeof r.output === 'string' ? clamp(r.output, MAX_RECOVERED_OUTPUT) : null;
  const cut = output !== null && typeof r.output === 'string' && output.length < r.output.length;
  return {
    ...i,
    status,
    settled: { outcome: r.outcome, why: clamp(r.why, MAX_WHY) },
    ...(output !== null ? { output, truncated: i.truncated || r.truncated === true || cut } : {}),
  };
}

function unknownTool(i: TurnItem): boolean {
  return i.kind === 'tool' && i.settled?.outcome === 'unknown';
}

function keptUnsent(unsent: readonly string[]): string[] {
  return unsent
    .filter((u) => typeof u === 'string' && u.trim() !== '')
    .slice(0, MAX_UNSENT)
    .map((u) => clamp(u, MAX_UNSENT_CHARS));
}

function clamp(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
