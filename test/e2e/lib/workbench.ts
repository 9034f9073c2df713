// Helpers that act on the workbench the way a user does: activity bar, command palette, webview.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { EXTENSION_ID, SCREENSHOT_DIR } from './paths';

/** The outer iframe of our chat view's webview (the HTML lives in its nested `#active-frame`). */
export const CHAT_WEBVIEW_IFRAME = `iframe.webview[src*="extensionId=${EXTENSION_ID}"][src*="purpose=webviewView"]`;

/** The "Zero" item in the activity bar (its label is the view container's title). */
export function zeroActivityItem(page: Page): Locator {
  return page.locator('.activitybar .action-item a.action-label[aria-label="Zero"]');
}

/**
 * Shows the Zero side bar (clicking its activity-bar item, unless it is already showing: a second
 * click would hide it) and waits until the chat view's webview is attached. Returns chatFrame(page).
 */
export async function openZeroView(page: Page): Promise<FrameLocator> {
  const item = zeroActivityItem(page);
  await item.waitFor({ timeout: 90_000 });
  const iframe = page.locator(CHAT_WEBVIEW_IFRAME);
  const checked = page.locator('.activitybar .action-item.checked a.action-label[aria-label="Zero"]');
  // After a reload the workbench restores the side bar on its own, a moment after the activity bar
  // appears: a click that races it toggles the view closed again. So check, click, wait, and retry.
  for (let attempt = 1; ; attempt++) {
    if ((await checked.count()) === 0) await item.click();
    const shown = await iframe.waitFor({ state: 'attached', timeout: attempt < 3 ? 15_000 : 60_000 }).then(() => true, () => false);
    if (shown) return chatFrame(page);
    if (attempt >= 3) throw new Error('the Zero chat view did not open after 3 tries');
  }
}

/**
 * The chat view's document: `iframe.webview` → `iframe#active-frame` (the webview's own HTML).
 * Use it like a page: `chatFrame(page).getByRole('textbox', { name: 'Message Zero' })`.
 */
export function chatFrame(page: Page): FrameLocator {
  return page.frameLocator(CHAT_WEBVIEW_IFRAME).frameLocator('#active-frame');
}

/**
 * Runs a command from the command palette (F1) by its full title as shown there, e.g.
 * `'Zero: New Chat'` or `'View: Toggle Terminal'`; waits until the palette has closed.
 */
export async function runCommand(page: Page, title: string): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('input.input');
  await page.keyboard.press('F1');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill(`>${title}`);
  const row = widget
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRegExp(title)}\\s*$`) }) })
    .first();
  await row.waitFor({ timeout: 30_000 });
  await row.click();
  await widget.waitFor({ state: 'hidden', timeout: 30_000 });
}

/** Waits for a notification toast containing `text` and returns it. */
export async function waitForNotification(page: Page, text: string | RegExp, timeout = 30_000): Promise<Locator> {
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
  await toast.waitFor({ timeout });
  await page.waitForTimeout(400); // toasts slide in; a screenshot right away shows a sliver (pitfall 9)
  return toast;
}

/** The modal dialog (`showWarningMessage(..., { modal: true })`); it is in the workbench, not the webview. */
export function modalDialog(page: Page): Locator {
  return page.locator('.monaco-dialog-box');
}

/** Saves `.e2e/screenshots/<name>.png` and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '')}.png`);
  await page.screenshot({ path: file });
  return file;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
