import assert from 'node:assert/strict';
import type { Decoded } from '../../../src/protocol/decoded';
import { ZeroEventReader, formatSize } from '../../../src/protocol/eventStream';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const R = '"runId":"run_20260701141533_71d2aa","schemaVersion":2';

/** Reads `bytes` whole (one push), then ends. */
function readWhole(bytes: Uint8Array, maxLineBytes?: number): Decoded[] {
  const reader = new ZeroEventReader(maxLineBytes === undefined ? {} : { maxLineBytes });
  return [...reader.push(bytes), ...reader.end()];
}

/** Reads `bytes` in chunks whose sizes come from `size()`, then ends. */
function readChunked(bytes: Uint8Array, size: () => number, maxLineBytes?: number): Decoded[] {
  const reader = new ZeroEventReader(maxLineBytes === undefined ? {} : { maxLineBytes });
  const out: Decoded[] = [];
  for (let at = 0; at < bytes.length;) {
    const end = Math.min(bytes.length, at + size());
    out.push(...reader.push(bytes.subarray(at, end)));
    at = end;
  }
  return [...out, ...reader.end()];
}

/** mulberry32: small, seeded, good enough to pick chunk sizes. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const summary = (decoded: Decoded[]): string[] =>
  decoded.map((d) =>
    d.kind === 'event'
      ? `${d.line}:${d.event.type}`
      : d.kind === 'unknown'
        ? `${d.unknown.line}:?${d.unknown.type}`
        : `${d.problem.line}:!${d.problem.reason}`,
  );

const NORMAL_RUN = [
  `{"apiModel":"gpt-4.1","cwd":"/home/dev/acme-app","model":"gpt-4.1","provider":"openai",${R},"sessionId":"zero_1","type":"run_start"}`,
  `{"delta":"Let me look",${R},"type":"reasoning"}`,
  `{"delta":"I'll open the README \\u003cnow\\u003e.",${R},"type":"text"}`,
  `{"completionTokens":8,"promptTokens":12,${R},"totalTokens":20,"type":"usage"}`,
  `{"args":{"path":"README.md"},"id":"call_1","name":"read_file",${R},"sideEffect":"read","type":"tool_call"}`,
  `{"id":"call_1","name":"read_file","output":"# Acme 🚀\\n","${'meta'}":{"emitted_bytes":"9"},${R},"status":"ok","truncated":false,"type":"tool_result"}`,
  `{"action":"prompt","id":"call_2","name":"bash","permission":"prompt","permissionGranted":false,"permissionMode":"auto","risk":{"level":""},${R},"sessionId":"zero_1","sideEffect":"shell","type":"permission_request"}`,
  `{${R},"text":"Done: café, 日本語, a\u2028b.","type":"final"}`,
  `{"exitCode":0,${R},"status":"success","type":"run_end"}`,
];

describe('ZeroEventReader', () => {
  it('decodes a normal run', () => {
    assert.deepEqual(summary(readWhole(utf8(`${NORMAL_RUN.join('\n')}\n`))), [
      '1:run_start',
      '2:reasoning',
      '3:text',
      '4:usage',
      '5:tool_call',
      '6:tool_result',
      '7:permission_request',
      '8:final',
      '9:run_end',
    ]);
  });

  it('keeps going after a line that is not JSON, with the right line numbers', () => {
    const text = [
      NORMAL_RUN[0],
      'zero: ignoring project hooks/plugins/MCP servers in an untrusted workspace.',
      NORMAL_RUN[2],
      '',
      NORMAL_RUN[8],
    ].join('\n');
    const decoded = readWhole(utf8(text));
    assert.deepEqual(
      summary(decoded).map((s) => s.replace(/!not valid JSON: .*/, '!not valid JSON')),
      ['1:run_start', '2:!not valid JSON', '3:text', '5:run_end'],
    );
    const problem = decoded[1]!;
    assert.ok(problem.kind === 'problem');
    assert.equal(
      problem.problem.excerpt,
      'zero: ignoring project hooks/plugins/MCP servers in an untrusted workspace.',
    );
  });

  it('keeps unknown event types and fields, and reports wrong field types', () => {
    const text = [
      `{"future":1,${R},"type":"plan_update"}`,
      `{"exitCode":"0",${R},"status":"success","type":"run_end"}`,
      `{"delta":"x","extra":true,${R},"type":"text"}`,
    ].join('\r\n');
    const decoded = readWhole(utf8(`${text}\r\n`));
    assert.deepEqual(summary(decoded), [
      '1:?plan_update',
      '2:!run_end.exitCode: expected number, got string',
      '3:text',
    ]);
    assert.equal(decoded[2]!.kind === 'event' && (decoded[2]!.event as Record<string, unknown>).extra, true);
  });

  it('decodes a 20 MB line (a write_file body in args) fed in 64 KiB chunks', () => {
    const body = 'const x = "é";\n'.repeat(1_400_000);
    const big = JSON.stringify({
      args: { content: body, path: 'src/big.ts' },
      id: 'call_9',
      name: 'write_file',
      runId: 'r',
      schemaVersion: 2,
      sideEffect: 'write',
      type: 'tool_call',
    });
    const bytes = utf8(`${NORMAL_RUN[1]}\n${big}\n${NORMAL_RUN[8]}\n`);
    assert.ok(bytes.length > 20e6);
    const decoded = readChunked(bytes, () => 65536);
    assert.deepEqual(summary(decoded), ['1:reasoning', '2:tool_call', '3:run_end']);
    const call = decoded[1]!;
    assert.ok(call.kind === 'event' && call.event.type === 'tool_call');
    assert.equal((call.event.args as { content: string }).content, body);
  });

  it('turns a line over the cap into a problem and reads on', () => {
    const long = `{"delta":"${'x'.repeat(2500)}",${R},"type":"text"}`;
    const decoded = readChunked(utf8(`${NORMAL_RUN[0]}\n${long}\n${NORMAL_RUN[8]}\n`), () => 100, 1024);
    assert.deepEqual(summary(decoded), [
      '1:run_start',
      '2:!line 2 is 2.5 KB, over the 1 KB limit; skipped',
      '3:run_end',
    ]);
    const problem = decoded[1]!;
    assert.ok(
      problem.kind === 'problem' &&
        problem.problem.excerpt.length === 120 &&
        problem.problem.excerpt.startsWith('{"delta":"xxx'),
    );
  });

  it('formats sizes in binary units', () => {
    assert.equal(formatSize(64 * 1024 * 1024), '64 MB');
    assert.equal(formatSize(73_619_000), '70.2 MB');
    assert.equal(formatSize(1536), '1.5 KB');
    assert.equal(formatSize(100), '100 bytes');
  });

  describe('property: chunking never changes the result', () => {
    const rand = prng(7);
    const deltas = Array.from(
      { length: 60 },
      (_, i) =>
        `{"delta":${JSON.stringify(`${i} ${['é', '日本', '🚀', '👩‍👩‍👧', '\u2028', 'plain', '"q"', '\\'][i % 8]} ${'w'.repeat(Math.floor(rand() * 40))}`)},${R},"type":"${i % 3 ? 'text' : 'reasoning'}"}`,
    );
    const transcripts: Record<string, { bytes: Uint8Array; cap?: number }> = {
      'a normal run, LF': { bytes: utf8(`${NORMAL_RUN.join('\n')}\n`) },
      'CRLF, blank lines, no final newline': { bytes: utf8(`\r\n${NORMAL_RUN.join('\r\n\r\n  \n')}`) },
      'many small deltas with emoji and escapes': { bytes: utf8(`${deltas.join('\n')}\n`) },
      'problems and unknown types mixed in': {
        bytes: utf8(
          [
            NORMAL_RUN[0],
            'not json',
            '[1]',
            `{"x":1,${R},"type":"novel"}`,
            `{"status":5,${R},"type":"tool_result"}`,
            '{"type":"text","schemaVersion":9,"runId":"r"}',
            ...deltas.slice(0, 10),
            NORMAL_RUN[8],
          ].join('\n'),
        ),
      },
      'invalid UTF-8 and a byte-order mark': {
        bytes: new Uint8Array([
          ...utf8(`\ufeff${NORMAL_RUN[0]}\n{"delta":"`),
          0xf0,
          0x9f,
          0x0a,
          0xc3,
          ...utf8(`",${R},"type":"text"}\n`),
          0xff,
          0xfe,
          0x0a,
          ...utf8(NORMAL_RUN[2]!),
        ]),
      },
      'lines over a small cap, one at EOF': {
        bytes: utf8(
          [
            NORMAL_RUN[0],
            `{"delta":"${'🚀'.repeat(200)}",${R},"type":"text"}`,
            NORMAL_RUN[1],
            `{"delta":"${'y'.repeat(900)}",${R},"type":"text"}`,
          ].join('\n'),
        ),
        cap: 512,
      },
    };

    for (const [name, { bytes, cap }] of Object.entries(transcripts)) {
      it(`${name}: random chunk sizes and 1-byte chunks equal reading whole`, () => {
        const whole = readWhole(bytes, cap);
        assert.ok(whole.length > 3);
        assert.deepStrictEqual(
          readChunked(bytes, () => 1, cap),
          whole,
          '1-byte chunks',
        );
        for (let seed = 1; seed <= 150; seed++) {
          const next = prng(seed);
          // Mostly small chunks (where boundaries fall inside characters), some large ones.
          const size = (): number => (next() < 0.8 ? 1 + Math.floor(next() * 8) : 1 + Math.floor(next() * 700));
          assert.deepStrictEqual(readChunked(bytes, size, cap), whole, `seed ${seed}`);
        }
      });
    }

    it('the transcripts cover events, unknown events and problems', () => {
      const kinds = new Set(
        Object.values(transcripts).flatMap(({ bytes, cap }) => readWhole(bytes, cap).map((d) => d.kind)),
      );
      assert.deepEqual([...kinds].sort(), ['event', 'problem', 'unknown']);
    });
  });
});
