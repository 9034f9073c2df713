/**
 * The extension host's data path on a flood of ordinary output (the fake zero's `flood` scenario,
 * FLOOD_MB=100 by default): the real runner, decoder and reducer, and the chat store; no VS Code.
 * Each variant runs in its own Node process so its peak memory is its own.
 *
 *   npm run bench:flood
 *
 * "before" is the data path as it was: no output budget, and the whole chat re-serialised and
 * rewritten by every save (debounced to 300 ms). "after" is the path now: the 16 MB budget, the
 * append-only log with its snapshots written in pieces, and the store's backpressure on the run.
 * Printed: peak RSS and heap of the process, the kept chat size, and wall time. What bounds the
 * peak: docs/long-chats.md, "A flood of output: what the extension host holds".
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { actionFromDecoded } from '../src/conversation/actions';
import type { Chat } from '../src/conversation/model';
import { newChat, reduceChat } from '../src/conversation/reducer';
import { ChatStore } from '../src/storage/chatStore';
import { promptInput } from '../src/protocol/input';
import { buildExecArgs } from '../src/zero/exec/execArgs';
import { startZeroRun } from '../src/zero/process/zeroProcess';

const MB = 1024 * 1024;
const FLOOD_MB = process.env.FLOOD_MB ?? '100';
const FAKE = path.resolve(__dirname, '../test/fixtures/fake-zero/zero');

async function variant(mode: 'before' | 'after'): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-flood-bench-'));
  const ws = path.join(dir, 'ws');
  fs.mkdirSync(ws);
  let peakRss = 0;
  let peakHeap = 0;
  const sample = (): void => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const sampler = setInterval(sample, 20);
  const t0 = Date.now();
  let chat: Chat = reduceChat(newChat('flood', 0), {
    type: 'turn_started',
    turnId: 't',
    prompt: 'flood',
    origin: 'prompt',
    at: 0,
    ...(mode === 'after' ? { outputLimit: 16 * MB } : {}),
  });
  const store = new ChatStore(path.join(dir, 'store'), (m) => console.error(m));
  let timer: NodeJS.Timeout | undefined;
  let saves = 0;
  const oldSave = (): void => {
    timer = undefined;
    const file = path.join(dir, 'old.json');
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(chat));
    fs.renameSync(`${file}.tmp`, file);
    saves++;
  };
  const run = startZeroRun({
    binary: FAKE,
    args: buildExecArgs({ cwd: ws }).args,
    cwd: ws,
    env: { FAKE_ZERO_SCENARIO: 'flood', FAKE_ZERO_FLOOD_MB: FLOOD_MB, XDG_DATA_HOME: path.join(dir, 'data') },
    input: promptInput('flood'),
    // As the extension wires it (composition.ts): the run waits while the store is behind.
    ...(mode === 'after' ? { backpressure: () => store.backlog() } : {}),
    onDecoded: (items) => {
      for (const d of items) {
        const action = actionFromDecoded(d);
        const before = chat;
        chat = reduceChat(chat, action);
        if (mode === 'after') store.record(before, action, chat);
        else timer ??= setTimeout(oldSave, 300);
      }
    },
  });
  const exit = await run.exited;
  if (mode === 'after') await store.idle();
  else {
    if (timer) clearTimeout(timer);
    oldSave();
  }
  sample();
  clearInterval(sampler);
  const kept = JSON.stringify(chat).length;
  console.log(
    `${mode}: exit ${exit.code}, ${((Date.now() - t0) / 1000).toFixed(1)} s; peak RSS ${(peakRss / MB).toFixed(0)} MB, ` +
      `peak heap ${(peakHeap / MB).toFixed(0)} MB; chat kept ${(kept / MB).toFixed(1)} MB${mode === 'before' ? `; ${saves} whole-chat saves` : ''}`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
}

const mode = process.env.BENCH_FLOOD_MODE;
if (mode === 'before' || mode === 'after') void variant(mode);
else {
  console.log(
    `flood of ${FLOOD_MB} MB through the host's data path (runner, decoder, reducer, store), one process per variant:`,
  );
  for (const m of ['before', 'after']) {
    spawnSync(process.execPath, [...process.execArgv, __filename], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_FLOOD_MODE: m },
    });
  }
}
