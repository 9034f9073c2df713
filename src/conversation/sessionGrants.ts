/**
 * The chat's "Allow for this session" answers over ACP (why and how they match Zero's requests:
 * src/acp/sessionApprovals.ts). They are kept in the chat file, so after a reload (a new `zero acp`,
 * `session/load` of the same session) Zero's repeated request is still answered for the session.
 * Bounded: at most MAX_SESSION_GRANTS, the oldest dropped first, and none larger than
 * MAX_GRANT_CHARS (a scope or prefix is the agent's words; one too long to keep is never clipped,
 * since a clipped path or command would match what the user did not allow). Pure.
 */
import type { SessionGrant } from './model';

export const MAX_SESSION_GRANTS = 50;
export const MAX_GRANT_CHARS = 2048;

/** `grants` with `grant` added last; the same array when it is known already or too large to keep. */
export function withGrant(grants: readonly SessionGrant[], grant: SessionGrant): readonly SessionGrant[] {
  if (grantChars(grant) > MAX_GRANT_CHARS || grants.some((g) => sameGrant(g, grant))) return grants;
  return [...grants, grant].slice(-MAX_SESSION_GRANTS);
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
