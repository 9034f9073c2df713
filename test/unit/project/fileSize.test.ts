// No source, test, bench, script or fixture file over 400 non-blank lines (issue #20): split a long file
// into files named for what each part does. The counting itself is checked on files made here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { longFiles, MAX_NON_BLANK_LINES, nonBlankLines, trackedFiles } from '../../../scripts/lib/fileSizes';
import { useTempDir } from '../../support/tempDir';

const ROOT = path.resolve(__dirname, '../../..');

const lines = (n: number, blankEvery = 0): string =>
  Array.from(
    { length: n },
    (_, i) => `const line${i} = ${i};\n${blankEvery && i % blankEvery === 0 ? '\n  \t\n' : ''}`,
  ).join('');

describe('file sizes', () => {
  it(`no tracked source, test, bench, script or fixture file has more than ${MAX_NON_BLANK_LINES} non-blank lines`, () => {
    const files = trackedFiles(ROOT);
    assert.ok(
      files.includes('src/extension.ts') && files.includes('test/fixtures/fake-zero/acp.mjs'),
      'the files were found',
    );
    const long = longFiles(ROOT, files);
    assert.deepEqual(
      long.map((f) => `${f.file}: ${f.lines} non-blank lines`),
      [],
      `over ${MAX_NON_BLANK_LINES} non-blank lines: split them into files named for what each part does`,
    );
  });

  describe('counting', () => {
    const dir = useTempDir('file-sizes-');
    const write = (file: string, text: string): string => {
      fs.mkdirSync(path.dirname(path.join(dir(), file)), { recursive: true });
      fs.writeFileSync(path.join(dir(), file), text);
      return file;
    };

    it('counts non-blank lines as grep -cv "^\\s*$" does: blank and whitespace-only lines are not counted', () => {
      assert.equal(nonBlankLines(''), 0);
      assert.equal(nonBlankLines('a\n\n  \n\t\nb'), 2);
      assert.equal(nonBlankLines(lines(10, 2)), 10);
    });

    it('names a file over the limit with its count; one at the limit, however many blank lines, passes', () => {
      const files = [
        write('src/long.ts', lines(MAX_NON_BLANK_LINES + 1)),
        write('test/fixtures/at-limit.mjs', lines(MAX_NON_BLANK_LINES, 3)),
        write('media/long.css', lines(2 * MAX_NON_BLANK_LINES)),
      ];
      assert.deepEqual(longFiles(dir(), files), [
        { file: 'media/long.css', lines: 2 * MAX_NON_BLANK_LINES },
        { file: 'src/long.ts', lines: MAX_NON_BLANK_LINES + 1 },
      ]);
    });

    it('checks .ts, .mjs, .cjs, .js and .css only, and never built or installed files', () => {
      const long = lines(MAX_NON_BLANK_LINES + 1);
      const files = [
        'a.ts',
        'b.mjs',
        'c.cjs',
        'd.js',
        'e.css',
        'f.md',
        'g.json',
        'dist/h.js',
        'node_modules/x/i.js',
        'out/j.js',
      ];
      for (const f of files) write(f, long);
      assert.deepEqual(
        longFiles(dir(), files).map((f) => f.file),
        ['a.ts', 'b.mjs', 'c.cjs', 'd.js', 'e.css'],
      );
    });

    it('outside a git checkout, finds every file under the folder', () => {
      write('src/a.ts', 'x\n');
      write('test/fixtures/b.mjs', 'y\n');
      assert.deepEqual(trackedFiles(dir()).sort(), ['src/a.ts', 'test/fixtures/b.mjs']);
    });
  });
});
