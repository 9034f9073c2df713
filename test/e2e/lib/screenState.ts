// One line saying what the workbench shows when a UI test fails: CI keeps only the tail of its log
// (the failure's first line), and a timeout alone does not say whether a menu stayed open, a
// dialog was waiting or the chat never changed.
import type { FrameLocator, Page } from 'playwright-core';
import { turnStatus, turns } from './userFlows';
import { chatFrame } from './workbench';

const MAX = 360;

// A string, not a function: tsx compiles functions with a `__name` helper the page does not have.
const WORKBENCH_STATE = `(() => {
  const shown = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length > 0);
  const text = (e, n = 60) => (e?.textContent ?? '').replace(/\\s+/g, ' ').trim().slice(0, n);
  const out = [];
  // Context menus live in a shadow root.
  const inShadow = [...document.querySelectorAll('.shadow-root-host')].flatMap((h) => [...(h.shadowRoot?.querySelectorAll('.monaco-menu') ?? [])]);
  if (inShadow.length + shown('.monaco-menu').length > 0) out.push('a context menu is open');
  const quick = shown('.quick-input-widget')[0];
  if (quick) {
    const active = text(quick.querySelector('.monaco-list-row.focused') ?? undefined, 40);
    out.push('quick input "' + (text(quick.querySelector('.quick-input-title') ?? undefined) || quick.querySelector('input')?.value || '') + '"' + (active ? ' (active row "' + active + '")' : ''));
  }
  const dialog = shown('.monaco-dialog-box')[0];
  if (dialog) out.push('dialog "' + text(dialog.querySelector('.dialog-message-text') ?? undefined) + '"');
  const toasts = shown('.notification-toast .notification-list-item-message').map((e) => '"' + text(e, 70) + '"');
  if (toasts.length) out.push('notifications ' + toasts.slice(0, 2).join(', '));
  const a = document.activeElement;
  const focus = !a || a === document.body ? 'nothing' : a.tagName === 'IFRAME' ? 'a webview' : a.tagName.toLowerCase() + '.' + [...a.classList].slice(0, 2).join('.');
  out.push('focus: ' + focus);
  return out;
})()`;

export async function screenState(page: Page): Promise<string> {
  const parts: string[] = [];
  const workbench = await page
    .evaluate<string[]>(WORKBENCH_STATE)
    .catch((e: Error) => [`(workbench unreadable: ${e.message.split('\n')[0]})`]);
  parts.push(...workbench);
  // Bounded: a frame that never comes must not hold up the failing test's report.
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('chat: not shown'), 5_000).unref());
  const chat = await Promise.race([chatLine(chatFrame(page)).catch(() => 'chat: not shown'), timeout]);
  parts.push(chat);
  const line = parts.join('; ');
  return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
}

/** The chat's turns, the last one's status and the composer's chips, with the suites' own locators. */
async function chatLine(chat: FrameLocator): Promise<string> {
  const count = await turns(chat).count();
  const status =
    count > 0
      ? (
          (await turnStatus(turns(chat).last())
            .textContent({ timeout: 500 })
            .catch(() => null)) ?? ''
        )
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 40)
      : '';
  const chips = (await chat.locator('.attachments:not(.sent-chips) .attachment').allInnerTexts()).map((c) => c.trim());
  return `chat: ${count} turns${status ? `, last "${status}"` : ''}${chips.length ? `, chips ${chips.join(', ')}` : ''}`;
}
