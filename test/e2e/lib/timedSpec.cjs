// mocha's spec reporter, plus two things the UI suite needs (test/e2e/mocharc.ui.json):
// - a test that passes only on a retry (`this.retries(n)`) is a failure: it is counted in "N failing",
//   listed with the error of its first try, and makes mocha exit non-zero;
// - after the epilogue, the wall time of each test file (its hooks included: code-server start,
//   workbench load, teardown) and the slowest tests, so a slow CI run says where its time went.
/* eslint-disable @typescript-eslint/no-require-imports -- mocha require()s its reporters: CommonJS */
const Mocha = require('mocha');
const path = require('node:path');
/* eslint-enable @typescript-eslint/no-require-imports */

const { EVENT_TEST_RETRY, EVENT_TEST_PASS, EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_RUN_END } =
  Mocha.Runner.constants;

const secs = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

class TimedSpec extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    /** @type {Map<string, string>} test fullTitle → its first try's error */
    const firstErrors = new Map();
    runner.on(EVENT_TEST_RETRY, (test, err) => {
      const first = String((err && err.message) || err).split('\n')[0].slice(0, 300);
      if (!firstErrors.has(test.fullTitle())) firstErrors.set(test.fullTitle(), first);
      console.log(`      ↻ retrying (flaky, counts as failing): ${test.fullTitle()}: ${first}`);
    });
    // After Base's own handler (registered by super()), which counted it as a pass.
    runner.on(EVENT_TEST_PASS, (test) => {
      if (!(test.currentRetry() > 0)) return;
      const first = firstErrors.get(test.fullTitle()) ?? 'an earlier try failed';
      this.stats.passes--;
      this.stats.failures++;
      runner.failures++; // mocha's exit code
      test.err = new Error(`passed only on retry ${test.currentRetry()}: flaky. First try: ${first}`);
      this.failures.push(test);
      console.log(`      ✗ counted as failing: it passed only on retry ${test.currentRetry()}`);
    });

    /** @type {Map<string, { ms: number, tests: number }>} */
    const perFile = new Map();
    /** @type {{ title: string, ms: number }[]} */
    const tests = [];
    const started = new Map();
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (suite.parent && suite.parent.root) started.set(suite, Date.now());
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      if (!started.has(suite)) return;
      const file = suite.file ? path.relative(process.cwd(), suite.file) : '(no file)';
      const entry = perFile.get(file) ?? { ms: 0, tests: 0 };
      entry.ms += Date.now() - started.get(suite);
      entry.tests += suite.total();
      perFile.set(file, entry);
    });
    runner.on('test end', (test) => {
      if (typeof test.duration === 'number') tests.push({ title: test.fullTitle(), ms: test.duration });
    });
    // Registered after Spec's epilogue, so this prints below it.
    runner.once(EVENT_RUN_END, () => {
      if (perFile.size === 0) return;
      console.log('  time per test file (hooks included):');
      for (const [file, e] of [...perFile].sort((a, b) => b[1].ms - a[1].ms))
        console.log(`    ${secs(e.ms)}  ${file} (${e.tests} tests)`);
      console.log('  slowest tests:');
      for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`    ${secs(t.ms)}  ${t.title}`);
      console.log();
    });
  }
}

module.exports = TimedSpec;
