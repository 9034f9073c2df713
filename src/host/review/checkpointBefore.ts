/**
 * A file's state before a turn, from Zero's checkpoints: the earliest checkpoint of the turn that
 * lists it (a file written twice in a turn goes back to before the first write). Shared by the
 * diff, the turn's review measurement and the per-file revert.
 */
import type * as vscode from 'vscode';
import type { Chat, Turn } from '../../conversation/model';
import { checkpointFor, recordedDuringTurn, sameChangedPath } from '../../conversation/review/turnChanges';
import { mergeEnv } from '../../zero';
import {
  readCheckpoint,
  readSessionEvents,
  sessionsRoot,
  validSessionId,
  type Checkpoint,
  type SessionEvent,
} from '../../zero/sessions/checkpoints';
import { readSettings } from '../workspace/settings';

export type Before =
  | {
      readonly kind: 'content';
      readonly content: Buffer;
      readonly mode: number | null;
      readonly session: string;
      readonly sequence: number;
      readonly path: string;
    }
  /** The turn created the file. */
  | { readonly kind: 'absent' }
  | { readonly kind: 'unavailable'; readonly reason: string };

/** Sessions live where the run's zero keeps them: its env is process.env plus `zero.env`. */
export const runEnv = (): NodeJS.ProcessEnv => mergeEnv(process.env, readSettings().env, process.platform === 'win32');

export const turnSessionId = (chat: Chat, turn: Turn): string | null => {
  const id = turn.run.sessionId ?? chat.sessionId;
  return id && validSessionId(id) ? id : null;
};

/**
 * `readOnly`: a transcript opened read-only, whose turns were not timed by this window, so the
 * checkpoint's time is not checked against the turn's.
 */
export async function beforeTurn(
  chat: Chat,
  turn: Turn,
  file: string,
  readOnly: boolean,
  log: vscode.LogOutputChannel,
): Promise<Before> {
  return (await beforeTurnFiles(chat, turn, [file], readOnly, log))[0]!;
}

/**
 * `beforeTurn` for several files of one turn (measuring a turn's files as it ends): the session's
 * events are read once, and of each checkpoint only the blobs of these files, each once.
 */
export async function beforeTurnFiles(
  chat: Chat,
  turn: Turn,
  files: readonly string[],
  readOnly: boolean,
  log: vscode.LogOutputChannel,
): Promise<Before[]> {
  if (turn.transport === 'acp')
    return files.map((file) => ({
      kind: 'unavailable',
      reason: `Over ACP Zero keeps no checkpoints, so the state of ${file} before this turn is unknown.`,
    }));
  const sessionId = turnSessionId(chat, turn);
  const root = sessionsRoot(runEnv());
  const sequences = files.map((file) => checkpointFor(turn, file));
  const bySequence = new Map<number, string[]>();
  files.forEach((file, i) => {
    const sequence = sequences[i] ?? null;
    if (sequence !== null) bySequence.set(sequence, [...(bySequence.get(sequence) ?? []), file]);
  });
  let events: Promise<SessionEvent[]> | null = null;
  const checkpoints = new Map<number, Promise<Checkpoint | null>>();
  const checkpoint = (sequence: number): Promise<Checkpoint | null> => {
    let read = checkpoints.get(sequence);
    if (!read) {
      const wanted = bySequence.get(sequence) ?? [];
      events ??= readSessionEvents(root, sessionId!);
      read = events.then((all) =>
        readCheckpoint(root, sessionId!, sequence, {
          events: all,
          only: (p) => wanted.some((f) => sameChangedPath(p, f)),
        }),
      );
      checkpoints.set(sequence, read);
    }
    return read;
  };
  const out: Before[] = [];
  for (const [i, file] of files.entries()) {
    const sequence = sequences[i] ?? null;
    if (sequence === null) {
      out.push({
        kind: 'unavailable',
        reason: `Zero kept no copy of ${file} from before this turn (it saves one only before write_file, edit_file and apply_patch inside the workspace).`,
      });
      continue;
    }
    if (!sessionId) {
      out.push({
        kind: 'unavailable',
        reason: `This turn has no Zero session, so the state of ${file} before it is unknown.`,
      });
      continue;
    }
    let found: Checkpoint | null;
    try {
      found = await checkpoint(sequence);
    } catch (err) {
      log.warn(`Reading checkpoint ${sequence} of ${sessionId}: ${(err as Error).message}`);
      out.push({
        kind: 'unavailable',
        reason: `Could not read Zero's checkpoint of ${file}: ${(err as Error).message}`,
      });
      continue;
    }
    out.push(fromCheckpoint(found, turn, file, readOnly, sessionId, sequence));
  }
  return out;
}

function fromCheckpoint(
  checkpoint: Checkpoint | null,
  turn: Turn,
  file: string,
  readOnly: boolean,
  sessionId: string,
  sequence: number,
): Before {
  const gone = `Zero no longer has the checkpoint of ${file} (the session was rewound or deleted).`;
  // After a rewind Zero reuses sequence numbers: a checkpoint from another time is not this turn's.
  if (!checkpoint || (!readOnly && !recordedDuringTurn(checkpoint.createdAt, turn, Date.now())))
    return { kind: 'unavailable', reason: gone };
  const entry = checkpoint.files.find((f) => sameChangedPath(f.path, file));
  if (!entry) return { kind: 'unavailable', reason: gone };
  if (entry.absent) return { kind: 'absent' };
  if (entry.skipped)
    return {
      kind: 'unavailable',
      reason: `Zero did not keep a copy of ${file} before this turn (larger than its checkpoint limit, or unreadable).`,
    };
  if (!entry.content)
    return {
      kind: 'unavailable',
      reason: `Zero's copy of ${file} from before this turn is unusable: ${entry.problem ?? 'unknown problem'}`,
    };
  return { kind: 'content', content: entry.content, mode: entry.mode, session: sessionId, sequence, path: entry.path };
}
