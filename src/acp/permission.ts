/**
 * What the permission dialog shows and how its answer goes back to Zero. Pure.
 *
 * Zero's option ids are its own decision actions (`allow`, `allow_for_session`, `always_allow`,
 * `deny`…) and its labels are what the user reads: both are passed through unchanged. Esc or
 * closing the dialog picks Zero's reject option; only when Zero offers none (apply_patch) is
 * `cancelled` the refusal, which ends the turn — Zero's own design (permission.go).
 */
import type * as acp from '@agentclientprotocol/sdk';
import type { ApprovalState } from '../conversation/model';

export function selected(optionId: string): acp.RequestPermissionResponse {
  return { outcome: { outcome: 'selected', optionId } };
}

export const CANCELLED: acp.RequestPermissionResponse = { outcome: { outcome: 'cancelled' } };

/** Esc / closed: Zero's reject option (reject_once first), else cancelled. */
export function dismissed(options: readonly acp.PermissionOption[]): acp.RequestPermissionResponse {
  const reject = options.find((o) => o.kind === 'reject_once') ?? options.find((o) => o.kind === 'reject_always');
  return reject ? selected(reject.optionId) : CANCELLED;
}

/** How the chat records the answer on the permission card. */
export function approvalOf(response: acp.RequestPermissionResponse, options: readonly acp.PermissionOption[]): ApprovalState {
  if (response.outcome.outcome === 'cancelled') return 'cancelled';
  const optionId = response.outcome.optionId;
  const option = options.find((o) => o.optionId === optionId);
  if (!option || option.kind === 'reject_once' || option.kind === 'reject_always') return 'denied';
  if (option.kind === 'allow_once') return 'allowed-once';
  // allow_always covers Zero's session-scoped grants and the persistent ones: the id tells them apart.
  return /session/.test(optionId) ? 'allowed-session' : 'always-allowed';
}

export interface PermissionText {
  /** One line: "Allow Zero to use web_fetch?" */
  readonly question: string;
  /** The tool call's title and kind, then what `rawInput` carries: command, URL, path, content or diff. */
  readonly detail: string;
}

const MAX_BLOCK = 1200;

export function describePermission(req: acp.RequestPermissionRequest): PermissionText {
  const call = req.toolCall;
  const title = call.title?.trim() || 'a tool';
  const tool = title.split(/\s+/)[0] || 'a tool';
  const lines: string[] = [`${title}`];
  if (call.kind) lines.push(`Kind: ${call.kind}`);
  const input = (call.rawInput && typeof call.rawInput === 'object' ? call.rawInput : {}) as Record<string, unknown>;
  const str = (k: string): string | null => (typeof input[k] === 'string' && (input[k] as string).trim() !== '' ? (input[k] as string) : null);
  const command = str('command') ?? str('cmd');
  if (command) lines.push(`Command: ${command}`);
  const url = str('url');
  if (url) lines.push(`URL: ${url}`);
  const target = str('path') ?? str('file_path') ?? str('file');
  if (target) lines.push(`Path: ${target}`);
  const query = str('query');
  if (query) lines.push(`Query: ${query}`);
  const body = str('content') ?? str('new_string') ?? str('patch') ?? str('diff');
  if (body) lines.push('', str('content') ? 'Content:' : 'Change:', clip(body));
  if (!command && !url && !target && !query && !body && call.rawInput !== undefined && call.rawInput !== null) {
    lines.push(`Input: ${clip(safeJson(call.rawInput))}`);
  }
  for (const c of call.content ?? []) {
    if (c.type === 'diff') lines.push('', `Diff of ${c.path}:`, clip(c.newText));
  }
  return { question: `Allow Zero to use ${tool}?`, detail: lines.join('\n') };
}

function clip(s: string): string {
  return s.length > MAX_BLOCK ? `${s.slice(0, MAX_BLOCK)}\n… (${s.length - MAX_BLOCK} more characters)` : s;
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v, null, 2);
  } catch {
    return String(v);
  }
}
