// A file's hunks (jsdiff's line diff, grouped as git groups them): the headers match what
// `git diff` writes for the same real edits, keys follow the change and not its place, and a turn's
// recorded hunks are told apart from the file now (still there, reverted, edited again).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  computeHunks,
  firstChangedLine,
  hunkHeader,
  hunkSpoken,
  hunkSummary,
  turnHunksNow,
} from '../../../src/conversation/review/hunks';
import { countLineChanges } from '../../../src/conversation/review/lineChanges';
import { loadHunks } from '../../../src/host/review/hunkLoader';

/** The `@@` headers git writes for the same two texts (`git diff --no-index`, 3 lines of context). */
function gitHeaders(before: string, after: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-hunks-'));
  try {
    fs.writeFileSync(path.join(dir, 'a'), before);
    fs.writeFileSync(path.join(dir, 'b'), after);
    const r = spawnSync('git', ['diff', '--no-index', '--no-color', '-U3', 'a', 'b'], { cwd: dir, encoding: 'utf8' });
    return r.stdout
      .split('\n')
      .filter((l) => l.startsWith('@@'))
      .map((l) => l.replace(/ @@.*$/, ' @@'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const lines = (n: number, f: (i: number) => string = (i) => `line ${i}`): string =>
  Array.from({ length: n }, (_, i) => `${f(i + 1)}\n`).join('');

const SOURCE = [
  'import { readFile } from "node:fs/promises";',
  '',
  'export async function load(path) {',
  '  const text = await readFile(path, "utf8");',
  '  return JSON.parse(text);',
  '}',
  '',
  'export function name(user) {',
  '  return user.first + " " + user.last;',
  '}',
  '',
  'export function total(items) {',
  '  let sum = 0;',
  '  for (const item of items) sum += item.price;',
  '  return sum;',
  '}',
  '',
  'export const VERSION = 1;',
  '',
].join('\n');

/** Zero's turn: error handling in load(), a rename in total(); the rest untouched. */
const EDITED = SOURCE.replace(
  '  const text = await readFile(path, "utf8");\n  return JSON.parse(text);',
  '  const text = await readFile(path, "utf8");\n  try {\n    return JSON.parse(text);\n  } catch {\n    return null;\n  }',
).replace(
  '  for (const item of items) sum += item.price;',
  '  for (const line of items) sum += line.price * line.count;',
);

describe('hunks: a file changed in places', () => {
  it('two edits far apart are two hunks, with the headers git writes', () => {
    const hunks = computeHunks(SOURCE, EDITED)!;
    assert.equal(hunks.length, 2);
    assert.deepEqual(
      hunks.map((h) => hunkHeader(hunkSummary(h))),
      gitHeaders(SOURCE, EDITED),
    );
    assert.deepEqual(
      hunks.map((h) => [h.added, h.removed]),
      [
        [5, 1],
        [1, 1],
      ],
    );
    assert.equal(firstChangedLine(hunks[0]!), 'try {');
    assert.equal(hunkHeader(hunkSummary(hunks[0]!)), '@@ -2,7 +2,11 @@');
    assert.equal(hunkSpoken(hunkSummary(hunks[0]!)), 'lines 2 to 12: 5 added, 1 removed');
    assert.equal(firstChangedLine(hunks[1]!), 'for (const line of items) sum += line.price * line.count;');
  });

  it('changes at most 6 unchanged lines apart share a hunk; 7 apart do not (as git)', () => {
    const before = lines(30);
    const near = before.replace('line 10\n', 'LINE 10\n').replace('line 17\n', 'LINE 17\n');
    const far = before.replace('line 10\n', 'LINE 10\n').replace('line 18\n', 'LINE 18\n');
    assert.equal(computeHunks(before, near)!.length, 1);
    assert.equal(computeHunks(before, far)!.length, 2);
    assert.deepEqual(
      computeHunks(before, near)!.map((h) => hunkHeader(hunkSummary(h))),
      gitHeaders(before, near),
    );
    assert.deepEqual(
      computeHunks(before, far)!.map((h) => hunkHeader(hunkSummary(h))),
      gitHeaders(before, far),
    );
  });

  it('a new file, a deleted last line, a last line that gains its newline: headers as git', () => {
    const cases: [string, string][] = [
      ['', lines(4)],
      [lines(8), lines(7)],
      ['a\nb\nc', 'a\nb\nc\n'],
      [lines(5), lines(5).replace('line 1\n', '')],
      [lines(12), `${lines(12)}appended\n`],
    ];
    for (const [before, after] of cases)
      assert.deepEqual(
        computeHunks(before, after)!.map((h) => hunkHeader(hunkSummary(h))),
        gitHeaders(before, after),
        JSON.stringify([before, after]),
      );
    const created = computeHunks('', 'x\ny\n')!;
    assert.deepEqual(created[0]!.lines, [
      { kind: '+', text: 'x\n' },
      { kind: '+', text: 'y\n' },
    ]);
  });

  it("the hunks' +/- add up to the line counts of countLineChanges (git's numstat), on random edits", () => {
    let seed = 7;
    const rand = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let round = 0; round < 200; round++) {
      const before = Array.from({ length: rand(60) }, () => `l${rand(8)}\n`).join('') + (rand(2) ? 'end' : '');
      const lines = before.split('\n');
      for (let k = rand(6); k > 0; k--)
        lines.splice(rand(lines.length + 1), rand(3), ...(rand(2) ? [`n${rand(8)}`] : []));
      const after = lines.join('\n');
      const hunks = computeHunks(before, after)!;
      const want = countLineChanges(before, after);
      assert.deepEqual(
        { added: hunks.reduce((n, h) => n + h.added, 0), removed: hunks.reduce((n, h) => n + h.removed, 0) },
        want,
        JSON.stringify([before, after]),
      );
    }
  });

  it('no change: no hunks; far too many edits: null (too much to review by part)', () => {
    assert.deepEqual(computeHunks(SOURCE, SOURCE), []);
    const a = lines(5000, (i) => `a ${i}`);
    const b = lines(5000, (i) => `b ${i}`);
    assert.equal(computeHunks(a, b), null);
  });

  it("a hunk's key is its change: the same after lines above it moved, distinct for the same change twice", () => {
    const [first, second] = computeHunks(SOURCE, EDITED)!;
    const shifted = computeHunks(`// header\n// two lines\n${SOURCE}`, `// header\n// two lines\n${EDITED}`)!;
    assert.deepEqual(
      shifted.map((h) => h.key),
      [first!.key, second!.key],
    );
    assert.equal(hunkSummary(shifted[0]!).newStart, hunkSummary(first!).newStart + 2);
    const twice = computeHunks(
      lines(30, () => 'same'),
      lines(30, (i) => (i === 5 || i === 25 ? 'other' : 'same')),
    )!;
    assert.equal(twice.length, 2);
    assert.notEqual(twice[0]!.key, twice[1]!.key);
  });

  it('its summary spans exactly the changed lines of the old side', () => {
    const [load, total] = computeHunks(SOURCE, EDITED)!.map(hunkSummary);
    // load(): line 5 (`return JSON.parse(text);`, index 4) is replaced.
    assert.deepEqual([load!.from, load!.to], [4, 5]);
    assert.deepEqual([total!.from, total!.to], [13, 14]);
    const inserted = hunkSummary(computeHunks(lines(10), lines(10).replace('line 5\n', 'line 5\nnew\n'))![0]!);
    assert.deepEqual([inserted.from, inserted.to], [5, 5]);
  });

  it("what a turn's review records: the hunks' summaries, through the bundle loaded on demand", () => {
    assert.deepEqual(loadHunks().turnHunks(SOURCE, EDITED), computeHunks(SOURCE, EDITED)!.map(hunkSummary));
  });
});

describe("hunks: a turn's hunks against the file now", () => {
  const turn = computeHunks(SOURCE, EDITED)!.map(hunkSummary);

  it('untouched since the turn: every hunk present', () => {
    assert.deepEqual(turnHunksNow(turn, computeHunks(SOURCE, EDITED)!), {
      present: turn.map((h) => h.key),
      reverted: [],
      edited: [],
    });
  });

  it("one hunk put back as before (the diff editor's revert arrow): that one is reverted, the other present", () => {
    const now = EDITED.replace(
      '  for (const line of items) sum += line.price * line.count;',
      '  for (const item of items) sum += item.price;',
    );
    assert.deepEqual(turnHunksNow(turn, computeHunks(SOURCE, now)!), {
      present: [turn[0]!.key],
      reverted: [turn[1]!.key],
      edited: [],
    });
  });

  it('a hunk edited again by the user is neither present nor reverted', () => {
    const now = EDITED.replace('    return null;', '    return undefined;');
    assert.deepEqual(turnHunksNow(turn, computeHunks(SOURCE, now)!), {
      present: [turn[1]!.key],
      reverted: [],
      edited: [turn[0]!.key],
    });
  });

  it('an edit elsewhere in the file leaves both hunks present; one next to a hunk makes it edited', () => {
    const tail = lines(10, (i) => `// note ${i}`);
    const before = SOURCE + tail;
    const recorded = computeHunks(before, EDITED + tail)!.map(hunkSummary);
    const elsewhere = EDITED + tail.replace('// note 10', '// my own note');
    assert.deepEqual(
      turnHunksNow(recorded, computeHunks(before, elsewhere)!).present,
      recorded.map((h) => h.key),
    );
    const beside = EDITED.replace('  return sum;', '  return Math.round(sum);') + tail;
    assert.deepEqual(turnHunksNow(recorded, computeHunks(before, beside)!), {
      present: [recorded[0]!.key],
      reverted: [],
      edited: [recorded[1]!.key],
    });
  });
});
