/**
 * How the ACP-only actions change a turn: the plan list, a permission Zero is blocked on, and the
 * end of a prompt turn. Everything else over ACP arrives as the same stream-json events exec
 * produces (see src/acp/mapUpdate.ts), so one reducer serves both transports.
 */
import type { ChatAction } from './actions';
import type { PermissionItem, ToolItem, Turn, TurnItem } from './model';
import { cutOffTurn, NO_RESULT_WHY, settleTurn } from './cutOff';
import { withPlan } from './planChecklist';
import { closeAll, closeStreams, pushItem } from './turnEvents';

type Act<T extends ChatAction['type']> = Extract<ChatAction, { type: T }>;

/** Each `plan` update replaces the turn's plan (ACP sends the whole list every time). */
export function applyPlan(turn: Turn, a: Act<'acp_plan'>): Turn {
  return withPlan(turn, a.entries);
}

export function applyLocations(turn: Turn, a: Act<'acp_locations'>): Turn {
  const index = turn.items.findIndex((i) => i.kind === 'tool' && i.id === a.toolCallId);
  if (index < 0) return turn;
  const items = turn.items.slice();
  items[index] = { ...(items[index] as ToolItem), locations: a.paths };
  return { ...turn, items };
}

export function applyPermissionAsked(turn: Turn, a: Act<'acp_permission'>): Turn {
  const item: PermissionItem = {
    kind: 'permission',
    key: acpPermissionKey(a.toolCallId),
    event: 'permission_request',
    toolId: a.toolCallId,
    name: a.name,
    action: 'prompt',
    permissionGranted: null,
    permissionMode: null,
    sideEffect: null,
    reason: null,
    risk: null,
    block: null,
    grantMatched: false,
    sessionId: null,
    approval: 'pending',
    acp: { title: a.title, toolKind: a.toolKind, options: a.options, chosen: null },
  };
  return pushItem(closeStreams(turn), item);
}

export function applyPermissionAnswered(turn: Turn, a: Act<'acp_permission_answered'>): Turn {
  const key = acpPermissionKey(a.toolCallId);
  // From the end: Zero waits on its questions, so the card is one of the last few, and AcpTurn gives
  // each open question its own key (cardIds), so the first match is the only one.
  for (let n = turn.items.length - 1; n >= 0; n--) {
    const i = turn.items[n]!;
    if (i.kind !== 'permission' || i.key !== key || i.approval !== 'pending') continue;
    const items = turn.items.slice();
    items[n] = {
      ...i,
      approval: a.approval,
      ...(i.acp ? { acp: { ...i.acp, chosen: a.optionId, ...(a.remembered ? { remembered: true } : {}) } } : {}),
    };
    return { ...turn, items };
  }
  return turn;
}

/**
 * session/prompt is over. ACP has no `final` event: the last text block after the last tool call
 * is the answer, as exec's `final` would have said. Questions still open were cancelled, calls still
 * open are settled; a `zero acp` that died cut the turn off (cutOff.ts). `sessionId`: the chat's.
 */
export function applyTurnEnded(turn: Turn, a: Act<'acp_turn_ended'>, sessionId: string | null): Turn {
  const ended = applyEnd(closeAll(turn), a);
  return a.crashed ? cutOffTurn(ended, 'zero-exited', sessionId, a.at) : settleTurn(ended, NO_RESULT_WHY);
}

function applyEnd(closed: Turn, a: Act<'acp_turn_ended'>): Turn {
  let lastTool = -1;
  let lastText = -1;
  closed.items.forEach((i, n) => {
    if (i.kind === 'tool') lastTool = n;
    if (i.kind === 'text') lastText = n;
  });
  const items = closed.items.map((i, n): TurnItem => {
    if (n === lastText && lastText > lastTool && i.kind === 'text') return { ...i, answer: true };
    if (i.kind === 'permission' && i.approval === 'pending') return { ...i, approval: 'cancelled' };
    return i;
  });
  const answer = lastText > lastTool ? items[lastText] : undefined;
  return {
    ...closed,
    items,
    status: a.status,
    endedAt: a.at,
    explanation: a.explanation,
    stderrTail: a.stderrTail,
    sawRunEnd: true,
    finalText: answer && answer.kind === 'text' ? answer.text : closed.finalText,
  };
}

export function acpPermissionKey(toolCallId: string): string {
  return `acp_permission:${toolCallId}`;
}
