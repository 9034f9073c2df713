/**
 * Scrubs what looks like a secret from text that leaves the extension's hands: the Diagnose report,
 * which a user pastes into a public GitHub issue, and the chat title in the exec argv, which every
 * process on the machine can read (sessionTitle.ts). Zero redacts its own output too
 * (docs/zero-exec.md §11, internal/redaction/redaction.go); this is at least as wide as Zero's,
 * since the report also holds our log, stderr and values Zero never saw. Pure: no Node, no vscode.
 * It errs on the side of hiding: a redacted non-secret costs a question, a leaked key costs the key.
 */
export const REDACTED = '[REDACTED]';

/**
 * A name whose value is a secret, once normalised (secretName): Zero's list (sensitiveKeys and
 * keyLooksSensitive) and wider. These words anywhere (db_password_hash, MY_SECRET_THING)…
 */
const SECRET_WORD = /secret|passw(?:or)?d|passphrase|credential/;
/** …or one of these at the end (OPENAI_API_KEY, stripeKey, github_token, proxy-authorization…). */
const SECRET_END =
  /(?:_key|apikey|privatekey|token|auth|authorization|bearer|cookie|jwt|(?:^|_)pat|(?:^|_)sig(?:nature)?)$/;

/**
 * Zero's normalizeKey (lower case, every run of other characters one `_`), with camelCase split
 * first: `apiKey`, `api.key`, `API-KEY` and `api_key` are one name.
 */
function normalName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export function isSecretName(name: string): boolean {
  const n = normalName(name);
  return n !== '' && (SECRET_WORD.test(n) || SECRET_END.test(n));
}

/** Known key shapes, matched anywhere. No trailing `\b`: a key run into more letters is still hidden (as Zero's). */
const TOKEN_SHAPES: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{8,}/g, // OpenAI, Anthropic (sk-ant-…), OpenRouter (sk-or-…) and the many OpenAI-compatible providers
  /\b[sr]k_(?:live|test)_[A-Za-z0-9]{10,}/g, // Stripe secret and restricted keys
  /\bgsk_[A-Za-z0-9]{16,}/g, // Groq
  /\bxai-[A-Za-z0-9]{16,}/g, // xAI
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bglpat-[A-Za-z0-9_-]{12,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}/g,
  /\bAIza[0-9A-Za-z_-]{30,}/g,
  // JWTs (three parts) and JWEs (five).
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}(?:\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})?/g,
];

/** The start of a key (TOKEN_SHAPES), for a key cut short at the end of a text. */
const KEY_START =
  /\b(?:sk-|[sr]k_|gsk_|xai-|github_pat_|gh[pousr]_|glpat-|xox[abprs]-|AKIA|ASIA|AIza|eyJ)[A-Za-z0-9_.-]*…?$/;

const PRIVATE_KEY =
  /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g;
/** `Authorization: Bearer x`, `Cookie: x`: the whole rest of the line (a Digest or custom scheme spreads it). */
const AUTH_HEADER = /\b((?:proxy-)?authorization|x-api-key|api-key|cookie|set-cookie)(\s*[:=]\s*)[^\r\n]+/gi;
const AUTH_SCHEME = /\b(Bearer|Basic|Token)(\s+)[A-Za-z0-9._~+/=-]{6,}/g;
/** `"apiKey": "v"` (JSON, any spacing, escaped quotes inside). */
const JSON_PAIR = /("([^"\\]*(?:\\.[^"\\]*)*)"\s*:\s*)"(?:[^"\\]|\\.)*"/g;
/**
 * `API_KEY=v`, `api_key: v`, and the flags `--api-key v`, `--token=v`, `"--api-key","v"` (a JSON argv). Only
 * the name is matched, the value is looked at: so `argv: --token=v` still finds the flag inside a value.
 * A value may start with `-` (`PASSWORD=-x`, `--api-key -x`): after a secret's name, it is the secret.
 */
const ASSIGNMENT = /(?<![A-Za-z0-9_.-])([A-Za-z_][A-Za-z0-9_.-]*)\s*[=:]\s*(?=\S)/g;
const FLAG = /(?<![^\s"])--?([A-Za-z][A-Za-z0-9_-]*)(?:=|\s+|"\s*,\s*")(?=\S)/g;
const VALUE = /"[^"]*"|'[^']*'|[^\s"',;&]+/y;
/** `scheme://user:password@host` for any scheme (postgres, redis, https…); the password may hold `@`. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/:@]*:)[^\s/]+@/gi;
/** `?key=v&client_secret=v` in URLs. */
const QUERY_PARAM = /([?&])([^=&#\s]+)=([^&#\s]+)/g;

export function redactSecrets(text: string): string {
  if (text === '') return text;
  let out = text.replace(PRIVATE_KEY, REDACTED);
  out = out.replace(AUTH_HEADER, (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`);
  out = out.replace(AUTH_SCHEME, (_m, scheme: string, sp: string) => `${scheme}${sp}${REDACTED}`);
  out = out.replace(JSON_PAIR, (m, head: string, name: string) => (isSecretName(name) ? `${head}"${REDACTED}"` : m));
  out = redactValues(out);
  out = out.replace(URL_PASSWORD, (_m, head: string) => `${head}${REDACTED}@`);
  out = out.replace(QUERY_PARAM, (m, sep: string, name: string) =>
    isSecretName(name) || /^(?:key|sig)$/i.test(name) ? `${sep}${name}=${REDACTED}` : m,
  );
  for (const shape of TOKEN_SHAPES) out = out.replace(shape, REDACTED);
  return out;
}

/**
 * redactSecrets, and a key cut short where the text ends (a title cut at its length) hidden too:
 * `…using sk-ab` keeps no part of the key.
 */
export function redactSecretsCut(text: string): string {
  return redactSecrets(text).replace(KEY_START, REDACTED);
}

/** The values after secret names (ASSIGNMENT, FLAG), each replaced once, left to right. */
function redactValues(text: string): string {
  const ranges: [number, number][] = [];
  for (const re of [ASSIGNMENT, FLAG]) {
    for (const m of text.matchAll(re)) {
      if (!isSecretName(m[1]!)) continue;
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
