/**
 * Which files a turn changed, and which of Zero's checkpoints hold their state before the turn.
 * Pure: the host reads the checkpoints themselves (src/zero/sessions/checkpoints.ts).
 *
 * Paths are as Zero gives them: workspace-relative (checkpoint files, and changedFiles inside the
 * workspace) or absolute (changedFiles under an `--add-dir` root). Only the separator is normalised.
 * Over ACP there are no checkpoints; a tool call's `locations` are its changed files (Zero's
 * internal/acp translate.go fills them from the tool result's ChangedFiles only).
 */
import type { ToolItem, Turn } from '../model';

export interface TurnCheckpoint {
  readonly sequence: number;
  readonly files: readonly string[];
}

export interface TurnFileChange {
  readonly path: string;
  /** The earliest checkpoint of the turn that lists the file (its state before the turn), if any. */
  readonly checkpoint: number | null;
}

/** `a\b` and `./a/b` name the same file as `a/b`. */
export function normalizeChangedPath(p: string): string {
  let s = p.replace(/\\/g, '/');
  while (s.startsWith('./')) s = s.slice(2);
  return s;
}

export const sameChangedPath = (a: string, b: string): boolean => normalizeChangedPath(a) === normalizeChangedPath(b);

const tools = (turn: Turn): ToolItem[] => turn.items.filter((i): i is ToolItem => i.kind === 'tool');

/** The turn's checkpoints, oldest first (one per sequence). */
export function turnCheckpoints(turn: Turn): TurnCheckpoint[] {
  const bySequence = new Map<number, TurnCheckpoint>();
  for (const t of tools(turn)) {
    if (
      t.checkpoint &&
      Number.isInteger(t.checkpoint.sequence) &&
      t.checkpoint.sequence > 0 &&
      !bySequence.has(t.checkpoint.sequence)
    ) {
      bySequence.set(t.checkpoint.sequence, t.checkpoint);
    }
  }
  return [...bySequence.values()].sort((a, b) => a.sequence - b.sequence);
}

/** Undoing the turn means rewinding Zero's session to just before this checkpoint. */
export function firstCheckpointSequence(turn: Turn): number | null {
  return turnCheckpoints(turn)[0]?.sequence ?? null;
}

/** The earliest checkpoint of the turn listing `path`: a file written twice diffs against the state before the first write. */
export function checkpointFor(turn: Turn, path: string): number | null {
  return turnCheckpoints(turn).find((c) => c.files.some((f) => sameChangedPath(f, path)))?.sequence ?? null;
}

/** Every file the turn changed or was about to change, in order of first mention, each once. */
export function turnFileChanges(turn: Turn): TurnFileChange[] {
  const seen = new Map<string, TurnFileChange>();
  const add = (p: string, checkpoint: number | null): void => {
    const key = normalizeChangedPath(p);
    if (key === '') return;
    const known = seen.get(key);
    if (!known) seen.set(key, { path: key, checkpoint });
    else if (checkpoint !== null && (known.checkpoint === null || checkpoint < known.checkpoint))
      seen.set(key, { path: key, checkpoint });
  };
  for (const t of tools(turn)) {
    for (const f of t.checkpoint?.files ?? []) add(f, t.checkpoint!.sequence);
    for (const f of t.changedFiles) add(f, null);
    for (const f of t.locations ?? []) add(f, null);
  }
  return [...seen.values()];
}

/** Just the paths of `turnFileChanges`. */
export function changedFiles(turn: Turn): string[] {
  return turnFileChanges(turn).map((c) => c.path);
}

/**
 * Whether a checkpoint Zero recorded at `createdAt` (ms; Zero stores whole seconds) can be this
 * turn's: after a rewind Zero reuses sequence numbers, so a sequence alone may name a later event.
 */
export function recordedDuringTurn(createdAt: number | null, turn: Turn, now: number): boolean {
  if (createdAt === null) return true;
  const slack = 2000;
  return createdAt >= turn.startedAt - slack && createdAt <= (turn.endedAt ?? now) + slack;
}
