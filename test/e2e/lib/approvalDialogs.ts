// What a UI test sees of approval dialogs in the workbench: the status bar entry while one waits, and
// a log of every `.monaco-dialog-box` (the most at once, the order they opened). Used by the approvals suites.
import type { Locator, Page } from 'playwright-core';

/** The status bar entry while a dialog waits. */
export function approvalNeeded(page: Page): Locator {
  return page.locator('.part.statusbar .statusbar-item', { hasText: 'Zero: approval needed' });
}

/**
 * Counts `.monaco-dialog-box` elements in the workbench from now on: the most seen at once, and the
 * order in which dialogs opened (their first line of text).
 */
export async function watchDialogs(page: Page): Promise<void> {
  // A string, not a function: tsx's helpers (__name) do not exist in the page.
  await page.evaluate(`(() => {
    const log = { max: 0, opened: [] };
    window.__dialogs = log;
    const seen = new WeakSet();
    const check = () => {
      const boxes = Array.from(document.querySelectorAll('.monaco-dialog-box'));
      log.max = Math.max(log.max, boxes.length);
      for (const b of boxes) {
        if (seen.has(b)) continue;
        seen.add(b);
        log.opened.push(((b.querySelector('.dialog-message-text') || b).textContent || '').trim());
      }
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
    check();
  })()`);
}

export async function dialogLog(page: Page): Promise<{ max: number; opened: string[] }> {
  return page.evaluate('window.__dialogs') as Promise<{ max: number; opened: string[] }>;
}
