import { strict as assert } from 'node:assert';
import {
  MAX_SELECTION_LINES,
  overlapping,
  selectionLabel,
  selectionPrompt,
  type SelectionContext,
} from '../../../src/conversation/prompts/selectionPrompt';

const sel = (s: Partial<SelectionContext> = {}): SelectionContext => ({
  path: 'src/parser.ts',
  languageId: 'typescript',
  startLine: 10,
  endLine: 12,
  text: 'const a = 1;\nconst b = 2;\nconst c = a + b;',
  diagnostics: [],
  ...s,
});

describe('selection prompt', () => {
  it('carries path, line range, language, the text in a fence and the user words', () => {
    const p = selectionPrompt(sel(), 'ask', 'Why two constants?');
    assert.equal(
      p,
      'Why two constants?\n\nFile: src/parser.ts, lines 10-12 (typescript)\n```typescript\nconst a = 1;\nconst b = 2;\nconst c = a + b;\n```',
    );
  });

  it('explain and fix have their own ask, and fix lists the diagnostics with source and range', () => {
    assert.match(selectionPrompt(sel(), 'explain'), /^Explain what this code does/);
    const p = selectionPrompt(
      sel({
        diagnostics: [
          {
            message: "Cannot find name 'd'.\nDid you mean 'a'?",
            source: 'ts',
            severity: 'error',
            startLine: 11,
            startColumn: 7,
            endLine: 11,
            endColumn: 8,
          },
        ],
      }),
      'fix',
    );
    assert.match(p, /^Fix the problems reported/);
    assert.match(
      p,
      /Diagnostics in the selection:\n- error \[ts\] at 11:7-11:8: Cannot find name 'd'. Did you mean 'a'\?/,
    );
  });

  it('normalises CRLF so Zero sees clean lines', () => {
    const p = selectionPrompt(sel({ text: 'a\r\nb\rc' }), 'ask', 'q');
    assert.ok(!p.includes('\r'));
    assert.match(p, /```typescript\na\nb\nc\n```/);
  });

  it('a selection containing ``` gets a longer fence', () => {
    const p = selectionPrompt(sel({ languageId: 'markdown', text: 'text\n```js\nx\n```' }), 'ask', 'q');
    assert.match(p, /````markdown\ntext\n```js\nx\n```\n````/);
  });

  it('keeps non-ASCII text intact', () => {
    const p = selectionPrompt(sel({ text: 'const café = "naïve ☕ 日本語 👩‍💻";' }), 'explain');
    assert.ok(p.includes('const café = "naïve ☕ 日本語 👩‍💻";'));
  });

  it('cuts huge selections and says where the rest is', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `line ${i + 1}`).join('\n');
    const p = selectionPrompt(sel({ text, startLine: 1, endLine: 1000 }), 'ask', 'q');
    assert.ok(p.includes(`line ${MAX_SELECTION_LINES}\n`));
    assert.ok(!p.includes(`line ${MAX_SELECTION_LINES + 1}\n`));
    assert.match(
      p,
      /Selection cut: showing the first 400 of 1000 lines\. Read src\/parser.ts lines 1-1000 for the rest\./,
    );
    const wide = selectionPrompt(sel({ text: '😀'.repeat(30_000), startLine: 1, endLine: 1 }), 'ask', 'q');
    assert.ok(wide.length < 45_000);
    assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(wide), 'no broken surrogate pair');
  });

  it('labels a selection as a chip', () => {
    assert.equal(selectionLabel(sel()), 'src/parser.ts:L10-L12');
    assert.equal(selectionLabel(sel({ startLine: 3, endLine: 3 })), 'src/parser.ts:L3');
  });

  it('keeps only diagnostics that touch the selection', () => {
    const d = (startLine: number, endLine: number) => ({ startLine, endLine, id: `${startLine}-${endLine}` });
    assert.deepEqual(
      overlapping([d(1, 2), d(9, 10), d(11, 11), d(12, 20), d(13, 14)], 10, 12).map((x) => x.id),
      ['9-10', '11-11', '12-20'],
    );
  });
});
