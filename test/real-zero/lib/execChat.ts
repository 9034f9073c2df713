// One chat turn through the extension's own exec path (ExecTransport: planRun → buildExecArgs →
// startZeroRun → framer → decoder) into the chat reducer, against the real Zero or the fake. What the
// tests read back is what the chat would show: the turn's items, answer, status, usage, explanation.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChatAction } from '../../../src/conversation/actions';
import type { Chat, ToolItem, Turn, PermissionItem, TextItem } from '../../../src/conversation/model';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import type { TurnEnd } from '../../../src/conversation/transport';
import { ExecTransport } from '../../../src/zero/exec/execTransport';
import type { ZeroSettings } from '../../../src/host/workspace/settings';
import { realZeroBin, type Sandbox } from './realZero';
import { zeroSettings } from '../../support/builders';

export const FAKE_ZERO = path.resolve(__dirname, '../../fixtures/fake-zero/zero');

export interface ChatTurnOptions {
  /** zero.mode (empty: Zero's default, auto). */
  mode?: string;
  /** zero.autonomy (`--auto`; empty: not passed, Zero's low). */
  autonomy?: string;
  addDirs?: string[];
  extraArgs?: string[];
  /** Run this binary instead of the real Zero (the fake). */
  binary?: string;
  /** Extra environment (the fake's FAKE_ZERO_* variables). */
  env?: Record<string, string>;
  /** Called with every batch of actions; return true to press Stop once. */
  stopWhen?: (actions: readonly ChatAction[]) => boolean;
  /** Called once the run is started, with the chat's Stop. */
  onStarted?: (stop: () => void) => void;
  /** Continue this session. */
  sessionId?: string | null;
  /** The composer's pick for this message (`{mode: 'spec'}` for /spec); recorded on the turn as the composer does. */
  choice?: { mode?: string };
}

export interface ChatTurnResult {
  chat: Chat;
  turn: Turn;
  actions: ChatAction[];
  end: TurnEnd;
  /** The argv the product built. */
  args: string[];
  /** What the transport logged (info, warnings and errors alike). */
  log: string[];
}

/** Zero's provider and config variables of this process, removed from the child (the sandbox has its own). */
function cleanEnv(sandbox: Sandbox, extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string | undefined> = {};
  for (const key of Object.keys(process.env)) if (!(key in sandbox.env)) env[key] = undefined;
  // mergeEnv deletes keys set to undefined; ZeroSettings types them as strings.
  return { ...env, ...sandbox.env, ...extra } as Record<string, string>;
}

export async function chatTurn(
  sandbox: Sandbox,
  prompt: string,
  options: ChatTurnOptions = {},
): Promise<ChatTurnResult> {
  const settings: ZeroSettings = zeroSettings({
    path: options.binary ?? realZeroBin(),
    mode: options.mode ?? '',
    autonomy: options.autonomy ?? '',
    addDirs: options.addDirs ?? [],
    extraArgs: options.extraArgs ?? [],
    env: cleanEnv(sandbox, options.env ?? {}),
    maxRunOutputMB: 64,
  });
  const lines: string[] = [];
  const log = {
    info: (m: string) => lines.push(m),
    warn: (m: string) => lines.push(m),
    error: (m: string) => lines.push(m),
    append: () => undefined,
  };
  const transport = new ExecTransport({ settings: () => settings, otherFolders: () => [], trusted: () => true, log });
  let chat = newChat('chat', 0);
  const composed = options.choice ? { composed: { text: prompt, chips: [], images: 0, ...options.choice } } : {};
  chat = reduceChat(chat, { type: 'turn_started', turnId: 't1', prompt, origin: 'prompt', at: 1, ...composed });
  const actions: ChatAction[] = [];
  let stopped = false;
  const handle = transport.startTurn(
    {
      chatId: 'chat',
      turnId: 't1',
      prompt,
      origin: 'prompt',
      sessionId: options.sessionId ?? null,
      cwd: sandbox.workspace,
      ...(options.choice ? { choice: options.choice } : {}),
    },
    {
      actions: (batch) => {
        actions.push(...batch);
        if (!stopped && options.stopWhen?.(actions)) {
          stopped = true;
          void handle.stop();
        }
      },
    },
  );
  options.onStarted?.(() => {
    stopped = true;
    void handle.stop();
  });
  const end = await handle.ended;
  for (const action of actions) chat = reduceChat(chat, action);
  chat = reduceChat(chat, end.action);
  const started = lines.find((l) => l.startsWith('Starting: ')) ?? '';
  const args = started
    .replace(/^Starting: \S+ /, '')
    .replace(/ \(env keys: .*\)$/, '')
    .split(' ');
  return { chat, turn: chat.turns[0]!, actions, end, args, log: lines };
}

// ---- what the chat shows ----------------------------------------------------------

export const tools = (turn: Turn): ToolItem[] => turn.items.filter((i): i is ToolItem => i.kind === 'tool');
export const permissions = (turn: Turn): PermissionItem[] =>
  turn.items.filter((i): i is PermissionItem => i.kind === 'permission');
/** The answer block(s) the chat marks as the answer. */
export const answer = (turn: Turn): string =>
  turn.items
    .filter((i): i is TextItem => i.kind === 'text' && i.answer)
    .map((i) => i.text)
    .join('');
export const problems = (turn: Turn): string[] =>
  turn.items.filter((i) => i.kind === 'problem' || i.kind === 'unknown-event').map((i) => JSON.stringify(i));
export const notices = (turn: Turn, kind: 'warning' | 'error'): string[] =>
  turn.items.flatMap((i) => (i.kind === kind ? [`${i.code ?? ''}: ${i.message}`] : []));
export const eventTypes = (actions: readonly ChatAction[]): string[] =>
  actions.flatMap((a) => (a.type === 'event' ? [a.event.type] : []));

/** The session's recorded events (Zero's store in the sandbox). */
export function sessionEvents(
  sandbox: Sandbox,
  sessionId: string,
): { type: string; payload: Record<string, unknown> }[] {
  const file = path.join(sandbox.dataHome, 'zero', 'sessions', sessionId, 'events.jsonl');
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string; payload: Record<string, unknown> });
}

/** Tool names Zero offered the model on each request. */
export const offered = (sandbox: Sandbox): string[][] =>
  sandbox.server.completions().map((r) => (r.body?.tools ?? []).map((t) => t.function.name).sort());
