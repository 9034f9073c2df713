/**
 * How Zero 0.8 decides whether a stored rule covers a call, mirrored so a card can tell why Zero asks
 * again. Pure. Zero's sources:
 * - grants: internal/sandbox/grant_scope.go (DeriveScope, resolveScopeForKind, grantCovers): web_fetch is
 *   scoped by the URL's host, other tools by their first path-like argument (`path`, `file`: one file;
 *   `directory`, `dir`, `cwd`, `workdir`: a folder and what is in it), resolved against the workspace; no
 *   such argument (or the workspace root itself) is a request for the whole tool, which only a tool-wide
 *   grant covers;
 * - command prefixes: internal/agent/command_prefix.go (matchCommandPrefix): only bash and exec_command,
 *   only a command of plain words (no quotes, variables, redirects, globs, background), split at `&&`,
 *   `||`, `|` and `;`; every part must start with an approved prefix or be one of Zero's known-safe
 *   read-only commands; never a command that asks for additional sandbox permissions.
 */
import type { PathApi } from './grantFolder';

/** A grant as `zero sandbox grants list --json` prints it (the fields read here). */
export interface ListedGrant {
  readonly toolName: string;
  readonly scope?: string;
  readonly scopeKind?: string;
  readonly decision?: string;
  readonly approvedAt?: string;
}

export interface ListedPrefix {
  readonly toolName: string;
  readonly prefix: readonly string[];
  readonly approvedAt?: string;
}

/** The scope Zero looks grants up by: '' (the whole tool), an absolute path, or a host. */
export interface RequestScope {
  readonly scope: string;
  readonly kind: '' | 'file' | 'dir' | 'host';
}

const SCOPE_KEYS: readonly (readonly [string, 'file' | 'dir'])[] = [
  ['path', 'file'],
  ['file', 'file'],
  ['directory', 'dir'],
  ['dir', 'dir'],
  ['cwd', 'dir'],
  ['workdir', 'dir'],
];

const objectOf = (args: unknown): Record<string, unknown> =>
  args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};

/** Zero's DeriveScope then resolveScopeForKind; `root` is the workspace Zero runs in (null: paths stay as given). */
export function requestScope(tool: string, args: unknown, root: string | null, pa: PathApi): RequestScope {
  const a = objectOf(args);
  if (tool === 'web_fetch' || tool === 'browser_open') {
    const host = hostOf(a.url, tool === 'browser_open');
    if (host) return { scope: host, kind: 'host' };
  }
  for (const [key, kind] of SCOPE_KEYS) {
    const v = a[key];
    if (typeof v !== 'string') continue;
    const trimmed = v.trim();
    if (trimmed === '' || clean(trimmed, pa) === '.') continue;
    return { scope: absolute(trimmed, root, pa), kind };
  }
  return { scope: '', kind: '' };
}

/**
 * deriveHostScope / deriveBrowserHostScope: the host of a `scheme://` URL; for browser_open a bare
 * host (`example.com`, `localhost:3000`, an IP) is read as https. Read from the URL's own text, as Go's
 * url.Parse does, not from WHATWG URL's rewriting (punycode, escapes, IPv4 forms); a host with
 * anything but plain name or address characters is none, so it is asked about rather than matched.
 */
export function hostOf(value: unknown, bare: boolean): string | null {
  if (typeof value !== 'string') return null;
  let raw = value.trim();
  if (bare && raw !== '' && !raw.includes('://')) {
    if (!looksLikeBareHost(raw)) return null;
    raw = `https://${raw}`;
  }
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(raw)?.[1];
  if (authority === undefined) return null;
  try {
    new URL(raw);
  } catch {
    return null;
  }
  const at = authority.lastIndexOf('@');
  // Go's url.Parse refuses userinfo outside these characters (validUserinfo) or with a bad escape, and Zero
  // then sees no host: `https://example.com\@evil.com/` is no host for Zero, though a browser opens example.com.
  if (at >= 0 && !USERINFO.test(authority.slice(0, at))) return null;
  const hostPort = authority.slice(at + 1);
  let host: string;
  if (hostPort.startsWith('[')) {
    const end = hostPort.indexOf(']');
    if (end < 0) return null;
    host = hostPort.slice(1, end);
  } else host = hostPort.replace(/:[0-9]*$/, '');
  const normal = normalHost(host);
  return HOST.test(normal) ? normal : null;
}

/** The userinfo Go's url.Parse takes: its validUserinfo characters ('@' too), every '%' a two-digit escape. */
const USERINFO = /^(?:[A-Za-z0-9\-._:~!$&'()*+,;=@]|%[0-9A-Fa-f]{2})*$/;

/** A DNS name or an IP address, as normalHost leaves it. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*|[0-9a-f.]*:[0-9a-f:.]*)$/;

/** browserURLLooksLikeBareHost: localhost, a dotted name or an IP, with an optional decimal port, no userinfo. */
function looksLikeBareHost(raw: string): boolean {
  if (raw.startsWith('//')) return false;
  const authority = raw.split(/[/?#]/, 1)[0]!;
  if (authority === '' || authority.includes('@')) return false;
  let host = authority;
  if (authority.startsWith('[')) {
    const end = authority.indexOf(']');
    if (end <= 1) return false;
    host = authority.slice(1, end);
    const rest = authority.slice(end + 1);
    if (rest !== '' && !/^:[0-9]+$/.test(rest)) return false;
  } else if (authority.includes(':')) {
    const cut = authority.indexOf(':');
    if (cut === 0 || !/^[0-9]+$/.test(authority.slice(cut + 1))) return false;
    host = authority.slice(0, cut);
  }
  host = host.trim();
  return host === 'localhost' || host.includes('.') || isIp(host);
}

function isIp(host: string): boolean {
  return /^(?:[0-9]{1,3}\.){3}[0-9]{1,3}$/.test(host) || (host.includes(':') && /^[0-9a-fA-F:.]+$/.test(host));
}

/** normalizeHostScope: brackets and a trailing dot dropped, lower case. */
export function normalHost(host: string): string {
  return host
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

function clean(p: string, pa: PathApi): string {
  const n = pa.normalize(p);
  const root = pa.parse(n).root;
  return n.length > root.length && n.endsWith(pa.sep) ? n.slice(0, -1) : n;
}

function absolute(p: string, root: string | null, pa: PathApi): string {
  if (pa.isAbsolute(p) || !root) return clean(p, pa);
  return clean(`${root}${pa.sep}${p}`, pa);
}

function within(root: string, p: string, pa: PathApi): boolean {
  const rel = pa.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !pa.isAbsolute(rel));
}

/** grantCovers: tool-wide covers all; a file its exact path; a folder itself and below; a host that host. */
export function grantCovers(grant: ListedGrant, req: RequestScope, pa: PathApi): boolean {
  const kind = grant.scopeKind ?? '';
  const scope = grant.scope ?? '';
  if (kind === '') return true;
  if (req.scope === '') return false;
  if (kind === 'file') return req.kind !== 'host' && pa.relative(scope, req.scope) === '';
  if (kind === 'dir') return req.kind !== 'host' && scope !== '' && within(scope, req.scope, pa);
  if (kind === 'host') return normalHost(req.scope) === normalHost(scope);
  return false;
}

const SHELLS = new Set(['bash', 'exec_command']);
/** What Zero's shell parser does not take as a plain word (literalCallTokens, collectSafeShellStatement). */
const NOT_PLAIN = /["'`$\\<>(){}[\]*?&]/;
/** `FOO=1 cmd` (an assignment) and `! cmd` (negated) are refused too. */
const NOT_PLAIN_START = /^(?:[A-Za-z_][A-Za-z0-9_]*=|!$)/;

/** The command's parts as Zero splits them for prefix rules; null when Zero would match no rule to it. */
export function commandParts(tool: string, args: unknown): string[][] | null {
  if (!SHELLS.has(tool)) return null;
  const a = objectOf(args);
  const command = ['command', 'cmd', 'script', 'shell']
    .map((k) => a[k])
    .find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (!command) return null;
  const parts: string[][] = [];
  for (const piece of command.split(/&&|\|\||\||;|\n/)) {
    if (NOT_PLAIN.test(piece)) return null;
    const words = piece.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0 || NOT_PLAIN_START.test(words[0]!)) return null;
    parts.push(words);
  }
  return parts.length > 0 ? parts : null;
}

/** Asks for more sandbox access, or to leave the sandbox (`sandbox_permissions`): no rule lifts either. */
export function sandboxRequest(args: unknown): 'require_escalated' | 'with_additional_permissions' | null {
  const v = objectOf(args).sandbox_permissions;
  const s = typeof v === 'string' ? v.trim() : '';
  return s === 'require_escalated' || s === 'with_additional_permissions' ? s : null;
}

export const startsWith = (words: readonly string[], prefix: readonly string[]): boolean =>
  prefix.length > 0 && prefix.length <= words.length && prefix.every((w, i) => words[i] === w);

/** knownSafeCommandSegment's plain commands (git, find, rg, sed and base64 need their arguments checked). */
const KNOWN_SAFE = new Set(
  'cat cd cut echo expr false grep head id ls nl paste pwd rev seq stat tail tr true uname uniq wc which whoami'.split(
    ' ',
  ),
);

/** A part Zero runs under a prefix rule without one: only the plainest read-only commands (no arguments to judge). */
export function knownSafe(words: readonly string[]): boolean {
  const name = (words[0] ?? '').replace(/^.*[/\\]/, '').toLowerCase();
  return KNOWN_SAFE.has(name);
}
