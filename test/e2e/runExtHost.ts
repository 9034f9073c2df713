// Runs the extension-host mocha suite (test/e2e/exthost) inside code-server's Node extension host:
// the web workbench honours `payload=[["extensionDevelopmentPath",…],["extensionTestsPath",…]]`,
// runs the suite after activation and reports through window.codeAutomationExit(code). A headless
// browser is still needed: in the web architecture the browser starts the extension host.
//
//   npx tsx test/e2e/runExtHost.ts        (env: ZERO_E2E_RESULTS, ZERO_E2E_EXTHOST_TIMEOUT_MS)
//   ZERO_E2E_GREP='approval' npx tsx test/e2e/runExtHost.ts   (only the tests whose full title matches;
//                                          the server's env reaches the extension host, exthost/index.ts)
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import type { ConsoleMessage } from 'playwright-core';
import { buildExtHostSuite, E2E_DIR, launchBrowserFor, startCodeServer, type Browser, type CodeServer } from './lib';
import type { ExtHostResults } from './exthost/index';

// The whole suite, as a backstop: each test has its own timeout. A loaded machine can take 4× a quiet one.
const TIMEOUT_MS = Number(process.env.ZERO_E2E_EXTHOST_TIMEOUT_MS ?? 900_000);
const secs = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * The workbench logs as console.log('%c INFO', css, fmt, ...args), the extension host's console
 * included; the suite marks mocha's lines with "[exthost] " (exthost/index.ts). Print those, and other
 * lines that name our extension (activation errors, the extension's own logging of ids).
 */
async function forwardConsole(msg: ConsoleMessage): Promise<void> {
  let args: unknown[];
  try {
    args = await Promise.all(msg.args().map((a) => a.jsonValue()));
  } catch {
    args = [msg.text()];
  }
  if (typeof args[0] === 'string' && args[0].startsWith('%c')) args = args.slice(2);
  const text = util.format(...args).replace(/\s+$/, '');
  if (text.includes('[exthost] ')) {
    for (const line of text.split('\n')) console.log(line.startsWith('[exthost]') ? line : `[exthost] ${line}`);
  } else if (/zero-vscode|zero\.chat/i.test(text)) {
    console.log(`[workbench] ${text}`);
  }
}

async function main(): Promise<number> {
  const t0 = Date.now();
  const index = await buildExtHostSuite();
  const resultsFile = path.resolve(process.env.ZERO_E2E_RESULTS ?? path.join(E2E_DIR, 'exthost-results.json'));
  fs.rmSync(resultsFile, { force: true });
  console.log(`exthost: suite built (${path.relative(process.cwd(), index)}) in ${secs(t0)}`);

  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  try {
    const t1 = Date.now();
    server = await startCodeServer({ name: 'exthost', extension: 'dev', env: { ZERO_E2E_RESULTS: resultsFile } });
    const parts = Object.entries(server.timings)
      .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
      .join(', ');
    console.log(`exthost: code-server ${server.origin} up in ${secs(t1)} (${parts})`);
    browser = await launchBrowserFor(server);
    const { page } = browser;

    let finish: (r: { code: number | 'timeout' }) => void = () => undefined;
    const exited = new Promise<{ code: number | 'timeout' }>((resolve) => (finish = resolve));
    await page.exposeFunction('codeAutomationExit', (code: number) => finish({ code })); // before goto
    page.on('console', (msg) => void forwardConsole(msg));
    const timer = setTimeout(() => finish({ code: 'timeout' }), TIMEOUT_MS);

    const t2 = Date.now();
    await page.goto(server.workbenchUrl([['extensionTestsPath', server.remoteUri(index)]]));
    const { code } = await exited;
    clearTimeout(timer);
    console.log(`exthost: workbench + tests took ${secs(t2)}; codeAutomationExit(${code})`);

    const results = fs.existsSync(resultsFile)
      ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as ExtHostResults)
      : undefined;
    if (code === 'timeout') {
      console.error(
        `exthost: no codeAutomationExit within ${TIMEOUT_MS / 1000} s. code-server log tail:\n${server.logTail(40)}`,
      );
    }
    if (!results) {
      console.error(`exthost: no results at ${resultsFile} (the suite did not run to the end)`);
      console.log('exthost: 0 passed, 1 failed');
      return 1;
    }
    for (const t of results.tests.filter((x) => x.state === 'failed'))
      console.error(`exthost: FAILED ${t.fullTitle}\n${t.error ?? ''}`);
    console.log(`exthost: ${results.passes} passed, ${results.failures} failed (results: ${resultsFile})`);
    if (results.tests.length === 0) {
      // A grep that matches nothing must not look like a green run.
      console.error(`exthost: no test ran${results.grep ? ` (ZERO_E2E_GREP=${results.grep} matched nothing)` : ''}`);
      return 1;
    }
    return code === 0 && results.failures === 0 ? 0 : 1;
  } finally {
    const t3 = Date.now();
    await browser?.close();
    await server?.stop();
    console.log(`exthost: stopped in ${secs(t3)}; total ${secs(t0)}`);
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`exthost: ${err.stack ?? err.message}`);
    console.log('exthost: 0 passed, 1 failed');
    process.exit(1);
  },
);
