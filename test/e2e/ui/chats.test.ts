// Several chats at once, as a user meets them in a real VS Code: "Open Chat in Editor" opens a tab
// with its own chat, two tabs run at the same time, a tab in the background keeps running and says
// so in its title, the Zero view's badge counts the chat that waits for approval, and a run that
// finishes out of sight is announced with a notification whose "Show" brings the chat back. After a
// window reload VS Code restores the tabs, and each shows its own chat again.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  answerDialog,
  chatTabFrame,
  editorTab,
  FAKE_ZERO,
  modalDialog,
  openZeroView,
  runCommand,
  useVSCode,
  zeroBadge,
} from '../lib';
import {
  eventually,
  messageBox,
  turnStatus,
  turns,
  turnWithPrompt,
  typeAndSend,
  type ZeroInvocation,
} from '../lib/userFlows';

/** Records the text of every notification toast from now on (they may hide again before we look). */
async function watchToasts(page: Page): Promise<void> {
  // A string, not a function: tsx's helpers (__name) do not exist in the page.
  await page.evaluate(`(() => {
    const seen = new WeakSet();
    window.__toasts = [];
    const check = () => {
      for (const t of document.querySelectorAll('.notifications-toasts .notification-toast')) {
        if (seen.has(t)) continue;
        seen.add(t);
        window.__toasts.push((t.textContent || '').trim());
      }
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
    check();
  })()`);
}

const toasts = (page: Page): Promise<string[]> => page.evaluate('window.__toasts') as Promise<string[]>;

describe('Several chats at once (exec): two editor tabs, a badge and a notification', function () {
  const vs = useVSCode({
    name: 'ui-chats',
    settings: { 'zero.path': FAKE_ZERO },
    env: { FAKE_ZERO_DELAY_MS: undefined, FAKE_ZERO_SLOW_COUNT: '60' },
  });

  it('both tabs run and finish with their own answers; the badge counts the one waiting for approval', async function () {
    const page = vs.page;
    const sidebar = await openZeroView(page);
    await messageBox(sidebar).waitFor({ timeout: 90_000 });
    await watchToasts(page);

    // Tab 1: a long answer (the slow scenario streams 60 steps, 200 ms apart).
    await runCommand(page, 'Zero: Open Chat in Editor');
    const first = chatTabFrame(page);
    await messageBox(first).waitFor({ timeout: 60_000 });
    await typeAndSend(first, 'Count the steps scenario:slow');
    await editorTab(page, /Count the steps.*\(running\)/).waitFor({ timeout: 60_000 });

    // Tab 2, while tab 1 still runs: a question that needs web_fetch (the fake refuses it and asks).
    await runCommand(page, 'Zero: Open Chat in Editor');
    await editorTab(page, 'Zero: New chat').waitFor({ timeout: 30_000 });
    const second = chatTabFrame(page);
    await messageBox(second).waitFor({ timeout: 60_000 });
    assert.equal(await turns(second).count(), 0, 'the second tab has a chat of its own, not a mirror of the first');
    await typeAndSend(second, 'What does the example page say? scenario:permission');

    // Tab 1 is in the background and still running; its title says so.
    const runningTitle = await editorTab(page, /Count the steps/).innerText();
    assert.match(
      runningTitle,
      /\(running\)|\(finished, unread\)/,
      `the background tab says what its chat does: ${runningTitle}`,
    );

    // Zero asks about web_fetch: the second chat waits for the user, and the badge counts it.
    const dialog = modalDialog(page);
    await dialog.waitFor({ timeout: 90_000 });
    assert.match((await dialog.innerText()).replace(/\s+/g, ' '), /Allow Zero to use web_fetch\?/);
    await eventually(async () => (await zeroBadge(page)) === 1, 'the Zero view badge says 1 chat waits', 60_000);
    await editorTab(page, /example page.*\(waiting for approval\)/).waitFor({ timeout: 30_000 });

    // Tab 1 finishes out of sight: its title says unread, and a notification says so.
    await editorTab(page, /Count the steps.*\(finished, unread\)/).waitFor({ timeout: 120_000 });
    await eventually(
      async () => (await toasts(page)).find((t) => /Zero finished in "Count the steps/.test(t)),
      'a "finished" notification',
      30_000,
    );
    assert.equal(await zeroBadge(page), 1, 'only the chat that waits is counted, not the finished one');
    await vs.screenshot('waiting-and-finished');

    // The user denies: nothing waits any more, and the badge goes away.
    await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await eventually(async () => (await zeroBadge(page)) === 0, 'the badge is gone', 30_000);
    await editorTab(page, /example page/)
      .filter({ hasNotText: /waiting/ })
      .waitFor({ timeout: 30_000 });
    await turnWithPrompt(second, 'What does the example page say?')
      .getByText(/web_fetch needs your approval/)
      .waitFor({ timeout: 30_000 });

    // "Show" on the notification brings tab 1 back, live from the host: the whole answer is there.
    await runCommand(page, 'Notifications: Show Notifications');
    const entry = page
      .locator('.notifications-center .notification-list-item', { hasText: /Zero finished in "Count the steps/ })
      .first();
    await entry.waitFor({ timeout: 30_000 });
    await entry.getByRole('button', { name: 'Show' }).click();
    const back = chatTabFrame(page);
    await turnWithPrompt(back, 'Count the steps').getByText('Step 60 of 60.').waitFor({ timeout: 60_000 });
    assert.equal(
      await turnWithPrompt(back, 'Count the steps')
        .getByText(/web_fetch/)
        .count(),
      0,
      "tab 1 holds its own answer, not tab 2's",
    );
    await editorTab(page, /Count the steps/)
      .filter({ hasNotText: /unread|running/ })
      .waitFor({ timeout: 30_000 });

    // The sidebar kept a chat of its own throughout.
    assert.equal(await turns(sidebar).count(), 0, 'the sidebar shows its own (new) chat');
  });

  it('after a window reload both tabs come back, each bound to its own chat', async function () {
    const page = vs.page;
    await vs.reload({ command: true }); // the workbench saves its tabs first, as its own reload does
    await editorTab(page, /Count the steps/).click({ timeout: 90_000 });
    const first = chatTabFrame(page);
    await turnWithPrompt(first, 'Count the steps').getByText('Step 60 of 60.').waitFor({ timeout: 90_000 });
    assert.equal(await turns(first).count(), 1, 'the first tab holds its own chat only');
    await editorTab(page, /example page/).click();
    const second = chatTabFrame(page);
    await turnWithPrompt(second, 'What does the example page say?')
      .getByText(/web_fetch needs your approval/)
      .waitFor({ timeout: 60_000 });
    assert.equal(await turns(second).count(), 1, 'the second tab holds its own chat only');
    assert.equal(await editorTab(page, /Zero/).count(), 2, 'two chat tabs, not more');
    await vs.screenshot('tabs-after-reload');
    // The tab still works: a new message runs in its chat.
    await typeAndSend(second, 'And after the reload? scenario:echo');
    await turnWithPrompt(second, 'And after the reload?')
      .getByText('You said: And after the reload? scenario:echo')
      .waitFor({ timeout: 60_000 });
  });
});

describe('Several chats at once (acp): the sidebar and a tab on one zero acp process', function () {
  const vs = useVSCode({
    name: 'ui-chats-acp',
    settings: { 'zero.path': FAKE_ZERO, 'zero.transport': 'acp' },
    env: { FAKE_ZERO_SCENARIO: undefined, FAKE_ZERO_DELAY_MS: undefined, FAKE_ZERO_SLOW_COUNT: '30' },
  });
  const acpProcesses = () => vs.zeroRecords<ZeroInvocation>().filter((r) => r.argv[0] === 'acp').length;

  it('the tab waits for approval in a modal (badge 1) while the sidebar chat runs on behind it; both end with their own answers', async function () {
    const page = vs.page;
    const sidebar = await openZeroView(page);
    await messageBox(sidebar).waitFor({ timeout: 90_000 });

    await runCommand(page, 'Zero: Open Chat in Editor');
    const tab = chatTabFrame(page);
    await messageBox(tab).waitFor({ timeout: 60_000 });
    // The sidebar's chat streams a slow answer (30 steps, 200 ms apart) while the tab's question waits.
    await typeAndSend(sidebar, 'Count the steps scenario:slow');
    await turnWithPrompt(sidebar, 'Count the steps').getByText('Step 1 of 30.').waitFor({ timeout: 60_000 });
    await typeAndSend(tab, 'What does the example.com page say? scenario:permission');

    // Zero waits inside the turn for the modal: the chat waits for the user, and the badge says so.
    const dialog = modalDialog(page);
    await dialog.waitFor({ timeout: 60_000 });
    assert.match((await dialog.innerText()).replace(/\s+/g, ' '), /Allow Zero to use web_fetch\?/);
    await eventually(async () => (await zeroBadge(page)) === 1, 'the Zero view badge says 1 chat waits', 60_000);
    await editorTab(page, /example\.com page.*\(waiting for approval\)/).waitFor({ timeout: 30_000 });

    // Meanwhile the sidebar's own run goes on behind the modal and finishes with its own answer.
    await turnWithPrompt(sidebar, 'Count the steps').getByText('Step 30 of 30.').waitFor({ timeout: 60_000 });
    await turnStatus(turnWithPrompt(sidebar, 'Count the steps'))
      .filter({ hasText: 'success' })
      .waitFor({ timeout: 30_000 });
    assert.equal(await zeroBadge(page), 1, 'the answered sidebar chat is not counted');
    assert.equal(await turns(sidebar).count(), 1, "the sidebar holds only its own chat's turn");
    await vs.screenshot('acp-tab-waits-sidebar-answered');

    // Allow: the tab's same turn goes on and answers with the page; nothing waits any more.
    await answerDialog(dialog, 'Allow');
    const turn = turnWithPrompt(tab, 'What does the example.com page say?');
    await turn
      .locator('.text-block.answer', { hasText: 'Fetched https://example.com/: Example Domain' })
      .waitFor({ timeout: 60_000 });
    await eventually(async () => (await zeroBadge(page)) === 0, 'the badge is gone', 30_000);
    assert.equal(await turns(tab).count(), 1, "the tab holds only its own chat's turn");
    assert.equal(acpProcesses(), 1, 'both chats are sessions of one zero acp process');
  });

  it('after a window reload the tab comes back with its chat, and continues its session', async function () {
    const page = vs.page;
    await vs.reload({ command: true }); // the workbench saves its tabs first, as its own reload does
    await editorTab(page, /example\.com page/).click({ timeout: 90_000 });
    const tab = chatTabFrame(page);
    await turnWithPrompt(tab, 'What does the example.com page say?')
      .locator('.text-block.answer', { hasText: 'Fetched https://example.com/: Example Domain' })
      .waitFor({ timeout: 90_000 });
    await typeAndSend(tab, 'What did I ask? scenario:resume');
    await turnWithPrompt(tab, 'What did I ask?')
      .getByText(/Continuing session .*: you previously asked: What does the example\.com page say\?/)
      .waitFor({ timeout: 60_000 });
  });
});
