/**
 * What the ACP permission dialog says about `session/request_permission`. Pure.
 *
 * Everything comes from the request itself (its tool call's title, kind, rawInput, content), never
 * from an earlier `tool_call` update: Zero may ask before it reports the call (parallel reads).
 * Untrusted text is shown with visibleText's convention; `detail` is cut to fit a modal, `full` is
 * everything, and `cut` says the dialog must offer it. Every input key is shown somewhere, so the
 * dialog never hides an argument Zero will act on.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { BLOCK, FIELD, shown, type Limits } from './visibleText';

/**
 * The chat remembers an answer that could cover this question but does not answer with it (Zero asks
 * again on purpose, or the question may be one it does: src/acp/sessionApprovals.ts): the dialog says
 * why, and offers the earlier choice first.
 */
export interface AskAgain {
  /** The option chosen before, made the first (default) button; null: Zero's order. */
  readonly preselect: string | null;
  /** Why the chat did not answer by itself. */
  readonly why: string;
}

export interface PermissionText {
  /** One line: "Allow Zero to use web_fetch?" */
  readonly question: string;
  /** The modal's detail: the call's title and kind, then what it will do, cut to fit. */
  readonly detail: string;
  /** The same, nothing cut: for the details view. */
  readonly full: string;
  /** `detail` left something out. */
  readonly cut: boolean;
}

/** The command keys in the order Zero reads them (tools/exec_command.go, bash.go): the first one set runs. */
const COMMAND_KEYS: Record<string, readonly string[]> = { bash: ['command', 'cmd', 'script', 'shell'] };
const DEFAULT_COMMAND_KEYS = ['cmd', 'command', 'script', 'shell'];
const PATH_KEYS = ['path', 'file_path', 'file'];
const BODY_KEYS = ['content', 'new_string', 'patch', 'diff'];

/** sandbox_permissions (exec_command): what each mode means for the user. */
const SANDBOX_WORDS: Record<string, string> = {
  require_escalated: 'runs outside the sandbox',
  with_additional_permissions: 'asks for extra sandbox access',
  use_default: 'the default sandbox',
};

const UNLIMITED: Limits = { maxLines: Number.MAX_SAFE_INTEGER, maxChars: Number.MAX_SAFE_INTEGER };

export function describePermission(req: acp.RequestPermissionRequest, again?: AskAgain): PermissionText {
  // The tool's name from Zero's title, reduced to name characters: the question is one plain line.
  const tool = (req.toolCall.title?.trim().split(/\s+/)[0] ?? '').replace(/[^\w.:/-]/g, '') || 'a tool';
  const detail = compose(req, FIELD, BLOCK);
  const why = again ? shown(again.why, FIELD) : null;
  const first = (text: string, w: string | null): string => (w === null ? text : `Asked again: ${w}\n\n${text}`);
  return {
    question: again ? `Allow Zero to use ${tool}? (asked again)` : `Allow Zero to use ${tool}?`,
    detail: first(detail.text, why?.text ?? null),
    full: first(compose(req, UNLIMITED, UNLIMITED).text, again ? shown(again.why, UNLIMITED).text : null),
    cut: detail.cut || Boolean(why?.cut),
  };
}

/** Zero's options in the dialog's order: the earlier choice first (the default button) when Zero offers it again. */
export function dialogOptions(
  options: readonly acp.PermissionOption[],
  again: AskAgain | undefined,
): acp.PermissionOption[] {
  const first = again?.preselect ? options.find((o) => o.optionId === again.preselect) : undefined;
  return first ? [first, ...options.filter((o) => o !== first)] : [...options];
}

function compose(req: acp.RequestPermissionRequest, field: Limits, block: Limits): { text: string; cut: boolean } {
  const call = req.toolCall;
  let cut = false;
  const lines: string[] = [];
  // A content or diff block, and any value of several lines, starts on its own line.
  const put = (label: string, value: string, isBlock = false): void => {
    const s = shown(value, isBlock ? block : field);
    cut ||= s.cut;
    lines.push(isBlock || s.text.includes('\n') ? `${label}:\n${s.text}` : `${label}: ${s.text}`);
  };
  put('Call', call.title?.trim() || 'a tool');
  if (call.kind) lines.push(`Kind: ${call.kind}`);
  const raw = call.rawInput;
  const input = raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : null;
  if (input) {
    const tool = (call.title ?? '').trim().split(/\s+/)[0] ?? '';
    const take = (keys: readonly string[]): [string, string] | null => {
      for (const k of keys) {
        const v = input[k];
        if (typeof v === 'string' && v.trim() !== '') {
          delete input[k];
          return [k, v];
        }
      }
      return null;
    };
    const command = take(COMMAND_KEYS[tool] ?? DEFAULT_COMMAND_KEYS);
    if (command) put('Command', command[1]);
    const workdir = take(['workdir', 'cwd', 'dir', 'directory']);
    if (workdir) put('In folder', workdir[1]);
    const url = take(['url']);
    if (url) put('URL', url[1]);
    const target = take(PATH_KEYS);
    if (target) put('Path', target[1]);
    const query = take(['query']);
    if (query) put('Query', query[1]);
    const justification = take(['justification']);
    if (justification) put('Justification', justification[1]);
    const sandbox = take(['sandbox_permissions']);
    if (sandbox)
      put(
        'Sandbox',
        SANDBOX_WORDS[sandbox[1].trim()] ? `${sandbox[1].trim()} (${SANDBOX_WORDS[sandbox[1].trim()]})` : sandbox[1],
      );
    if (input.additional_permissions !== undefined) put('Extra sandbox access', json(input.additional_permissions));
    delete input.additional_permissions;
    if (Array.isArray(input.prefix_rule)) {
      put('Command prefix to remember', input.prefix_rule.map(String).join(' '));
      delete input.prefix_rule;
    }
    const body = take(BODY_KEYS);
    if (body) put(body[0] === 'content' ? 'Content' : 'Change', body[1], true);
    // Whatever else Zero received (tty, shell, offsets…): shown rather than dropped.
    if (Object.keys(input).length > 0)
      put(command || url || target || query || body ? 'Other input' : 'Input', json(input));
  } else if (raw !== undefined && raw !== null) {
    put('Input', json(raw));
  }
  for (const c of call.content ?? []) {
    if (c.type === 'diff') put(`Diff of ${c.path}`, c.newText, true);
  }
  return { text: lines.join('\n'), cut };
}

function json(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}
