// Helpers that act on the workbench the way a user does: activity bar, command palette, webview.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { EXTENSION_ID, SCREENSHOT_DIR } from './paths';
import { eventually } from './userFlows';

/**
 * An editor's webview sits in an overlay container that points at the editor it covers
 * (`data-parent-flow-to-element-id="webview-editor-element-…"`); a view's container has no such link.
 */
const EDITOR_WEBVIEW_CONTAINER = 'div[data-parent-flow-to-element-id^="webview-editor-element-"]';

/**
 * The outer iframe of our chat view's webview (the HTML lives in its nested `#active-frame`).
 * A view's frame normally carries `purpose=webviewView`, but after a window reload with the
 * packaged VSIX, code-server 4.100 restored the view in a frame without it, so a frame with no
 * purpose counts too. Editor chat tabs have no purpose either: their frames are left out by their
 * container, which belongs to an editor.
 */
export const CHAT_WEBVIEW_IFRAME = `:not(${EDITOR_WEBVIEW_CONTAINER}) > iframe.webview[src*="extensionId=${EXTENSION_ID}"]:is([src*="purpose=webviewView"], :not([src*="purpose="]))`;

/**
 * The outer iframe of the chat in the visible editor tab ("Zero: Open Chat in Editor"). A tab in
 * the background has no frame (its webview is released until it is shown again), and the one
 * being shown has a visible container, so with one editor group this is unique.
 */
export const CHAT_TAB_IFRAME = `${EDITOR_WEBVIEW_CONTAINER}[style*="visibility: visible"] > iframe.webview[src*="extensionId=${EXTENSION_ID}"]`;

/** The document of the chat in the visible editor tab (see CHAT_TAB_IFRAME), used like chatFrame(page). */
export function chatTabFrame(page: Page): FrameLocator {
  return page.frameLocator(CHAT_TAB_IFRAME).frameLocator('#active-frame');
}

/** An editor tab by (part of) its title, e.g. `Zero: Count the steps`. */
export function editorTab(page: Page, title: string | RegExp): Locator {
  return page.locator('.part.editor .tabs-container .tab', { hasText: title });
}

/** The number on the Zero view's activity-bar item (0 when it shows no badge). */
export async function zeroBadge(page: Page): Promise<number> {
  const badge = page.locator('.activitybar .action-item:has(a.action-label[aria-label^="Zero"]) .badge-content');
  if ((await badge.count()) === 0 || !(await badge.first().isVisible())) return 0;
  return Number((await badge.first().innerText()).trim()) || 0;
}

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
    const shown = await iframe.waitFor({ state: 'attached', timeout: attempt < 3 ? 15_000 : 60_000 }).then(
      () => true,
      () => false,
    );
    if (shown) return chatFrame(page);
    if (attempt >= 3) {
      // Say what the page holds, so a failure here tells stale frames from a view that never came.
      const frames = await page
        .locator('iframe.webview')
        .evaluateAll((els) =>
          els.map(
            (e) =>
              `${(e as HTMLIFrameElement).src.replace(/^.*?\?/, '?')} visible=${(e as HTMLElement).offsetParent !== null}`,
          ),
        );
      throw new Error(
        `the Zero chat view did not open after 3 tries; webview frames: ${frames.length ? frames.join(' | ') : 'none'}`,
      );
    }
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
 * `'Zero: New Chat'` or `'View: Toggle Terminal'`; waits until the palette has closed (or given its
 * place to the command's own quick input).
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
  // The palette closes; a command that asks something (a file dialog, a quick pick) opens its own
  // quick input in the same widget, maybe before a hidden widget could be seen.
  await eventually(
    async () => !(await widget.isVisible()) || !(await input.inputValue()).startsWith('>'),
    `the command palette closed after running "${title}"`,
    30_000,
  );
}

/** Waits for a notification toast containing `text` and returns it. */
export async function waitForNotification(page: Page, text: string | RegExp, timeout = 30_000): Promise<Locator> {
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
  await toast.waitFor({ timeout });
  // Toasts slide in: a screenshot right away shows a sliver (docs/testing-in-vscode.md, "Driving it").
  await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  return toast;
}

/** The modal dialog (`showWarningMessage(..., { modal: true })`); it is in the workbench, not the webview. */
export function modalDialog(page: Page): Locator {
  return page.locator('.monaco-dialog-box');
}

/**
 * Clicks an entry of an open context menu and waits for the menu to close, as it does when it runs
 * the entry. Under load the workbench sometimes does not take the first click (the entry shows as
 * hovered and the menu stays open: seen in CI); a user clicks again, and so does this. The menu
 * closes before the entry runs, so an entry still shown did not run: a second click cannot run it twice.
 */
export async function clickMenuEntry(entry: Locator): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await entry.click({ timeout: 10_000 });
    try {
      await entry.waitFor({ state: 'detached', timeout: 3_000 });
      return;
    } catch {
      // still open: click again
    }
  }
  await entry.waitFor({ state: 'detached', timeout: 10_000 });
}

/** Clicks `button` on a modal dialog, as a user answers it, and waits for the dialog to go. */
export async function answerDialog(dialog: Locator, button: string): Promise<void> {
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
}

/**
 * Presses Escape on an open modal the way a user does: once the dialog has
 * taken the focus. A key pressed in the moment between the dialog appearing and taking focus goes
 * to whatever had it (often the chat webview), not to the dialog.
 */
export async function escapeDialog(page: Page, dialog: Locator = modalDialog(page)): Promise<void> {
  await dialog.waitFor({ state: 'visible', timeout: 60_000 });
  await dialog.locator(':focus').waitFor({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
}

/** ACP: the permission modal asking about `tool` (its message is the question). */
export function acpDialog(page: Page, tool: string): Locator {
  return page.locator('.monaco-dialog-box', {
    has: page.locator('.dialog-message-text', { hasText: `Allow Zero to use ${tool}?` }),
  });
}

/** ACP: the modal's buttons (Zero's option labels, and "Show details…" when the detail is cut), sorted: the workbench orders buttons by platform. */
export async function acpOptions(dialog: Locator): Promise<string[]> {
  return (await dialog.getByRole('button').allInnerTexts())
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .sort();
}

/** ACP: clicks Zero's option `label`, as a user would; the modal goes. */
export async function acpChoose(dialog: Locator, label: string): Promise<void> {
  await answerDialog(dialog, label);
}

/** Saves `.e2e/screenshots/<name>.png` and returns its path. */
/** The pointer onto the empty editor area, and no workbench tooltip left open (they cover what is below them). */
export async function moveOffTooltips(page: Page): Promise<void> {
  const editor = (await page.locator('.part.editor').boundingBox())!;
  await page.mouse.move(editor.x + editor.width / 2, editor.y + editor.height / 2);
  const open = page.locator('.context-view .hover-contents:visible, .workbench-hover:visible');
  await eventually(async () => (await open.count()) === 0, 'no tooltip open', 15_000);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '')}.png`);
  await page.screenshot({ path: file });
  return file;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
