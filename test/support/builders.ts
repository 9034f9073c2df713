/**
 * Builders for what the tests feed the product: Zero's stream-json events, permission requests,
 * whole turns as the host posts them, and settings. Each is one exported default, overridden
 * field by field, so a test names only what it is about.
 */
import * as path from 'node:path';
import type { ChatAction } from '../../src/conversation/actions';
import type { ZeroEvent } from '../../src/protocol/events';
import type { ZeroSettings } from '../../src/zero/config/settingsSources';

/** The fake `zero` CLI (test/fixtures/fake-zero; FAKE_ZERO_SCENARIO picks a scenario). */
export const FAKE_ZERO = path.resolve(__dirname, '..', 'fixtures', 'fake-zero', 'zero');

/** When the tests' turns start: 2026-07-01 14:15:33 UTC. */
export const T0 = Date.UTC(2026, 6, 1, 14, 15, 33);

/** The envelope Zero puts on every stream-json event. */
export const ZERO_EVENT = { schemaVersion: 2, runId: 'run_20260701141533_71d2aa' } as const;

/** A stream-json event as the decoder hands it over (`line` is its line in Zero's output). */
export function zeroEvent(e: Record<string, unknown>, line = 1): ChatAction {
  return { type: 'event', event: { ...ZERO_EVENT, ...e } as ZeroEvent, line };
}

/** The same event as the line Zero writes (for the real decoder, or a fake's script). */
export function zeroEventLine(e: Record<string, unknown>): string {
  return JSON.stringify({ ...ZERO_EVENT, ...e });
}

/** A permission request Zero asks the user to answer: web_fetch, not granted. */
export const PERMISSION_REQUEST = {
  type: 'permission_request',
  id: 'c1',
  name: 'web_fetch',
  action: 'prompt',
  permissionGranted: false,
} as const;

/** A `permission_request` event body; wrap it in `zeroEvent` or `zeroEventLine`. */
export function permissionRequest(over: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...PERMISSION_REQUEST, ...over };
}

export interface TurnSpec {
  readonly turnId: string;
  readonly prompt: string;
  /** When the turn starts (ms since the epoch). */
  readonly at: number;
  /** Zero's events in the run, without the envelope. */
  readonly events: readonly Record<string, unknown>[];
  /** How the process exited; `null`: it is still running (no `process_exited`). */
  readonly exitCode: number | null;
  readonly durationMs: number;
}

/** A turn Zero answered in full ("About <prompt>."). */
export const TURN: TurnSpec = {
  turnId: 'turn-1',
  prompt: 'Say hello',
  at: T0,
  events: [
    { type: 'run_start', sessionId: 'zero_s_1' },
    { type: 'final', text: 'About Say hello.' },
    { type: 'run_end', status: 'success', exitCode: 0 },
  ],
  exitCode: 0,
  durationMs: 500,
};

/** The actions a host posts for one turn; the default answer follows the prompt unless `events` is given. */
export function turn(over: Partial<TurnSpec> = {}): ChatAction[] {
  const prompt = over.prompt ?? TURN.prompt;
  const t: TurnSpec = {
    ...TURN,
    events: [TURN.events[0]!, { type: 'final', text: `About ${prompt}.` }, TURN.events[2]!],
    ...over,
  };
  const out: ChatAction[] = [
    { type: 'turn_started', turnId: t.turnId, prompt: t.prompt, origin: 'prompt', at: t.at },
    ...t.events.map((e, i) => zeroEvent(e, i + 1)),
  ];
  if (t.exitCode !== null) out.push(processExited(t.exitCode, t.at + t.durationMs));
  return out;
}

/** Zero's process ended with `code` (no signal, no spawn failure, nothing on stderr). */
export function processExited(code: number | null, at: number): Extract<ChatAction, { type: 'process_exited' }> {
  return { type: 'process_exited', code, signal: null, spawnFailed: false, explanation: null, stderrTail: null, at };
}

/** The settings of a user who changed nothing, with the fake zero as the binary. */
export const ZERO_SETTINGS: ZeroSettings = {
  path: FAKE_ZERO,
  model: '',
  mode: '',
  autonomy: '',
  addDirs: [],
  addWorkspaceFolders: false,
  extraArgs: [],
  env: {},
  maxLineMB: 64,
  maxRunOutputMB: 16,
  transport: 'exec',
  ignored: [],
};

export function zeroSettings(over: Partial<ZeroSettings> = {}): ZeroSettings {
  return { ...ZERO_SETTINGS, ...over };
}
