/**
 * What saving a big chat costs: the whole-file rewrite the store used to do on every save (every
 * 300 ms while streaming) against the append-only log it writes now.
 *
 *   npm run bench:save            (CHAT_MB=50 by default; tsx bench/save.ts)
 *
 * "before" is the old ChatStore.flush: JSON.stringify of the whole chat, writeFileSync to a temp
 * file, rename. "after, streaming save" is one 300 ms batch of streamed actions appended to the
 * log (what a save costs now while a run streams); "after, compaction" is the occasional rewrite
 * of the log to one snapshot line (when the log outgrows the snapshot), split into the part that
 * blocks the extension host (serialising) and the total until the file is on disk.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChatAction } from '../src/conversation/actions';
import type { Chat } from '../src/conversation/model';
import { newChat, reduceChat } from '../src/conversation/reducer';
import { ChatStore } from '../src/storage/chatStore';

const MB = 1024 * 1024;
const CHAT_MB = Number(process.env.CHAT_MB ?? 50);
const DELTA = 'Streamed answer text with ordinary words, numbers 0123456789 and punctuation. '.repeat(13) + '\n';
/** About what a fast model streams in one 300 ms save period. */
const DELTAS_PER_SAVE = 60;

const text = (delta: string): ChatAction => ({
  type: 'event',
  line: 1,
  event: { type: 'text', schemaVersion: 2, runId: 'r', delta },
});

function bigChat(): Chat {
  let chat = reduceChat(newChat('bench', 0), {
    type: 'turn_started',
    turnId: 't',
    prompt: 'flood',
    origin: 'prompt',
    at: 0,
  });
  const deltas = Math.ceil((CHAT_MB * MB) / DELTA.length);
  for (let i = 0; i < deltas; i++) {
    chat = reduceChat(chat, text(DELTA));
    if (i % 200 === 199)
      chat = reduceChat(chat, {
        type: 'event',
        line: 1,
        event: { type: 'usage', schemaVersion: 2, runId: 'r', promptTokens: 1, completionTokens: 1, totalTokens: 2 },
      });
  }
  return chat;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const ms = (n: number): string => `${n.toFixed(1)} ms`;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-save-bench-'));
  try {
    let chat = bigChat();
    const size = JSON.stringify(chat).length;
    console.log(`chat: ${(size / MB).toFixed(1)} MB as JSON, ${chat.turns[0]!.items.length} items`);

    // Before: the old flush, whole chat every time.
    const before: number[] = [];
    const file = path.join(dir, 'old.json');
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(chat));
      fs.renameSync(`${file}.tmp`, file);
      before.push(performance.now() - t0);
    }

    // After: the log. The first save is a snapshot; then each period appends its actions.
    const store = new ChatStore(path.join(dir, 'store'), (m) => console.error(m));
    store.save(chat, true);
    await store.idle();
    const streaming: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      for (let k = 0; k < DELTAS_PER_SAVE; k++) {
        const next = reduceChat(chat, text(DELTA));
        store.record(chat, text(DELTA), next);
        chat = next;
      }
      await store.idle();
      streaming.push(performance.now() - t0);
    }
    // Store work only: the same batches through the reducer alone.
    const reduceOnly: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      let c = chat;
      for (let k = 0; k < DELTAS_PER_SAVE; k++) c = reduceChat(c, text(DELTA));
      reduceOnly.push(performance.now() - t0);
    }

    const blocking: number[] = [];
    const total: number[] = [];
    for (let i = 0; i < 3; i++) {
      const copy = { ...chat }; // a chat the log cannot reach by appending: forces a rewrite
      const t0 = performance.now();
      store.save(copy, true);
      blocking.push(performance.now() - t0);
      await store.idle();
      total.push(performance.now() - t0);
      chat = copy;
    }

    console.log(
      `before (main): whole-file save of the ${CHAT_MB} MB chat: ${ms(median(before))} (median of 5), repeated every 300 ms while streaming`,
    );
    console.log(
      `after: streaming save (${DELTAS_PER_SAVE} actions appended, ${((DELTAS_PER_SAVE * DELTA.length) / 1024).toFixed(0)} KB): ${ms(Math.max(0, median(streaming) - median(reduceOnly)))} (median of 20, reducer time subtracted)`,
    );
    console.log(
      `after: compaction to one snapshot (when the log outgrows it): ${ms(median(blocking))} blocking, ${ms(median(total))} until on disk (median of 3)`,
    );
    const reread = new ChatStore(path.join(dir, 'store'), () => undefined);
    const t0 = performance.now();
    reread.load('bench');
    console.log(`after: reading the chat back: ${ms(performance.now() - t0)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
