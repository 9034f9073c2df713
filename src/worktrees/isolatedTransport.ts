/**
 * The transport of an isolated chat: the chat's own transport, with its worktree made (first turn)
 * or checked (later ones) before the turn reaches Zero, and handed to it (`TurnRequest.worktree`).
 * A turn is refused with words when the chat cannot run isolated: over ACP, in Restricted Mode,
 * after Discard. A run that reports another folder than the worktree is stopped. Plain Node.
 */
import * as fs from 'node:fs';
import type { Chat, ChatWorktree } from '../conversation/model';
import {
  failedTurn,
  type Transport,
  type TurnEnd,
  type TurnHandle,
  type TurnListener,
  type TurnRequest,
} from '../conversation/transport';
import { ACP_NO_WORKTREE, discardedRefusal, RESTRICTED_NO_WORKTREE } from '../conversation/worktreeActions';
import type { createWorktree, Made, restoreWorktree } from './worktreeCreate';

export interface IsolatedDeps {
  chat(chatId: string): Chat | undefined;
  trusted(): boolean;
  /** Zero's base folder for worktrees, as the runs' environment makes it (zeroWorktreeBase), or null. */
  worktreeDir(): string | null;
  /** The git side (src/worktrees/worktreeCreate.ts, in dist/worktrees.js), loaded on first use. */
  git(): { readonly createWorktree: typeof createWorktree; readonly restoreWorktree: typeof restoreWorktree };
}

export const WORKTREE_MISMATCH_CODE = 'worktree-mismatch';

/** `inner` for chats that are not isolated; an isolated chat's turns run in its worktree. */
export function isolatedTransport(inner: Transport, deps: IsolatedDeps): Transport {
  return {
    id: inner.id,
    capabilities: inner.capabilities,
    startTurn: (req, listener) => {
      const chat = deps.chat(req.chatId);
      if (!chat?.isolated && !chat?.worktree) return inner.startTurn(req, listener);
      const refused =
        inner.id === 'acp'
          ? ACP_NO_WORKTREE
          : !deps.trusted()
            ? RESTRICTED_NO_WORKTREE
            : chat.worktree?.discardedAt !== undefined
              ? discardedRefusal(chat.worktree)
              : !req.cwd
                ? 'Open a folder first: an isolated chat makes its worktree from the workspace folder.'
                : null;
      if (refused) return failedTurn(refused, null);
      return preparedTurn(inner, deps, chat, req, listener);
    },
    // The inner transport has its own owner.
    dispose: () => undefined,
  };
}

function preparedTurn(
  inner: Transport,
  deps: IsolatedDeps,
  chat: Chat,
  req: TurnRequest,
  listener: TurnListener,
): TurnHandle {
  let handle: TurnHandle | null = null;
  let stopped = false;
  let disposed = false;
  const ready = async (): Promise<Made<{ wt: ChatWorktree; made: boolean }>> => {
    if (chat.worktree) {
      const back = await deps.git().restoreWorktree(chat.worktree);
      return back.ok ? { ok: true, value: { wt: chat.worktree, made: false } } : back;
    }
    const dir = deps.worktreeDir();
    if (!dir) return { ok: false, why: "No folder for Zero's worktrees: set HOME or XDG_STATE_HOME." };
    const made = await deps.git().createWorktree(req.cwd!, chat.id, dir);
    return made.ok ? { ok: true, value: { wt: made.value, made: true } } : made;
  };
  const ended = (async (): Promise<TurnEnd> => {
    const r = await ready();
    if (!r.ok) return notStarted(r.why);
    const { wt, made } = r.value;
    // Recorded even when the turn goes no further: the folder exists now.
    if (made && !disposed) listener.actions([{ type: 'worktree_created', worktree: wt }]);
    if (stopped || disposed) return notStarted('Stopped before Zero started.', true);
    // Zero makes `-w` worktrees from the repository of --cwd: the chat's own, whichever folder the window now runs in.
    handle = inner.startTurn(
      { ...req, cwd: wt.repoRoot, worktree: { name: wt.name, path: wt.path, dir: wt.dir } },
      guard(listener, wt, () => handle),
    );
    return handle.ended;
  })().catch((err: unknown) =>
    notStarted(`Internal error while preparing the worktree: ${err instanceof Error ? err.message : String(err)}`),
  );
  return {
    ended,
    stop: async () => {
      stopped = true;
      await handle?.stop();
      await ended;
    },
    answerApproval: (key, answer) => handle?.answerApproval(key, answer),
    dispose: () => {
      disposed = true;
      handle?.dispose();
    },
  };
}

/** Passes the run's actions on; stops a run whose `run_start` names another folder than the worktree. */
function guard(listener: TurnListener, wt: ChatWorktree, handle: () => TurnHandle | null): TurnListener {
  const mine = real(wt.path);
  return {
    actions: (actions) => {
      listener.actions(actions);
      for (const a of actions) {
        if (a.type !== 'event' || a.event.type !== 'run_start' || !a.event.cwd || real(a.event.cwd) === mine) continue;
        listener.actions([
          {
            type: 'notice',
            code: WORKTREE_MISMATCH_CODE,
            message: `Zero reported that it runs in ${a.event.cwd}, not in this chat's worktree ${wt.path}: the run was stopped.`,
          },
        ]);
        void handle()?.stop();
      }
    },
  };
}

function notStarted(problem: string, stopped = false): Promise<TurnEnd> {
  return failedTurn(problem, null).ended.then((end) => (stopped ? { ...end, stopped: true } : end));
}

function real(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return p;
  }
}
