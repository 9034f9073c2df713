/** Chats for the webview tests, made with the real decoder and reducer (as the host makes them). */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { actionFromDecoded, type ChatAction } from '../../src/conversation/actions';
import type { Chat } from '../../src/conversation/model';
import { newChat, reduceChat } from '../../src/conversation/reducer';
import type { ViewState } from '../../src/messages/protocol';
import { decodeLine } from '../../src/protocol/decode';
import { processExited, T0 } from '../support/builders';

export const CHAT_ID = 'chat-1';

/** The actions a host would post for one run of a saved transcript. */
export function runActions(file: string, prompt: string, turnId = 'turn-1', exitCode = 0): ChatAction[] {
  const text = readFileSync(path.join(__dirname, '..', 'fixtures', 'transcripts', file), 'utf8');
  return [
    { type: 'turn_started', turnId, prompt, origin: 'prompt', at: T0 },
    ...eventActions(text.split('\n').filter((l) => l.trim() !== '')),
    processExited(exitCode, T0 + 4200),
  ];
}

export function eventActions(lines: readonly (string | object)[], first = 1): ChatAction[] {
  return lines.map((l, i) => actionFromDecoded(decodeLine(typeof l === 'string' ? l : JSON.stringify(l), first + i)));
}

/** An event line for the real decoder (`eventActions`). */
export { zeroEventLine as ev } from '../support/builders';

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
