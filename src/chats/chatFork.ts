/**
 * Fork a chat from one of its turns (docs/zero-exec.md §23): Zero's session is copied up to the end
 * of that turn's run into a new session of kind fork (zero/sessions/fork/sessionFork.ts), Zero reads the copy back,
 * and a new chat holds the turns up to that one, bound to the copy, so its next message continues the
 * fork with `--resume=<fork>`. The original chat and its session are only read.
 */
import { forkedChatAction, forkRefusal, forkTitle } from '../conversation/forkTurns';
import { forkPoint } from '../zero/sessions/fork/forkPoint';
import { cleanSessionTitle } from '../zero/sessions/sessionTitle';
import {
  readForkSource,
  removeSessionFork,
  writeSessionFork,
  type SessionFork,
} from '../zero/sessions/fork/sessionFork';
import type { ChatRegistry } from './chatRegistry';
import type { TurnRunner } from './turnRunner';

export interface ChatForkEnv {
  /** Zero's sessions folder in the runs' environment (checkpoints.ts sessionsRoot). */
  sessionsRoot(): string;
  /** Zero reads the fork back (sessionFork.ts checkSessionFork, with the binary and zero.env): null when it does. */
  check(fork: SessionFork): Promise<string | null>;
  now?(): Date;
}

export type ForkOutcome =
  | { readonly ok: true; readonly chatId: string; readonly sessionId: string }
  | { readonly ok: false; readonly why: string };

export async function forkChat(
  parts: { readonly chats: ChatRegistry; readonly runs: Pick<TurnRunner, 'isBusy'> },
  env: ChatForkEnv,
  sourceId: string,
  turnId: string,
): Promise<ForkOutcome> {
  const source = parts.chats.wholeChat(sourceId);
  if (!source) return { ok: false, why: 'That chat is no longer open.' };
  const refused = forkRefusal(source, turnId, parts.runs.isBusy(sourceId));
  if (refused) return { ok: false, why: refused };
  const at = source.turns.findIndex((t) => t.id === turnId);
  const turn = source.turns[at]!;
  const next = source.turns[at + 1] ?? null;
  const root = env.sessionsRoot();
  const now = env.now?.() ?? new Date();
  let fork: SessionFork;
  try {
    const parent = await readForkSource(root, source.sessionId!);
    const point = forkPoint(parent.events, turn, next, now.getTime());
    if (!point.ok) return { ok: false, why: point.why };
    fork = await writeSessionFork(root, parent, point.keep, {
      title: cleanSessionTitle(forkTitle(source.title)),
      now,
    });
  } catch (err) {
    return { ok: false, why: `Could not copy Zero's session: ${(err as Error).message}` };
  }
  const problem = await env.check(fork).catch((err: unknown) => `Could not run Zero to check it: ${String(err)}`);
  if (problem) {
    await removeSessionFork(root, fork.sessionId);
    return { ok: false, why: `Zero did not take the forked session, so it was removed. ${problem}` };
  }
  const action = forkedChatAction(source, turnId, {
    sessionId: fork.sessionId,
    sequences: fork.sequences,
    at: now.getTime(),
  });
  if (!action) {
    await removeSessionFork(root, fork.sessionId);
    return { ok: false, why: 'That turn is no longer in this chat.' };
  }
  const chat = parts.chats.createChat();
  parts.chats.commit(chat.id, [action]);
  return { ok: true, chatId: chat.id, sessionId: fork.sessionId };
}
