import assert from 'node:assert/strict';
import { decodeLine, excerptOf } from '../../../src/protocol/decode';
import { clampDepth } from '../../../src/protocol/depth';
import { finiteNumbers } from '../../../src/protocol/numbers';
import type { Decoded } from '../../../src/protocol/decoded';
import { ReasoningSchema, TextSchema, type ZeroEvent } from '../../../src/protocol/events';

// Real-shaped lines (docs/zero-exec.md §2–3): keys sorted as Go writes them, no whitespace.
const R = '"runId":"run_20260701141533_71d2aa","schemaVersion":2';
const LINES = {
  run_start: `{"apiModel":"gpt-4.1","cwd":"/home/dev/acme-app","model":"gpt-4.1","provider":"openai",${R},"sessionId":"zero_20260701141533_1782915333020551766_1","type":"run_start"}`,
  warning: `{"message":"Unsafe permissions are active for this run because --skip-permissions-unsafe was passed.",${R},"type":"warning"}`,
  text: `{"delta":"I'll open the README.",${R},"type":"text"}`,
  reasoning: `{"delta":"\\n[connection lost — reconnecting 1/3…]\\n",${R},"type":"reasoning"}`,
  tool_call: `{"args":{"path":"README.md"},"id":"call_1","name":"read_file",${R},"sideEffect":"read","type":"tool_call"}`,
  checkpoint: `{"checkpoint":{"files":["src/a.ts"],"sequence":5,"tool":"write_file"},${R},"type":"checkpoint"}`,
  permission_request: `{"action":"prompt","autonomy":"low","id":"call_3","name":"bash","permission":"prompt","permissionGranted":false,"permissionMode":"auto","reason":"network access requires approval","risk":{"categories":["network"],"level":"critical"},${R},"sessionId":"zero_1","sideEffect":"shell","type":"permission_request"}`,
  permission_decision: `{"action":"deny","block":{"action":"deny","code":"network","reason":"network access is blocked","recoverable":false,"risk":{"level":"critical"},"toolName":"bash"},"id":"call_4","name":"bash","permission":"prompt","permissionGranted":true,"permissionMode":"unsafe","risk":{"level":"critical"},${R},"sessionId":"zero_1","sideEffect":"shell","type":"permission_decision"}`,
  permission: `{"action":"cancel","name":"bash","permissionGranted":false,"risk":{"level":""},${R},"type":"permission"}`,
  tool_result: `{"changedFiles":["src/a.ts"],"display":{"kind":"file","summary":"Read README.md"},"id":"call_1","meta":{"emitted_bytes":"120","file_version":"v1"},"name":"read_file","output":"# Acme \\u003capp\\u003e \\u0026 co","redacted":true,${R},"status":"ok","truncated":false,"type":"tool_result"}`,
  usage: `{"completionTokens":8,"promptTokens":12,${R},"totalTokens":20,"type":"usage"}`,
  final: `{${R},"text":"Done.","type":"final"}`,
  error: `{"code":"provider_error","message":"upstream 500","recoverable":false,${R},"type":"error"}`,
  run_end: `{"exitCode":0,${R},"status":"success","type":"run_end"}`,
  restore: `{${R},"type":"restore"}`,
} as const;

function event(text: string): ZeroEvent {
  const decoded = decodeLine(text, 7);
  assert.equal(decoded.kind, 'event', JSON.stringify(decoded));
  assert.equal(decoded.line, 7);
  return decoded.event;
}

function reason(text: string): string {
  const decoded = decodeLine(text, 3);
  if (decoded.kind !== 'problem') assert.fail(`expected a problem, got ${JSON.stringify(decoded)}`);
  assert.equal(decoded.problem.line, 3);
  return decoded.problem.reason;
}

describe('decodeLine', () => {
  describe('every event type of docs/zero-exec.md §3', () => {
    for (const [type, line] of Object.entries(LINES)) {
      it(`decodes ${type} to the parsed object`, () => {
        const decoded = event(line);
        assert.equal(decoded.type, type);
        assert.deepEqual(decoded, JSON.parse(line));
      });
    }
  });

  it('turns Go’s \\u003c \\u003e \\u0026 escapes back into < > &', () => {
    const e = event(LINES.tool_result);
    assert.equal(e.type === 'tool_result' && e.output, '# Acme <app> & co');
  });

  it('keeps U+2028 and U+2029, escaped or raw', () => {
    assert.deepEqual(event(`{"delta":"a\\u2028b\\u2029c",${R},"type":"text"}`), {
      delta: 'a\u2028b\u2029c',
      runId: 'run_20260701141533_71d2aa',
      schemaVersion: 2,
      type: 'text',
    });
    assert.equal((event(`{"delta":"a\u2028b",${R},"type":"text"}`) as { delta: string }).delta, 'a\u2028b');
  });

  describe('missing optional fields', () => {
    it('text and reasoning without delta (empty provider chunk)', () => {
      assert.equal(event(`{${R},"type":"text"}`).type, 'text');
      assert.equal('delta' in event(`{${R},"type":"reasoning"}`), false);
    });
    it('tool_call without id and args', () => {
      assert.deepEqual(event(`{"name":"list_tools",${R},"sideEffect":"none","type":"tool_call"}`), {
        name: 'list_tools',
        runId: 'run_20260701141533_71d2aa',
        schemaVersion: 2,
        sideEffect: 'none',
        type: 'tool_call',
      });
    });
    it('final without text, error with only recoverable, tool_result without output', () => {
      assert.equal(event(`{${R},"type":"final"}`).type, 'final');
      assert.equal(event(`{"recoverable":false,${R},"type":"error"}`).type, 'error');
      assert.equal(
        event(`{"id":"c","name":"bash",${R},"status":"error","truncated":false,"type":"tool_result"}`).type,
        'tool_result',
      );
    });
    it('run_start without sessionId (--list-tools)', () => {
      assert.equal(event(`{"cwd":"/r",${R},"type":"run_start"}`).type, 'run_start');
    });
  });

  it('accepts string-valued args (the model sent invalid JSON)', () => {
    const e = event(`{"args":"{not json","id":"call_9","name":"bash",${R},"sideEffect":"shell","type":"tool_call"}`);
    assert.equal(e.type === 'tool_call' && e.args, '{not json');
  });

  it('accepts risk.level "" and keeps permissionGranted false', () => {
    const e = event(LINES.permission);
    assert.ok(e.type === 'permission');
    assert.equal(e.risk?.level, '');
    assert.equal(e.permissionGranted, false);
    const r = event(LINES.permission_request);
    assert.equal(r.type === 'permission_request' && r.permissionGranted, false);
  });

  describe('schema 1', () => {
    const violation =
      '"violation":{"code":"network","reason":"network access is blocked by sandbox policy","recoverable":false,"toolName":"bash"}';
    it('surfaces violation as block on permission events', () => {
      const e = event(
        `{"action":"deny","name":"bash","permissionGranted":false,"risk":{"level":"high"},"runId":"r1","schemaVersion":1,"type":"permission_decision",${violation}}`,
      );
      assert.ok(e.type === 'permission_decision');
      assert.equal(e.schemaVersion, 1);
      assert.deepEqual(e.block, {
        code: 'network',
        reason: 'network access is blocked by sandbox policy',
        recoverable: false,
        toolName: 'bash',
      });
      assert.deepEqual(e.violation, e.block);
    });
    it('surfaces violation as block on tool_result', () => {
      const e = event(
        `{"id":"c","name":"bash","output":"Sandbox violation [network] for bash","runId":"r1","schemaVersion":1,"status":"error","truncated":false,"type":"tool_result",${violation}}`,
      );
      assert.equal(e.type === 'tool_result' && e.block?.code, 'network');
    });
    it('leaves an existing block alone', () => {
      const e = event(
        `{"action":"deny","block":{"code":"denied"},"name":"bash","runId":"r1","schemaVersion":1,"type":"permission_decision",${violation}}`,
      );
      assert.equal(e.type === 'permission_decision' && e.block?.code, 'denied');
    });
  });

  it('keeps unknown fields on the parsed event, at any depth', () => {
    const e = event(
      `{"action":"prompt","future":{"x":[1]},"name":"bash","risk":{"level":"low","score":0.2},${R},"type":"permission_request"}`,
    );
    assert.deepEqual((e as Record<string, unknown>).future, { x: [1] });
    assert.equal((e as { risk: Record<string, unknown> }).risk.score, 0.2);
    assert.equal((event(`{"delta":"x","index":4,${R},"type":"text"}`) as Record<string, unknown>).index, 4);
  });

  it('keeps an unknown event type as unknown, with its fields', () => {
    const line = `{"plan":["a","b"],${R},"type":"plan_update"}`;
    assert.deepEqual(decodeLine(line, 12), {
      kind: 'unknown',
      unknown: { line: 12, type: 'plan_update', raw: JSON.parse(line) },
    });
    // A future schema on an unknown type is still just unknown.
    assert.equal(decodeLine('{"schemaVersion":3,"type":"novel"}', 1).kind, 'unknown');
  });

  describe('problems', () => {
    it('names the field, the expected type and what came', () => {
      assert.equal(
        reason(`{"id":"c",${R},"status":7,"truncated":false,"type":"tool_result"}`),
        'tool_result.status: expected string, got number',
      );
      assert.equal(
        reason(`{"exitCode":"0",${R},"status":"success","type":"run_end"}`),
        'run_end.exitCode: expected number, got string',
      );
      assert.equal(
        reason(`{"changedFiles":["a",null],${R},"status":"ok","type":"tool_result"}`),
        'tool_result.changedFiles[1]: expected string, got null',
      );
      assert.equal(
        reason(`{"checkpoint":{"sequence":"5"},${R},"type":"checkpoint"}`),
        'checkpoint.checkpoint.sequence: expected number, got string',
      );
      assert.equal(
        reason(`{"meta":["x"],${R},"status":"ok","type":"tool_result"}`),
        'tool_result.meta: expected object, got array',
      );
      assert.equal(reason(`{"delta":5,${R},"type":"text"}`), 'text.delta: expected string, got number');
      assert.equal(
        reason(`{"delta":"x","schemaVersion":2,"type":"reasoning"}`),
        'reasoning.runId: missing (expected string)',
      );
      assert.equal(reason(`{${R},"status":"success","type":"run_end"}`), 'run_end.exitCode: missing (expected number)');
    });

    it('reports text that is not JSON with the parser’s message', () => {
      assert.match(reason('zero: ignoring project hooks in an untrusted workspace.'), /^not valid JSON: .+/);
      assert.match(reason(`{"delta":"x",${R},"type":"text"`), /^not valid JSON: /);
    });

    it('reports JSON that is not an object', () => {
      for (const text of ['[1,2]', '"text"', '42', 'null', 'true']) assert.match(reason(text), /^not a JSON object/);
    });

    it('reports a missing or non-string type', () => {
      assert.equal(reason(`{${R}}`), 'no "type" field');
      assert.equal(reason(`{${R},"type":5}`), 'type: expected string, got number');
    });

    it('reports schema versions other than 1 and 2', () => {
      assert.equal(reason('{"delta":"x","runId":"r","schemaVersion":3,"type":"text"}'), 'unsupported schemaVersion 3');
      assert.equal(
        reason('{"delta":"x","runId":"r","schemaVersion":"2","type":"text"}'),
        'unsupported schemaVersion "2"',
      );
      assert.equal(reason('{"delta":"x","runId":"r","type":"text"}'), 'no "schemaVersion" field');
    });

    it('gives an excerpt of at most 120 characters, with an ellipsis', () => {
      const long = `not json ${'x'.repeat(500)}`;
      const decoded = decodeLine(long, 1);
      assert.ok(decoded.kind === 'problem');
      assert.equal(decoded.problem.excerpt.length, 120);
      assert.ok(decoded.problem.excerpt.endsWith('…'));
      assert.ok(long.startsWith(decoded.problem.excerpt.slice(0, -1)));
      const short = decodeLine('nope', 1);
      assert.equal(short.kind === 'problem' && short.problem.excerpt, 'nope');
    });
  });

  it('excerptOf never splits a surrogate pair', () => {
    const text = `${'a'.repeat(118)}😀😀😀`;
    const excerpt = excerptOf(text);
    assert.equal(excerpt, `${'a'.repeat(118)}…`);
    assert.equal(excerptOf('b'.repeat(120)), 'b'.repeat(120));
  });

  describe('fast path for text and reasoning', () => {
    // Whatever the shortcut does, it must equal what zod alone would give.
    const variants = [
      `{"delta":"hi",${R},"type":"text"}`,
      `{${R},"type":"text"}`,
      `{"delta":"",${R},"type":"reasoning"}`,
      `{"delta":"x","extra":{"a":1},${R},"type":"reasoning"}`,
      '{"delta":"x","runId":"r","schemaVersion":1,"type":"text"}',
      `{"delta":null,${R},"type":"text"}`,
      `{"delta":["x"],${R},"type":"reasoning"}`,
      '{"delta":"x","runId":5,"schemaVersion":2,"type":"text"}',
      '{"delta":"x","schemaVersion":2,"type":"text"}',
      `{"__proto__":{"polluted":true},"delta":"x",${R},"type":"text"}`,
      // Fields Zero may add: plain ones, and ones the depth clamp and the finite numbers change.
      `{"delta":"x","done":false,"n":3,"note":null,${R},"type":"text"}`,
      `{"delta":"x","huge":1e400,${R},"type":"text"}`,
      `{"delta":"x","minusZero":-0,${R},"type":"reasoning"}`,
      `{"delta":"x","nested":${'{"a":'.repeat(100)}1${'}'.repeat(100)},${R},"type":"text"}`,
      `{"delta":"x","list":[1,2],${R},"type":"text"}`,
    ];
    for (const line of variants) {
      it(`matches the depth clamp, finite numbers and zod for ${line.slice(0, 60)}`, () => {
        const raw = JSON.parse(line) as { type: string };
        const schema = raw.type === 'text' ? TextSchema : ReasoningSchema;
        const viaZod = schema.safeParse(finiteNumbers(clampDepth(raw)));
        const decoded: Decoded = decodeLine(line, 1);
        if (viaZod.success) {
          assert.equal(decoded.kind, 'event');
          assert.deepStrictEqual(decoded.kind === 'event' && decoded.event, viaZod.data);
        } else {
          assert.equal(decoded.kind, 'problem');
        }
      });
    }
  });
});
