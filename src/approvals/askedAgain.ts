/**
 * Zero asks about something the user always allowed (its tool has a stored rule, or an earlier card in
 * this chat was answered "Always allow"): when that was, and why Zero asks again. Pure.
 *
 * Why Zero 0.8 asks despite a rule (internal/sandbox/engine.go Evaluate, internal/agent/loop.go
 * executeToolCall, command_prefix.go):
 * - shell network ("network access requires approval"), a destructive command ("destructive shell
 *   command requires approval") and a run outside the sandbox (`sandbox_permissions: require_escalated`)
 *   are checked before any grant, and no grant lifts them; a request for more sandbox access
 *   (`with_additional_permissions`) is asked about whatever the rules;
 * - a grant covers only its scope: one file, a folder, a host; a call with another scope, or with none
 *   (a request for the whole tool), is not covered;
 * - a command rule covers only plain commands whose every part starts with an approved prefix (or is a
 *   known-safe read-only command);
 * - a rule that is no longer in Zero's list (revoked) covers nothing.
 * exec's `permission_request` carries Zero's reason (and the tool call its arguments); ACP's
 * `session/request_permission` carries only the arguments (`rawInput`), so on ACP the first kind cannot
 * be told apart and the card says Zero did not say why.
 */
import type { AskedAgain, PermissionItem, StoredRule, Turn } from '../conversation/model';
import { describeRule, plainText, scopeWords } from '../conversation/permissionRules';
import type { PathApi } from './grantFolder';
import {
  commandParts,
  grantCovers,
  knownSafe,
  requestScope,
  sandboxRequest,
  startsWith,
  type ListedGrant,
  type ListedPrefix,
} from './grantScope';
import { approvedMs, grantRule, prefixRule, type RulesRead } from './storedRules';

export const NETWORK_REASON = 'network access requires approval';
export const DESTRUCTIVE_REASON = 'destructive shell command requires approval';

/** What the new request says, as the transport received it. */
export interface AskFacts {
  readonly transport: 'exec' | 'acp';
  readonly tool: string;
  /** exec: the tool call's `args` (null when not seen); ACP: `rawInput`. */
  readonly args: unknown;
  /** Where Zero resolves relative paths: the run's workspace. */
  readonly root: string | null;
  /** exec only: the event's `reason`. */
  readonly reason: string | null;
  /** exec only: the event's `block`. */
  readonly block: { readonly code: string; readonly path?: string } | null;
}

/** An earlier card of this chat answered "Always allow" for the same tool. */
export interface EarlierAllow {
  readonly rule: StoredRule | null;
  /** When the card recorded it (its rule's read-back time, else its turn's start). */
  readonly at: number;
}

/** The chat's earlier "Always allow" cards for `tool`, oldest first; the card `key` of turn `turnId` itself left out. */
export function earlierAllows(turns: readonly Turn[], tool: string, turnId: string, key: string): EarlierAllow[] {
  const out: EarlierAllow[] = [];
  for (const t of turns)
    for (const i of t.items)
      if (
        i.kind === 'permission' &&
        i.approval === 'always-allowed' &&
        i.name === tool &&
        !(t.id === turnId && i.key === key)
      )
        out.push({ rule: (i as PermissionItem).rule ?? null, at: i.rule?.at ?? t.startedAt });
  return out;
}

const quoted = (words: readonly string[]): string => `"${plainText(words.join(' '), 200)}"`;
const ACP_UNSAID =
  "Zero did not say why: its ACP question carries no reason. (No rule covers a shell command's network access, a destructive command or a run outside the sandbox.)";

export function askedAgain(
  facts: AskFacts,
  read: RulesRead | null,
  earlier: readonly EarlierAllow[],
  pa: PathApi,
): AskedAgain | null {
  const tool = facts.tool;
  const grants: readonly ListedGrant[] = read?.ok
    ? read.grants.filter((g) => g.toolName === tool && (g.decision ?? 'allow') === 'allow')
    : [];
  const prefixes: readonly ListedPrefix[] = read?.ok ? read.prefixes.filter((p) => p.toolName === tool) : [];
  if (grants.length === 0 && prefixes.length === 0 && earlier.length === 0) return null;

  const scope =
    facts.args === null && facts.block?.path
      ? { scope: facts.block.path, kind: 'file' as const }
      : requestScope(tool, facts.args, facts.root, pa);
  // exec's permission event can come before its tool call (docs/zero-exec.md §4): then only a block's path is known.
  const known = facts.transport === 'acp' || facts.args !== null || Boolean(facts.block?.path);
  const covering = grants.filter((g) => (known || !g.scopeKind) && grantCovers(g, scope, pa));
  const parts = commandParts(tool, facts.args);
  const file = read?.ok ? read.file : null;
  const at = 0; // the rules below are only put in words

  // The rule to name: one that covers the call, else the tool's newest grant or prefix, else the earlier card's.
  const byTime = <T extends { approvedAt?: string }>(list: readonly T[]): T | undefined =>
    [...list].sort((a, b) => (approvedMs(b.approvedAt) ?? 0) - (approvedMs(a.approvedAt) ?? 0))[0];
  const listed = covering[0] ?? byTime(grants);
  const prefix = (parts && prefixes.find((p) => parts.some((w) => startsWith(w, p.prefix)))) ?? byTime(prefixes);
  const fromZero: StoredRule | null = listed
    ? grantRule(listed, file, at)
    : prefix
      ? prefixRule(prefix, file, at)
      : null;
  const card = earlier[earlier.length - 1];
  const rule = fromZero ?? card?.rule ?? null;
  const note = (reason: string, said = true): AskedAgain => ({
    allowedAt: fromZero ? ruleTime(fromZero) : cardTime(card),
    from: fromZero ? 'zero' : 'card',
    rule: rule && rule.kind !== 'none' ? describeRule(rule) : `${tool} (Always allow in this chat)`,
    reason,
    said,
  });
  const scopes = (list: readonly ListedGrant[]): string =>
    list.map((g) => scopeWords(g.scopeKind ?? null, g.scope ?? null)).join('; ');

  // Checked before any rule (engine.go Evaluate), so they come first here too.
  if (facts.reason === NETWORK_REASON)
    return note(
      'The command uses the network, and Zero asks about a shell command\'s network access every time: no rule covers it (only "sandbox": {"network": "allow"} in Zero\'s global config does).',
    );
  if (facts.reason === DESTRUCTIVE_REASON)
    return note(
      'The command is destructive, and Zero asks about destructive shell commands every time: no rule covers them.',
    );
  const sandbox = sandboxRequest(facts.args);
  if (sandbox === 'require_escalated')
    return note(
      'The command asks to run outside the sandbox (sandbox_permissions: require_escalated), which Zero asks about every time: no rule covers it.',
    );
  if (sandbox === 'with_additional_permissions')
    return note(
      'The command asks for more sandbox access (sandbox_permissions: with_additional_permissions), which Zero asks about every time.',
    );
  if (read && !read.ok)
    return note(
      `Zero did not say why, and its rules could not be read to compare: ${plainText(read.error, 300)}`,
      false,
    );
  // exec's "Always allow" outside the workspace is a folder in zero.addDirs, not a Zero rule.
  if (!fromZero && card?.rule?.kind === 'folder') {
    const path = facts.block?.code === 'outside_workspace' ? facts.block.path : undefined;
    if (path)
      return note(`It writes ${plainText(path, 600)}, outside ${card.rule.folder} (the folder saved in zero.addDirs).`);
    return facts.transport === 'acp' ? note(ACP_UNSAID, false) : note('Zero did not say why.', false);
  }
  if (read?.ok && !fromZero)
    return note(
      `Zero no longer lists a rule for ${tool} (\`zero sandbox grants list --json\`): it was revoked or never stored, so Zero asks as about anything new.`,
    );
  if (covering.length === 0 && prefixes.length > 0 && SHELLS.has(tool)) {
    if (parts === null)
      return note(
        'Zero matches a command rule only to a plain command, and this one uses shell syntax (quotes, variables, redirects, globs or a background &).',
      );
    const open = parts.find((w) => !knownSafe(w) && !prefixes.some((p) => startsWith(w, p.prefix)));
    if (open)
      return note(
        `${quoted(open)} does not start with ${prefixes.map((p) => quoted(p.prefix)).join(' or ')}, and Zero asks about every command no rule covers.`,
      );
  }
  if (known && grants.length > 0 && covering.length === 0) {
    if (scope.scope === '')
      return note(
        `This call names no file, folder or host, and a rule for ${scopes(grants)} never covers a call for the whole tool.`,
      );
    const outside = facts.block?.code === 'outside_workspace' ? ' (outside the workspace)' : '';
    return note(
      `This call is for ${plainText(scopeWords(scope.kind || null, scope.scope), 600)}${outside}, which no rule covers (Zero has: ${scopes(grants)}).`,
    );
  }
  if (facts.transport === 'acp') return note(ACP_UNSAID, false);
  if (facts.reason) return note(`Zero says: "${plainText(facts.reason, 500)}"`);
  return note('Zero did not say why: its request gives no reason.', false);
}

const SHELLS = new Set(['bash', 'exec_command']);

function ruleTime(r: StoredRule): number | null {
  return r.kind === 'grant' || r.kind === 'prefix' ? r.approvedAt : null;
}

function cardTime(card: EarlierAllow | undefined): number | null {
  if (!card) return null;
  return (card.rule && ruleTime(card.rule)) ?? card.at;
}
