/**
 * "Allow for this session" made true for the whole chat. Zero 0.8 builds a new sandbox engine for
 * every `session/prompt` (internal/acp/agent.go runTurn), so its session grants end with the prompt
 * and the next message asks again (checked against the real binary: test/real-zero/acpPermissions).
 * The chat remembers what the user allowed for the session and answers Zero's next matching request
 * itself, with the same option, only where Zero's own grant would have matched within a prompt:
 * - `allow_for_session`: the same tool and Zero's grant scope (sandbox.DeriveScope: a URL's host for
 *   web_fetch, else the path-like argument, else the whole tool);
 * - `allow_prefix_for_session`: the same shell tool and a command starting with the approved words
 *   (Zero's prefix is the first command segment; commands with shell operators are never matched).
 * Pure: the memory lives in ZeroAcp, per session, for the window's lifetime; the chat keeps a copy
 * (src/conversation/sessionGrants.ts) that AcpTurn restores after a reload.
 */
import type * as acp from '@agentclientprotocol/sdk';
import type { SessionGrant } from '../conversation/model';
import { withGrant } from '../conversation/sessionGrants';
import { toolName } from './mapUpdate';

const SHELL_TOOLS = new Set(['bash', 'exec_command', 'write_stdin']);
/** sandbox/grant_scope.go scopeArgKeys, in Zero's order. */
const SCOPE_KEYS = ['path', 'file', 'directory', 'dir', 'cwd', 'workdir'];
/** Anything that could join or redirect commands: such a command is never matched to a prefix. */
const SHELL_OPERATORS = /[;&|<>`$()\n\\'"*?{}[\]]/;

export class SessionApprovals {
  /** allow_for_session: `scope` is Zero's grant scope ('' = the whole tool); allow_prefix_for_session: `prefix`, the command's words. */
  private remembered: readonly SessionGrant[] = [];

  /**
   * After the user picked `optionId` for `request`: remember it when it is a session-scoped grant.
   * Returns the grant when it is new (for the chat to keep), else null.
   */
  remember(request: acp.RequestPermissionRequest, optionId: string): SessionGrant | null {
    const tool = toolOf(request);
    const input = inputOf(request);
    let grant: SessionGrant | null = null;
    if (optionId === 'allow_for_session') grant = { optionId, tool, scope: scopeOf(tool, input) };
    if (optionId === 'allow_prefix_for_session') {
      const words = commandWords(input);
      if (SHELL_TOOLS.has(tool) && words) grant = { optionId, tool, prefix: words };
    }
    return grant ? this.add(grant) : null;
  }

  /** The chat's saved grants, after a reload: only what `remember` could have made (never an empty prefix, which would match any command). */
  restore(grants: readonly SessionGrant[]): void {
    for (const g of grants) if (couldRemember(g)) this.add(g);
  }

  private add(grant: SessionGrant): SessionGrant | null {
    const before = this.remembered;
    this.remembered = withGrant(before, grant);
    return this.remembered === before ? null : grant;
  }

  /** The option to answer with, when an earlier session grant covers this request and Zero offers it again. */
  answerFor(request: acp.RequestPermissionRequest): string | null {
    const tool = toolOf(request);
    const input = inputOf(request);
    for (const r of this.remembered) {
      if (r.tool !== tool || !request.options.some((o) => o.optionId === r.optionId)) continue;
      if (r.scope !== undefined && (r.scope === '' || r.scope === scopeOf(tool, input))) return r.optionId;
      if (r.prefix) {
        const words = commandWords(input);
        if (words && r.prefix.length <= words.length && r.prefix.every((w, i) => words[i] === w)) return r.optionId;
      }
    }
    return null;
  }
}

function couldRemember(g: SessionGrant): boolean {
  if (g.optionId === 'allow_for_session') return typeof g.scope === 'string' && g.prefix === undefined;
  if (g.optionId !== 'allow_prefix_for_session' || g.scope !== undefined || !g.prefix || !SHELL_TOOLS.has(g.tool))
    return false;
  const words = commandWords({ cmd: g.prefix.join(' ') });
  return words !== null && words.length === g.prefix.length && words.every((w, i) => w === g.prefix![i]);
}

function toolOf(request: acp.RequestPermissionRequest): string {
  return toolName(request.toolCall.title, request.toolCall.kind);
}

function inputOf(request: acp.RequestPermissionRequest): Record<string, unknown> {
  const raw = request.toolCall.rawInput;
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
}

function scopeOf(tool: string, input: Record<string, unknown>): string {
  if (tool === 'web_fetch' || tool === 'browser_open') {
    try {
      return new URL(String(input.url ?? '').trim()).hostname.toLowerCase();
    } catch {
      // Zero falls through to the path keys when the URL has no host.
    }
  }
  for (const key of SCOPE_KEYS) {
    const v = typeof input[key] === 'string' ? (input[key] as string).trim() : '';
    if (v && v !== '.' && v !== './') return v;
  }
  return '';
}

function commandWords(input: Record<string, unknown>): string[] | null {
  const command = typeof input.cmd === 'string' ? input.cmd : typeof input.command === 'string' ? input.command : '';
  if (!command.trim() || SHELL_OPERATORS.test(command)) return null;
  return command.trim().split(/\s+/);
}
