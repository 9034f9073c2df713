// The bench pages' setup, shared by bench:webview and bench:scroll: the pages served from memory on
// 127.0.0.1, and one headless Chromium with the bench's flags.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { ARGS, CHROMIUM } from './webviewOptions';

/** URL path → [content type, body]. */
export type Served = Record<string, [string, string]>;

export interface BenchPages {
  /** `http://127.0.0.1:<port>`, the pages' origin. */
  readonly base: string;
  readonly browser: Browser;
  close(): Promise<void>;
}

export async function servePages(served: Served): Promise<BenchPages> {
  const server = http.createServer((req, res) => {
    const hit = served[req.url ?? ''];
    if (hit) res.writeHead(200, { 'content-type': hit[0] }).end(hit[1]);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  return {
    base,
    browser,
    async close() {
      await browser.close();
      server.close();
    },
  };
}
