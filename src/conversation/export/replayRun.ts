/**
 * One `zero exec` run replayed from its decoded stdout lines through the reducer: a chat of one turn, what the
 * transcript CLI's summary (summary.ts) and its Markdown (src/cli/transcript.ts) both read. `exitCode` is the
 * process's, for a run that ended without `run_end` (a crash, a kill). The chat is titled as the reducer titles a
 * first turn with no prompt ("New chat").
 */
import type { Decoded } from '../../protocol/decoded';
import { actionFromDecoded } from '../actions';
import type { Chat } from '../model';
import { newChat, reduceChat } from '../reducer';

export function replayRun(decoded: Iterable<Decoded>, exitCode?: number | null): Chat {
  let chat = reduceChat(newChat('transcript', 0), {
    type: 'turn_started',
    turnId: 'run',
    prompt: '',
    origin: 'prompt',
    at: 0,
  });
  for (const d of decoded) chat = reduceChat(chat, actionFromDecoded(d));
  if (exitCode !== undefined && exitCode !== null) {
    chat = reduceChat(chat, {
      type: 'process_exited',
      code: exitCode,
      signal: null,
      spawnFailed: false,
      explanation: null,
      stderrTail: null,
      at: 0,
    });
  }
  return chat;
}
