// A tool_call nested thousands of levels deep (Zero's writer allows 10,000): nothing that walks
// event data may throw (decode, reducer, save, markdown export, the view's JSON).
import { strict as assert } from 'node:assert';
import { chatToMarkdown } from '../../../src/conversation/export/chatMarkdown';
import { actionFromDecoded } from '../../../src/conversation/actions';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import { decodeLine } from '../../../src/protocol/decode';
import { clampDepth, deeperThan, MAX_JSON_DEPTH, safeStringify, TOO_DEEP_MARKER } from '../../../src/protocol/depth';
import { safeJson } from '../../../src/webview/transcript/format';

const R = '"runId":"run_1","schemaVersion":2';
const deepJson = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const deepValue = (depth: number): unknown => JSON.parse(deepJson(depth));

describe('deep nesting', () => {
  it('JSON.stringify really throws on 10,000 levels (what the rest guards against)', () => {
    assert.throws(() => JSON.stringify(deepValue(10_000)), RangeError);
  });

  it('clampDepth keeps shallow values as they are and cuts deep ones at the limit', () => {
    const shallow = { a: [1, { b: 'x' }] };
    assert.equal(clampDepth(shallow), shallow, 'no copy when shallow');
    const clamped = clampDepth(deepValue(10_000)) as Record<string, unknown>;
    assert.equal(deeperThan(clamped), false);
    let node: unknown = clamped;
    let depth = 0;
    while (typeof node === 'object' && node !== null) {
      node = (node as Record<string, unknown>).a;
      depth++;
    }
    assert.equal(depth, MAX_JSON_DEPTH);
    assert.equal(node, TOO_DEEP_MARKER);
    assert.doesNotThrow(() => JSON.stringify(clamped));
  });

  it('clampDepth copies arrays as arrays and keeps an own "__proto__" key as data', () => {
    const v = JSON.parse(`{"__proto__":{"polluted":true},"list":${'['.repeat(100)}1${']'.repeat(100)}}`) as Record<
      string,
      unknown
    >;
    const c = clampDepth(v) as Record<string, unknown>;
    assert.ok(Array.isArray(c.list));
    assert.equal(Object.getPrototypeOf(c), Object.prototype);
    assert.ok(Object.hasOwn(c, '__proto__'));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('safeStringify never throws', () => {
    assert.match(safeStringify(deepValue(10_000)), /nested deeper than/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.match(safeStringify(cyclic), /nested deeper than/, 'a cycle is cut like deep nesting');
    assert.equal(safeStringify({ a: 1 }, 2), '{\n  "a": 1\n}');
  });

  it('the decoder clamps a 10,000-deep tool_call, and the turn, its save, export and view text all work', () => {
    const line = `{"args":${deepJson(10_000)},"id":"call_1","name":"write_json",${R},"sideEffect":"none","type":"tool_call"}`;
    const decoded = decodeLine(line, 3);
    assert.equal(decoded.kind, 'event');
    let chat = reduceChat(newChat('c', 0), { type: 'turn_started', turnId: 't', prompt: 'p', origin: 'prompt', at: 0 });
    chat = reduceChat(chat, actionFromDecoded(decoded));
    chat = reduceChat(
      chat,
      actionFromDecoded(
        decodeLine(`{"id":"call_1","name":"write_json","output":"done",${R},"status":"ok","type":"tool_result"}`, 4),
      ),
    );
    const tool = chat.turns[0]!.items[0]!;
    assert.equal(tool.kind, 'tool');
    assert.doesNotThrow(() => JSON.stringify(chat), 'save and postMessage serialise the chat');
    assert.doesNotThrow(() => JSON.stringify(actionFromDecoded(decoded)), 'the action posted to the view');
    const md = chatToMarkdown(chat);
    assert.match(md, /### Tool `write_json` · none — ok/);
    assert.match(md, /nested deeper than 64 levels/);
    assert.match(safeJson(tool.kind === 'tool' ? tool.args : null), /nested deeper than 64 levels/);
  });

  it('an unknown event type with a deep field is clamped too (its raw object reaches the view)', () => {
    const decoded = decodeLine(`{"extra":${deepJson(10_000)},${R},"type":"brand_new"}`, 1);
    assert.equal(decoded.kind, 'unknown');
    assert.doesNotThrow(() => JSON.stringify(decoded));
  });

  it('markdown export and the view JSON of an unclamped deep value (a bug elsewhere) still do not throw', () => {
    let chat = reduceChat(newChat('c', 0), { type: 'turn_started', turnId: 't', prompt: 'p', origin: 'prompt', at: 0 });
    chat = reduceChat(chat, {
      type: 'event',
      line: 1,
      event: { type: 'tool_call', schemaVersion: 2, runId: 'r', name: 'x', args: deepValue(10_000) },
    });
    assert.match(chatToMarkdown(chat), /nested deeper than/);
    assert.match(safeJson(deepValue(10_000)), /nested deeper than/);
  });
});
