/**
 * A subagent's child session, read from Zero's session store (Zero 0.8.0; docs/zero-exec.md §10.3).
 *
 * The parent's `events.jsonl` gets `specialist_start {childSessionId, toolCallId, specialist, description,
 * mode, background}` before the child starts and `specialist_stop {childSessionId, status, exitCode}` when
 * it ends (internal/specialist/accounting.go, exec.go runBuiltArgs). The child is a session of its own,
 * `<root>/<childSessionId>/`, whose `metadata.json` says `sessionKind:"child"`, `parentSessionId` and
 * `spawnedFromEventId` (the Task call's id), and whose events are its messages and tool calls, appended
 * as it runs. `zero sessions children <parent> --json` lists the same children.
 *
 * Everything here is untrusted (the store is written by a process driven by a model): every line is
 * parsed with zod, sizes are bounded, ids are checked against Zero's pattern before they name a folder,
 * and a child is shown only when its own metadata says it is the child of that parent and that call.
 */
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { readTail, TAIL_BYTES } from '../exec/cutOffTools';
import { runZeroCli } from '../zeroCli';
import { array, boolean, lazySchema, looseObject, number, optional, string, unknown } from '../../protocol/zod';

type Env = Readonly<Record<string, string | undefined>>;

/** `sessions/store.go`: an id that cannot name another folder. */
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const MAX_METADATA = 256 * 1024;
const MAX_ENTRIES = 2000;
const MAX_MESSAGE = 100_000;
const MAX_TOOL_TEXT = 20_000;
const MAX_WORD = 200;

export const validSessionId = (id: string): boolean => SESSION_ID.test(id);

/** The child a Task call started, as the parent's session recorded it. */
export interface ChildRef {
  readonly childSessionId: string;
  readonly specialist: string;
  readonly description: string;
  readonly background: boolean;
  /** `specialist_stop`: how it ended; null while it runs (or, for a background child, when nobody recorded it). */
  readonly stopped: { readonly status: string; readonly exitCode: number | null } | null;
}

export type TranscriptEntry =
  | { readonly kind: 'message'; readonly role: string; readonly text: string }
  | { readonly kind: 'tool_call'; readonly id: string; readonly name: string; readonly args: string }
  | {
      readonly kind: 'tool_result';
      readonly id: string;
      readonly name: string;
      readonly status: string;
      readonly output: string;
      readonly truncated: boolean;
    };

export interface ChildTranscript {
  readonly sessionId: string;
  readonly title: string;
  readonly agentName: string;
  readonly parentSessionId: string;
  readonly spawnedFromEventId: string;
  readonly entries: readonly TranscriptEntry[];
  /** Only the end of a long session was read. */
  readonly cut: boolean;
}

export type ChildOutcome =
  | { readonly ok: true; readonly transcript: ChildTranscript }
  | { readonly ok: false; readonly missing: boolean; readonly problem: string };

/**
 * The child of `toolCallId` in the parent's session: the last `specialist_start` of that call (one named
 * `named`, the id Zero's output gave, when there is one), and its `specialist_stop`. Null when the parent
 * recorded none (yet): the child has not started, or the parent's session is not in this store.
 */
export async function findChild(
  root: string,
  parentSessionId: string,
  toolCallId: string,
  named: string | null = null,
): Promise<ChildRef | null> {
  if (!validSessionId(parentSessionId)) return null;
  let events: Awaited<ReturnType<typeof readTail>>['events'];
  try {
    events = (await readTail(path.join(root, parentSessionId, 'events.jsonl'), TAIL_BYTES)).events;
  } catch {
    return null;
  }
  const starts: { readonly at: number; readonly p: SpecialistPayload }[] = [];
  events.forEach((e, at) => {
    if (e.type !== 'specialist_start') return;
    const p = SpecialistSchema.safeParse(e.payload);
    if (p.success && p.data.toolCallId === toolCallId && validSessionId(p.data.childSessionId))
      starts.push({ at, p: p.data });
  });
  // Provider call ids may repeat across turns of one session: the id Zero's output gave wins, else the latest.
  const chosen = starts.filter((s) => s.p.childSessionId === named).pop() ?? starts.pop();
  if (!chosen) return null;
  const found = chosen.p;
  const at = chosen.at;
  let stopped: ChildRef['stopped'] = null;
  for (const e of events.slice(at + 1)) {
    if (e.type !== 'specialist_stop') continue;
    const p = SpecialistSchema.safeParse(e.payload);
    if (p.success && p.data.childSessionId === found.childSessionId)
      stopped = {
        status: word(p.data.status) || 'ended',
        exitCode: typeof p.data.exitCode === 'number' ? p.data.exitCode : null,
      };
  }
  return {
    childSessionId: found.childSessionId,
    specialist: word(found.specialist),
    description: word(found.description),
    background: found.background === true,
    stopped,
  };
}

/** The child's messages and tool calls, if its metadata says it is the child of this parent and call. */
export async function readChild(
  root: string,
  childSessionId: string,
  expect: { readonly parentSessionId: string; readonly toolCallId: string },
): Promise<ChildOutcome> {
  if (!validSessionId(childSessionId))
    return { ok: false, missing: false, problem: `"${word(childSessionId)}" is not a Zero session id.` };
  const dir = path.join(root, childSessionId);
  let meta: Metadata;
  try {
    const stat = await fsp.lstat(dir);
    if (!stat.isDirectory()) return { ok: false, missing: false, problem: `The subagent's session is not a folder.` };
    meta = await readMetadata(path.join(dir, 'metadata.json'));
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      ok: false,
      missing,
      problem: missing
        ? `Zero has not recorded the subagent's session ${childSessionId} yet.`
        : `The subagent's session could not be read: ${String((err as Error).message).slice(0, 200)}`,
    };
  }
  const wrong =
    meta.sessionId !== childSessionId
      ? 'names another session'
      : meta.sessionKind !== 'child'
        ? 'is not a child session'
        : meta.parentSessionId !== expect.parentSessionId
          ? "is not this chat's session's child"
          : meta.spawnedFromEventId !== expect.toolCallId
            ? 'was not started by this call'
            : null;
  if (wrong) return { ok: false, missing: false, problem: `Not shown: session ${childSessionId} ${wrong}.` };
  let tail: Awaited<ReturnType<typeof readTail>>;
  try {
    tail = await readTail(path.join(dir, 'events.jsonl'), TAIL_BYTES);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    tail = { events: [], cut: false };
  }
  const entries: TranscriptEntry[] = [];
  for (const e of tail.events) {
    const entry = entryOf(e.type, e.payload);
    if (entry) entries.push(entry);
  }
  const cut = tail.cut || entries.length > MAX_ENTRIES;
  return {
    ok: true,
    transcript: {
      sessionId: childSessionId,
      title: word(meta.title),
      agentName: word(meta.agentName),
      parentSessionId: meta.parentSessionId ?? '',
      spawnedFromEventId: meta.spawnedFromEventId ?? '',
      entries: entries.slice(-MAX_ENTRIES),
      cut,
    },
  };
}

/** Whether the child's record grew since `last` (its events' size and time): cheap enough to poll. */
export async function childStamp(root: string, ids: readonly string[]): Promise<string> {
  const parts = await Promise.all(
    ids.filter(validSessionId).map(async (id) => {
      try {
        const s = await fsp.stat(path.join(root, id, 'events.jsonl'));
        return `${id}:${s.size}:${s.mtimeMs}`;
      } catch {
        return `${id}:-`;
      }
    }),
  );
  return parts.join('|');
}

export interface ListedChild {
  readonly sessionId: string;
  readonly spawnedFromEventId: string;
  readonly agentName: string;
  readonly title: string;
  readonly createdAt: number;
}

/** `zero sessions children <parent> --json` (Zero's own lineage view), for when the parent's record is cut. */
export async function listChildren(
  binary: string,
  env: Env,
  parentSessionId: string,
  timeoutMs = 10_000,
): Promise<ListedChild[]> {
  if (!validSessionId(parentSessionId)) return [];
  const r = await runZeroCli(binary, ['sessions', 'children', parentSessionId, '--json'], env, timeoutMs);
  if (r.timedOut || r.code !== 0) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(r.stdout);
  } catch {
    return [];
  }
  const list = array(unknown()).safeParse(raw);
  if (!list.success) return [];
  return list.data.flatMap((entry) => {
    const c = ListedSchema.safeParse(entry);
    if (!c.success || !validSessionId(c.data.sessionId) || (c.data.kind ?? 'child') !== 'child') return [];
    const at = Date.parse(c.data.createdAt ?? '');
    return [
      {
        sessionId: c.data.sessionId,
        spawnedFromEventId: word(c.data.spawnedFromEventId),
        agentName: word(c.data.agentName),
        title: word(c.data.title),
        createdAt: Number.isFinite(at) ? at : 0,
      },
    ];
  });
}

async function readMetadata(file: string): Promise<Metadata> {
  const handle = await fsp.open(file, 'r');
  let text: string;
  try {
    const { size } = await handle.stat();
    if (size > MAX_METADATA) throw new Error(`metadata.json is ${size} bytes, over ${MAX_METADATA}`);
    text = (await handle.readFile()).toString('utf8');
  } finally {
    await handle.close();
  }
  const m = MetadataSchema.safeParse(JSON.parse(text));
  if (!m.success) throw new Error('metadata.json is not the shape Zero writes');
  return m.data;
}

function entryOf(type: string, payload: unknown): TranscriptEntry | null {
  if (type === 'message') {
    const m = MessageSchema.safeParse(payload);
    return m.success && typeof m.data.content === 'string'
      ? { kind: 'message', role: word(m.data.role) || '?', text: clamp(m.data.content, MAX_MESSAGE) }
      : null;
  }
  if (type === 'tool_call') {
    const c = ToolCallSchema.safeParse(payload);
    if (!c.success) return null;
    const args = typeof c.data.arguments === 'string' ? c.data.arguments : JSON.stringify(c.data.arguments ?? null);
    return { kind: 'tool_call', id: word(c.data.id), name: word(c.data.name), args: clamp(args, MAX_TOOL_TEXT) };
  }
  if (type === 'tool_result') {
    const r = ToolResultSchema.safeParse(payload);
    if (!r.success) return null;
    const output = typeof r.data.output === 'string' ? r.data.output : '';
    return {
      kind: 'tool_result',
      id: word(r.data.toolCallId),
      name: word(r.data.name),
      status: word(r.data.status),
      output: clamp(output, MAX_TOOL_TEXT),
      truncated: r.data.truncated === true || output.length > MAX_TOOL_TEXT,
    };
  }
  return null;
}

/** A short word from the store: one line, no controls, bounded. */
function word(v: unknown): string {
  return typeof v === 'string'
    ? v
        .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
        .trim()
        .slice(0, MAX_WORD)
    : '';
}

function clamp(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}\n… (${s.length - max} more characters)` : s;
}

const SpecialistSchema = lazySchema(() =>
  looseObject({
    childSessionId: string(),
    toolCallId: optional(string()),
    specialist: optional(unknown()),
    description: optional(unknown()),
    background: optional(unknown()),
    status: optional(unknown()),
    exitCode: optional(unknown()),
  }),
);
type SpecialistPayload = ReturnType<typeof SpecialistSchema.parse>;
const MetadataSchema = lazySchema(() =>
  looseObject({
    sessionId: string(),
    sessionKind: optional(string()),
    parentSessionId: optional(string()),
    spawnedFromEventId: optional(string()),
    agentName: optional(unknown()),
    title: optional(unknown()),
    depth: optional(number()),
  }),
);
type Metadata = ReturnType<typeof MetadataSchema.parse>;
const MessageSchema = lazySchema(() => looseObject({ role: optional(unknown()), content: optional(unknown()) }));
const ToolCallSchema = lazySchema(() =>
  looseObject({ id: optional(unknown()), name: optional(unknown()), arguments: optional(unknown()) }),
);
const ToolResultSchema = lazySchema(() =>
  looseObject({
    toolCallId: optional(unknown()),
    name: optional(unknown()),
    status: optional(unknown()),
    output: optional(unknown()),
    truncated: optional(boolean()),
  }),
);
const ListedSchema = lazySchema(() =>
  looseObject({
    sessionId: string(),
    kind: optional(string()),
    spawnedFromEventId: optional(unknown()),
    agentName: optional(unknown()),
    title: optional(unknown()),
    createdAt: optional(string()),
  }),
);
