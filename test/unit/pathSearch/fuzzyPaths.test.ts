import { strict as assert } from 'node:assert';
import { PathIndex, withFolders } from '../../../src/pathSearch/fuzzyPaths';

const PATHS = [
  'README.md',
  'src/host/chatController.ts',
  'src/host/chatPanel.ts',
  'src/webview/composer.ts',
  'src/conversation/prompts/composerPrompt.ts',
  'test/unit/composerPrompt.test.ts',
  'docs/compose-notes.md',
  'src/zero/execArgs.ts',
];

describe('fuzzy path search', () => {
  it('a fragment of the file name finds the file, name hits before directory hits', () => {
    const index = new PathIndex(PATHS);
    const hits = index.search('composer').map((m) => m.path);
    assert.equal(hits[0], 'src/webview/composer.ts', 'the exact file name first');
    assert.deepEqual(hits.slice(1, 3).sort(), [
      'src/conversation/prompts/composerPrompt.ts',
      'test/unit/composerPrompt.test.ts',
    ]);
    assert.ok(!hits.includes('README.md'));
  });

  it('scattered letters match word starts (cc → chatController)', () => {
    const index = new PathIndex(PATHS);
    const [best] = index.search('chco');
    assert.equal(best?.path, 'src/host/chatController.ts');
    const positions = best!.positions.map((i) => best!.path[i]).join('');
    assert.equal(positions.toLowerCase(), 'chco');
  });

  it('is case-insensitive, ignores spaces, and returns nothing for a non-match', () => {
    const index = new PathIndex(PATHS);
    assert.equal(index.search('EXECARGS')[0]?.path, 'src/zero/execArgs.ts');
    assert.equal(index.search('exec args')[0]?.path, 'src/zero/execArgs.ts');
    assert.deepEqual(index.search('zzzq'), []);
  });

  it('narrowing a query and then widening it again gives the same answers as a fresh index', () => {
    const index = new PathIndex(PATHS);
    for (const q of ['c', 'co', 'com', 'comp', 'com', 'c', 'ch', 'x']) {
      assert.deepEqual(index.search(q), new PathIndex(PATHS).search(q), q);
    }
  });

  it('a preferred word start that would strand a later letter falls back to the plain match', () => {
    const index = new PathIndex(['xaxb_a']);
    assert.deepEqual(
      index.search('ab').map((m) => m.positions),
      [[1, 3]],
    );
  });

  it('the empty query lists the shortest paths first, limited', () => {
    const index = new PathIndex(PATHS);
    assert.deepEqual(
      index.search('', 2).map((m) => m.path),
      ['README.md', 'src/zero/execArgs.ts'],
    );
  });

  it('folders are candidates too, with a trailing slash', () => {
    const all = withFolders(['src/a/b.ts', 'src/a/c.ts', 'top.ts']);
    assert.deepEqual(all.sort(), ['src/', 'src/a/', 'src/a/b.ts', 'src/a/c.ts', 'top.ts']);
    const index = new PathIndex(all);
    assert.equal(index.search('src/a/')[0]?.path, 'src/a/');
  });

  it('stays fast on 50,000 paths (a loose bound; npm run bench:mentions measures it)', () => {
    const paths: string[] = [];
    for (let i = 0; i < 50_000; i++) paths.push(`packages/pkg${i % 97}/src/module${i % 311}/file${i}.ts`);
    const index = new PathIndex(paths);
    // This process's CPU time, not the clock: other processes on a loaded machine do not count.
    const t0 = process.cpuUsage();
    for (const q of ['f', 'fi', 'fil', 'file', 'file4', 'file42']) index.search(q);
    const used = process.cpuUsage(t0);
    const per = (used.user + used.system) / 1000 / 6;
    assert.ok(per < 250, `${per.toFixed(1)} ms of CPU per keystroke`);
    assert.equal(index.search('file4242')[0]?.path.endsWith('/file4242.ts'), true);
  });
});
