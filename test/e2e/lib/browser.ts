// Debian's Chromium driven by playwright-core, one fresh profile per launch (docs/testing-in-vscode.md, "Driving it").
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import type { CodeServer } from './codeServer';
import { CHROMIUM } from './paths';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const WEBVIEW_RESOURCE = /^https:\/\/[^/]+\.vscode-resource\.vscode-cdn\.net\//;

export interface Browser {
  readonly context: BrowserContext;
  /** The one page; the workbench runs here. */
  readonly page: Page;
  /** Requests to any origin other than the server's (expected: none). */
  readonly externalRequests: string[];
  /** Console errors and page errors, newest last (the webview's included). */
  readonly consoleErrors: string[];
  /** Navigates away first so the workbench tells the server to end its extension host (docs/testing-in-vscode.md, "Stop the whole group"). */
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** A fresh Chromium profile dir (wiped first). */
  profileDir: string;
  /** Requests to other origins are recorded in externalRequests. */
  origin?: string;
  viewport?: { width: number; height: number };
}

export async function launchBrowser(options: LaunchOptions): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: run \`bash scripts/setup-machine.sh\``);
  fs.rmSync(options.profileDir, { recursive: true, force: true });
  fs.mkdirSync(options.profileDir, { recursive: true });
  const context = await chromium.launchPersistentContext(options.profileDir, {
    executablePath: CHROMIUM,
    headless: process.env.ZERO_E2E_HEADED !== '1',
    args: CHROMIUM_ARGS,
    viewport: options.viewport ?? { width: 1400, height: 900 },
    // Chromium's crash reporter writes ~/.config/chromium whatever the profile dir; keep it in ours.
    env: {
      ...process.env,
      XDG_CONFIG_HOME: path.join(options.profileDir, '.config'),
      XDG_CACHE_HOME: path.join(options.profileDir, '.cache'),
    },
  });
  context.setDefaultTimeout(60_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const externalRequests: string[] = [];
  const consoleErrors: string[] = [];
  if (options.origin) {
    const origin = options.origin;
    context.on('request', (req) => {
      const url = req.url();
      // Webview resources are requested from *.vscode-resource.vscode-cdn.net, but the webview's
      // service worker answers them from the server; they never reach the network.
      if (/^https?:/.test(url) && !url.startsWith(origin) && !WEBVIEW_RESOURCE.test(url)) externalRequests.push(url);
    });
  }
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error') consoleErrors.push(`[console] ${msg.text()}`);
  });
  page.on('pageerror', (err) => consoleErrors.push(`[pageerror] ${err.message}`));
  let closing: Promise<void> | undefined;
  return {
    context,
    page,
    externalRequests,
    consoleErrors,
    close() {
      closing ??= (async () => {
        for (const p of context.pages()) await p.goto('about:blank', { timeout: 15_000 }).catch(() => undefined);
        await context.close().catch(() => undefined);
      })();
      return closing;
    },
  };
}

/** Chromium next to the server's run dir, so one suite's leftovers live in one place. */
export function launchBrowserFor(server: CodeServer): Promise<Browser> {
  return launchBrowser({ profileDir: path.join(server.dirs.root, 'chromium-profile'), origin: server.origin });
}

export interface OpenWorkbenchOptions {
  /** More `payload` entries (e.g. extensionTestsPath). */
  payload?: Array<[string, string]>;
  /** A workspace file whose explorer row proves the remote file system answers. Default: the first
   *  top-level file of the workspace; `false` to skip (e.g. when the explorer is not shown). */
  waitForFile?: string | false;
}

/** Opens the workbench for the server's workspace and waits until it is usable. */
export async function openWorkbench(page: Page, server: CodeServer, options: OpenWorkbenchOptions = {}): Promise<void> {
  await page.goto(server.workbenchUrl(options.payload), { timeout: 60_000 });
  await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
  const file =
    options.waitForFile ??
    fs.readdirSync(server.dirs.workspace, { withFileTypes: true }).find((e) => e.isFile())?.name ??
    false;
  if (file !== false) {
    await page
      .locator('.explorer-folders-view .monaco-list-row', { hasText: file })
      .first()
      .waitFor({ timeout: 90_000 });
  }
}
