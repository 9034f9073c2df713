/**
 * A finished exec turn that changed `files` files of `bytes` bytes each through one checkpoint, as
 * Zero leaves it on disk: `<data>/zero/sessions/<id>/events.jsonl` with the `session_checkpoint`
 * event, a blob per file under `checkpoints/blobs/`, and the files as the turn left them in
 * `<dir>/workspace` (one line changed in each). For the measuring tests and bench.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ZERO_USAGE, type Chat, type ToolItem, type Turn } from '../../../src/conversation/model';
import { newChat } from '../../../src/conversation/reducer';

export interface CheckpointedTurn {
  readonly chat: Chat;
  readonly turn: Turn;
  readonly workspace: string;
  /** Set XDG_DATA_HOME to this so that sessionsRoot() finds the session. */
  readonly dataHome: string;
  readonly paths: readonly string[];
}

export function writeCheckpointedTurn(
  dir: string,
  files: number,
  bytes: number,
  sessionId = 'bench-session',
): CheckpointedTurn {
  const workspace = path.join(dir, 'workspace');
  const dataHome = path.join(dir, 'data');
  const session = path.join(dataHome, 'zero', 'sessions', sessionId);
  fs.mkdirSync(path.join(session, 'checkpoints', 'blobs'), { recursive: true });
  fs.mkdirSync(path.join(workspace, 'src'), { recursive: true });
  const line = 'const value = compute(input); // a line of ordinary source code\n';
  const paths: string[] = [];
  const entries: unknown[] = [];
  for (let i = 0; i < files; i++) {
    const rel = `src/file${i}.ts`;
    const before = line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
    const hash = createHash('sha256').update(before).digest('hex');
    fs.writeFileSync(path.join(session, 'checkpoints', 'blobs', hash), before);
    fs.writeFileSync(path.join(workspace, rel), `// changed by the turn\n${before.slice(line.length)}`);
    paths.push(rel);
    entries.push({ path: rel, blob: hash, bytes: before.length, mode: 0o644 });
  }
  const now = Date.now();
  const events = [
    { sequence: 1, type: 'session_start', createdAt: new Date(now - 1000).toISOString(), payload: { cwd: workspace } },
    {
      sequence: 2,
      type: 'session_checkpoint',
      createdAt: new Date(now).toISOString(),
      payload: { tool: 'apply_patch', files: entries },
    },
  ];
  fs.writeFileSync(path.join(session, 'events.jsonl'), events.map((e) => JSON.stringify(e)).join('\n') + '\n');
  const tool: ToolItem = {
    kind: 'tool',
    key: 'call-1',
    id: 'call-1',
    name: 'apply_patch',
    args: {},
    sideEffect: 'write',
    status: 'ok',
    output: null,
    truncated: false,
    changedFiles: paths,
    checkpoint: { sequence: 2, files: paths },
    summary: null,
  };
  const turn: Turn = {
    id: 't1',
    origin: 'prompt',
    prompt: 'change every file',
    startedAt: now - 2000,
    endedAt: now + 1000,
    status: 'success',
    exitCode: 0,
    explanation: null,
    stderrTail: null,
    run: { runId: null, sessionId, cwd: workspace, provider: null, model: null, schemaVersion: 2 },
    items: [tool],
    finalText: null,
    usage: ZERO_USAGE,
    sawRunEnd: true,
    anonTools: 0,
  };
  const chat: Chat = { ...newChat('chat-1', now - 5000, 'Review'), sessionId, turns: [turn] };
  return { chat, turn, workspace, dataHome, paths };
}
