/**
 * The rule a permission card names after "Always allow" and the "asked again" note, as data the chat
 * keeps: cleaned and clamped here, because their text comes from Zero and from the model's arguments
 * (a scope is a path or host the model chose). Pure: the reducer, the webview and approvals/ share it.
 */
import type { AskedAgain, PermissionItem, StoredRule } from './model';

const LIMITS = { tool: 100, scope: 500, path: 1000, word: 200, words: 20, why: 600, rule: 700, reason: 800 };

/** Control, format (bidi, zero-width) and separator characters as `\u{…}`, so what is shown is what is there. */
export function plainText(value: unknown, max: number): string {
  const s = typeof value === 'string' ? value : '';
  const shown = s.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
  return shown.length > max ? `${shown.slice(0, max - 1)}…` : shown;
}

const time = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
const text = (v: unknown, max: number): string | null => (typeof v === 'string' && v !== '' ? plainText(v, max) : null);

/** A rule from an action (a chat file's line may be anything): the valid part, clamped, or null. */
export function cleanRule(raw: unknown): StoredRule | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const tool = text(r.tool, LIMITS.tool);
  const at = time(r.at);
  if (tool === null || at === null) return null;
  switch (r.kind) {
    case 'grant':
      return {
        kind: 'grant',
        tool,
        scope: text(r.scope, LIMITS.scope),
        scopeKind: text(r.scopeKind, LIMITS.tool),
        approvedAt: time(r.approvedAt),
        file: text(r.file, LIMITS.path),
        at,
      };
    case 'prefix': {
      const words = Array.isArray(r.prefix) ? r.prefix.filter((w): w is string => typeof w === 'string') : [];
      if (words.length === 0) return null;
      return {
        kind: 'prefix',
        tool,
        prefix: words.slice(0, LIMITS.words).map((w) => plainText(w, LIMITS.word)),
        approvedAt: time(r.approvedAt),
        file: text(r.file, LIMITS.path),
        at,
      };
    }
    case 'folder': {
      const folder = text(r.folder, LIMITS.path);
      return folder === null ? null : { kind: 'folder', tool, folder, at };
    }
    case 'none':
      return { kind: 'none', tool, why: text(r.why, LIMITS.why) ?? 'Zero shows no rule for this.', at };
    default:
      return null;
  }
}

export function cleanAskedAgain(raw: unknown): AskedAgain | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const rule = text(r.rule, LIMITS.rule);
  const reason = text(r.reason, LIMITS.reason);
  if (rule === null || reason === null || (r.from !== 'zero' && r.from !== 'card')) return null;
  return { allowedAt: time(r.allowedAt), from: r.from, rule, reason, said: r.said === true };
}

/** A rule in words, e.g. `web_fetch, host example.com` or `exec_command, commands starting with "git status"`. */
export function describeRule(rule: StoredRule): string {
  switch (rule.kind) {
    case 'grant':
      return `${rule.tool}, ${scopeWords(rule.scopeKind, rule.scope)}`;
    case 'prefix':
      return `${rule.tool}, commands starting with "${rule.prefix.join(' ')}"`;
    case 'folder':
      return `${rule.tool}, the folder ${rule.folder} (zero.addDirs)`;
    case 'none':
      return rule.tool;
  }
}

/** What a grant's scope covers, as Zero matches it (internal/sandbox/grant_scope.go grantCovers). */
export function scopeWords(kind: string | null, scope: string | null): string {
  if (!scope) return 'every call (tool-wide)';
  if (kind === 'file') return `the file ${scope}`;
  if (kind === 'dir') return `the folder ${scope} and everything in it`;
  if (kind === 'host') return `host ${scope}`;
  return `${kind ?? 'scope'} ${scope}`;
}

/** `2026-12-02 01:58:02 UTC`: Zero stores whole seconds in UTC, so the card shows exactly that. */
export function utcTime(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return 'an unknown time';
  return `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** What a card says about Zero's rules: the rule "Always allow" stored, and why Zero asks again. */
export function ruleLines(p: PermissionItem): { readonly stored: string | null; readonly askedAgain: string | null } {
  return { stored: p.rule ? storedLine(p.rule, p.acp === undefined) : null, askedAgain: askedLine(p.askedAgain) };
}

function storedLine(rule: StoredRule, exec: boolean): string {
  switch (rule.kind) {
    case 'grant':
    case 'prefix': {
      const when = rule.approvedAt !== null ? `, approved ${utcTime(rule.approvedAt)}` : '';
      const where = rule.file ? `, in ${rule.file}` : '';
      // exec writes through `zero sandbox grants allow`, which has no host, folder or command scope.
      const only =
        exec && rule.kind === 'grant' && !rule.scope
          ? ' Over exec, Always allow can store only a rule for the whole tool.'
          : '';
      return `Zero stored the rule: ${describeRule(rule)}${when}${where}.${only}`;
    }
    case 'folder':
      return `Zero keeps no rule for this: the folder ${rule.folder} was saved in your zero.addDirs user setting, and is passed to Zero with --add-dir.`;
    case 'none':
      return `No stored rule to show: ${rule.why}`;
  }
}

function askedLine(a: AskedAgain | undefined): string | null {
  if (!a) return null;
  const when = a.allowedAt !== null ? `at ${utcTime(a.allowedAt)}` : 'earlier';
  const what = a.from === 'zero' ? `Zero's rule: ${a.rule}` : `your answer earlier in this chat: ${a.rule}`;
  return `Always allowed ${when} (${what}). Why Zero asks again: ${a.reason}`;
}
