import { strict as assert } from 'node:assert';
import {
  composerPrompt,
  mentionLabel,
  MAX_PROBLEMS,
  MAX_TERMINAL_CHARS,
  parseRangeMention,
  problemsBlock,
  terminalBlock,
  type ProblemEntry,
} from '../../../src/conversation/prompts/composerPrompt';

const problem = (p: Partial<ProblemEntry> = {}): ProblemEntry => ({
  path: 'src/a.ts',
  message: "Cannot find name 'x'.",
  source: 'ts',
  severity: 'error',
  startLine: 3,
  startColumn: 5,
  endLine: 3,
  endColumn: 6,
  ...p,
});

describe('composer prompt', () => {
  it('files and folders go as paths, ranges as path + lines, after the user words', () => {
    const p = composerPrompt('Why does this fail?', [
      { kind: 'file', path: 'src/app.ts' },
      { kind: 'folder', path: 'src/lib/' },
      { kind: 'range', path: 'src/util.ts', startLine: 12, endLine: 40 },
      { kind: 'file', path: 'src/app.ts' },
    ]);
    assert.equal(
      p,
      'Why does this fail?\n\nFiles I mentioned (read them as needed):\n- src/app.ts\n- src/lib/ (folder)\n- src/util.ts lines 12-40',
    );
  });

  it('@problems carries the diagnostics text, errors first, one line each', () => {
    const p = composerPrompt('fix', [
      {
        kind: 'problems',
        problems: [
          problem({ severity: 'warning', path: 'b.ts', message: 'unused\nvariable', source: null }),
          problem(),
        ],
      },
    ]);
    assert.equal(
      p,
      "fix\n\nCurrent problems (diagnostics):\n- src/a.ts:3:5 error [ts]: Cannot find name 'x'.\n- b.ts:3:5 warning: unused variable",
    );
  });

  it('@problems with none says so, and a long list is cut with a count', () => {
    assert.equal(problemsBlock([]), 'Current problems (diagnostics): none.');
    const many = Array.from({ length: MAX_PROBLEMS + 5 }, (_, i) => problem({ startLine: i + 1 }));
    const block = problemsBlock(many);
    assert.equal(block.split('\n').filter((l) => l.startsWith('- ')).length, MAX_PROBLEMS);
    assert.match(block, /\(5 more not listed\.\)$/);
  });

  it('@selection is the fenced selection block; attached selection blocks follow', () => {
    const p = composerPrompt(
      'q',
      [
        {
          kind: 'selection',
          selection: {
            path: 'x.py',
            languageId: 'python',
            startLine: 1,
            endLine: 1,
            text: 'print(1)',
            diagnostics: [],
          },
        },
      ],
      ['BLOCK'],
    );
    assert.equal(p, 'q\n\nFile: x.py, lines 1-1 (python)\n```python\nprint(1)\n```\n\nBLOCK');
    assert.match(composerPrompt('q', [{ kind: 'selection', selection: null }]), /no editor selection/);
  });

  it('only chips and no words still makes a message', () => {
    assert.equal(
      composerPrompt('  ', [{ kind: 'file', path: 'a.ts' }]),
      'Files I mentioned (read them as needed):\n- a.ts',
    );
  });

  it('labels and the @path#L12-40 syntax', () => {
    assert.equal(mentionLabel({ kind: 'range', path: 'a.ts', startLine: 12, endLine: 40 }), 'a.ts#L12-40');
    assert.equal(mentionLabel({ kind: 'range', path: 'a.ts', startLine: 7, endLine: 7 }), 'a.ts#L7');
    assert.deepEqual(parseRangeMention('src/a.ts#L12-40'), {
      kind: 'range',
      path: 'src/a.ts',
      startLine: 12,
      endLine: 40,
    });
    assert.deepEqual(parseRangeMention('src/a.ts#L40-L12'), {
      kind: 'range',
      path: 'src/a.ts',
      startLine: 12,
      endLine: 40,
    });
    assert.deepEqual(parseRangeMention('a.ts#L5'), { kind: 'range', path: 'a.ts', startLine: 5, endLine: 5 });
    assert.equal(parseRangeMention('a.ts#L0'), null);
    assert.equal(parseRangeMention('a.ts'), null);
  });

  it('a terminal selection is fenced (longer than any backticks in it) and keeps its end when cut', () => {
    assert.equal(
      terminalBlock('bash', '$ npm test\r\n1 failing\n\n'),
      'Terminal output (bash):\n```text\n$ npm test\n1 failing\n```',
    );
    assert.match(terminalBlock('bash', 'a ``` b'), /^Terminal output \(bash\):\n````text\na ``` b\n````$/);
    const long = terminalBlock('zsh', `${'x'.repeat(MAX_TERMINAL_CHARS)}END`);
    assert.match(long, /the last 20000 characters/);
    assert.match(long, /END\n```$/);
  });
});
