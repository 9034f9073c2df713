// The extensionTestsPath module: VS Code's extension host require()s it and awaits run().
// Runs every *.test.js next to it with mocha (bdd, spec reporter) and, when ZERO_E2E_RESULTS names a
// file, writes { passes, failures, tests } there (the env reaches the extension host from the server
// in code-server, or from extensionTestsEnv under @vscode/test-electron).
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
  passes: number;
  failures: number;
  pending: number;
  tests: TestResult[];
}

/** Marks every console line while the suite runs, so a runner can pick the suite's output (mocha's and
 *  the extension's own) out of the workbench's console, where code-server forwards it. */
const PREFIX = '[exthost] ';
function markConsole(): () => void {
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error, base: Mocha.reporters.Base.consoleLog };
  const mark = (write: (...args: unknown[]) => void) => (...args: unknown[]) =>
    write(util.format(...args).split('\n').map((l) => PREFIX + l).join('\n'));
  console.log = mark(saved.log);
  console.info = mark(saved.info);
  console.warn = mark(saved.warn);
  console.error = mark(saved.error);
  Mocha.reporters.Base.consoleLog = console.log; // mocha captured console.log when it loaded
  return () => {
    Object.assign(console, { log: saved.log, info: saved.info, warn: saved.warn, error: saved.error });
    Mocha.reporters.Base.consoleLog = saved.base;
  };
}

export function run(): Promise<void> {
  const unmark = markConsole();
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 60_000, slow: 10_000 });
  for (const f of fs.readdirSync(__dirname).sort()) {
    if (f.endsWith('.test.js')) mocha.addFile(path.join(__dirname, f));
  }
  const results: ExtHostResults = { passes: 0, failures: 0, pending: 0, tests: [] };
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
    runner.on('pass', (test) => { results.passes++; record(test, 'passed'); });
    runner.on('fail', (test, err: Error) => { results.failures++; record(test, 'failed', err); }); // hooks too
    runner.on('pending', (test) => { results.pending++; record(test, 'pending'); });
  });
}
