/**
 * A fork of a Zero session up to a point, written the way Zero's own fork writes one
 * (internal/sessions/store.go Fork, docs/zero-exec.md §23): a new session of kind `fork` whose
 * metadata names the parent, holding the parent's events up to the point (all but `provider_usage`,
 * renumbered from 1, payloads byte for byte), the checkpoint blobs they refer to, and a
 * `session_fork` marker. Zero 0.8 has no command for this: `zero exec --fork` copies the whole
 * session and only inside a model run, and `zero sessions rewind` on such a copy would restore the
 * user's files. The parent is only read. Each event keeps its time (Zero's fork stamps the copy's
 * time), so the chat still finds its turns in the copy (turnMessage.ts, recordedDuringTurn).
 */
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { CHECKPOINT_EVENT, validBlobName, validSessionId, type SessionEvent } from '../checkpoints';
import { runZeroCli } from '../../zeroCli';
import { topLevelFields } from './jsonFields';

type Env = Readonly<Record<string, string | undefined>>;

/** One line of the parent's `events.jsonl`: what forkPoint.ts reads, its id, and its payload as written. */
export interface StoredEvent extends SessionEvent {
  readonly id: string;
  readonly payloadText: string | undefined;
}

export interface ForkSource {
  readonly sessionId: string;
  /** The parent's metadata.json, as Zero wrote it. */
  readonly meta: Readonly<Record<string, unknown>>;
  readonly events: readonly StoredEvent[];
}

export interface SessionFork {
  readonly sessionId: string;
  /** The parent's sequence of each copied event → its sequence in the fork. */
  readonly sequences: ReadonlyMap<number, number>;
  readonly copied: number;
  /** The fork's last sequence (its `session_fork` marker). */
  readonly lastSequence: number;
}

export class SessionForkError extends Error {}

const USAGE_EVENT = 'provider_usage';
const FORK_EVENT = 'session_fork';

/** The parent's metadata and events. A torn last line (a crash mid-append) is dropped, as Zero does; any other bad line is refused, as Zero's fork refuses it. */
export async function readForkSource(root: string, sessionId: string): Promise<ForkSource> {
  if (!validSessionId(sessionId)) throw new SessionForkError(`Invalid Zero session id ${JSON.stringify(sessionId)}.`);
  const dir = path.join(root, sessionId);
  let meta: unknown;
  let text: string;
  try {
    meta = JSON.parse(await fsp.readFile(path.join(dir, 'metadata.json'), 'utf8'));
    text = await fsp.readFile(path.join(dir, 'events.jsonl'), 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return '';
      throw err;
    });
  } catch (err) {
    throw new SessionForkError(`Cannot read Zero session ${sessionId}: ${(err as Error).message}`);
  }
  if (!meta || typeof meta !== 'object' || Array.isArray(meta))
    throw new SessionForkError(`Zero session ${sessionId} has unreadable metadata.`);
  const lines = text.split('\n');
  const last = lines.reduce((at, l, i) => (l.trim() ? i : at), -1);
  const events: StoredEvent[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const event = storedEvent(line);
    if (event) events.push(event);
    else if (i === last && !text.endsWith('\n')) break;
    else throw new SessionForkError(`Zero session ${sessionId} has an unreadable event at line ${i + 1}.`);
  }
  return { sessionId, meta: meta as Record<string, unknown>, events };
}

function storedEvent(line: string): StoredEvent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return null;
  }
  const e = raw as { id?: unknown; sequence?: unknown; type?: unknown; createdAt?: unknown; payload?: unknown };
  const fields = raw && typeof raw === 'object' ? topLevelFields(line) : null;
  if (!fields || typeof e.sequence !== 'number' || typeof e.type !== 'string' || typeof e.id !== 'string') return null;
  return {
    id: e.id,
    sequence: e.sequence,
    type: e.type,
    createdAt: typeof e.createdAt === 'string' ? e.createdAt : null,
    payload: e.payload,
    payloadText: fields.get('payload'),
  };
}

export interface ForkOptions {
  /** The fork's title (cleaned by the caller: sessionTitle.ts). */
  readonly title: string;
  readonly now?: Date;
  /** The new session's id (tests); else one shaped like Zero's own (store.go createID). */
  readonly id?: string;
}

/** Writes the fork of `source`'s first `keep` events. The directory is new (made exclusively); on a failure it is removed again. */
export async function writeSessionFork(
  root: string,
  source: ForkSource,
  keep: number,
  opts: ForkOptions,
): Promise<SessionFork> {
  const now = opts.now ?? new Date();
  const id = opts.id ?? newSessionId(now);
  if (!validSessionId(id)) throw new SessionForkError(`Invalid Zero session id ${JSON.stringify(id)}.`);
  const kept = source.events.slice(0, Math.max(0, keep));
  const lastKept = kept.at(-1);
  if (!lastKept) throw new SessionForkError('There is nothing of the session to fork before this point.');
  const dir = path.join(root, id);
  await fsp.mkdir(dir, { mode: 0o700 }).catch((err: NodeJS.ErrnoException) => {
    throw new SessionForkError(`Cannot make the forked session ${id}: ${err.message}`);
  });
  try {
    const sequences = new Map<number, number>();
    const lines: string[] = [];
    for (const e of kept) {
      if (e.type === USAGE_EVENT) continue; // as Zero: usage counted in the parent is not counted again
      const sequence = lines.length + 1;
      sequences.set(e.sequence, sequence);
      lines.push(eventLine(id, sequence, e.type, e.createdAt ?? stamp(now), e.payloadText));
    }
    const copied = lines.length;
    const marker = {
      copiedEventCount: copied,
      forkedFromEventId: lastKept.id,
      forkedFromSequence: lastKept.sequence,
      parentEventCount: count(source.meta.eventCount),
      parentSessionId: source.sessionId,
    };
    const lastSequence = copied + 1;
    lines.push(eventLine(id, lastSequence, FORK_EVENT, stamp(now), goJson(marker)));
    await writeSynced(path.join(dir, 'events.jsonl'), lines.map((l) => `${l}\n`).join(''));
    await copyBlobs(root, source.sessionId, id, kept);
    const meta = forkMetadata(source, id, opts.title, lastKept, stamp(now), lastSequence);
    const tmp = path.join(dir, 'metadata.json.tmp-fork');
    await writeSynced(tmp, `${goJson(meta, 2)}\n`);
    await fsp.rename(tmp, path.join(dir, 'metadata.json'));
    return { sessionId: id, sequences, copied, lastSequence };
  } catch (err) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw err instanceof SessionForkError
      ? err
      : new SessionForkError(`Cannot write the forked session: ${String(err)}`);
  }
}

/** Metadata as Zero's Create then its appends leave it (field order of store.go Metadata, empty ones omitted). */
function forkMetadata(
  source: ForkSource,
  id: string,
  title: string,
  from: StoredEvent,
  at: string,
  lastSequence: number,
): Record<string, unknown> {
  const text = (k: string): string => (typeof source.meta[k] === 'string' ? (source.meta[k] as string).trim() : '');
  const present = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== 0 && v !== undefined));
  return {
    ...present({
      sessionId: id,
      sessionKind: 'fork',
      title: title.trim() || (text('title') ? `${text('title')} (fork)` : ''),
      cwd: text('cwd'),
      modelId: text('modelId'),
      provider: text('provider'),
      parentSessionId: source.sessionId,
      rootSessionId: text('rootSessionId') || source.sessionId,
      forkedFromEventId: from.id,
      forkedFromSequence: from.sequence,
    }),
    createdAt: at,
    updatedAt: at,
    eventCount: lastSequence,
    lastEventType: FORK_EVENT,
  };
}

/** The blobs the copied checkpoints name (Zero copies them all; a rewind of the fork needs these). */
async function copyBlobs(root: string, from: string, to: string, events: readonly StoredEvent[]): Promise<void> {
  const names = new Set<string>();
  for (const e of events) {
    if (e.type !== CHECKPOINT_EVENT) continue;
    const files = (e.payload as { files?: unknown } | null)?.files;
    for (const f of Array.isArray(files) ? files : []) {
      const blob = (f as { blob?: unknown } | null)?.blob;
      if (typeof blob === 'string' && validBlobName(blob)) names.add(blob);
    }
  }
  if (names.size === 0) return;
  const src = path.join(root, from, 'checkpoints', 'blobs');
  const dst = path.join(root, to, 'checkpoints', 'blobs');
  await fsp.mkdir(dst, { recursive: true, mode: 0o700 });
  for (const name of names) {
    try {
      await fsp.copyFile(path.join(src, name), path.join(dst, name));
      await fsp.chmod(path.join(dst, name), 0o600);
    } catch (err) {
      // A blob the parent no longer has is missing from Zero's own copy too (its rewind then skips the file).
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

/** A line as Go's json.Marshal writes store.go's Event: fields in struct order, payload (omitempty) as it was. */
function eventLine(id: string, sequence: number, type: string, createdAt: string, payload: string | undefined): string {
  const head = `{"id":${goJson(`${id}:${sequence}`)},"sessionId":${goJson(id)},"sequence":${sequence},"type":${goJson(type)},"createdAt":${goJson(createdAt)}`;
  return payload === undefined ? `${head}}` : `${head},"payload":${payload}}`;
}

/** JSON as Go's encoder escapes it (`<`, `>`, `&`, U+2028, U+2029 as \u escapes): these appear only inside strings. */
function goJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : 0);

/** UTC RFC 3339 in whole seconds, as Zero stamps (store.go timestamp). */
const stamp = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `zero_<yyyymmddhhmmss>_<nanoseconds>_<n>`, the shape of Zero's own ids (store.go createID). */
function newSessionId(now: Date): string {
  const digits = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const nanos = `${now.getTime()}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  return `zero_${digits}_${nanos}_1`;
}

async function writeSynced(file: string, text: string): Promise<void> {
  const handle = await fsp.open(file, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes a fork this code wrote (Zero did not take it, or the chat could not be made). */
export async function removeSessionFork(root: string, sessionId: string): Promise<void> {
  if (!validSessionId(sessionId)) return;
  await fsp.rm(path.join(root, sessionId), { recursive: true, force: true });
}

/**
 * Zero reads the fork back whole: `zero sessions rewind-plan <fork> --sequence <last> --json` parses
 * its metadata and every event line, and must keep them all. Null when it does; else what it said.
 */
export async function checkSessionFork(binary: string, fork: SessionFork, env: Env = {}): Promise<string | null> {
  const args = ['sessions', 'rewind-plan', fork.sessionId, '--sequence', String(fork.lastSequence), '--json'];
  const r = await runZeroCli(binary, args, env, 30_000);
  if (r.code !== 0)
    return `zero sessions rewind-plan failed (exit ${r.code ?? 'none'}): ${
      (r.stderr || r.stdout)
        .trim()
        .replace(/^\[zero\]\s*/, '')
        .slice(0, 300) || 'no message'
    }`;
  let plan: { keptCount?: unknown; droppedCount?: unknown; targetEventId?: unknown };
  try {
    plan = JSON.parse(r.stdout) as typeof plan;
  } catch {
    return `zero sessions rewind-plan printed no plan: ${r.stdout.trim().slice(0, 200) || '(nothing)'}`;
  }
  const ok =
    plan.keptCount === fork.lastSequence &&
    plan.droppedCount === 0 &&
    plan.targetEventId === `${fork.sessionId}:${fork.lastSequence}`;
  return ok ? null : `Zero read the forked session differently: ${JSON.stringify(plan).slice(0, 300)}`;
}
