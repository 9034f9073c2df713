// The mocha side of the harness: one fresh code-server + Chromium per `describe`, with the workbench
// open before the first test, a screenshot and the logs of any failing test, and a clean teardown.
//
//   describe('Chat', function () {
//     const vs = useVSCode({ settings: { 'zero.path': FAKE_ZERO }, env: { FAKE_ZERO_SCENARIO: 'hello' } });
//     it('answers', async () => {
//       const chat = await openZeroView(vs.page);
//       await chat.getByRole('textbox', { name: 'Message Zero' }).fill('hi');
//       ...
//     });
//   });
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { launchBrowserFor, openWorkbench, type Browser, type OpenWorkbenchOptions } from './browser';
import { startCodeServer, type CodeServer, type CodeServerOptions } from './codeServer';
import { SCREENSHOT_DIR } from './paths';
import { screenState } from './screenState';
import { chatFrame, runCommand, screenshot } from './workbench';

export interface UseVSCodeOptions extends Omit<CodeServerOptions, 'name'> {
  /** Run dir name; default: the describe title. */
  name?: string;
  /** Passed to openWorkbench. */
  workbench?: OpenWorkbenchOptions;
}

export interface VSCodeSession {
  readonly server: CodeServer;
  readonly browser: Browser;
  readonly page: Page;
  /** The chat view's webview document (see chatFrame). */
  chat(): FrameLocator;
  /** `.e2e/screenshots/<suite>-<name>.png` */
  screenshot(name: string): Promise<string>;
  /**
   * Reloads the window and waits until the workbench is usable again. Default: the browser's reload
   * (F5), which does not wait for the workbench to save its own state (open editors). `command`:
   * "Developer: Reload Window", which saves it first, as VS Code's reload does: for what the
   * workbench itself restores (editor tabs).
   */
  reload(options?: { command?: boolean }): Promise<void>;
  /** The fake zero's invocation records (FAKE_ZERO_RECORD, one JSON object per line). */
  zeroRecords<T = Record<string, unknown>>(): T[];
  /** The fake `zero acp`'s session requests (FAKE_ZERO_ACP_RECORD), oldest first. */
  acpRequests<T = Record<string, unknown>>(): T[];
}

const secs = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

export function useVSCode(options: UseVSCodeOptions = {}): VSCodeSession {
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let suiteName = options.name ?? 'suite';

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(
        `${what} is not running: use the session inside it()/hooks of the describe that called useVSCode()`,
      );
    return value;
  };

  const session: VSCodeSession = {
    get server() {
      return need(server, 'code-server');
    },
    get browser() {
      return need(browser, 'the browser');
    },
    get page() {
      return need(browser, 'the browser').page;
    },
    chat: () => chatFrame(session.page),
    screenshot: (name) => screenshot(session.page, `${suiteName}-${name}`),
    async reload(opts = {}) {
      const page = session.page;
      if (opts.command) {
        const navigated = page.waitForEvent('framenavigated', {
          predicate: (f) => f === page.mainFrame(),
          timeout: 90_000,
        });
        await runCommand(page, 'Developer: Reload Window').catch(() => undefined); // the page goes away under it
        await navigated;
        await page.waitForLoadState('domcontentloaded', { timeout: 90_000 });
      } else {
        await page.reload();
      }
      await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
    },
    zeroRecords: <T>() => jsonLines<T>(session.server.dirs.record),
    acpRequests: <T>() => jsonLines<T>(session.server.dirs.acpRecord),
  };

  before(async function () {
    suiteName = options.name ?? slug(this.test?.parent?.fullTitle() ?? 'suite');
    removeScreenshots(suiteName);
    const t0 = Date.now();
    server = await startCodeServer({ ...options, name: suiteName });
    const source =
      server.extension === 'dev' ? 'dev path' : server.extension === 'none' ? 'none' : server.extension.vsix;
    const parts = Object.entries(server.timings)
      .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
      .join(', ');
    log(`code-server ${server.origin} up in ${secs(t0)} (${parts}; extension: ${source}; run dir ${server.dirs.root})`);
    const t1 = Date.now();
    browser = await launchBrowserFor(server);
    await openWorkbench(browser.page, server, options.workbench);
    log(`workbench ready in ${secs(t1)}`);
  });

  afterEach(async function () {
    const test = this.currentTest;
    // A failed try that mocha will retry (a `this.retries()`, which timedSpec.cjs counts as failing) has no state yet.
    if (!test || test.state === 'passed' || test.isPending() || !browser || !server) return;
    const state = await screenState(browser.page);
    // Onto the error's first line, which is what the test summary (and CI's log tail) keeps.
    if (test.state === 'failed' && test.err) {
      const [first = '', ...rest] = test.err.message.split('\n');
      test.err.message = [`${first} [screen: ${state}]`, ...rest].join('\n');
    }
    const shot = await screenshot(browser.page, `FAILED-${suiteName}-${slug(test.title)}`).catch(
      (e: Error) => `(none: ${e.message})`,
    );
    log(
      `"${test.title}" ${test.state === 'failed' ? 'failed' : 'failed a try (retried)'}. Screen: ${state}. Screenshot: ${shot}`,
    );
    if (browser.consoleErrors.length)
      log(`browser console errors (last 15):\n${browser.consoleErrors.slice(-15).join('\n')}`);
    log(`code-server log tail (${server.dirs.log}):\n${server.logTail(40)}`);
    log(`extension host logs: ${path.join(server.dirs.userData, 'logs', '*', 'exthost*', 'remoteexthost.log')}`);
  });

  after(async function () {
    const t0 = Date.now();
    if (browser?.externalRequests.length) log(`requests to other origins: ${browser.externalRequests.join(', ')}`);
    await browser?.close();
    await server?.stop();
    browser = undefined;
    server = undefined;
    log(`stopped in ${secs(t0)}`);
  });

  return session;
}

function jsonLines<T>(file: string): T[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

/** Old screenshots of this suite, so a green run leaves no stale FAILED-* picture behind. */
function removeScreenshots(suite: string): void {
  if (!fs.existsSync(SCREENSHOT_DIR)) return;
  for (const f of fs.readdirSync(SCREENSHOT_DIR)) {
    if (f.startsWith(`${suite}-`) || f.startsWith(`FAILED-${suite}-`))
      fs.rmSync(path.join(SCREENSHOT_DIR, f), { force: true });
  }
}

function slug(s: string): string {
  return (
    s
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'suite'
  );
}

function log(msg: string): void {
  console.log(`      [e2e] ${msg}`);
}
