/**
 * The extension host's memory while a long answer streams: the fake zero's `long-answer` scenario
 * (a markdown answer as ~100-character `text` deltas in stream-json) through the real runner and
 * decoder, the shared reducer and the chat store (append-only log), at 0.25, 1 and 4 MB. No VS Code.
 * Each size runs in its own Node process (with --expose-gc), so its heap is its own.
 *
 *   npm run bench:host [-- --sizes 0.25,1,4]
 *
 * Printed per size: wall time and the process's CPU while streaming; heap used at the end (after a
 * forced GC, with the chat still held, as the host holds it) and how much the answer added to it
 * (heap at the end minus heap before the run), per character of answer; RSS at the end and its
 * peak. Then the heap each further character costs between two sizes: flat when memory is linear
 * in the text (a fixed part, e.g. compiled code, makes the per-character figure of a small answer higher).
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

const MB = 1e6;
const FAKE = path.resolve(__dirname, '../test/fixtures/fake-zero/zero');
const argv = process.argv.slice(2);
const sizesAt = argv.indexOf('--sizes');
const SIZES = (sizesAt >= 0 ? argv[sizesAt + 1]! : '0.25,1,4').split(',').map(Number);

interface Result {
  readonly answer: number;
  readonly actions: number;
  readonly wall: number;
  readonly cpu: number;
  readonly heap: number;
  readonly added: number;
  readonly rss: number;
  readonly peakRss: number;
  readonly problem: string | null;
}

function gcNow(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  gc();
  gc();
}

async function one(mb: number): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-host-bench-'));
  const ws = path.join(dir, 'ws');
  fs.mkdirSync(ws);
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);
  const store = new ChatStore(path.join(dir, 'store'), (m) => console.error(m));
  let chat: Chat = reduceChat(newChat('bench', 0), {
    type: 'turn_started',
    turnId: 't',
    prompt: 'Write a long design document.',
    origin: 'prompt',
    at: 0,
  });
  store.save(chat, true);
  await store.idle();
  gcNow();
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  let actions = 0;
  const run = startZeroRun({
    binary: FAKE,
    args: buildExecArgs({ cwd: ws }).args,
    cwd: ws,
    env: {
      FAKE_ZERO_SCENARIO: 'long-answer',
      FAKE_ZERO_ANSWER_KB: String((mb * MB) / 1024),
      XDG_DATA_HOME: path.join(dir, 'data'),
    },
    input: promptInput('Write a long design document.'),
    onDecoded: (items) => {
      for (const d of items) {
        const action = actionFromDecoded(d);
        const before = chat;
        chat = reduceChat(chat, action);
        store.record(before, action, chat);
        actions++;
      }
    },
  });
  const exit = await run.exited;
  chat = reduceChat(chat, {
    type: 'process_exited',
    code: exit.code,
    signal: exit.signal,
    at: Date.now(),
    explanation: null,
    stderrTail: null,
    spawnFailed: false,
  });
  store.save(chat, true);
  await store.idle();
  const wall = Date.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  gcNow();
  const m = process.memoryUsage();
  const answer = chat.turns[0]!.items.filter((i) => i.kind === 'text').reduce(
    (n, i) => n + (i.kind === 'text' ? i.text.length : 0),
    0,
  );
  const ended = chat.turns[0]!.items.some((i) => i.kind === 'text' && i.text.endsWith('ANSWER-END'));
  const result: Result = {
    answer,
    actions,
    wall,
    cpu: (cpu.user + cpu.system) / 1000,
    heap: m.heapUsed,
    added: m.heapUsed - heapBefore,
    rss: m.rss,
    peakRss,
    problem: ended && exit.code === 0 ? null : `the answer did not arrive whole (zero exited ${exit.code})`,
  };
  console.log(JSON.stringify(result));
  // Keep the chat alive until measured (the host holds it as long as the chat is open).
  if (chat.turns.length === 0) console.log('');
  fs.rmSync(dir, { recursive: true, force: true });
}

const size = process.env.BENCH_HOST_MB;
if (size) void one(Number(size));
else {
  console.log(
    'a long markdown answer streamed through the host (fake zero → runner, decoder, reducer, chat store), one process per size:',
  );
  console.log(
    `  ${'answer'.padStart(8)} ${'actions'.padStart(7)} ${'wall'.padStart(9)} ${'CPU'.padStart(9)} ${'heap at end'.padStart(11)} ${'added by the answer'.padStart(26)} ${'RSS at end'.padStart(10)} ${'peak RSS'.padStart(10)}`,
  );
  const f1 = (n: number): string => n.toFixed(1);
  const results: Result[] = [];
  for (const mb of SIZES) {
    const child = spawnSync(process.execPath, ['--expose-gc', ...process.execArgv, __filename], {
      encoding: 'utf8',
      env: { ...process.env, BENCH_HOST_MB: String(mb) },
    });
    const line = child.stdout.trim().split('\n').pop() ?? '';
    if (child.status !== 0 || !line.startsWith('{')) {
      console.log(`  ${mb} MB: FAILED ${child.stderr.trim().split('\n').slice(-3).join(' ')}`);
      continue;
    }
    const r = JSON.parse(line) as Result;
    results.push(r);
    console.log(
      `  ${(r.answer / MB).toFixed(2).padStart(5)} MB ${String(r.actions).padStart(7)} ${String(r.wall).padStart(6)} ms ${String(Math.round(r.cpu)).padStart(6)} ms` +
        ` ${f1(r.heap / MB).padStart(8)} MB ${f1(r.added / MB).padStart(8)} MB = ${(r.added / r.answer).toFixed(2)} B/char` +
        ` ${f1(r.rss / MB).padStart(7)} MB ${f1(r.peakRss / MB).padStart(7)} MB${r.problem ? `  (${r.problem})` : ''}`,
    );
  }
  // Linear: each further character of answer costs the same, whatever the size reached.
  for (let i = 1; i < results.length; i++) {
    const [a, b] = [results[i - 1]!, results[i]!];
    console.log(
      `  from ${(a.answer / MB).toFixed(2)} to ${(b.answer / MB).toFixed(2)} MB: ${((b.added - a.added) / (b.answer - a.answer)).toFixed(2)} bytes of heap per further character`,
    );
  }
}
