/**
 * What an ACP agent sends, bounded where it enters: nesting (as the exec decoder does with
 * protocol/depth), tool titles (the chat's tool name is the title's first word) and tool input size.
 * A 20,000-deep input would make every later recursive walk throw (webview postMessage, saves), and
 * a 50 MB title would be a 50 MB name. Pure; the common case returns its argument unchanged.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { clampDepth, safeStringify } from '../protocol/depth';

/** Longer than any title Zero writes (translate.go cuts the argument at 60 characters). */
export const MAX_TITLE = 300;
/** Tool input kept whole up to this size (JSON characters); above it, only its short text fields. */
export const MAX_INPUT_CHARS = 1024 * 1024;
const MAX_FIELD = 4096;
const MAX_FIELDS = 50;

export function clipText(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}… (${s.length - max} more characters)` : s;
}

export function clampUpdate(update: acp.SessionUpdate): acp.SessionUpdate {
  const u = clampDepth(update);
  if (u.sessionUpdate !== 'tool_call' && u.sessionUpdate !== 'tool_call_update') return u;
  return {
    ...u,
    ...(typeof u.title === 'string' && u.title.length > MAX_TITLE ? { title: clipText(u.title, MAX_TITLE) } : {}),
    ...(u.rawInput !== undefined ? { rawInput: clampInput(u.rawInput) } : {}),
  };
}

export function clampPermission(request: acp.RequestPermissionRequest): acp.RequestPermissionRequest {
  const r = clampDepth(request);
  const call = r.toolCall;
  return {
    ...r,
    toolCall: {
      ...call,
      ...(typeof call.title === 'string' && call.title.length > MAX_TITLE
        ? { title: clipText(call.title, MAX_TITLE) }
        : {}),
      ...(call.rawInput !== undefined ? { rawInput: clampInput(call.rawInput) } : {}),
    },
    options: r.options
      .slice(0, 20)
      .map((o) => ({ ...o, name: clipText(o.name, MAX_TITLE), optionId: o.optionId.slice(0, MAX_TITLE) })),
  };
}

/** Input over MAX_INPUT_CHARS keeps its first short text fields (command, path, url…) and says so. */
export function clampInput(input: unknown): unknown {
  if (typeof input === 'string') return clipText(input, MAX_INPUT_CHARS);
  if (typeof input !== 'object' || input === null) return input;
  const size = safeStringify(input).length;
  if (size <= MAX_INPUT_CHARS) return input;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input).slice(0, MAX_FIELDS)) {
    if (typeof value === 'string') kept[key] = clipText(value, MAX_FIELD);
    else if (typeof value === 'number' || typeof value === 'boolean') kept[key] = value;
  }
  kept['(clipped)'] = `tool input of ${size} characters: only its short fields are kept`;
  return kept;
}
