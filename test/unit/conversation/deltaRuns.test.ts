// Runs of streamed deltas reduced as one action (deltaRuns.ts): the chat must be exactly the one that
// reducing every action alone gives, whatever the mix of events, the batches and the output budget.
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../../src/conversation/actions';
import { nextRun, reduceActions } from '../../../src/conversation/deltaRuns';
import type { Chat } from '../../../src/conversation/model';
import { MAX_TURN_ITEMS } from '../../../src/conversation/outputBudget';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import { zeroEvent } from '../../support/builders';
const text = (delta: string | undefined, line = 1): ChatAction =>
  zeroEvent(delta === undefined ? { type: 'text' } : { type: 'text', delta }, line);
const reasoning = (delta: string): ChatAction => zeroEvent({ type: 'reasoning', delta });
const started = (turnId: string, outputLimit?: number): ChatAction => ({
  type: 'turn_started',
  turnId,
  prompt: `prompt ${turnId}`,
  origin: 'prompt',
  at: 0,
  ...(outputLimit ? { outputLimit } : {}),
});
const oneByOne = (chat: Chat, actions: readonly ChatAction[]): Chat => actions.reduce(reduceChat, chat);

/** Deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random stream of what Zero sends (and the host adds), with turns of several output budgets. */
function stream(rand: () => number, length: number): ChatAction[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const word = (): string => pick(['', 'a', 'word ', 'two words ', 'x'.repeat(40), '日本 🚀 ', '\n\n## Head\n']);
  const out: ChatAction[] = [started('t0', pick([undefined, 200, 1000, 5000]))];
  let calls = 0;
  for (let i = 0; i < length; i++) {
    const r = rand();
    if (r < 0.45) out.push(text(rand() < 0.05 ? undefined : word(), i));
    else if (r < 0.7) out.push(reasoning(word()));
    else if (r < 0.76)
      out.push(zeroEvent({ type: 'tool_call', id: `c${++calls}`, name: 'read_file', args: { path: word() } }));
    else if (r < 0.82)
      out.push(
        zeroEvent({ type: 'tool_result', id: `c${calls}`, name: 'read_file', status: 'ok', output: word().repeat(5) }),
      );
    else if (r < 0.85) out.push(zeroEvent({ type: 'usage', promptTokens: 10, completionTokens: 2, totalTokens: 12 }));
    else if (r < 0.87)
      out.push(zeroEvent({ type: 'permission_request', id: `c${calls}`, name: 'bash', action: 'prompt' }));
    else if (r < 0.89) out.push(zeroEvent({ type: 'warning', message: 'careful' }));
    else if (r < 0.9) out.push({ type: 'notice', code: 'n', message: 'a notice' });
    else if (r < 0.91) out.push(zeroEvent({ type: 'final', text: 'the answer' }));
    else if (r < 0.915) {
      out.push(zeroEvent({ type: 'run_end', status: 'success', exitCode: 0 }));
      out.push(started(`t${i}`, pick([undefined, 150, 600, 3000])));
    } else out.push(text(word(), i));
  }
  return out;
}

/** `actions` cut into batches of random sizes, as stdout chunks cut them. */
function batches(rand: () => number, actions: readonly ChatAction[]): ChatAction[][] {
  const out: ChatAction[][] = [];
  for (let i = 0; i < actions.length;) {
    const n = 1 + Math.floor(rand() * 40);
    out.push(actions.slice(i, i + n));
    i += n;
  }
  return out;
}

describe('runs of deltas reduced as one action', () => {
  it('merges consecutive deltas of one kind into one event, its delta theirs joined, from the first line', () => {
    const chat = reduceChat(newChat('c', 0), started('t'));
    const actions = [
      text('one ', 3),
      text('two ', 4),
      text(undefined, 5),
      text('three', 6),
      reasoning('why'),
      text('four'),
    ];
    const first = nextRun(chat, actions, 0);
    assert.equal(first.end, 4);
    assert.deepEqual(first.action, text('one two three', 3));
    assert.deepEqual(nextRun(chat, actions, 4), { action: actions[4], end: 5 });
    assert.deepEqual(nextRun(chat, actions, 5), { action: actions[5], end: 6 });
  });

  it('leaves every other action alone, and a delta before any turn', () => {
    const empty = newChat('c', 0);
    assert.deepEqual(nextRun(empty, [text('a'), text('b')], 0).end, 1);
    const chat = reduceChat(empty, started('t'));
    const usage = zeroEvent({ type: 'usage', promptTokens: 1, completionTokens: 1, totalTokens: 2 });
    assert.equal(nextRun(chat, [usage, text('a')], 0).action, usage);
  });

  it('ends a run before the delta that makes the budget compact the turn, which is reduced alone', () => {
    // Limit 100: compaction once the estimate passes 125 characters.
    const chat = reduceChat(newChat('c', 0), started('t', 100));
    const deltas = [text('a'.repeat(50)), text('b'.repeat(50)), text('c'.repeat(50)), text('d'.repeat(10))];
    const run = nextRun(chat, deltas, 0);
    assert.equal(run.end, 2);
    const after = reduceChat(chat, run.action);
    assert.equal(nextRun(after, deltas, 2).end, 3, 'the compacting delta goes alone');
    assert.deepEqual(reduceActions(chat, deltas), oneByOne(chat, deltas));
    assert.ok(
      reduceActions(chat, deltas).turns[0]!.items.some((i) => i.kind === 'elided'),
      'it did compact',
    );
  });

  it('merges nothing when the turn is past its item limit (every charge compacts)', () => {
    let chat = reduceChat(newChat('c', 0), started('t', 10_000_000));
    const many: ChatAction[] = [];
    for (let i = 0; i < MAX_TURN_ITEMS * 1.25; i++) many.push(zeroEvent({ type: 'warning', message: `w${i}` }));
    chat = many.reduce(reduceChat, chat);
    assert.equal(nextRun(chat, [text('a'), text('b')], 0).end, 1);
  });

  it('gives the chat that reducing one by one gives, on 300 random streams cut into random batches', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const rand = prng(seed);
      const actions = stream(rand, 50 + Math.floor(rand() * 400));
      const base = newChat('c', 0);
      const expected = oneByOne(base, actions);
      let chat = base;
      for (const batch of batches(rand, actions)) chat = reduceActions(chat, batch);
      assert.deepStrictEqual(chat, expected, `seed ${seed}`);
    }
  });

  it('a flood: 20,000 deltas in 64 KiB-sized batches make a handful of actions, the same chat', () => {
    const base = reduceChat(newChat('c', 0), started('t', 16 * 1024 * 1024));
    const actions: ChatAction[] = [];
    for (let i = 0; i < 20_000; i++) actions.push(i % 50 === 49 ? reasoning('r ') : text(`word${i} `));
    let runs = 0;
    for (let i = 0; i < actions.length;) {
      i = nextRun(base, actions, i).end;
      runs++;
    }
    assert.equal(runs, 800, 'one run of 49 text deltas and one reasoning delta per 50');
    assert.deepStrictEqual(reduceActions(base, actions), oneByOne(base, actions));
  });
});
