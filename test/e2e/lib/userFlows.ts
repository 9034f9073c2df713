// Small helpers the user-level UI tests share: the chat's DOM as a user sees it, the fake zero's
// processes and sessions on this machine, and README screenshots. Import from './userFlows'.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { REPO_ROOT } from './paths';
import { until } from '../../support/until';

/** What the fake zero records per invocation (FAKE_ZERO_RECORD). */
export interface ZeroInvocation {
  argv: string[];
  stdin: string | null;
  cwd: string;
  env: Record<string, string>;
}

/** Only the `exec` runs (not `--version` probes or `sandbox grants …`). */
export function execRuns(records: ZeroInvocation[]): ZeroInvocation[] {
  return records.filter((r) => r.argv[0] === 'exec');
}

/** The user's message as the fake zero received it: the `content` of the stream-json input. */
export function promptOf(run: ZeroInvocation): string {
  const out: string[] = [];
  for (const line of (run.stdin ?? '').split('\n')) {
    if (!line.trim()) continue;
    try {
      const ev = JSON.parse(line) as { content?: unknown; prompt?: unknown };
      if (typeof ev.content === 'string') out.push(ev.content);
      else if (typeof ev.prompt === 'string') out.push(ev.prompt);
    } catch {
      out.push(line);
    }
  }
  return out.join('\n');
}

/** `--resume=<id>` (or `--resume <id>`) in a run's argv. */
export function resumeIdOf(run: ZeroInvocation): string | null {
  const i = run.argv.findIndex((a) => a === '--resume' || a.startsWith('--resume='));
  if (i < 0) return null;
  const a = run.argv[i]!;
  return a.includes('=') ? a.slice(a.indexOf('=') + 1) : (run.argv[i + 1] ?? null);
}

/** The fake zero's sessions under a run's XDG_DATA_HOME: id → the user messages stored in it. */
export function fakeSessions(xdgData: string): Map<string, string[]> {
  const root = path.join(xdgData, 'zero', 'sessions');
  const out = new Map<string, string[]>();
  if (!fs.existsSync(root)) return out;
  for (const id of fs.readdirSync(root)) {
    const file = path.join(root, id, 'events.jsonl');
    const users: string[] = [];
    if (fs.existsSync(file)) {
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          const ev = JSON.parse(line) as { type?: string; payload?: { role?: string; content?: unknown } };
          if (ev.type === 'message' && ev.payload?.role === 'user') users.push(String(ev.payload.content));
        } catch {
          // a line being written
        }
      }
    }
    out.set(id, users);
  }
  return out;
}

/**
 * Live fake-zero processes of one test run (on this machine: the server is local), found through
 * /proc: the command line runs test/fixtures/fake-zero/zero and the environment has this run's
 * FAKE_ZERO_RECORD. Returns their pids.
 */
export function fakeZeroPids(recordFile: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes(`fake-zero${path.sep}zero`) && !cmdline.includes('fake-zero.js')) continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (/^\d+ \(.*\) Z /.test(stat)) continue; // a zombie has exited; only its parent has not reaped it
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(`FAKE_ZERO_RECORD=${recordFile}`)) pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

/**
 * Copies a screenshot to media/screenshots/<name> (README material) when ZERO_UPDATE_SCREENSHOTS=1,
 * so an ordinary test run leaves the tracked images alone. Returns where the picture is.
 */
export function publishScreenshot(file: string, name: string): string {
  if (process.env.ZERO_UPDATE_SCREENSHOTS !== '1') return file;
  const dir = path.join(REPO_ROOT, 'media', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, name);
  fs.copyFileSync(file, target);
  return target;
}

/** The chat's message box. */
export function messageBox(chat: FrameLocator): Locator {
  return chat.getByRole('textbox', { name: 'Message Zero' });
}

/** Every turn in the conversation, oldest first. */
export function turns(chat: FrameLocator): Locator {
  return chat.locator('section.transcript article.turn');
}

/** The turn whose user message contains `text`. */
export function turnWithPrompt(chat: FrameLocator, text: string): Locator {
  return turns(chat).filter({ has: chat.locator('.user-message .prompt', { hasText: text }) });
}

/** The footer status word of a turn ("success", "interrupted", …), once the turn has ended. */
export function turnStatus(turn: Locator): Locator {
  return turn.locator('.turn-footer .turn-status');
}

/** Types `text` into the message box like a user and presses Enter. */
export async function typeAndSend(chat: FrameLocator, text: string, opts: { type?: boolean } = {}): Promise<void> {
  const box = messageBox(chat);
  await box.click();
  if (opts.type) await box.pressSequentially(text, { delay: 5 });
  else await box.fill(text);
  // Enter does nothing while Send is disabled (e.g. the view has not had its first state yet): wait
  // for what a user would see before pressing it.
  await chat
    .getByRole('button', { name: 'Send', exact: true })
    .and(chat.locator(':enabled'))
    .waitFor({ timeout: 60_000 });
  await box.press('Enter');
}

/** The status bar item of the extension (`zero.status`), in the workbench. */
export function zeroStatusBarItem(page: Page): Locator {
  return page
    .locator(
      '.part.statusbar .statusbar-item[id="zero-vscode.zero-vscode.zero.status"], .part.statusbar .statusbar-item[id$="zero.status"]',
    )
    .first();
}

/** Drags the side bar's sash so the side bar is about `width` px wide (nicer screenshots). */
export async function setSideBarWidth(page: Page, width: number): Promise<void> {
  const sidebar = page.locator('.part.sidebar');
  const box = await sidebar.boundingBox();
  if (!box) return;
  const sashX = box.x + box.width;
  const y = box.y + box.height / 2;
  await page.mouse.move(sashX - 1, y);
  await page.mouse.down();
  await page.mouse.move(sashX + (width - box.width) / 2, y, { steps: 4 });
  await page.mouse.move(box.x + width, y, { steps: 4 });
  await page.mouse.up();
}

/**
 * Polls an async check (e.g. a locator's value) until it returns a truthy value. Unlike `until`, a
 * check that throws (a locator while the webview reloads) is tried again; the last error is named.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  let last: unknown;
  const tolerant = async (): Promise<T | undefined | null | false> => {
    try {
      return await check();
    } catch (err) {
      last = err;
      return undefined;
    }
  };
  return until(tolerant, () => `${what}${last ? ` (last error: ${String(last)})` : ''}`, timeoutMs);
}
