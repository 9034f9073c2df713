// Reading how a cut-off turn's tool calls ended from Zero's session store: lines as Zero 0.8.0 writes them
// (internal/cli/exec.go, seen in test/real-zero/turnRecovery.test.ts), and files that are hostile, torn or big.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import type { ChatAction } from '../../../src/conversation/actions';
import { readCutOffTools, recordedOutcomes, readTail, TAIL_BYTES } from '../../../src/zero/exec/cutOffTools';
import { zeroEvent } from '../../support/builders';

const SESSION = 'zero_20261202020202_1796176922566606309_1';
const TURN_AT = Date.parse('2026-12-02T02:02:02Z') + 400;

let n = 0;
/** One line of events.jsonl as Zero writes it. */
function line(type: string, payload: unknown, createdAt = '2026-12-02T02:02:02Z'): string {
  n += 1;
  return JSON.stringify({ id: `${SESSION}:${n}`, sessionId: SESSION, sequence: n, type, createdAt, payload });
}
const call = (id: string, name = 'exec_command', at?: string) =>
  line('tool_call', { arguments: '{"cmd":"x"}', id, name }, at);
const result = (id: string, status: string, output: unknown = 'out', at?: string) =>
  line('tool_result', { meta: { exit_code: '0' }, name: 'exec_command', output, status, toolCallId: id }, at);

describe("Zero's record of a cut-off turn's tool calls", () => {
  let root: string;
  const write = (...lines: string[]) => {
    fs.mkdirSync(path.join(root, SESSION), { recursive: true });
    fs.writeFileSync(path.join(root, SESSION, 'events.jsonl'), lines.join('\n') + '\n');
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cut-tools-'));
    n = 0;
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('as Zero writes it: a result ok is finished, error is failed, a call without a result is unknown', async () => {
    write(
      line('message', { content: 'scenario:cut-tools', role: 'user' }),
      call('call_1', 'read_file'),
      result('call_1', 'ok', 'File: README.md'),
      call('call_2'),
      line('permission_decision', { toolCallId: 'call_2', action: 'allow' }),
      result('call_2', 'error', 'cut-failing\nexit 3'),
      call('call_3'),
    );
    const got = await recordedOutcomes(root, SESSION, ['call_1', 'call_2', 'call_3'], TURN_AT);
    assert.deepEqual(
      got.map((t) => [t.id, t.outcome, t.output ?? null]),
      [
        ['call_1', 'finished', 'File: README.md'],
        ['call_2', 'failed', 'cut-failing\nexit 3'],
        ['call_3', 'unknown', null],
      ],
    );
    assert.match(got[2]!.why, /records the call but no result/);
  });

  it('hostile lines are skipped, not trusted: not JSON, wrong types, a torn last line, a result before its call', async () => {
    write(
      'not json at all',
      JSON.stringify({ sequence: 'one', type: 'tool_result', payload: {} }),
      result('call_9', 'ok'), // before the call: not its result
      line('tool_call', { id: 42, name: 'x' }), // an id that is no string
      call('call_9'),
      line('tool_result', { toolCallId: 'call_9', status: 7 }), // a status that is no string
      '{"sequence": 99, "type": "tool_result", "payload": {"toolCallId": "call_9", "status": "ok"', // torn
    );
    const [got] = await recordedOutcomes(root, SESSION, ['call_9'], TURN_AT);
    assert.equal(got!.outcome, 'unknown');
    assert.match(got!.why, /no result/);
  });

  it('a status Zero may add later is unknown and named; a huge output is clamped and marked truncated', async () => {
    write(call('a'), result('a', 'partial\u202e', 'x'), call('b'), result('b', 'ok', 'y'.repeat(100_000)));
    const [a, b] = await recordedOutcomes(root, SESSION, ['a', 'b'], TURN_AT);
    assert.equal(a!.outcome, 'unknown');
    assert.equal(a!.why, 'Zero\'s session records the status "partial?".', 'no bidi override reaches the chat');
    assert.equal(b!.output!.length, 16 * 1024);
    assert.equal(b!.truncated, true);
  });

  it('a call of an earlier turn with the same id does not count (the turn started later)', async () => {
    write(
      call('call_1', 'exec_command', '2026-12-01T10:00:00Z'),
      result('call_1', 'ok', 'old', '2026-12-01T10:00:01Z'),
    );
    const [got] = await recordedOutcomes(root, SESSION, ['call_1'], TURN_AT);
    assert.equal(got!.outcome, 'unknown');
    assert.match(got!.why, /no record of this call/);
  });

  it('reads only the tail of a big store: bounded, and what lies before it is said to be out of reach', async () => {
    const pad = line('message', { content: 'p'.repeat(1000), role: 'assistant' });
    const head = Array.from({ length: Math.ceil((TAIL_BYTES + 1_000_000) / pad.length) }, () => pad);
    write(call('early'), result('early', 'ok'), ...head, call('late'), result('late', 'error', 'nope'));
    const size = fs.statSync(path.join(root, SESSION, 'events.jsonl')).size;
    assert.ok(size > TAIL_BYTES + 1_000_000);
    const tail = await readTail(path.join(root, SESSION, 'events.jsonl'), TAIL_BYTES);
    assert.equal(tail.cut, true);
    assert.ok(tail.events.length < head.length, 'the head was not read');
    const [early, late] = await recordedOutcomes(root, SESSION, ['early', 'late'], TURN_AT);
    assert.equal(late!.outcome, 'failed');
    assert.equal(early!.outcome, 'unknown');
    assert.match(early!.why, /no record of this call in the last 4 MB of it/);
  });

  it('no store, or a session id that would name another folder: unknown, and nothing outside is read', async () => {
    const [missing] = await recordedOutcomes(root, SESSION, ['a'], TURN_AT);
    assert.match(missing!.why, /record was not found/);
    fs.writeFileSync(path.join(root, 'events.jsonl'), call('a') + '\n' + result('a', 'ok') + '\n');
    const [escaped] = await recordedOutcomes(path.join(root, 'sub'), '..', ['a'], TURN_AT);
    assert.equal(escaped!.outcome, 'unknown');
    assert.match(escaped!.why, /could not be read \(invalid session id/);
  });

  it('asks only about the calls the turn left open, and answers with the action the reducer applies', async () => {
    write(call('done'), result('done', 'ok'), call('open'), result('open', 'ok', 'came late'));
    const chat = [
      { type: 'turn_started', turnId: 't1', prompt: 'p', origin: 'prompt', at: TURN_AT } as ChatAction,
      zeroEvent({ type: 'run_start', sessionId: SESSION }),
      zeroEvent({ type: 'tool_call', id: 'done', name: 'exec_command', args: {} }),
      zeroEvent({ type: 'tool_result', id: 'done', name: 'exec_command', status: 'ok', output: 'seen' }),
      zeroEvent({ type: 'tool_call', id: 'open', name: 'exec_command', args: {} }),
      { type: 'run_cut_off', at: TURN_AT + 5, cause: 'host-stopped' } as ChatAction,
    ].reduce(reduceChat, newChat('c', 0));
    const action = await readCutOffTools(root, SESSION, chat.turns[0]!);
    assert.deepEqual(action, {
      type: 'tools_recovered',
      turnId: 't1',
      tools: [
        {
          id: 'open',
          outcome: 'finished',
          why: "Zero's session records its result: it finished.",
          output: 'came late',
        },
      ],
    });
  });
});
