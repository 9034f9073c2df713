// Where a fork from a turn cuts Zero's session (forkPoint.ts), and the raw fields a fork copies byte for
// byte (jsonFields.ts).
import * as assert from 'node:assert/strict';
import type { SessionEvent } from '../../../src/zero/sessions/checkpoints';
import { forkPoint } from '../../../src/zero/sessions/fork/forkPoint';
import { topLevelFields } from '../../../src/zero/sessions/fork/jsonFields';

const at = (s: number): string => new Date(Date.UTC(2026, 0, 1, 12, 0, s)).toISOString().replace(/\.\d{3}Z$/, 'Z');
const ms = (s: number, extra = 0): number => Date.UTC(2026, 0, 1, 12, 0, s) + extra;
let seq = 0;
const ev = (s: number, type: string, payload: unknown): SessionEvent => ({
  sequence: ++seq,
  type,
  createdAt: at(s),
  payload,
});
const user = (s: number, content: string) => ev(s, 'message', { role: 'user', content });
const answer = (s: number) => ev(s, 'message', { role: 'assistant', content: 'ok' });
const usage = (s: number) => ev(s, 'provider_usage', { totalTokens: 3 });
const turn = (prompt: string, from: number, to: number) => ({ prompt, startedAt: ms(from, 100), endedAt: ms(to, 900) });

describe('forkPoint', () => {
  beforeEach(() => (seq = 0));

  it("cuts before the next turn's own message: a turn's usage, tools and answer stay with it", () => {
    const events = [
      user(1, 'one'),
      usage(2),
      ev(2, 'tool_call', {}),
      ev(2, 'tool_result', {}),
      answer(2),
      user(4, 'two'),
      answer(5),
    ];
    assert.deepEqual(forkPoint(events, turn('one', 1, 2), turn('two', 4, 5)), { ok: true, keep: 5 });
  });

  it('the last turn: everything, or up to a later run started in a terminal', () => {
    const events = [user(1, 'one'), answer(2), user(4, 'two'), answer(5)];
    assert.deepEqual(forkPoint(events, turn('two', 4, 5), null), { ok: true, keep: 4 });
    const terminal = [...events, user(9, 'from the terminal'), answer(9)];
    assert.deepEqual(forkPoint(terminal, turn('two', 4, 5), null), { ok: true, keep: 4 });
  });

  it('the next turn left no message (Zero records best effort): the first user message after the turn', () => {
    const events = [user(1, 'one'), answer(2), user(6, 'three'), answer(6)];
    assert.deepEqual(forkPoint(events, turn('one', 1, 2), turn('two', 3, 4)), { ok: true, keep: 2 });
  });

  it('a turn in the same second as the next: the prompts tell them apart', () => {
    const events = [user(1, 'one'), answer(1), user(1, 'two'), answer(1)];
    assert.deepEqual(forkPoint(events, turn('one', 1, 1), turn('two', 1, 1)), { ok: true, keep: 2 });
  });

  it("a session rewound since (Undo of a later turn): the marker after the turn's run stays in the copy", () => {
    const events = [user(1, 'one'), answer(2), user(4, 'two'), ev(5, 'session_rewind', { targetSequence: 3 })];
    assert.deepEqual(forkPoint(events, turn('two', 4, 5), null), { ok: true, keep: 4 });
  });

  it('no record of the turn: cut at the next turn if Zero has it, else refuse with why', () => {
    const events = [user(1, 'one'), answer(2), user(6, 'three'), answer(6)];
    assert.deepEqual(forkPoint(events, turn('two', 3, 4), turn('three', 6, 6)), { ok: true, keep: 2 });
    const none = forkPoint(events, turn('two', 3, 4), null);
    assert.equal(none.ok, false);
    assert.match(none.ok ? '' : none.why, /holds no record of this turn/);
  });
});

describe('topLevelFields', () => {
  it('gives each top-level value as written, strings and nesting skipped whole', () => {
    const line =
      '{"id":"s:1","sequence":1,"type":"tool_result","payload":{"b":"}\\"{","0":[1,{"x":"]"}],"n":12345678901234567890,"h":"\\u003c/b\\u003e"}}';
    const f = topLevelFields(line)!;
    assert.deepEqual([...f.keys()], ['id', 'sequence', 'type', 'payload']);
    assert.equal(f.get('sequence'), '1');
    assert.equal(f.get('payload'), '{"b":"}\\"{","0":[1,{"x":"]"}],"n":12345678901234567890,"h":"\\u003c/b\\u003e"}');
    assert.equal(
      JSON.stringify(JSON.parse(f.get('payload')!)) === f.get('payload'),
      false,
      'a round trip would differ',
    );
  });

  it('an empty object, spaces, and lines that are not one object', () => {
    assert.deepEqual([...topLevelFields(' { } ')!.entries()], []);
    assert.deepEqual(
      [...topLevelFields('{ "a" : true , "b":null }')!.entries()],
      [
        ['a', 'true'],
        ['b', 'null'],
      ],
    );
    for (const bad of ['[1]', '{"a":1} x', '{"a":', '{"a":"x}', '"s"', '{"a":1,}'])
      assert.equal(topLevelFields(bad), null, bad);
  });
});
