/**
 * Zero's checkpoints, read straight from its session store (internal/sessions/checkpoint.go):
 * `<sessionsRoot>/<sessionId>/events.jsonl` holds `session_checkpoint` events whose payload is
 * `{tool, files:[{path, blob?, absent?, skipped?, bytes?, mode?}]}`, and each blob
 * `<sessionDir>/checkpoints/blobs/<sha256 hex>` is a file's content before the mutation.
 * Read-only: restoring is Zero's job (`zero sessions rewind`, see rewind.ts).
 */
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { nodeCrypto } from '../process/nodeOnDemand';
import { array, lazySchema, looseObject, number, optional, string, unknown } from '../../protocol/zod';

type Env = Readonly<Record<string, string | undefined>>;

/** `^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$` (store.go): also keeps ids from naming other directories. */
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const BLOB = /^[0-9a-f]{64}$/;
export const CHECKPOINT_EVENT = 'session_checkpoint';

export const validSessionId = (id: string): boolean => SESSION_ID.test(id);
export const validBlobName = (name: string): boolean => BLOB.test(name);

export class CheckpointError extends Error {}

/** Where Zero keeps sessions for this environment: `$XDG_DATA_HOME/zero/sessions`, else `~/.local/share/zero/sessions` (store.go DefaultRoot). */
export function sessionsRoot(env: Env = process.env, home = os.homedir()): string {
  const data = (env.XDG_DATA_HOME ?? '').trim();
  const base = data || path.join((env.HOME ?? '').trim() || home, '.local', 'share');
  return path.join(base, 'zero', 'sessions');
}

/** One line of `events.jsonl`; only what we read. */
export interface SessionEvent {
  readonly sequence: number;
  readonly type: string;
  readonly createdAt: string | null;
  readonly payload: unknown;
}

export interface CheckpointFile {
  readonly path: string;
  /** The file's content before the mutation; null when it did not exist, was skipped, or its blob is unusable. */
  readonly content: Buffer | null;
  /** The file did not exist before (a rewind deletes it). */
  readonly absent: boolean;
  /** Zero kept no copy (over its size cap, unreadable, or outside the workspace). */
  readonly skipped: boolean;
  /** Why a recorded blob could not be used (missing, or it fails its sha256 check); null when fine. */
  readonly problem: string | null;
  readonly bytes: number | null;
  readonly mode: number | null;
}

export interface Checkpoint {
  readonly sequence: number;
  readonly tool: string;
  /** When Zero recorded it (ms since epoch; Zero stores whole seconds), or null if unknown. */
  readonly createdAt: number | null;
  readonly files: readonly CheckpointFile[];
}

function sessionDir(root: string, sessionId: string): string {
  if (!validSessionId(sessionId)) throw new CheckpointError(`Invalid Zero session id ${JSON.stringify(sessionId)}.`);
  return path.join(root, sessionId);
}

/** The workspace Zero recorded for the session (`metadata.json` cwd): where `sessions rewind` restores files. */
export async function readSessionCwd(root: string, sessionId: string): Promise<string | null> {
  try {
    const meta = JSON.parse(await fsp.readFile(path.join(sessionDir(root, sessionId), 'metadata.json'), 'utf8')) as {
      cwd?: unknown;
    };
    return typeof meta.cwd === 'string' && meta.cwd.trim() ? meta.cwd.trim() : null;
  } catch {
    return null;
  }
}

/** The session's events. A torn last line (a crash mid-append) is dropped, as Zero does; other bad lines are errors. */
export async function readSessionEvents(root: string, sessionId: string): Promise<SessionEvent[]> {
  const file = path.join(sessionDir(root, sessionId), 'events.jsonl');
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new CheckpointError(`Cannot read Zero session ${sessionId}: ${(err as Error).message}`);
  }
  const lines = text.split('\n');
  const lastNonEmpty = lines.reduce((last, l, i) => (l.trim() ? i : last), -1);
  const events: SessionEvent[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      if (i === lastNonEmpty && !text.endsWith('\n')) break;
      throw new CheckpointError(`Zero session ${sessionId} has an unreadable event at line ${i + 1}.`);
    }
    const e = SessionEventSchema.safeParse(raw);
    if (!e.success) continue; // not an event this code reads (Zero may add kinds)
    events.push({
      sequence: e.data.sequence,
      type: e.data.type,
      createdAt: typeof e.data.createdAt === 'string' ? e.data.createdAt : null,
      payload: e.data.payload,
    });
  }
  return events;
}

/** A blob's bytes, which must still hash to its name (Zero refuses corrupted blobs too). */
export async function readBlob(root: string, sessionId: string, hash: string): Promise<Buffer> {
  if (!validBlobName(hash)) throw new CheckpointError(`Invalid checkpoint blob name ${JSON.stringify(hash)}.`);
  const content = await fsp.readFile(path.join(sessionDir(root, sessionId), 'checkpoints', 'blobs', hash));
  const got = nodeCrypto().createHash('sha256').update(content).digest('hex');
  if (got !== hash) throw new CheckpointError(`Checkpoint blob ${hash.slice(0, 12)}… failed its integrity check.`);
  return content;
}

interface RawFile {
  path?: unknown;
  blob?: unknown;
  absent?: unknown;
  skipped?: unknown;
  bytes?: unknown;
  mode?: unknown;
}

function payloadOf(event: SessionEvent): { tool: string; files: RawFile[] } | null {
  const p = CheckpointPayloadSchema.safeParse(event.payload);
  if (!p.success) return null;
  // A malformed file entry is skipped; the checkpoint's other files still count.
  const files = p.data.files.flatMap((f) => {
    const ok = CheckpointFileSchema.safeParse(f);
    return ok.success ? [ok.data as RawFile] : [];
  });
  return { tool: typeof p.data.tool === 'string' ? p.data.tool : '', files };
}

/** A line of `events.jsonl`, as far as this code reads it (store.go). */
const SessionEventSchema = lazySchema(() =>
  looseObject({
    sequence: number(),
    type: string(),
    /** Read when it is a string, else ignored (not a reason to skip the event). */
    createdAt: optional(unknown()),
    payload: optional(unknown()),
  }),
);
/** A `session_checkpoint` payload (checkpoint.go). */
const CheckpointPayloadSchema = lazySchema(() => looseObject({ tool: optional(unknown()), files: array(unknown()) }));
/** Only `path` is required; the other fields are read defensively by loadFile. */
const CheckpointFileSchema = lazySchema(() => looseObject({ path: string() }));

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

async function loadFile(root: string, sessionId: string, f: RawFile): Promise<CheckpointFile> {
  const base = {
    path: f.path as string,
    absent: f.absent === true,
    skipped: f.skipped === true,
    bytes: num(f.bytes),
    mode: num(f.mode),
  };
  if (base.absent || base.skipped || typeof f.blob !== 'string' || f.blob === '')
    return { ...base, content: null, problem: null };
  try {
    return { ...base, content: await readBlob(root, sessionId, f.blob), problem: null };
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return { ...base, content: null, problem: missing ? 'Zero no longer has the saved copy.' : (err as Error).message };
  }
}

function toCheckpoint(event: SessionEvent, files: readonly CheckpointFile[], tool: string): Checkpoint {
  const at = event.createdAt ? Date.parse(event.createdAt) : NaN;
  return { sequence: event.sequence, tool, createdAt: Number.isFinite(at) ? at : null, files };
}

export interface ReadCheckpointOptions {
  /** Only the entries whose path this accepts are returned, and only their blobs are read; all when absent. */
  readonly only?: (path: string) => boolean;
  /** The session's events when already read (readSessionEvents), so that several checkpoints cost one read. */
  readonly events?: readonly SessionEvent[];
}

/**
 * The checkpoint event with this sequence and its files' before-content, or null when the session
 * has no such checkpoint (anymore). Each blob read is hashed once (readBlob): with `only`, a
 * checkpoint of many files costs the reads of the few asked for.
 */
export async function readCheckpoint(
  root: string,
  sessionId: string,
  sequence: number,
  opts: ReadCheckpointOptions = {},
): Promise<Checkpoint | null> {
  if (!Number.isInteger(sequence) || sequence <= 0)
    throw new CheckpointError(`Invalid checkpoint sequence ${sequence}.`);
  const event = (opts.events ?? (await readSessionEvents(root, sessionId))).find((e) => e.sequence === sequence);
  const payload = event && event.type === CHECKPOINT_EVENT ? payloadOf(event) : null;
  if (!event || !payload) return null;
  const wanted = opts.only ? payload.files.filter((f) => opts.only!(f.path as string)) : payload.files;
  const files = await Promise.all(wanted.map((f) => loadFile(root, sessionId, f)));
  return toCheckpoint(event, files, payload.tool);
}

/** What `zero sessions rewind` would undo from `sequence` on: every checkpoint at or after it (paths only, no blobs read). */
export async function checkpointsFrom(root: string, sessionId: string, sequence: number): Promise<Checkpoint[]> {
  const events = await readSessionEvents(root, sessionId);
  const out: Checkpoint[] = [];
  for (const e of events) {
    const payload = e.type === CHECKPOINT_EVENT && e.sequence >= sequence ? payloadOf(e) : null;
    if (!payload) continue;
    const files = payload.files.map((f) => ({
      path: f.path as string,
      content: null,
      absent: f.absent === true,
      skipped: f.skipped === true,
      problem: null,
      bytes: num(f.bytes),
      mode: num(f.mode),
    }));
    out.push(toCheckpoint(e, files, payload.tool));
  }
  return out.sort((a, b) => a.sequence - b.sequence);
}
