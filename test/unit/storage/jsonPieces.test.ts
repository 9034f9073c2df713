/** JSON written a piece at a time (src/storage/jsonPieces.ts): the very text JSON.stringify gives, in bounded pieces. */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  jsonPieces,
  jsonText,
  PIECE_CHARS,
  reopened,
  writeJsonText,
  writeJsonTextSync,
} from '../../../src/storage/jsonPieces';
import { safeStringify } from '../../../src/protocol/depth';
import { useTempDir } from '../../support/tempDir';

const join = (pieces: Iterable<string>): string => [...pieces].join('');

/** A string whose surrogate pair straddles the slice boundary at `PIECE_CHARS`. */
const straddling = 'a'.repeat(PIECE_CHARS - 1) + '😀' + 'b'.repeat(10);

const values: [string, unknown][] = [
  ['primitives', [1, -0, 1.5e300, 'x', true, false, null]],
  [
    'an object with skipped values',
    { a: undefined, b: () => 1, c: Symbol('s'), d: 1, '10': 'ten', '2': 'two', 'quote"key': 'v' },
  ],
  ['an array with holes and skipped values', [undefined, () => 1, Symbol('s'), , 3]],
  ['empty containers', { a: {}, b: [], c: [[]], d: [{}] }],
  ['a long string', 'word '.repeat(PIECE_CHARS)],
  ['a pair across the slice boundary', straddling],
  ['a lone high surrogate at the boundary', 'a'.repeat(PIECE_CHARS - 1) + '\ud800' + 'b'.repeat(PIECE_CHARS)],
  ['a lone low surrogate after the boundary', 'a'.repeat(PIECE_CHARS) + '\udc00' + 'b'],
  ['control characters and escapes', `${'\u0000\n\t"\\\u2028'.repeat(PIECE_CHARS / 2)}`],
  ['toJSON and class instances, whole', { when: new Date(0), map: new Map([[1, 2]]), boxed: Object('s') as unknown }],
  [
    'nesting below the walk',
    { a: { b: { c: { d: { e: { f: { g: { h: ['deep', 'word '.repeat(PIECE_CHARS)] } } } } } } } },
  ],
  [
    'a chat-like shape',
    {
      id: 'c',
      turns: [
        {
          items: [
            { kind: 'text', text: 'é'.repeat(3 * PIECE_CHARS), closed: false },
            { kind: 'tool', args: { path: 'x' }, output: null },
          ],
        },
      ],
    },
  ],
];

describe('JSON in pieces', () => {
  for (const [what, value] of values) {
    it(`${what}: the pieces join into JSON.stringify's text`, () => {
      const expected = JSON.stringify(value);
      assert.equal(join(jsonPieces(value)), expected);
      const text = jsonText(value, '\n');
      assert.equal(join(text.pieces()), `${expected}\n`);
      assert.equal(text.length, expected.length + 1);
    });
  }

  it('no piece of a long string is longer than its slice escaped', () => {
    const longest = Math.max(...[...jsonPieces({ text: 'plain words '.repeat(PIECE_CHARS) })].map((p) => p.length));
    assert.ok(longest <= PIECE_CHARS + 2, `longest piece ${longest}`);
  });

  it("a value too deep for JSON.stringify is safeStringify's text (clamped), whole", () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    assert.throws(() => join(jsonPieces(deep)));
    const text = jsonText({ chat: deep });
    assert.equal(join(text.pieces()), safeStringify({ chat: deep }));
    assert.equal(text.length, safeStringify({ chat: deep }).length);
  });

  it('reopened: the object opens with the given head instead of its brace', () => {
    const text = reopened(jsonText({ tail: 1, chat: { a: 'x'.repeat(PIECE_CHARS * 2) } }), '{"logBytes":42,');
    const expected = `{"logBytes":42,${JSON.stringify({ tail: 1, chat: { a: 'x'.repeat(PIECE_CHARS * 2) } }).slice(1)}`;
    assert.equal(join(text.pieces()), expected);
    assert.equal(text.length, expected.length);
  });

  describe('written to a file', () => {
    const dir = useTempDir('zero-pieces-');
    // Bigger than the write buffer, multi-byte, and one string bigger than the buffer on its own.
    const value = { a: 'é😀 '.repeat(200_000), b: [1, 2, 3], c: 'x'.repeat(300_000), d: '漢'.repeat(100_000) };

    it('asynchronously: the file holds the UTF-8 of JSON.stringify, and the byte count is returned', async () => {
      const file = path.join(dir(), 'a.json');
      fs.writeFileSync(file, 'old content that is longer than nothing');
      const bytes = await writeJsonText(file, jsonText(value, '\n'));
      const expected = Buffer.from(`${JSON.stringify(value)}\n`);
      assert.ok(fs.readFileSync(file).equals(expected));
      assert.equal(bytes, expected.length);
    });

    it('synchronously: the same bytes', () => {
      const file = path.join(dir(), 's.json');
      const bytes = writeJsonTextSync(file, jsonText(value));
      const expected = Buffer.from(JSON.stringify(value));
      assert.ok(fs.readFileSync(file).equals(expected));
      assert.equal(bytes, expected.length);
    });
  });
});
