// The UI suite's reporter (test/e2e/lib/timedSpec.cjs): a test that passes only on a retry is
// counted as failing and mocha exits non-zero; each file's time is printed. And the UI suite is
// configured with no retries at all.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..', '..');
const MOCHA = path.join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
const REPORTER = path.join(ROOT, 'test', 'e2e', 'lib', 'timedSpec.cjs');

function runSpec(source: string): { status: number | null; out: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-reporter-'));
  try {
    const spec = path.join(dir, 'sample.test.js');
    fs.writeFileSync(spec, source);
    const r = spawnSync(process.execPath, [MOCHA, '--no-config', '--reporter', REPORTER, spec], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    return { status: r.status, out: r.stdout + r.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('UI suite reporter (timedSpec)', function () {
  this.timeout(20_000);

  it('a test that passes only on its retry is failing: counted, listed with its first error, exit non-zero', () => {
    const r = runSpec(`
      let tries = 0;
      describe('flaky suite', function () {
        this.retries(1);
        it('passes on its second try', () => { if (tries++ === 0) throw new Error('the first try broke'); });
        it('passes every time', () => {});
      });
    `);
    assert.equal(r.status, 1, r.out);
    assert.match(r.out, /^\s*1 passing/m, r.out);
    assert.match(r.out, /^\s*1 failing/m, r.out);
    assert.match(r.out, /passed only on retry 1: flaky\. First try: the first try broke/, r.out);
    assert.match(r.out, /↻ retrying \(flaky, counts as failing\): flaky suite passes on its second try/, r.out);
  });

  it('a green run exits 0 and prints the time of each test file and the slowest tests', () => {
    const r = runSpec(`
      describe('steady suite', function () {
        it('waits a little', (done) => { setTimeout(done, 30); });
        it('is quick', () => {});
      });
    `);
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /^\s*2 passing/m, r.out);
    assert.match(r.out, /time per test file \(hooks included\):\n\s+\d+\.\d s {2}sample\.test\.js \(2 tests\)/, r.out);
    assert.match(r.out, /slowest tests:\n\s+\d+\.\d s {2}steady suite waits a little/, r.out);
  });

  it('the UI suite has no retries: not in its mocharc, not in any UI test', () => {
    const rc = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'e2e', 'mocharc.ui.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    assert.equal(rc.retries, undefined);
    assert.equal(rc.reporter, 'test/e2e/lib/timedSpec.cjs');
    const uiDir = path.join(ROOT, 'test', 'e2e', 'ui');
    const retrying = fs
      .readdirSync(uiDir)
      .filter((f) => /\.retries\s*\(/.test(fs.readFileSync(path.join(uiDir, f), 'utf8')));
    assert.deepEqual(retrying, []);
  });
});
