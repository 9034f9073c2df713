/** A flat, stable summary of one run, for the transcript CLI and bug reports. */
import type { Decoded } from '../../protocol/decoded';
import type { Turn, UsageTotals } from '../model';
import { replayRun } from './replayRun';

export interface RunSummary {
  finalText: string | null;
  streamedText: string;
  reasoningText: string;
  runStatus: string | null;
  exitCode: number | null;
  sessionId: string | null;
  toolCalls: {
    id: string | null;
    name: string;
    sideEffect: string | null;
    resultStatus: string | null;
    truncated: boolean;
  }[];
  permissionRequests: { id: string | null; name: string }[];
  permissionDecisions: { id: string | null; name: string; action: string; permissionGranted: boolean | null }[];
  warnings: string[];
  errors: { code: string | null; message: string; recoverable: boolean | null }[];
  usage: UsageTotals;
  unknownEvents: { line: number; type: string }[];
  problems: { line: number; detail: string }[];
}

/**
 * `streamedText` is every `text` delta as streamed; a turn's answer block holds `final.text`
 * instead, so the streamed copy is kept apart by the caller (see `summarizeRun`).
 */
export function summarizeTurn(turn: Turn, streamedText: string, reasoningText: string): RunSummary {
  const s: RunSummary = {
    finalText: turn.finalText,
    streamedText,
    reasoningText,
    runStatus: isLocalRunning(turn.status) ? null : turn.status,
    exitCode: turn.exitCode,
    sessionId: turn.run.sessionId,
    toolCalls: [],
    permissionRequests: [],
    permissionDecisions: [],
    warnings: [],
    errors: [],
    usage: turn.usage,
    unknownEvents: [],
    problems: [],
  };
  for (const item of turn.items) {
    switch (item.kind) {
      case 'tool':
        s.toolCalls.push({
          id: item.id,
          name: item.name,
          sideEffect: item.sideEffect,
          resultStatus: item.status === 'running' ? null : item.status,
          truncated: item.truncated,
        });
        break;
      case 'permission':
        if (item.event === 'permission_request') s.permissionRequests.push({ id: item.toolId, name: item.name });
        else
          s.permissionDecisions.push({
            id: item.toolId,
            name: item.name,
            action: item.action,
            permissionGranted: item.permissionGranted,
          });
        break;
      case 'warning':
        s.warnings.push(item.message);
        break;
      case 'error':
        s.errors.push({ code: item.code, message: item.message, recoverable: item.recoverable });
        break;
      case 'unknown-event':
        s.unknownEvents.push({ line: item.line, type: item.detail });
        break;
      case 'problem':
        s.problems.push({ line: item.line, detail: item.detail });
        break;
      case 'text':
      case 'reasoning':
        break;
    }
  }
  return s;
}

function isLocalRunning(status: string): boolean {
  return status === 'starting' || status === 'running';
}

/**
 * Summarise one `zero exec` run from its decoded lines. `exitCode` is the process exit code, for
 * runs that ended without `run_end` (crash, kill).
 */
export function summarizeRun(decoded: Iterable<Decoded>, exitCode?: number | null): RunSummary {
  const lines = [...decoded];
  let streamed = '';
  let reasoning = '';
  for (const d of lines) {
    if (d.kind !== 'event') continue;
    if (d.event.type === 'text') streamed += d.event.delta ?? '';
    else if (d.event.type === 'reasoning') reasoning += d.event.delta ?? '';
  }
  return summarizeTurn(replayRun(lines, exitCode).turns[0]!, streamed, reasoning);
}
