// The extensionTestsPath module: VS Code's extension host require()s it and awaits run().
// Runs every *.test.js next to it with mocha (bdd, spec reporter) and, when ZERO_E2E_RESULTS names a
// file, writes { passes, failures, tests } there (the env reaches the extension host from the server
// in code-server, or from extensionTestsEnv under @vscode/test-electron).
// ZERO_E2E_GREP (a mocha --grep pattern, matched against full test titles) runs only the matching tests.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import Mocha from 'mocha';

interface TestResult {
  title: string;
  fullTitle: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs?: number;
  error?: string;
}

export interface ExtHostResults {
  /** ZERO_E2E_GREP when one was set. */
  grep?: string;
  passes: number;
  failures: number;
  pending: number;
  tests: TestResult[];
}

/** Marks mocha's output lines so a runner can pick them out of the workbench console, where code-server
 *  forwards the extension host's console. (console.* itself cannot be replaced there: VS Code defines
 *  those methods with a no-op setter.) */
const PREFIX = '[exthost] ';
function markMochaOutput(): () => void {
  const Base = Mocha.reporters.Base;
  const saved = Base.consoleLog;
  Base.consoleLog = (...args: unknown[]) =>
    saved(
      util
        .format(...args)
        .split('\n')
        .map((l) => PREFIX + l)
        .join('\n'),
    );
  return () => {
    Base.consoleLog = saved;
  };
}

export function run(): Promise<void> {
  const unmark = markMochaOutput();
  // forbidOnly: a stray `.only` would quietly skip the rest; ZERO_E2E_GREP picks tests instead.
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    color: false,
    timeout: 60_000,
    slow: 10_000,
    forbidOnly: true,
  });
  const grep = process.env.ZERO_E2E_GREP;
  if (grep) mocha.grep(grep);
  for (const f of fs.readdirSync(__dirname).sort()) {
    if (f.endsWith('.test.js')) mocha.addFile(path.join(__dirname, f));
  }
  const results: ExtHostResults = { ...(grep ? { grep } : {}), passes: 0, failures: 0, pending: 0, tests: [] };
  const record = (test: Mocha.Runnable, state: TestResult['state'], err?: Error) =>
    results.tests.push({
      title: test.title,
      fullTitle: test.fullTitle(),
      state,
      ...(test.duration !== undefined ? { durationMs: test.duration } : {}),
      ...(err ? { error: err.stack ?? err.message } : {}),
    });

  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      unmark();
      const file = process.env.ZERO_E2E_RESULTS;
      if (file) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
      }
      if (failures) reject(new Error(`${failures} extension-host test(s) failed.`));
      else resolve();
    });
    runner.on('pass', (test) => {
      results.passes++;
      record(test, 'passed');
    });
    runner.on('fail', (test, err: Error) => {
      results.failures++;
      record(test, 'failed', err);
    }); // hooks too
    runner.on('pending', (test) => {
      results.pending++;
      record(test, 'pending');
    });
  });
}
