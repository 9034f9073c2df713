/**
 * "Allow for this session" made true for the whole chat, and never wider than Zero's own grant.
 * Zero 0.8 builds a new sandbox engine for every `session/prompt` (internal/acp/agent.go runTurn), so
 * its session grants end with the prompt and the next message asks again (checked against the real
 * binary: test/real-zero/acpSessionGrant). The chat remembers what the user allowed and answers Zero's
 * next request itself, with the same option, only where Zero's own grant answers without asking:
 * - `allow_for_session` on a tool other than a shell: the same tool and Zero's grant scope
 *   (sandbox.DeriveScope: a URL's host for web_fetch and browser_open, else the path-like argument,
 *   else the whole tool); a URL with no host Zero would read is never remembered, so it never
 *   widens to the whole tool;
 * - `allow_prefix_for_session`: the same shell tool and a plain command starting with the approved
 *   words (Zero's prefix rule; Zero offers this option only where it would take it).
 * It never answers where Zero asks again on purpose, even within one prompt and after a session grant
 * (sandbox/engine.go Evaluate, agent/loop.go executeToolCall and executeRequestPermissions):
 * - a shell command that needs the network, a destructive one, or one run outside the sandbox. ACP's
 *   question carries no reason, so such a command reads exactly like a plain one, and the chat
 *   answers no shell question from `allow_for_session`: the dialog opens with that choice first;
 * - a call with `sandbox_permissions` or `additional_permissions` (leave the sandbox, more access);
 * - `request_permissions`, which grants the access it names.
 * There the dialog says why it asks (AskAgain). Pure: the memory lives in ZeroAcp, per session, for
 * the window's lifetime; the chat keeps the answering grants (src/conversation/sessionGrants.ts), which
 * AcpTurn restores after a reload.
 */
import type * as acp from '@agentclientprotocol/sdk';
import * as path from 'node:path';
import type { AskAgain } from '../approvals/acpPermissionText';
import { requestScope } from '../approvals/grantScope';
import type { SessionGrant } from '../conversation/model';
import {
  ALWAYS_ASKED_TOOL,
  HOST_TOOLS,
  overWide,
  plainWords,
  SHELL_TOOLS,
  withGrant,
} from '../conversation/sessionGrants';
import { toolName } from './mapUpdate';

/** What the chat does with a question: answer it with the option, or open the dialog saying why it asks again. */
export type SessionAnswer =
  { readonly kind: 'answer'; readonly optionId: string } | { readonly kind: 'ask'; readonly again: AskAgain };

/** A choice the chat never answers with, recalled for the dialog: the option and Zero's scope ('' = the whole tool). */
interface Recalled {
  readonly tool: string;
  readonly optionId: string;
  readonly scope: string;
}

export class SessionApprovals {
  /** Grants the chat answers with (and keeps in the chat file). */
  private grants: readonly SessionGrant[] = [];
  /** Shell commands allowed for the session, never answered with: the dialog's first button (this window only). */
  private recalled: readonly Recalled[] = [];
  /** Tools the user answered "for the session" in this window: a question Zero repeats says why it asks. */
  private readonly answered = new Set<string>();

  /**
   * After the user picked `optionId` for `request`: remember it when it is a session-scoped grant.
   * Returns the grant when it is new and one the chat answers with (for the chat to keep), else null.
   */
  remember(request: acp.RequestPermissionRequest, optionId: string): SessionGrant | null {
    const tool = toolOf(request);
    const input = inputOf(request);
    if (/session/.test(optionId) && this.answered.size < 200) this.answered.add(tool);
    if (optionId === 'allow_for_session') {
      // Nothing to answer with, nor to offer first: Zero grants these only the access they name.
      if (tool === ALWAYS_ASKED_TOOL || sandboxAsk(input)) return null;
      const scope = scopeOf(tool, input);
      if (scope === null) return null;
      if (SHELL_TOOLS.has(tool)) return this.recall({ tool, optionId, scope });
      return this.add({ optionId, tool, scope });
    }
    if (optionId === 'allow_prefix_for_session') {
      const words = commandWords(input);
      const grant: SessionGrant | null = words ? { optionId, tool, prefix: words } : null;
      return grant && overWide(grant) === null ? this.add(grant) : null;
    }
    return null;
  }

  /** The chat's saved grants, after a reload: only what `remember` could have kept (sessionGrants.ts overWide). */
  restore(grants: readonly SessionGrant[]): void {
    for (const g of grants) if (overWide(g) === null) this.add(g);
  }

  /** What to do with Zero's question: answer it (an earlier grant covers it), ask saying why, or null (a new question). */
  answerFor(request: acp.RequestPermissionRequest): SessionAnswer | null {
    const tool = toolOf(request);
    const input = inputOf(request);
    const offered = (id: string): boolean => request.options.some((o) => o.optionId === id);
    const known = this.answered.has(tool) || this.grants.some((g) => g.tool === tool);
    // Any session answer in this chat could be taken to cover it: say that nothing does.
    const anyKnown = this.answered.size > 0 || this.grants.length > 0;
    if (tool === ALWAYS_ASKED_TOOL) return anyKnown ? ask(null, PERMISSIONS_WHY) : null;
    const sandbox = sandboxAsk(input);
    if (sandbox) return known ? ask(null, SANDBOX_WHY[sandbox]) : null;
    const scope = scopeOf(tool, input);
    const words = commandWords(input);
    for (const g of this.grants) {
      if (g.tool !== tool || !offered(g.optionId)) continue;
      if (g.prefix && words && g.prefix.length <= words.length && g.prefix.every((w, i) => words[i] === w))
        return { kind: 'answer', optionId: g.optionId };
      if (g.scope !== undefined && scope !== null && g.scope === scope && !SHELL_TOOLS.has(tool))
        return { kind: 'answer', optionId: g.optionId };
    }
    // A shell command allowed for the session, for the whole tool or this folder: asked, the choice first.
    const r = this.recalled.find((c) => c.tool === tool && (c.scope === '' || c.scope === scope));
    if (!r || !SHELL_TOOLS.has(tool)) return null;
    return ask(offered(r.optionId) ? r.optionId : null, shellWhy(tool));
  }

  private add(grant: SessionGrant): SessionGrant | null {
    const before = this.grants;
    this.grants = withGrant(before, grant);
    return this.grants === before ? null : grant;
  }

  /** Kept for the dialog only; nothing for the chat to save. */
  private recall(r: Recalled): null {
    if (!this.recalled.some((c) => c.tool === r.tool && c.optionId === r.optionId && c.scope === r.scope))
      this.recalled = [...this.recalled, r].slice(-50);
    return null;
  }
}

const ask = (preselect: string | null, why: string): SessionAnswer => ({ kind: 'ask', again: { preselect, why } });

const shellWhy = (tool: string): string =>
  `You chose "Allow for this session" for ${tool} earlier in this chat, but the chat does not answer a shell command for you: Zero asks again about one that needs the network, a destructive one or one run outside the sandbox, even within one message, and its question does not say which this is.`;

const PERMISSIONS_WHY =
  'request_permissions grants the sandbox access it names. Zero asks about it every time, even after "Allow for this session", so the chat never answers it for you.';

const SANDBOX_WHY: Record<SandboxAsk, string> = {
  require_escalated:
    'This command asks to run outside the sandbox (sandbox_permissions: require_escalated). Zero asks about that every time, whatever was allowed before, so the chat never answers it for you.',
  with_additional_permissions:
    'This command asks for extra sandbox access (sandbox_permissions: with_additional_permissions). Zero asks about that every time, so the chat never answers it for you.',
  other:
    'This call sets sandbox_permissions, which decides whether it runs in the sandbox and with what access. The chat never answers such a call for you.',
  additional_permissions:
    'This call asks for extra sandbox access (additional_permissions). Zero asks about that every time, so the chat never answers it for you.',
};

type SandboxAsk = 'require_escalated' | 'with_additional_permissions' | 'additional_permissions' | 'other';

/** The call asks to leave the sandbox or for more access: any sandbox_permissions but the default, or additional_permissions. */
function sandboxAsk(input: Record<string, unknown>): SandboxAsk | null {
  const mode = input.sandbox_permissions;
  const text = typeof mode === 'string' ? mode.trim() : mode === undefined || mode === null ? '' : String(mode);
  if (text === 'require_escalated' || text === 'with_additional_permissions') return text;
  if (text !== '' && text !== 'use_default') return 'other';
  const extra = input.additional_permissions;
  return extra !== undefined && extra !== null ? 'additional_permissions' : null;
}

function toolOf(request: acp.RequestPermissionRequest): string {
  return toolName(request.toolCall.title, request.toolCall.kind);
}

function inputOf(request: acp.RequestPermissionRequest): Record<string, unknown> {
  const raw = request.toolCall.rawInput;
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
}

/** Zero's grant scope for the call ('' = the whole tool); null for a URL tool whose URL names no host. */
function scopeOf(tool: string, input: Record<string, unknown>): string | null {
  const s = requestScope(tool, input, null, path);
  if (HOST_TOOLS.has(tool) && s.kind !== 'host') return null;
  return s.scope;
}

function commandWords(input: Record<string, unknown>): string[] | null {
  const command = typeof input.cmd === 'string' ? input.cmd : typeof input.command === 'string' ? input.command : '';
  return plainWords(command);
}
