/**
 * After "Always allow": which of the rules Zero lists is the one that answer stored. Pure; the list is
 * read from Zero (`zero sandbox grants list --json`, src/zero/grants/grantRules.ts) after the answer, and the
 * card names only a rule found there: a missing or unreadable one is said so, never assumed.
 *
 * What Zero 0.8 stores: exec's `zero sandbox grants allow <tool>` a tool-wide grant (cli/sandbox.go
 * runSandboxGrantSet); ACP's `always_allow` a grant scoped as the call (agent/loop.go
 * persistPermissionGrant: sandbox.DeriveScope, resolved by engine.Grant); `always_allow_prefix` the
 * command's prefix (persistCommandPrefixGrant). Zero replaces a rule of the same scope or words, with
 * a new `approvedAt` (whole seconds, UTC).
 */
import type { StoredRule } from '../conversation/model';
import { scopeWords } from '../conversation/permissionRules';
import { normalHost, startsWith, type ListedGrant, type ListedPrefix, type RequestScope } from './grantScope';

/** Zero's rules as read back, and its grants file; or why they could not be read. */
export type RulesRead =
  | {
      readonly ok: true;
      readonly grants: readonly ListedGrant[];
      readonly prefixes: readonly ListedPrefix[];
      readonly file: string | null;
    }
  | { readonly ok: false; readonly error: string };

/** What the answer asked Zero to store. */
export type ExpectedRule =
  | { readonly kind: 'grant'; readonly tool: string; readonly scope: RequestScope }
  /** `parts`: the command's words per part (grantScope.commandParts), null when they could not be told. */
  | { readonly kind: 'prefix'; readonly tool: string; readonly parts: readonly (readonly string[])[] | null };

const LIST = '`zero sandbox grants list --json`';

export const approvedMs = (approvedAt: string | undefined): number | null => {
  const ms = approvedAt ? Date.parse(approvedAt) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

/** Newest first; Zero's approvedAt is RFC 3339 UTC. */
const newest = <T extends { approvedAt?: string }>(a: T, b: T): number =>
  (approvedMs(b.approvedAt) ?? 0) - (approvedMs(a.approvedAt) ?? 0);

/** A listed grant as the card keeps it. */
export function grantRule(g: ListedGrant, file: string | null, at: number): StoredRule {
  return {
    kind: 'grant',
    tool: g.toolName,
    scope: g.scope || null,
    scopeKind: g.scopeKind || null,
    approvedAt: approvedMs(g.approvedAt),
    file,
    at,
  };
}

export function prefixRule(p: ListedPrefix, file: string | null, at: number): StoredRule {
  return { kind: 'prefix', tool: p.toolName, prefix: p.prefix, approvedAt: approvedMs(p.approvedAt), file, at };
}

/**
 * The rule `expected` stored, from `read`; `answeredAt` is when the answer went to Zero (ms). A grant is
 * matched by tool, decision, kind and scope; failing that (Zero resolved the path another way), the tool's
 * newest grant of that kind approved since the answer. A prefix: the newest of the tool's prefixes that
 * starts a part of the command, else one approved since the answer.
 */
export function storedRule(expected: ExpectedRule, read: RulesRead, answeredAt: number, at: number): StoredRule {
  const tool = expected.tool;
  if (!read.ok) return { kind: 'none', tool, why: `Could not read Zero's rules back (${LIST}): ${read.error}`, at };
  // Zero's approvedAt is in whole seconds: a rule written in the second of the answer counts as after it.
  const since = Math.floor(answeredAt / 1000) * 1000 - 1000;
  const recent = (approvedAt?: string): boolean => (approvedMs(approvedAt) ?? -1) >= since;
  if (expected.kind === 'grant') {
    const ofKind = read.grants
      .filter((g) => g.toolName === tool && (g.decision ?? 'allow') === 'allow')
      .filter((g) => (g.scopeKind ?? '') === expected.scope.kind)
      .sort(newest);
    const same = (g: ListedGrant): boolean =>
      expected.scope.kind === 'host'
        ? normalHost(g.scope ?? '') === normalHost(expected.scope.scope)
        : (g.scope ?? '') === expected.scope.scope;
    const hit = ofKind.find(same) ?? ofKind.find((g) => recent(g.approvedAt));
    if (hit) return grantRule(hit, read.file, at);
    return {
      kind: 'none',
      tool,
      why: `${LIST} shows no rule for ${tool}, ${scopeWords(expected.scope.kind || null, expected.scope.scope || null)}: Zero will ask again.`,
      at,
    };
  }
  const ofTool = read.prefixes.filter((p) => p.toolName === tool).sort(newest);
  const parts = expected.parts;
  const hit =
    (parts ? ofTool.find((p) => parts.some((words) => startsWith(words, p.prefix))) : undefined) ??
    ofTool.find((p) => recent(p.approvedAt));
  if (hit) return prefixRule(hit, read.file, at);
  return { kind: 'none', tool, why: `${LIST} shows no command rule for ${tool} from this answer.`, at };
}

/**
 * The rules Zero had stored before `ms`: a read that raced the card's own "Always allow" (Zero stores it
 * as soon as it has the answer) must not count the new rule as one Zero asked despite. Zero's approvedAt is in
 * whole seconds, so a rule of that very second is left out too.
 */
export function rulesBefore(read: RulesRead, ms: number): RulesRead {
  if (!read.ok) return read;
  const cut = Math.floor(ms / 1000) * 1000;
  const before = (r: { approvedAt?: string }): boolean => (approvedMs(r.approvedAt) ?? 0) < cut;
  return { ...read, grants: read.grants.filter(before), prefixes: read.prefixes.filter(before) };
}
