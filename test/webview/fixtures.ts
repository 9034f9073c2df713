/** Chats for the webview tests, made with the real decoder and reducer (as the host makes them). */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { actionFromDecoded, type ChatAction } from '../../src/conversation/actions';
import type { Chat } from '../../src/conversation/model';
import { newChat, reduceChat } from '../../src/conversation/reducer';
import type { ViewState } from '../../src/messages/messages';
import { decodeLine } from '../../src/protocol/decode';

export const CHAT_ID = 'chat-1';
const T0 = Date.UTC(2026, 6, 1, 14, 15, 33);

/** The actions a host would post for one run of a saved transcript. */
export function runActions(file: string, prompt: string, turnId = 'turn-1', exitCode = 0): ChatAction[] {
  const text = readFileSync(path.join(__dirname, '..', 'fixtures', 'transcripts', file), 'utf8');
  return [
    { type: 'turn_started', turnId, prompt, origin: 'prompt', at: T0 },
    ...eventActions(text.split('\n').filter((l) => l.trim() !== '')),
    {
      type: 'process_exited',
      code: exitCode,
      signal: null,
      spawnFailed: false,
      explanation: null,
      stderrTail: null,
      at: T0 + 4200,
    },
  ];
}

/** A turn Zero answered in full ("About <prompt>."), as the host posts it. */
export function finishedTurn(turnId: string, prompt: string): ChatAction[] {
  return [
    { type: 'turn_started', turnId, prompt, origin: 'prompt', at: T0 },
    ...eventActions([
      ev({ type: 'run_start', sessionId: 'zero_s_1' }),
      ev({ type: 'final', text: `About ${prompt}.` }),
      ev({ type: 'run_end', status: 'success', exitCode: 0 }),
    ]),
    {
      type: 'process_exited',
      code: 0,
      signal: null,
      spawnFailed: false,
      explanation: null,
      stderrTail: null,
      at: T0 + 500,
    },
  ];
}

export function eventActions(lines: readonly (string | object)[], first = 1): ChatAction[] {
  return lines.map((l, i) => actionFromDecoded(decodeLine(typeof l === 'string' ? l : JSON.stringify(l), first + i)));
}

export const ev = (e: Record<string, unknown>): string => JSON.stringify({ schemaVersion: 2, runId: 'run_1', ...e });

export function chatOf(actions: readonly ChatAction[], chat = newChat(CHAT_ID, T0)): Chat {
  return actions.reduce(reduceChat, chat);
}

export function emptyChat(): Chat {
  return newChat(CHAT_ID, T0);
}

export function viewState(chat: Chat, over: Partial<ViewState> = {}): ViewState {
  return {
    chat,
    history: [],
    binary: { ok: true, path: '/usr/local/bin/zero', demo: false, problem: null },
    trusted: true,
    folder: '/home/dev/acme-app',
    queued: [],
    draft: '',
    readOnly: false,
    attachments: [],
    defaultTransport: 'exec',
    ...over,
  };
}

export const T_START = T0;
