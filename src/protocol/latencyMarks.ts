/**
 * Where the time of a message goes, from the host's side (`npm run bench:latency`): one time per stage of the
 * path from the user's Send to Zero's first word in the view. Off unless a sink is installed (extension.ts does
 * that only when ZERO_VSCODE_LATENCY_MARKS names a file): then each call is one test of a variable, nothing
 * measurable. A mark carries a stage's name and a time, never the message or anything Zero said.
 *
 * Times are epoch milliseconds with a fraction (performance.timeOrigin + performance.now()), so the webview's
 * marks, taken on its own clock the same way, line up with the host's.
 */

/** The stages, in the order a message passes them. */
export const LATENCY_STAGES = [
  /** The chat view's `send` message at the host. */
  'host-received',
  /** The turn is in the chat (turn_started dispatched), before its transport starts it. */
  'turn-started',
  /** exec: `zero exec` spawned, its stdin written. ACP: `session/prompt` sent. */
  'zero-asked',
  /** exec: Zero's first stdout bytes read. ACP: Zero's first session/update of the turn. */
  'first-output',
  /** The stdout chunk (exec) or update (ACP) holding the answer's first words, read. */
  'text-read',
  /** ...decoded into chat actions. */
  'text-decoded',
  /** ...reduced into the chat (and handed to the views). */
  'text-reduced',
  /** ...posted to the chat view. */
  'text-posted',
] as const;

export type LatencyStage = (typeof LATENCY_STAGES)[number];

export type LatencyRecord = Partial<Record<LatencyStage, number>>;

const AFTER_ASKED: ReadonlySet<LatencyStage> = new Set(LATENCY_STAGES.slice(LATENCY_STAGES.indexOf('zero-asked') + 1));

interface MarkState {
  sink: ((record: LatencyRecord) => void) | null;
  record: LatencyRecord;
  /** When the last stdout chunk was read (exec): the text's chunk is known only once it is decoded. */
  lastChunk: number;
}

/**
 * One state for every bundle that holds a copy of this module (the exec and ACP transports load as bundles of
 * their own, dist/exec.js and dist/acpClient.js): the sink extension.ts installs is the one they mark into.
 */
const KEY = Symbol.for('zero-vscode.latencyMarks');
const state: MarkState = ((globalThis as { [KEY]?: MarkState })[KEY] ??= { sink: null, record: {}, lastChunk: 0 });

const now = (): number => performance.timeOrigin + performance.now();

/** Marks a stage of the current message, once: the first time it is reached counts. */
export function latencyMark(stage: LatencyStage): void {
  const { sink } = state;
  if (sink === null) return;
  if (stage === 'host-received') state.record = {};
  const record = state.record;
  if (record[stage] !== undefined) return;
  // What Zero sends before it is asked (ACP replays a loaded session's words) is not this message's answer.
  if (AFTER_ASKED.has(stage) && record['zero-asked'] === undefined) return;
  record[stage] = now();
  if (stage === 'text-decoded' && state.lastChunk > 0 && record['text-read'] === undefined)
    record['text-read'] = state.lastChunk;
  if (stage === 'text-posted') sink(record);
}

/** A stdout chunk is read (exec): remembered for `text-read`, and the first one is `first-output`. */
export function latencyChunk(): void {
  if (state.sink === null) return;
  const record = state.record;
  state.lastChunk = now();
  if (record['first-output'] === undefined && record['zero-asked'] !== undefined)
    record['first-output'] = state.lastChunk;
}

/** True while marks are taken: a caller may then look for the first text, which costs a scan. */
export function latencyOn(): boolean {
  return state.sink !== null;
}

/** Installs where each message's marks go, once its first words are posted (null: off). */
export function setLatencySink(next: ((record: LatencyRecord) => void) | null): void {
  state.sink = next;
  state.record = {};
  state.lastChunk = 0;
}
