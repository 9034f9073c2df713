/**
 * The markdown block splitter (plain Node, no browser): rendering its blocks one by one gives the
 * same HTML as rendering the whole text, and streaming the text gives the same blocks.
 */
import { strict as assert } from 'node:assert';
import MarkdownIt from 'markdown-it';
import { MarkdownBlocks } from '../../src/webview/markdown/incremental';

const md = new MarkdownIt({ html: false, linkify: true });

const DOCS: Record<string, string> = {
  headings: '# One\n\nText.\n\n## Two\nMore text\n\n### Three\n',
  lists: '- a\n- b\n\n- loose c\n\n  continued c\n\n1. one\n2. two\n\n   para in two\n\n10) ten\n\nafter the list\n',
  fences:
    '```ts\nconst a = 1;\n\n\n# not heading\n```\nafter\n\n````md\n```\ninner\n```\n\nstill inside\n````\n\n~~~\nt\n\n~~~\ndone\n',
  indented: 'para\n\n    code\n\n    more code\n\nafter code\n',
  nestedFence: '- item\n\n  ```js\n  x()\n\n  y()\n  ```\n\nafter\n',
  quotes: '> a\n> b\n\n> c\n\nplain\n',
  table: '| a | b |\n|---|:-:|\n| 1 | 2 |\n\n| c |\n|---|\n| 3 |\n\ntext\n',
  setext: 'Title\n=====\n\nSub\n---\n\n---\n\n***\n\n* * *\n\ntext\n',
  noTrailingNewline: 'para one\n\npara two\n\nlast',
  unclosedFence: 'text\n\n```py\nprint(1)\n\nprint(2)\n',
  crlf: 'a\r\n\r\nb\r\n\r\n```\r\nx\r\n\r\ny\r\n```\r\n\r\nz\r\n',
};

/** `appended`: each update says what was appended (as the view does while streaming). */
function blocksOf(text: string, step: number, appended = false): string[] {
  const m = new MarkdownBlocks();
  let prev = 0;
  for (let i = step; i < text.length; i += step) {
    m.update(text.slice(0, i), appended ? text.slice(prev, i) : undefined);
    prev = i;
  }
  m.update(text, appended ? text.slice(prev) : undefined);
  return [...m.blocks(), m.tail];
}

describe('webview: markdown blocks for streaming', () => {
  for (const [name, doc] of Object.entries(DOCS)) {
    it(`${name}: blocks render like the whole document, streamed or not`, () => {
      const whole = blocksOf(doc, doc.length + 1);
      assert.equal(whole.join(''), doc, 'blocks cover the text');
      assert.equal(whole.map((b) => md.render(b)).join(''), md.render(doc));
      for (const step of [1, 2, 7]) assert.deepEqual(blocksOf(doc, step), whole, `streamed by ${step}`);
      for (const step of [1, 3, 11])
        assert.deepEqual(blocksOf(doc, step, true), whole, `streamed by ${step}, told what was appended`);
    });
  }

  it('cuts often enough that the tail stays small', () => {
    const doc = Array.from({ length: 50 }, (_, i) => `## S${i}\n\nText ${i}.\n\n\`\`\`\ncode ${i}\n\`\`\`\n`).join(
      '\n',
    );
    const m = new MarkdownBlocks();
    m.update(doc);
    assert.ok(m.blockCount >= 140, `${m.blockCount} blocks`);
    assert.ok(m.tail.length < 40);
  });

  it('starts over when the text is replaced rather than extended', () => {
    const m = new MarkdownBlocks();
    assert.equal(m.update('a\n\nb\n\nc'), true);
    assert.equal(m.update('a\n\nb\n\nc more'), true);
    assert.equal(m.update('a\n\nX\n\nc\n'), false);
    assert.deepEqual([...m.blocks(), m.tail], ['a\n\n', 'X\n\n', 'c\n']);
  });

  it('after a replacement, says how many leading blocks are exactly as before', () => {
    const m = new MarkdownBlocks();
    m.update('a\n\nb\n\nc\n\nd');
    assert.equal(m.update('a\n\nb\n\nX\n\nd'), false);
    assert.equal(m.unchangedBlocks, 2, 'a and b stand; c changed');
    assert.equal(m.update('a\n\nb!\n\nX\n\nd'), false);
    assert.equal(m.unchangedBlocks, 1, 'b grew by a character: same start, different end');
    assert.equal(m.update('Z'), false);
    assert.equal(m.unchangedBlocks, 0);
    assert.deepEqual(m.blocks(1, 2), [], 'no finished block');
    m.update('a\n\nb\n\nc\n\nd');
    assert.deepEqual(m.blocks(1, 2), ['b\n\n'], 'blocks(from, to) is a range');
  });

  it("told what was appended, gives each update's new blocks and tail as when reading the whole text", () => {
    const doc = Object.values(DOCS).join('\n\n');
    const told = new MarkdownBlocks();
    const read = new MarkdownBlocks();
    for (let i = 5, prev = 0; prev < doc.length; prev = i, i = Math.min(doc.length, i + 5 + (i % 13))) {
      const n = told.blockCount;
      told.update(doc.slice(0, i), doc.slice(prev, i));
      read.update(doc.slice(0, i));
      assert.deepEqual([told.blocks(n), told.tail], [read.blocks(n), read.tail], `at ${i}`);
      assert.deepEqual(told.blocks(), read.blocks(), `all blocks at ${i}`);
    }
  });

  it('cuts CRLF text too', () => {
    assert.deepEqual(blocksOf(DOCS.crlf!, 1000), [
      'a\r\n\r\n',
      'b\r\n\r\n',
      '```\r\nx\r\n\r\ny\r\n```\r\n\r\n',
      'z\r\n',
    ]);
  });
});
