/**
 * Scrubs what looks like a secret from text that goes into the diagnose report, which a user pastes
 * into a public GitHub issue. Zero redacts its own output too (docs/zero-exec.md §11), but the report
 * also holds our log, stderr and values Zero never saw, so every string passes through here once.
 * It errs on the side of hiding: a redacted non-secret costs a question, a leaked key costs the key.
 */
export const REDACTED = '[REDACTED]';

/** A name whose value is a secret: it ends in one of these words (OPENAI_API_KEY, github_token, apiKey…). */
const SECRET_NAME = /(?:api[_-]?key|apikey|secret|token|password|passwd|private[_-]?key|credentials?|auth)$/i;

/** Known token shapes, matched anywhere. */
const TOKEN_SHAPES: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{8,}/g, // OpenAI, Anthropic (sk-ant-…), and the many OpenAI-compatible providers
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bglpat-[A-Za-z0-9_-]{16,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{30,}/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JWTs
];

const PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g;
/** `Authorization: Bearer x`, `Bearer x`, `Basic x`, `token x` after an auth header. */
const AUTH_HEADER = /\b((?:proxy-)?authorization|x-api-key|api-key|cookie|set-cookie)(\s*[:=]\s*)[^\r\n]+/gi;
const AUTH_SCHEME = /\b(Bearer|Basic|Token)(\s+)[A-Za-z0-9._~+/=-]{6,}/g;
/** `"apiKey": "v"` (JSON, any spacing, escaped quotes inside). */
const JSON_PAIR = /("([^"\\]*(?:\\.[^"\\]*)*)"\s*:\s*)"(?:[^"\\]|\\.)*"/g;
/**
 * `API_KEY=v`, `api_key: v`, and the flags `--api-key v`, `--token=v`, `"--api-key","v"` (a JSON argv). Only
 * the name is matched, the value is looked at: so `argv: --token=v` still finds the flag inside a value.
 */
const ASSIGNMENT = /(?<![A-Za-z0-9_.-])([A-Za-z_][A-Za-z0-9_.-]*)\s*[=:]\s*(?=[^\s-])/g;
const FLAG = /(?<![^\s"])--?([A-Za-z][A-Za-z0-9_-]*)(?:=|\s+|"\s*,\s*")(?=[^\s-])/g;
const VALUE = /"[^"]*"|'[^']*'|[^\s"',;&]+/y;
/** `scheme://user:password@host` for any scheme (postgres, redis, https…). */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/:@]*:)[^\s/@]+@/gi;
/** `?key=v&token=v` in URLs. */
const QUERY_SECRET = /([?&])(key|api[_-]?key|token|access[_-]?token|auth|signature|sig|secret|password)=([^&#\s]+)/gi;

export function redactSecrets(text: string): string {
  if (text === '') return text;
  let out = text.replace(PRIVATE_KEY, REDACTED);
  out = out.replace(AUTH_HEADER, (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`);
  out = out.replace(AUTH_SCHEME, (_m, scheme: string, sp: string) => `${scheme}${sp}${REDACTED}`);
  out = out.replace(JSON_PAIR, (m, head: string, name: string) =>
    SECRET_NAME.test(name) ? `${head}"${REDACTED}"` : m,
  );
  out = redactValues(out);
  out = out.replace(URL_PASSWORD, (_m, head: string) => `${head}${REDACTED}@`);
  out = out.replace(QUERY_SECRET, (_m, sep: string, name: string) => `${sep}${name}=${REDACTED}`);
  for (const shape of TOKEN_SHAPES) out = out.replace(shape, REDACTED);
  return out;
}

/** The values after secret names (ASSIGNMENT, FLAG), each replaced once, left to right. */
function redactValues(text: string): string {
  const ranges: [number, number][] = [];
  for (const re of [ASSIGNMENT, FLAG]) {
    for (const m of text.matchAll(re)) {
      if (!SECRET_NAME.test(m[1]!)) continue;
      const start = m.index + m[0].length;
      VALUE.lastIndex = start;
      const value = VALUE.exec(text)?.[0] ?? '';
      if (value !== '' && !value.includes(REDACTED)) ranges.push([start, start + value.length]);
    }
  }
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at) continue; // inside a value already hidden
    out += text.slice(at, start) + REDACTED;
    at = end;
  }
  return out + text.slice(at);
}
