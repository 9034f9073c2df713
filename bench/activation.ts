/**
 * What activation and opening the chat view cost with a big current chat: the chat part of
 * activate() (the chat store and controller, what they read) and the first snapshot the view gets.
 *
 *   npm run bench:activation        (CHAT_TURNS=300, TURN_KB=50: a ~15 MB chat; tsx bench/activation.ts)
 *
 * The chat is written the way the extension writes it: 299 finished turns in the log's snapshot,
 * then the last turn streamed as appended actions. Each figure is the median of RUNS fresh
 * stores and controllers on the same files (the OS file cache is warm, as after a window reload).
 * "read" counts the bytes read from the chat store's folder, "whole chat" is the old path (the
 * whole log read and replayed) for comparison.
 */
import fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import '../test/unit/shim/register';
import { countingReads } from '../test/unit/support/countingReads';
import type { ChatAction } from '../src/conversation/actions';
import type { Chat } from '../src/conversation/model';
import { newChat, reduceChat } from '../src/conversation/reducer';
import { ChatController } from '../src/chats/chatController';
import { ChatStore } from '../src/storage/chatStore';
import type { Transport } from '../src/conversation/transport';

const TURNS = Number(process.env.CHAT_TURNS ?? 300);
const TURN_KB = Number(process.env.TURN_KB ?? 50);
const RUNS = Number(process.env.RUNS ?? 7);

const PARA = 'The handler retries the request when the cache misses, then `parse()` updates the state. '.repeat(6);
const ev = (line: number, e: Record<string, unknown>): ChatAction => ({
  type: 'event',
  line,
  event: { schemaVersion: 2, runId: 'r', ...e } as never,
});

function turnActions(i: number): ChatAction[] {
  const out: ChatAction[] = [
    {
      type: 'turn_started',
      turnId: `turn-${i}`,
      prompt: `Question ${i}: explain the module`,
      origin: 'prompt',
      at: 1000 + i,
    },
  ];
  out.push(ev(1, { type: 'run_start', sessionId: 's', cwd: '/w', model: 'm' }));
  let chars = 0;
  for (let k = 0; chars < TURN_KB * 1000; k++) {
    const delta = `## Part ${k}\n\n${PARA}\n\n`;
    chars += delta.length;
    out.push(ev(2 + k, { type: 'text', delta }));
  }
  out.push(
    ev(9999, { type: 'usage', promptTokens: 1000, completionTokens: 100, totalTokens: 1100 }),
    ev(10000, { type: 'run_end', status: 'success', exitCode: 0 }),
  );
  out.push({
    type: 'process_exited',
    code: 0,
    signal: null,
    spawnFailed: false,
    explanation: null,
    stderrTail: null,
    at: 2000 + i,
  });
  return out;
}

/** Writes the bench's big chat (`turns` turns) into a chat store's folder and makes it the current chat. */
export async function writeChat(dir: string, turns = TURNS): Promise<{ id: string; bytes: number }> {
  const store = new ChatStore(dir, () => undefined);
  let chat: Chat = newChat('chat-big', 1000, 'A long chat');
  for (let i = 0; i < turns - 1; i++) for (const a of turnActions(i)) chat = reduceChat(chat, a);
  store.save(chat, true);
  await store.idle();
  // The last turn streamed after the snapshot: appended action lines.
  for (const a of turnActions(turns - 1)) {
    const next = reduceChat(chat, a);
    if (next !== chat) store.record(chat, a, next);
    chat = next;
  }
  await store.idle();
  store.currentId = chat.id;
  store.flush();
  await ChatStore.settled();
  const file = path.join(dir, 'chats', `${chat.id}.jsonl`);
  return { id: chat.id, bytes: fs.statSync(file).size };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const noTransport = {} as Transport;
const log = { info: () => undefined, warn: () => undefined, error: () => undefined, append: () => undefined };

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-bench-activation-'));
  try {
    const { id, bytes } = await writeChat(dir);
    console.log(`chat: ${TURNS} turns, ${(bytes / 1e6).toFixed(1)} MB on disk; median of ${RUNS} runs`);
    const activation: number[] = [];
    const view: number[] = [];
    const whole: number[] = [];
    let readAtActivation = 0;
    let readForView = 0;
    let shownTurns = 0;
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      const a = countingReads(dir, () => {
        const store = new ChatStore(dir, () => undefined);
        return new ChatController(store, {
          folder: () => '/w',
          trusted: () => true,
          transportFor: () => noTransport,
          log,
        });
      });
      const t1 = performance.now();
      const v = countingReads(dir, () => a.value.viewState());
      const t2 = performance.now();
      activation.push(t1 - t0);
      view.push(t2 - t1);
      readAtActivation = a.bytes;
      readForView = v.bytes;
      shownTurns = v.value.chat.turns.length;
      a.value.dispose();
      const t3 = performance.now();
      new ChatStore(dir, () => undefined).load(id);
      whole.push(performance.now() - t3);
    }
    await ChatStore.settled();
    const kb = (n: number): string => `${(n / 1024).toFixed(0)} KiB`;
    console.log(
      `  activation (chat store + controller)  ${median(activation).toFixed(1).padStart(7)} ms, read ${kb(readAtActivation)}`,
    );
    console.log(
      `  first view snapshot                   ${median(view).toFixed(1).padStart(7)} ms, read ${kb(readForView)} more, shows ${shownTurns} of ${TURNS} turns`,
    );
    console.log(
      `  whole chat read and replayed          ${median(whole).toFixed(1).padStart(7)} ms, read ${kb(bytes)}`,
    );
  } finally {
    await ChatStore.settled();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) void main();
