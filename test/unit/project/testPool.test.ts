// `npm test`'s pool (scripts/lib/testPool.mjs): the longest jobs first, never more at once than the
// lanes, every result in its job's place; groups of files of about equal time.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';

interface Pool {
  laneCount(env: Record<string, string | undefined>): number;
  expectedSeconds(times: Record<string, Record<string, number>>, suite: string, key: string): number;
  balancedGroups(files: string[], n: number, weight: (f: string) => number): { files: string[]; seconds: number }[];
  runPool<T>(jobs: { seconds: number; start(): Promise<T> }[], lanes: number): Promise<T[]>;
}

describe('npm test: the pool of test jobs', () => {
  let pool: Pool;
  before(async () => {
    pool = (await import(path.resolve(__dirname, '../../../scripts/lib/testPool.mjs'))) as Pool;
  });

  it('runs the longest expected first, at most `lanes` at once, results in the jobs order', async () => {
    const started: string[] = [];
    let running = 0;
    let most = 0;
    const job = (name: string, seconds: number) => ({
      seconds,
      start: async () => {
        started.push(name);
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return name;
      },
    });
    const results = await pool.runPool([job('a', 1), job('b', 9), job('c', 5), job('d', 7), job('e', 3)], 2);
    assert.deepEqual(results, ['a', 'b', 'c', 'd', 'e']);
    assert.deepEqual(started.slice(0, 2), ['b', 'd'], 'the two longest start first');
    assert.equal(started.at(-1), 'a', 'the shortest starts last');
    assert.equal(most, 2);
  });

  it('splits files into groups of about equal expected time', () => {
    const w: Record<string, number> = { a: 10, b: 9, c: 4, d: 3, e: 2, f: 2 };
    const groups = pool.balancedGroups(Object.keys(w), 2, (f) => w[f]!);
    assert.deepEqual(
      groups.map((g) => g.seconds),
      [15, 15],
    );
    assert.deepEqual(groups.flatMap((g) => g.files).sort(), Object.keys(w));
    assert.equal(pool.balancedGroups(['a'], 3, () => 1).length, 1, 'no empty group');
  });

  it("a job the times do not name counts as its suite's median", () => {
    const times = { ui: { x: 10, y: 40, z: 60 } };
    assert.equal(pool.expectedSeconds(times, 'ui', 'y'), 40);
    assert.equal(pool.expectedSeconds(times, 'ui', 'new.test.ts'), 40);
    assert.equal(pool.expectedSeconds(times, 'webview', 'a.test.ts'), 30, 'a suite with no times');
  });

  it('lanes: ZERO_TEST_LANES, one with ZERO_TEST_SERIAL=1, else one more than the cores', () => {
    assert.equal(pool.laneCount({ ZERO_TEST_LANES: '4' }), 4);
    assert.equal(pool.laneCount({ ZERO_TEST_SERIAL: '1', ZERO_TEST_LANES: '4' }), 1);
    assert.ok(pool.laneCount({ ZERO_TEST_LANES: 'x' }) >= 2);
  });
});
