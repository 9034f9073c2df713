/**
 * The chat's "Allow for this session" answers over ACP (why and how they match Zero's requests:
 * src/acp/sessionApprovals.ts). They are kept in the chat file, so after a reload (a new `zero acp`,
 * `session/load` of the same session) Zero's repeated request is still answered for the session.
 * Bounded: at most MAX_SESSION_GRANTS, the oldest dropped first, and none larger than
 * MAX_GRANT_CHARS (a scope or prefix is the agent's words; one too long to keep is never clipped,
 * since a clipped path or command would match what the user did not allow). Pure.
 *
 * Only a grant that answers no more than Zero's own session grant is kept. Earlier versions saved
 * wider ones (a shell command or request_permissions for the whole tool, web_fetch with no host):
 * such a grant is dropped when the chat is read or replayed, and the chat says so (overWide).
 */
import type { Chat, SessionGrant, Turn } from './model';
import { pushItem } from './turnEvents';

export const MAX_SESSION_GRANTS = 50;
export const MAX_GRANT_CHARS = 2048;
/** The warning a chat shows where it dropped saved grants. */
export const GRANTS_DROPPED_CODE = 'acp-grants-dropped';

/** Shell tools: Zero asks again about some of their calls for reasons ACP does not carry. */
export const SHELL_TOOLS: ReadonlySet<string> = new Set(['bash', 'exec_command', 'write_stdin']);
/** Tools Zero scopes by the URL's host (sandbox/grant_scope.go DeriveScope). */
export const HOST_TOOLS: ReadonlySet<string> = new Set(['web_fetch', 'browser_open']);
/** Zero asks about it every time (agent/loop.go executeRequestPermissions keeps no grant for it). */
export const ALWAYS_ASKED_TOOL = 'request_permissions';
/** The tools Zero matches command prefixes for (agent/command_prefix.go isShellCommandTool). */
const PREFIX_TOOLS: ReadonlySet<string> = new Set(['bash', 'exec_command']);
/** Anything that could join or redirect commands: such a command is never matched to a prefix. */
const SHELL_OPERATORS = /[;&|<>`$()\n\\'"*?{}[\]]/;
/** A host as grantScope.ts derives one: a DNS name or an IP address, lower case, nothing escaped. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*|[0-9a-f.]*:[0-9a-f:.]*)$/;

/** `grants` with `grant` added last; the same array when it is known already or too large to keep. */
export function withGrant(grants: readonly SessionGrant[], grant: SessionGrant): readonly SessionGrant[] {
  if (grantChars(grant) > MAX_GRANT_CHARS || grants.some((g) => sameGrant(g, grant))) return grants;
  return [...grants, grant].slice(-MAX_SESSION_GRANTS);
}

/** The command's words when it is plain words only (what a prefix grant may be matched to), else null. */
export function plainWords(command: string): string[] | null {
  if (!command.trim() || SHELL_OPERATORS.test(command)) return null;
  return command.trim().split(/\s+/);
}

/** Why a saved grant answers more than Zero's own session grant would (so it is not kept), or null to keep it. */
export function overWide(g: SessionGrant): string | null {
  const tool = shown(g.tool);
  if (g.optionId === 'allow_for_session' && typeof g.scope === 'string' && g.prefix === undefined) {
    if (g.tool === ALWAYS_ASKED_TOOL) return `${tool} (Zero asks about it every time)`;
    if (SHELL_TOOLS.has(g.tool))
      return `${tool}, ${g.scope ? `commands in ${shown(g.scope)}` : 'every command'} (Zero asks again about a command that needs the network, a destructive one or one run outside the sandbox, and its question does not say which)`;
    if (HOST_TOOLS.has(g.tool) && !HOST.test(g.scope))
      return `${tool}, ${g.scope ? `"${shown(g.scope)}"` : 'every URL'} (Zero's grant covers one host)`;
    return null;
  }
  if (g.optionId === 'allow_prefix_for_session' && g.scope === undefined && g.prefix && PREFIX_TOOLS.has(g.tool)) {
    const words = plainWords(g.prefix.join(' '));
    if (words && words.length === g.prefix.length && words.every((w, i) => w === g.prefix![i])) return null;
  }
  return `${tool} (not an answer Zero would take for the session)`;
}

/** The chat as read back: saved grants wider than Zero's own dropped, and its last turn says so. */
export function withoutOverWide(chat: Chat): Chat {
  const grants = chat.acpGrants?.grants ?? [];
  const why = grants.map(overWide);
  if (why.every((w) => w === null)) return chat;
  const kept = grants.filter((_, i) => why[i] === null);
  const { acpGrants, ...rest } = chat;
  const narrowed: Chat =
    kept.length > 0 ? { ...rest, acpGrants: { sessionId: acpGrants!.sessionId, grants: kept } } : rest;
  return saidDropped(
    narrowed,
    why.filter((w): w is string => w !== null),
  );
}

/** The current turn says which saved grants were dropped; one after another (a replayed log) join one warning. */
export function saidDropped(chat: Chat, what: readonly string[]): Chat {
  const last = chat.turns.at(-1);
  if (!last || what.length === 0) return chat;
  const prev = last.items.at(-1);
  const tail = `. ${DROPPED_TAIL}`;
  const list = what.join('; ');
  const turn: Turn =
    prev?.kind === 'warning' && prev.code === GRANTS_DROPPED_CODE && prev.message.endsWith(tail)
      ? {
          ...last,
          items: [
            ...last.items.slice(0, -1),
            { ...prev, message: `${prev.message.slice(0, -tail.length)}; ${list}${tail}` },
          ],
        }
      : pushItem(last, {
          kind: 'warning',
          code: GRANTS_DROPPED_CODE,
          message: `${DROPPED_HEAD} ${list}${tail}`,
          recoverable: null,
        });
  return { ...chat, turns: [...chat.turns.slice(0, -1), turn] };
}

const DROPPED_HEAD =
  '"Allow for this session" answers saved with this chat by an earlier version covered more than Zero\'s own session grant, so the chat no longer answers Zero with them. Dropped:';
const DROPPED_TAIL = "Zero's next question about any of them opens the dialog.";

/** The agent's words in a one-line message: control characters shown as spaces, and cut. */
function shown(s: string): string {
  const line = s.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}

function sameGrant(a: SessionGrant, b: SessionGrant): boolean {
  return (
    a.optionId === b.optionId &&
    a.tool === b.tool &&
    a.scope === b.scope &&
    (a.prefix ?? []).join('\0') === (b.prefix ?? []).join('\0') &&
    !a.prefix === !b.prefix
  );
}

function grantChars(g: SessionGrant): number {
  return (
    g.optionId.length + g.tool.length + (g.scope?.length ?? 0) + (g.prefix ?? []).reduce((n, w) => n + w.length + 1, 0)
  );
}
