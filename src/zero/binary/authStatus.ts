/**
 * `zero auth status --json`: Zero's stored OAuth logins, `{"logins":[oauth.Status…]}` (internal/cli/auth.go
 * runAuthStatus, internal/oauth/store.go Status: key, hasToken, hasRefreshToken, tokenType, account,
 * scopes, expiresAt, expired). Zero never prints a token here; the account (often an e-mail address) is
 * not kept either, so nothing of it reaches a report or the view.
 */
import { runZeroCli } from '../zeroCli';

export interface ZeroLogin {
  /** The provider's key (`chatgpt`, `openrouter`, …). */
  readonly key: string;
  readonly hasToken: boolean;
  readonly expired: boolean;
  /** Zero can renew it without the user. */
  readonly refreshable: boolean;
}

export function parseAuthStatus(stdout: string): ZeroLogin[] {
  let raw: unknown;
  try {
    raw = JSON.parse(stdout);
  } catch {
    throw new Error(`zero auth status --json printed no JSON: ${stdout.trim().slice(0, 200) || '(nothing)'}`);
  }
  if (typeof raw !== 'object' || raw === null || !Array.isArray((raw as { logins?: unknown }).logins))
    throw new Error('zero auth status --json printed no "logins" list.');
  const out: ZeroLogin[] = [];
  for (const l of (raw as { logins: unknown[] }).logins) {
    if (typeof l !== 'object' || l === null) continue;
    const r = l as Record<string, unknown>;
    if (typeof r.key !== 'string' || r.key.trim() === '') continue;
    out.push({
      key: r.key.slice(0, 100),
      hasToken: r.hasToken === true,
      expired: r.expired === true,
      refreshable: r.hasRefreshToken === true,
    });
  }
  return out;
}

/** One login in words: "chatgpt: signed in", "openrouter: expired (Zero renews it)". */
export function loginText(l: ZeroLogin): string {
  if (!l.hasToken) return `${l.key}: no token stored`;
  if (l.expired)
    return `${l.key}: expired${l.refreshable ? ' (Zero renews it on the next request)' : ' (run zero auth login)'}`;
  return `${l.key}: signed in`;
}

/** The stored logins, for the "no provider" banner; none when Zero cannot say. */
export async function listLogins(
  binary: string,
  env: Readonly<Record<string, string | undefined>> = {},
  timeoutMs = 15_000,
): Promise<ZeroLogin[]> {
  const r = await runZeroCli(binary, ['auth', 'status', '--json'], env, timeoutMs);
  if (r.code !== 0) throw new Error(`zero auth status --json failed (exit ${r.code ?? 'none'})`);
  return parseAuthStatus(r.stdout);
}
