// The chats `npm run bench:webview` posts to the view: turns and snapshots in the shape the host
// sends them, and a long finished chat.
import { markdown, rng } from './markdownStream';

export const CHAT_ID = 'bench';
/** The answer in each turn of the long chat (characters). */
export const TURN_CHARS = 50_000;

const T0 = Date.now();
const ZERO_USAGE = { promptTokens: 0, completionTokens: 0, totalTokens: 0, costUsd: null };

/** An item of a turn as the view gets it (text or a tool card); only the fields the bench reads are named. */
export interface BenchItem {
  kind: string;
  text?: string;
  output?: string;
  [field: string]: unknown;
}

export interface BenchTurn {
  id: string;
  items: BenchItem[];
  [field: string]: unknown;
}

export function turn(id: string, items: BenchItem[], done: boolean): BenchTurn {
  return {
    id,
    origin: 'prompt',
    prompt: 'Write a long design document.',
    startedAt: T0,
    endedAt: done ? T0 + 1000 : null,
    status: done ? 'success' : 'running',
    exitCode: done ? 0 : null,
    explanation: null,
    stderrTail: null,
    run: { runId: 'run_bench', sessionId: 's', cwd: '/w', provider: null, model: null, schemaVersion: 2 },
    items,
    finalText: null,
    usage: ZERO_USAGE,
    sawRunEnd: done,
    anonTools: 0,
  };
}

/** The `snapshot` message of a chat of these turns. */
export function snapshotOf(turns: BenchTurn[]): { type: 'snapshot'; state: Record<string, unknown> } {
  const chat = {
    id: CHAT_ID,
    title: 'Benchmark',
    createdAt: T0,
    updatedAt: T0,
    sessionId: 's',
    usage: ZERO_USAGE,
    turns,
  };
  return {
    type: 'snapshot',
    state: {
      chat,
      history: [],
      binary: { ok: true, path: '/bin/zero', demo: false, problem: null },
      trusted: true,
      folder: '/w',
      queued: [],
      draft: '',
      readOnly: false,
      attachments: [],
    },
  };
}

/** A long finished chat: each turn a narration, a read_file card and a ~TURN_CHARS markdown answer. */
export function longChatTurns(n: number, seed: number, chars = TURN_CHARS): BenchTurn[] {
  const rand = rng(seed);
  return Array.from({ length: n }, (_, i) =>
    turn(
      `old-${i}`,
      [
        { kind: 'text', text: 'Let me read the module first.', answer: false, closed: true },
        {
          kind: 'tool',
          key: `c${i}`,
          id: `c${i}`,
          name: 'read_file',
          args: { path: `src/module${i}.ts` },
          sideEffect: 'read',
          status: 'ok',
          output: `export const value${i} = ${i};\n`.repeat(40),
          truncated: false,
          changedFiles: [],
          checkpoint: null,
          summary: `Read src/module${i}.ts`,
        },
        { kind: 'text', text: markdown(chars, rand, `turn ${i} done`), answer: true, closed: true },
      ],
      true,
    ),
  );
}

/** Characters of text and tool output in these turns. */
export function charsOf(turns: readonly BenchTurn[]): number {
  return turns.reduce((n, t) => n + t.items.reduce((m, it) => m + (it.text?.length ?? it.output?.length ?? 0), 0), 0);
}
