/**
 * Runs the latency probe (bench/latencyProbe/extension.ts) in the bench's code-server: builds it, installs it
 * beside Zero's extension, opens its webview, and times RUNS Enter presses.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import type { Frame, Page } from 'playwright-core';
import { runCommand } from '../../test/e2e/lib/workbench';
import { PROBE_COMMAND, PROBE_ID, PROBE_TITLE } from '../latencyProbe/names';

/** One Enter in the probe: each time after the keydown, in ms. */
export interface FloorSample {
  /** The keydown's message at the host. */
  up: number;
  /** The host's answer, from its postMessage to the view's message event. */
  down: number;
  /** From the answer's arrival to the next animation frame (when it is painted). */
  frame: number;
}

/** Builds the probe extension into a temporary folder; returns it (remove it when done). */
export function buildProbe(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-latency-probe-'));
  const manifest = {
    name: PROBE_ID.split('.')[1],
    publisher: PROBE_ID.split('.')[0],
    version: '0.0.1',
    engines: { vscode: '^1.100.0' },
    main: './extension.js',
    activationEvents: [],
    contributes: { commands: [{ command: PROBE_COMMAND, title: PROBE_TITLE }] },
  };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
  buildSync({
    entryPoints: [path.join(__dirname, '..', 'latencyProbe', 'extension.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
    outfile: path.join(dir, 'extension.js'),
    logLevel: 'error',
  });
  return dir;
}

/** Copies the built probe into a code-server's extensions folder, before its window opens. */
export function installProbe(built: string, extensionsDir: string): void {
  fs.cpSync(built, path.join(extensionsDir, `${PROBE_ID}-0.0.1`), { recursive: true });
}

async function probeFrame(page: Page): Promise<Frame> {
  const outer = await page.locator(`iframe.webview[src*="extensionId=${PROBE_ID}"]`).elementHandle({ timeout: 60_000 });
  const inner = await (await outer?.contentFrame())?.locator('#active-frame').elementHandle({ timeout: 60_000 });
  const frame = await inner?.contentFrame();
  if (!frame) throw new Error('the latency probe has no webview frame');
  return frame;
}

/** Opens the probe's webview and presses Enter in it `runs` times after one warm-up. */
export async function measureFloor(page: Page, runs: number): Promise<FloorSample[]> {
  await runCommand(page, PROBE_TITLE);
  const frame = await probeFrame(page);
  const box = frame.locator('textarea');
  await box.waitFor({ timeout: 60_000 });
  const samples: FloorSample[] = [];
  for (let i = 0; i <= runs; i++) {
    await box.press('Enter');
    const until = Date.now() + 10_000;
    for (;;) {
      const r = (await frame.evaluate(`window.__probe[${i}]`)) as Record<string, number> | undefined;
      if (r?.frameAt) {
        if (i > 0)
          samples.push({
            up: r.hostReceivedAt! - r.keyAt!,
            down: r.viewReceivedAt! - r.hostSentAt!,
            frame: r.frameAt - r.viewReceivedAt!,
          });
        break;
      }
      if (Date.now() > until) throw new Error(`the latency probe did not answer Enter ${i}: ${JSON.stringify(r)}`);
      await new Promise((res) => setTimeout(res, 20));
    }
  }
  return samples;
}
