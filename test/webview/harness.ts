/**
 * Runs the real webview bundle in Chromium (not VS Code): a page with the production CSP, the
 * built script and stylesheet (built in memory from src/), and a fake `acquireVsCodeApi` that records what the view posts
 * and keeps setState in sessionStorage (so it survives a reload, as in VS Code).
 */
import { strict as assert } from 'node:assert';
import * as esbuild from 'esbuild';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { HostToWebview, WebviewToHost } from '../../src/messages/protocol';
import { until } from '../support/until';

export const REPO = path.resolve(__dirname, '..', '..');
const CHROMIUM = process.env.ZERO_E2E_CHROMIUM ?? '/usr/lib/chromium/chromium';
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

/** A few Dark Modern theme variables, as VS Code sets them on the webview's <html>. */
export const DARK_THEME = `:root {
  --vscode-font-family: system-ui, "Segoe UI", Ubuntu, "Droid Sans", sans-serif; --vscode-font-size: 13px;
  --vscode-editor-font-family: "DejaVu Sans Mono", "Droid Sans Mono", monospace; --vscode-editor-font-size: 12px;
  --vscode-foreground: #cccccc; --vscode-descriptionForeground: #9d9d9d; --vscode-sideBar-background: #181818;
  --vscode-editor-background: #1f1f1f; --vscode-editor-foreground: #cccccc;
  --vscode-input-background: #313131; --vscode-input-foreground: #cccccc; --vscode-input-border: #3c3c3c;
  --vscode-input-placeholderForeground: #989898; --vscode-button-background: #0078d4; --vscode-button-foreground: #ffffff;
  --vscode-button-hoverBackground: #026ec1; --vscode-button-secondaryBackground: #313131;
  --vscode-button-secondaryForeground: #cccccc; --vscode-button-secondaryHoverBackground: #3c3c3c;
  --vscode-button-border: rgba(255,255,255,0.07); --vscode-badge-background: #616161; --vscode-badge-foreground: #f8f8f8;
  --vscode-textLink-foreground: #4daafc; --vscode-textLink-activeForeground: #4daafc; --vscode-errorForeground: #f85149;
  --vscode-editorWarning-foreground: #cca700; --vscode-focusBorder: #0078d4; --vscode-widget-border: #313131;
  --vscode-panel-border: #2b2b2b; --vscode-textCodeBlock-background: #2b2b2b; --vscode-textPreformat-foreground: #d0d0d0;
  --vscode-textPreformat-background: #3c3c3c; --vscode-textBlockQuote-background: #2b2b2b;
  --vscode-textBlockQuote-border: #616161; --vscode-editorWidget-background: #202020;
  --vscode-inputValidation-warningBackground: #352a05; --vscode-inputValidation-warningBorder: #b89500;
  --vscode-inputValidation-errorBackground: #5a1d1d; --vscode-inputValidation-errorBorder: #be1100;
  --vscode-testing-iconPassed: #73c991; --vscode-progressBar-background: #0078d4;
  --vscode-toolbar-hoverBackground: rgba(90,93,94,0.31); --vscode-list-hoverBackground: #2a2d2e;
}`;

/**
 * Installed before the page's scripts: the fake VS Code API and a CSP-violation recorder. A string,
 * not a function: tsx would wrap a function's inner functions in helpers the page does not have.
 */
export const FAKE_VSCODE_API = `(() => {
  const posted = [];
  const violations = [];
  window.__posted = posted;
  window.__cspViolations = violations;
  document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective + ': ' + e.blockedURI));
  let acquired = false;
  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error('acquireVsCodeApi called twice');
    acquired = true;
    return {
      postMessage: (m) => posted.push(JSON.parse(JSON.stringify(m))),
      getState: () => JSON.parse(sessionStorage.getItem('vscodeState') ?? 'null') ?? undefined,
      setState: (s) => { sessionStorage.setItem('vscodeState', JSON.stringify(s)); return s; },
    };
  };
})();`;

let bundle: Promise<string> | null = null;

/** dist/webview.js as `node esbuild.mjs` builds it, but in memory (others may be building dist/). */
export function buildWebview(): Promise<string> {
  bundle ??= esbuild
    .build({
      entryPoints: [path.join(REPO, 'src', 'webview', 'main.ts')],
      bundle: true,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    })
    .then((r) => r.outputFiles[0]!.text);
  return bundle;
}

let styles: Promise<string> | null = null;

/** dist/chat.css as `node esbuild.mjs` builds it (src/webview/styles/ in @import order), in memory. */
export function buildStyles(): Promise<string> {
  styles ??= esbuild
    .build({
      entryPoints: [path.join(REPO, 'src', 'webview', 'styles', 'chat.css')],
      bundle: true,
      external: ['*.ttf'],
      write: false,
      logLevel: 'silent',
    })
    .then((r) => r.outputFiles[0]!.text);
  return styles;
}

const NONCE = 'dGVzdC1ub25jZQ==';

function pageHtml(): string {
  const csp = `default-src 'none'; style-src 'self'; font-src 'self'; img-src 'self' data:; script-src 'nonce-${NONCE}'`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="/theme.css"><link rel="stylesheet" href="/chat.css"><title>Zero</title></head>
<body class="vscode-dark"><div id="app"></div><script nonce="${NONCE}" src="/webview.js"></script></body></html>`;
}

export class Harness {
  private constructor(
    private readonly server: http.Server,
    private readonly browser: Browser,
    readonly url: string,
  ) {}

  static async start(): Promise<Harness> {
    const [js, css] = await Promise.all([buildWebview(), buildStyles()]);
    const server = http.createServer((req, res) => {
      const send = (type: string, body: string) =>
        res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
      if (req.url === '/webview.js') send('text/javascript', js);
      else if (req.url === '/chat.css') send('text/css', css);
      else if (req.url === '/theme.css') send('text/css', DARK_THEME);
      else if (req.url === '/' || req.url?.startsWith('/?')) send('text/html', pageHtml());
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    return new Harness(server, browser, `http://127.0.0.1:${port}/`);
  }

  async open(viewport = { width: 420, height: 800 }): Promise<ChatPage> {
    const context = await this.browser.newContext({ viewport });
    await context.addInitScript({ content: FAKE_VSCODE_API });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => process.env.DEBUG_WEBVIEW && console.log(m.text()));
    await page.goto(this.url);
    const chat = new ChatPage(context, page, errors);
    await chat.waitForPosted('ready');
    return chat;
  }

  async close(): Promise<void> {
    await this.browser.close();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

export class ChatPage {
  constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly errors: string[],
  ) {}

  /** As the host does: `webview.postMessage(msg)` arrives as a window message event. */
  async send(msg: HostToWebview): Promise<void> {
    await this.page.evaluate((m) => window.postMessage(m, '*'), msg as unknown);
    await this.settle();
  }

  /** Let queued messages and the next animation frames run. */
  async settle(): Promise<void> {
    await this.page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 0),
        ),
    );
  }

  posted(): Promise<WebviewToHost[]> {
    return this.page.evaluate(() => (window as unknown as { __posted: WebviewToHost[] }).__posted.slice());
  }

  async clearPosted(): Promise<void> {
    await this.page.evaluate(() => void ((window as unknown as { __posted: unknown[] }).__posted.length = 0));
  }

  /** Polls from Node: the page's CSP forbids eval, which Playwright's waitForFunction needs. */
  async waitForPosted<T extends WebviewToHost['type']>(
    type: T,
    timeout = 5000,
  ): Promise<Extract<WebviewToHost, { type: T }>> {
    const found = await until(
      async () => (await this.posted()).find((m) => m.type === type),
      `the view posts "${type}"`,
      timeout,
    );
    return found as Extract<WebviewToHost, { type: T }>;
  }

  cspViolations(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.slice());
  }

  async reload(): Promise<void> {
    await this.page.reload();
    await this.waitForPosted('ready');
  }

  close(): Promise<void> {
    return this.context.close();
  }
}

/**
 * One browser per describe and a fresh page per test; after each test, asserts that the page had
 * no CSP violations and no errors. `use` receives each test's page.
 */
export function useChatPage(use: (page: ChatPage) => void): void {
  let harness: Harness | undefined;
  let chat: ChatPage | undefined;
  before(async () => {
    harness = await Harness.start();
  });
  after(async () => harness?.close());
  beforeEach(async () => {
    chat = await harness!.open();
    use(chat);
  });
  afterEach(async () => {
    assert.deepEqual(await chat!.cspViolations(), [], 'no CSP violations');
    assert.deepEqual(chat!.errors, [], 'no page errors');
    await chat!.close();
  });
}
