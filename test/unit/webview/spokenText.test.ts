import { strict as assert } from 'node:assert';
import { spokenText } from '../../../src/webview/a11y/spokenText';

describe('spokenText: a finished markdown block as a screen reader hears it', () => {
  it('keeps the words and drops the markdown punctuation', () => {
    assert.equal(spokenText('## Plan\n\n'), 'Plan');
    assert.equal(
      spokenText('I will read the **README** first, then write [notes](notes.md) and `src/a.ts`.\n'),
      'I will read the README first, then write notes and src/a.ts.',
    );
    assert.equal(spokenText('- one\n- _two_\n1. three\n'), 'one two three');
    assert.equal(spokenText('> quoted\n\n---\n'), 'quoted');
    assert.equal(spokenText('| a | b |\n|:--|--:|\n| 1 | 2 |\n'), 'a b 1 2');
    assert.equal(spokenText('![logo](x.png)'), 'logo');
  });

  it('names code instead of reading it, and reads what follows', () => {
    assert.equal(spokenText('```ts\nconst x = 1;\n```\n'), 'Code block, ts.');
    assert.equal(spokenText('~~~\nrm -rf /\n~~~\n\nDone with'), 'Code block. Done with');
    assert.equal(spokenText('````md\n```\ninner\n```\n````\nafter'), 'Code block, md. after');
  });

  it('cuts a very long block short', () => {
    const said = spokenText('word '.repeat(500));
    assert.ok(said.length <= 600 && said.endsWith('…'), said);
  });
});
