// mocha's spec reporter plus a line for each test it retries. A UI test that passes only on its
// retry is flaky: scripts/test-all.mjs lists these lines in its summary, so a retry never hides one.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- mocha require()s its reporters: CommonJS
const Mocha = require('mocha');

const { EVENT_TEST_RETRY } = Mocha.Runner.constants;

class RetryingSpec extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.on(EVENT_TEST_RETRY, (test, err) => {
      const first = String((err && err.message) || err).split('\n')[0].slice(0, 300);
      console.log(`      ↻ retrying (flaky): ${test.fullTitle()}: ${first}`);
    });
  }
}

module.exports = RetryingSpec;
