import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { JsonlFramer, type FramedLine } from '../../../src/protocol/framer';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Frames `bytes` cut at the given offsets, then ends the stream. */
function frame(bytes: Uint8Array, cuts: number[] = [], maxLineBytes?: number): FramedLine[] {
  const framer = new JsonlFramer(maxLineBytes === undefined ? {} : { maxLineBytes });
  const out: FramedLine[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    out.push(...framer.push(bytes.subarray(from, cut)));
    from = cut;
  }
  return [...out, ...framer.end()];
}

const lines = (...pairs: [number, string][]): FramedLine[] =>
  pairs.map(([line, text]) => ({ kind: 'line', line, text }));

describe('JsonlFramer', () => {
  it('splits on LF and numbers lines from 1', () => {
    assert.deepEqual(frame(utf8('{"a":1}\n{"b":2}\n')), lines([1, '{"a":1}'], [2, '{"b":2}']));
  });

  it('skips empty and whitespace-only lines but counts them', () => {
    assert.deepEqual(frame(utf8('\n{"a":1}\n   \n\t\r\n\r\n{"b":2}\n\n')), lines([2, '{"a":1}'], [6, '{"b":2}']));
  });

  it('strips one trailing CR (CRLF), and only one', () => {
    assert.deepEqual(frame(utf8('a\r\nb\r\r\nc\n')), lines([1, 'a'], [2, 'b\r'], [3, 'c']));
  });

  it('keeps a CRLF whose CR and LF arrive in different chunks', () => {
    assert.deepEqual(frame(utf8('ab\r\ncd'), [3]), lines([1, 'ab'], [2, 'cd']));
  });

  it('frames a last line without a LF at end()', () => {
    const framer = new JsonlFramer();
    assert.deepEqual(framer.push(utf8('{"a":1}\n{"b"')), lines([1, '{"a":1}']));
    assert.deepEqual(framer.push(utf8(':2}')), []);
    assert.deepEqual(framer.end(), lines([2, '{"b":2}']));
  });

  it('end() frames nothing when the stream ended with a LF, or was empty', () => {
    const framer = new JsonlFramer();
    framer.push(utf8('x\n'));
    assert.deepEqual(framer.end(), []);
    assert.deepEqual(new JsonlFramer().end(), []);
    assert.deepEqual(frame(utf8('x\n  ')), lines([1, 'x']));
  });

  it('decodes multi-byte characters cut anywhere between chunks', () => {
    const text = 'é 日本 🚀 👩‍👩‍👧 \u2028 end';
    const bytes = utf8(`${text}\n${text}`);
    for (let cut = 1; cut < bytes.length; cut++) {
      assert.deepEqual(frame(bytes, [cut]), lines([1, text], [2, text]), `cut at ${cut}`);
    }
    // Every byte on its own.
    assert.deepEqual(frame(bytes, [...bytes.keys()].slice(1)), lines([1, text], [2, text]));
  });

  it('replaces invalid UTF-8 instead of throwing', () => {
    const bytes = new Uint8Array([0x61, 0xff, 0x62, 0x0a, 0xe6, 0x97, 0x0a, 0x63]);
    assert.deepEqual(frame(bytes), lines([1, 'a\ufffdb'], [2, '\ufffd'], [3, 'c']));
    assert.deepEqual(frame(bytes, [1, 2, 3, 4, 5, 6, 7]), frame(bytes));
  });

  it('keeps a byte-order mark wherever the chunks were cut', () => {
    const bytes = utf8('\ufeff{"a":1}\n\ufeffx\n');
    assert.deepEqual(frame(bytes), lines([1, '\ufeff{"a":1}'], [2, '\ufeffx']));
    assert.deepEqual(frame(bytes, [11]), frame(bytes));
  });

  it('frames a 20 MB line sent in 64 KiB chunks, and in one piece', () => {
    const big = `{"args":{"content":"${'x'.repeat(20 * 1024 * 1024)}"}}`;
    const bytes = utf8(`{"a":1}\n${big}\n{"b":2}\n`);
    const cuts: number[] = [];
    for (let at = 65536; at < bytes.length; at += 65536) cuts.push(at);
    const expected = lines([1, '{"a":1}'], [2, big], [3, '{"b":2}']);
    const chunked = frame(bytes, cuts);
    assert.equal(chunked.length, 3);
    assert.ok(chunked[1]!.kind === 'line' && chunked[1]!.text === big);
    assert.deepEqual(chunked, expected);
    assert.deepEqual(frame(bytes), expected);
  });

  it('joins a long line sent in a mix of tiny and large chunks', () => {
    // Tiny slices are copied together, large ones kept by reference: both must join in order.
    const long = Array.from({ length: 5000 }, (_, i) => `${i}:é🚀`).join(' ');
    const bytes = utf8(`a\n${long}\n${long}\r\nb`);
    let seed = 11;
    const cuts: number[] = [];
    for (let at = 0; ;) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      at += seed % 5 === 0 ? 3000 + (seed % 6000) : 1 + (seed % 9);
      if (at >= bytes.length) break;
      cuts.push(at);
    }
    assert.ok(utf8(long).length > 40_000);
    assert.deepEqual(frame(bytes, cuts), lines([1, 'a'], [2, long], [3, long], [4, 'b']));
    assert.deepEqual(
      frame(bytes, cuts, 1000).map((l) => l.kind),
      ['line', 'overflow', 'overflow', 'line'],
    );
  });

  describe('maxLineBytes', () => {
    it('keeps a line of exactly the cap and replaces a longer one by an overflow item', () => {
      const bytes = utf8(`${'a'.repeat(10)}\n${'b'.repeat(11)}\nok\n`);
      const expected: FramedLine[] = [
        { kind: 'line', line: 1, text: 'a'.repeat(10) },
        { kind: 'overflow', line: 2, excerpt: 'b'.repeat(11), bytes: 11 },
        { kind: 'line', line: 3, text: 'ok' },
      ];
      assert.deepEqual(frame(bytes, [], 10), expected);
      for (let cut = 1; cut < bytes.length; cut++) assert.deepEqual(frame(bytes, [cut], 10), expected, `cut at ${cut}`);
    });

    it('counts the whole of a skipped line across chunks, and ends one at EOF', () => {
      const long = `{"delta":"${'é'.repeat(3000)}"}`;
      const bytes = utf8(`x\n${long}\ny\n${long}`);
      const size = utf8(long).length;
      const expected: FramedLine[] = [
        { kind: 'line', line: 1, text: 'x' },
        { kind: 'overflow', line: 2, excerpt: `${long.slice(0, 119)}…`, bytes: size },
        { kind: 'line', line: 3, text: 'y' },
        { kind: 'overflow', line: 4, excerpt: `${long.slice(0, 119)}…`, bytes: size },
      ];
      assert.deepEqual(frame(bytes, [], 1000), expected);
      assert.deepEqual(frame(bytes, [1, 2, 3, 100, 1001, 4000, 6003, 6004, 6005, 6006], 1000), expected);
    });

    it('discards the rest of an over-long line instead of buffering it', () => {
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      const framer = new JsonlFramer({ maxLineBytes: 4 * 1024 * 1024 });
      const MiB = 1024 * 1024;
      gc();
      const before = process.memoryUsage().arrayBuffers;
      let peak = 0;
      assert.deepEqual(framer.push(utf8('{"a":1}\n{"delta":"')), [{ kind: 'line', line: 1, text: '{"a":1}' }]);
      // 128 MiB of fresh chunks, as a child's stdout delivers them.
      for (let i = 0; i < 128; i++) {
        assert.deepEqual(framer.push(new Uint8Array(MiB).fill(0x78)), []);
        if (i % 16 === 15) {
          gc();
          peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
        }
      }
      // Kept, they would show as ~128 MiB; freed buffers can lag a collection, hence the slack.
      assert.ok(peak < 40 * MiB, `array buffers grew by ${(peak / MiB).toFixed(1)} MiB`);
      const out = framer.push(utf8('"}\n{"b":2}\n'));
      assert.deepEqual(out, [
        { kind: 'overflow', line: 2, excerpt: `{"delta":"${'x'.repeat(109)}…`, bytes: 10 + 128 * MiB + 2 },
        { kind: 'line', line: 3, text: '{"b":2}' },
      ]);
    });
  });
});
