/**
 * The chat reducer: `(chat, action) => chat`. Pure and free of I/O, so the extension host (the source
 * of truth) and the webview run the very same code on the same actions and agree by construction.
 */
import type { ChatAction } from './actions';
import { assertNever } from './actions';
import { applyLocations, applyPermissionAnswered, applyPermissionAsked, applyPlan, applyTurnEnded } from './acpActions';
import {
  RUNNING_STATUSES,
  ZERO_USAGE,
  type AcpSessionInfo,
  type Chat,
  type PermissionItem,
  type TransportKind,
  type Turn,
  type TurnStatus,
  type UsageTotals,
} from './model';
import { charge, eventCost, ITEM_OVERHEAD, newBudget, permissionCost } from './outputBudget';
import { cleanAskedAgain, cleanRule } from './permissionRules';
import { overWide, saidDropped, withGrant } from './sessionGrants';
import { applyEvent, pushItem } from './turnEvents';
import { CONTINUED_ON_EXEC_CODE, continuedOnExecNotice } from './contextLimit';
import { applyRecovered, cutOffTurn, NO_RESULT_WHY, settleTurn } from './cutOff';
import { clampAmount, clampCount } from '../protocol/numbers';
import { markFile } from './review/reviewMarks';
import { applyWorktree, isolationAfterTransport } from './worktreeActions';
import { applyForked } from './forkTurns';
import { SPEC_MODE, specReviewed } from './specReview';

/** An ACP chat whose session is not open yet: no lists from Zero, only the user's picks. */
const NO_ACP_SESSION: AcpSessionInfo = { modes: [], mode: null, models: [], model: null, commands: [] };

export function newChat(id: string, at: number, title = 'New chat'): Chat {
  return { id, title, createdAt: at, updatedAt: at, sessionId: null, turns: [], usage: ZERO_USAGE };
}

export function newTurn(
  id: string,
  prompt: string,
  origin: 'prompt' | 'retry',
  at: number,
  transport?: TransportKind,
  outputLimit?: number,
): Turn {
  const budget = newBudget(outputLimit);
  return {
    ...(transport === 'acp' ? { transport } : {}),
    id,
    origin,
    prompt,
    startedAt: at,
    endedAt: null,
    status: 'starting',
    exitCode: null,
    explanation: null,
    stderrTail: null,
    run: { runId: null, sessionId: null, cwd: null, provider: null, model: null, schemaVersion: null },
    items: [],
    finalText: null,
    usage: ZERO_USAGE,
    sawRunEnd: false,
    anonTools: 0,
    ...(budget ? { budget } : {}),
  };
}

export function reduceChat(chat: Chat, action: ChatAction): Chat {
  switch (action.type) {
    case 'turn_started': {
      // A chat continuing a session from elsewhere keeps that session's title.
      const title =
        chat.turns.length === 0 && chat.sessionId === null && action.origin === 'prompt'
          ? titleFrom(action.composed?.text || action.prompt)
          : chat.title;
      const turn = newTurn(
        action.turnId,
        action.prompt,
        action.origin,
        action.at,
        action.transport,
        action.outputLimit,
      );
      return {
        ...chat,
        title,
        updatedAt: action.at,
        turns: [...chat.turns, action.composed ? { ...turn, composed: action.composed } : turn],
      };
    }
    case 'event': {
      const turn = currentTurn(chat);
      if (!turn) return chat;
      const applied = applyEvent(turn, action.event);
      if (applied === turn) return chat;
      // eventCost stringifies a tool call's arguments: only a turn with a budget needs it.
      const next = applied.budget ? charge(applied, eventCost(action.event)) : applied;
      const usage = action.event.type === 'usage' ? addTotals(chat.usage, next.usage, turn.usage) : chat.usage;
      // A spec turn's session is Zero's spec draft, which Zero will not resume: the chat does not take it.
      const adopt = action.event.type === 'run_start' && turn.composed?.mode !== SPEC_MODE;
      const sessionId = chat.sessionId ?? (adopt ? (action.event.sessionId ?? null) : null);
      return { ...replaceCurrent(chat, next), usage, sessionId };
    }
    case 'unknown_event':
      return updateCurrent(chat, (t) =>
        charge(
          pushItem(t, { kind: 'unknown-event', line: action.unknown.line, detail: action.unknown.type }),
          ITEM_OVERHEAD,
        ),
      );
    case 'problem':
      return updateCurrent(chat, (t) =>
        charge(
          pushItem(t, {
            kind: 'problem',
            line: action.problem.line,
            detail: `${action.problem.reason} (line ${action.problem.line}: ${action.problem.excerpt})`,
          }),
          ITEM_OVERHEAD,
        ),
      );
    case 'process_exited':
      return { ...updateCurrent(chat, (t) => finishTurn(t, action, chat.sessionId)), updatedAt: action.at };
    case 'approval_decided':
      return {
        ...chat,
        turns: chat.turns.map((t) =>
          t.id !== action.turnId
            ? t
            : {
                ...t,
                items: t.items.map((i) =>
                  i.kind === 'permission' && i.key === action.key ? { ...i, approval: action.approval } : i,
                ),
              },
        ),
      };
    case 'approval_rule': {
      const rule = cleanRule(action.rule);
      return rule ? updatePermission(chat, action.turnId, action.key, (i) => ({ ...i, rule })) : chat;
    }
    case 'approval_asked_again': {
      const askedAgain = cleanAskedAgain(action.askedAgain);
      return askedAgain ? updatePermission(chat, action.turnId, action.key, (i) => ({ ...i, askedAgain })) : chat;
    }
    case 'run_cut_off':
      return updateCurrent(chat, (t) =>
        RUNNING_STATUSES.has(t.status)
          ? cutOffTurn(t, action.cause ?? 'reload', chat.sessionId, action.at, action.unsent)
          : t,
      );
    case 'tools_recovered':
      return {
        ...chat,
        turns: chat.turns.map((t) => (t.id === action.turnId ? applyRecovered(t, action.tools) : t)),
      };
    case 'notice':
      return updateCurrent(chat, (t) =>
        pushItem(t, { kind: 'warning', code: action.code, message: action.message, recoverable: null }),
      );
    case 'renamed':
      return { ...chat, title: action.title };
    case 'turn_undone':
      return {
        ...chat,
        turns: chat.turns.map((t) =>
          t.id === action.turnId ? { ...t, undone: { at: action.at, summary: action.summary } } : t,
        ),
      };
    case 'spec_reviewed':
      return { ...chat, turns: chat.turns.map((t) => (t.id === action.turnId ? specReviewed(t, action) : t)) };
    case 'turn_review':
      return { ...chat, turns: chat.turns.map((t) => (t.id === action.turnId ? { ...t, review: action.files } : t)) };
    case 'review_decided':
      return {
        ...chat,
        turns: chat.turns.map((t) =>
          t.id === action.turnId && t.review
            ? { ...t, review: t.review.map((f) => (f.path === action.path ? { ...f, decision: action.decision } : f)) }
            : t,
        ),
      };
    case 'review_marked':
      return {
        ...chat,
        turns: chat.turns.map((t) =>
          t.id === action.turnId && t.review
            ? {
                ...t,
                review: t.review.map((f) => (f.path === action.path ? markFile(f, action.hunk, action.mark) : f)),
              }
            : t,
        ),
      };
    case 'transport_set':
      // Only a chat that has not talked to Zero yet (or never recorded how) may change transport.
      return chat.turns.length === 0 || chat.transport === undefined
        ? isolationAfterTransport({ ...chat, transport: action.transport })
        : chat;
    case 'forked':
      return applyForked(chat, action);
    case 'continued_on_exec': {
      // Only an ACP chat with a session can go on over exec (`zero exec --resume=<session>`); what it showed stays.
      const session = chat.sessionId;
      if (chat.transport !== 'acp' || session === null) return chat;
      const said = updateCurrent(chat, (t) =>
        pushItem(t, {
          kind: 'warning',
          code: CONTINUED_ON_EXEC_CODE,
          message: continuedOnExecNotice(session),
          recoverable: null,
        }),
      );
      return { ...said, transport: 'exec', updatedAt: action.at };
    }
    case 'worktree_set':
    case 'worktree_created':
    case 'worktree_merged':
    case 'worktree_discarded':
      return applyWorktree(chat, action);
    case 'acp_session': {
      // Grants hold for their session only: a new one (the old could not be loaded) starts without.
      const { acpGrants, ...rest } = chat;
      const keep = acpGrants && acpGrants.sessionId === action.sessionId ? { acpGrants } : {};
      return { ...rest, ...keep, transport: 'acp', sessionId: action.sessionId, acp: action.info };
    }
    case 'acp_session_grant': {
      // One an earlier version saved wider than Zero's own grant: replayed from its file, dropped and said.
      const why = overWide(action.grant);
      if (why) return saidDropped(chat, [why]);
      const current = chat.acpGrants?.sessionId === action.sessionId ? chat.acpGrants.grants : [];
      const grants = withGrant(current, action.grant);
      return grants === current ? chat : { ...chat, acpGrants: { sessionId: action.sessionId, grants } };
    }
    // A pick before the session exists is kept and applied when the first turn opens it.
    case 'acp_mode': {
      const { nextMode, ...acp } = chat.acp ?? NO_ACP_SESSION;
      // The queued pick is done once Zero reports it (or another mode replaced it).
      return {
        ...chat,
        acp: { ...acp, mode: action.mode, ...(nextMode && nextMode !== action.mode ? { nextMode } : {}) },
      };
    }
    case 'acp_mode_queued': {
      const acp: AcpSessionInfo = { ...(chat.acp ?? NO_ACP_SESSION) };
      delete (acp as { nextMode?: string }).nextMode;
      return { ...chat, acp: action.mode ? { ...acp, nextMode: action.mode } : acp };
    }
    case 'acp_model':
      return { ...chat, acp: { ...(chat.acp ?? NO_ACP_SESSION), model: action.model } };
    case 'acp_commands':
      return chat.acp ? { ...chat, acp: { ...chat.acp, commands: action.commands } } : chat;
    case 'acp_locations':
      return updateCurrent(chat, (t) => applyLocations(t, action));
    case 'acp_plan':
      return updateCurrent(chat, (t) => applyPlan(t, action));
    case 'acp_permission':
      // Charged like any item, so a flood of questions is bounded by the run's output budget.
      return updateCurrent(chat, (t) =>
        charge(applyPermissionAsked(t, action), permissionCost({ name: action.name, acp: { title: action.title } })),
      );
    case 'acp_permission_answered':
      return updateCurrent(chat, (t) => applyPermissionAnswered(t, action));
    case 'acp_turn_ended':
      return {
        ...updateCurrent(chat, (t) => (RUNNING_STATUSES.has(t.status) ? applyTurnEnded(t, action, chat.sessionId) : t)),
        updatedAt: action.at,
      };
    default:
      return assertNever(action);
  }
}

/**
 * Status when the process ended: `run_end` wins; without it the exit code decides (docs/zero-exec.md §5, §14).
 * Zero gone without `run_end` and without a Stop is a turn cut off (cutOff.ts); any call still open is settled.
 */
function finishTurn(t: Turn, a: Extract<ChatAction, { type: 'process_exited' }>, sessionId: string | null): Turn {
  let status: TurnStatus = t.status;
  let exitCode = t.exitCode;
  if (!t.sawRunEnd) {
    exitCode = a.code;
    if (a.spawnFailed) status = 'failed';
    else if (a.code === 130 || (a.code === null && a.signal !== null)) status = 'interrupted';
    else status = 'crashed';
  }
  const ok = status === 'success';
  const ended: Turn = {
    ...t,
    status,
    exitCode,
    endedAt: a.at,
    explanation: ok ? null : a.explanation,
    stderrTail: ok ? null : a.stderrTail,
  };
  const died = !t.sawRunEnd && !a.spawnFailed && a.stopped !== true;
  return died ? cutOffTurn(ended, 'zero-exited', sessionId, a.at) : settleTurn(ended, NO_RESULT_WHY);
}

export function currentTurn(chat: Chat): Turn | undefined {
  return chat.turns[chat.turns.length - 1];
}

export function isRunning(chat: Chat): boolean {
  const t = currentTurn(chat);
  return t !== undefined && RUNNING_STATUSES.has(t.status);
}

/** One card of one turn (the latest with that key: an ACP tool call asked again reuses its key); the chat unchanged
 *  (same object) when there is no such card. */
function updatePermission(chat: Chat, turnId: string, key: string, f: (i: PermissionItem) => PermissionItem): Chat {
  const t = chat.turns.findIndex((x) => x.id === turnId);
  const turn = chat.turns[t];
  let n = turn ? turn.items.length - 1 : -1;
  while (n >= 0 && !(turn!.items[n]!.kind === 'permission' && (turn!.items[n] as PermissionItem).key === key)) n--;
  if (!turn || n < 0) return chat;
  const items = turn.items.slice();
  items[n] = f(items[n] as PermissionItem);
  const turns = chat.turns.slice();
  turns[t] = { ...turn, items };
  return { ...chat, turns };
}

function updateCurrent(chat: Chat, f: (t: Turn) => Turn): Chat {
  const t = currentTurn(chat);
  return t ? replaceCurrent(chat, f(t)) : chat;
}

function replaceCurrent(chat: Chat, turn: Turn): Chat {
  const turns = chat.turns.slice();
  turns[turns.length - 1] = turn;
  return { ...chat, turns };
}

function addTotals(total: UsageTotals, after: UsageTotals, before: UsageTotals): UsageTotals {
  // Saturating (numbers.ts): counts at the safe-integer ceiling must not become Infinity or negative.
  const cost =
    after.costUsd === null ? total.costUsd : clampAmount((total.costUsd ?? 0) + after.costUsd - (before.costUsd ?? 0));
  return {
    promptTokens: clampCount(total.promptTokens + after.promptTokens - before.promptTokens),
    completionTokens: clampCount(total.completionTokens + after.completionTokens - before.completionTokens),
    totalTokens: clampCount(total.totalTokens + after.totalTokens - before.totalTokens),
    costUsd: cost,
  };
}

function titleFrom(prompt: string): string {
  const line = prompt.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 57)}…` : line || 'New chat';
}
