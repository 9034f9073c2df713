/**
 * Removing exactly one entry from Zero's grants file, for what `zero sandbox grants revoke` cannot
 * revoke alone: without `--path` it drops every grant AND every command prefix of the tool, and
 * `--path` only matches path scopes (internal/sandbox/grants.go Revoke, RevokePath), so a host grant,
 * a command prefix, or a tool-wide grant next to others has no CLI of its own.
 *
 * The file is `{schemaVersion: 3, policyVersion, grants: {<tool>: Grant[]}, commandPrefixes?: {<tool>:
 * CommandPrefixGrant[]}, migration?}`; everything but the one entry is written back as read. Zero
 * serialises its own writes with an flock on `<file>.lockfile`, which Node cannot take: the write is a
 * temp file renamed in (never a torn file), and the caller checks Zero still reads the result.
 */
import * as fs from 'node:fs';

/** Which entry to remove: a grant by its tool, scope and decision, or a command prefix by its words. */
export type GrantEntry =
  | {
      readonly kind: 'grant';
      readonly toolName: string;
      readonly scope: string;
      readonly scopeKind: string;
      readonly decision: string;
    }
  | { readonly kind: 'prefix'; readonly toolName: string; readonly prefix: readonly string[] };

export class GrantsFileError extends Error {}

type Json = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

function matches(entry: GrantEntry, raw: unknown): boolean {
  if (!raw || typeof raw !== 'object') return false;
  const r = raw as Json;
  if (entry.kind === 'prefix') {
    const words = Array.isArray(r.prefix) ? r.prefix : [];
    return words.length === entry.prefix.length && words.every((w, i) => w === entry.prefix[i]);
  }
  // Zero omits empty scope and scopeKind (a tool-wide grant).
  return str(r.scope) === entry.scope && str(r.scopeKind) === entry.scopeKind && str(r.decision) === entry.decision;
}

/**
 * Removes the one entry; returns the file's bytes from before, so the caller can put them back.
 * Fails, changing nothing, when the file is not the version this code knows or the entry is not
 * there exactly once.
 */
export function removeGrantEntry(file: string, entry: GrantEntry): Buffer {
  const before = fs.readFileSync(file);
  let state: Json;
  try {
    state = JSON.parse(before.toString('utf8')) as Json;
  } catch {
    throw new GrantsFileError(`Zero's grants file ${file} is not JSON.`);
  }
  if (state.schemaVersion !== 3)
    throw new GrantsFileError(
      `Zero's grants file ${file} has schemaVersion ${String(state.schemaVersion)}; only Zero itself can change it.`,
    );
  const section = entry.kind === 'grant' ? 'grants' : 'commandPrefixes';
  const buckets = (state[section] ?? {}) as Json;
  // Zero trims the tool keys when it reads them.
  const key = Object.keys(buckets).find((k) => k.trim() === entry.toolName);
  const bucket = key !== undefined && Array.isArray(buckets[key]) ? (buckets[key] as unknown[]) : [];
  const hits = bucket.filter((g) => matches(entry, g));
  if (hits.length !== 1)
    throw new GrantsFileError(
      `Zero's grants file has ${hits.length === 0 ? 'no longer' : `${hits.length} copies of`} that approval for ${entry.toolName}.`,
    );
  const kept = bucket.filter((g) => !matches(entry, g));
  if (kept.length > 0) buckets[key!] = kept;
  else delete buckets[key!];
  state[section] = buckets;
  // As Zero writes it: json.MarshalIndent with two spaces, a newline, mode 0600, renamed in.
  const temp = `${file}.tmp-${process.pid}-${Date.now()}`;
  fs.writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  try {
    fs.renameSync(temp, file);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
  return before;
}
