// Approvals as a user meets them in a real VS Code: Zero asks for a tool it may not use, a modal
// dialog over the workbench says which tool and why, and the answer decides whether a follow-up run
// ("Retrying with your approval") does the work. Never two dialogs at once.
//
// FAKE_ZERO_SCENARIO (server env) fixes the fake's behaviour for every run, the follow-up included:
// `needs-grant` refuses web_fetch without a grant; `two-permissions` refuses web_fetch and web_search.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { FAKE_ZERO, modalDialog, openZeroView, runCommand, useVSCode, waitUntil } from '../lib';
import {
  eventually,
  execRuns,
  messageBox,
  promptOf,
  publishScreenshot,
  resumeIdOf,
  setSideBarWidth,
  turnStatus,
  turnWithPrompt,
  turns,
  typeAndSend,
  type ZeroInvocation,
} from '../lib/userFlows';

/** The status bar entry while a dialog waits. */
function approvalNeeded(page: Page): Locator {
  return page.locator('.part.statusbar .statusbar-item', { hasText: 'Zero: approval needed' });
}

/**
 * Counts `.monaco-dialog-box` elements in the workbench from now on: the most seen at once, and the
 * order in which dialogs opened (their first line of text).
 */
async function watchDialogs(page: Page): Promise<void> {
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

async function dialogLog(page: Page): Promise<{ max: number; opened: string[] }> {
  return page.evaluate('window.__dialogs') as Promise<{ max: number; opened: string[] }>;
}

async function answer(dialog: Locator, button: string): Promise<void> {
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
}

describe('Approvals: a tool that needs permission (web_fetch)', function () {
  const vs = useVSCode({ name: 'ui-approvals', settings: { 'zero.path': FAKE_ZERO }, env: { FAKE_ZERO_SCENARIO: 'needs-grant', FAKE_ZERO_DELAY_MS: undefined } });
  const runs = () => execRuns(vs.zeroRecords<ZeroInvocation>());

  it('asks in a modal naming the tool and the reason; "Allow once" retries and the answer uses the page', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await setSideBarWidth(vs.page, 520); // a roomier chat behind the dialog (README picture)
    await vs.page.mouse.move(1000, 600);
    await watchDialogs(vs.page);
    await typeAndSend(chat, 'What does the example.com page say?');

    const dialog = modalDialog(vs.page);
    await dialog.waitFor({ timeout: 60_000 });
    const text = (await dialog.innerText()).replace(/\s+/g, ' ');
    assert.match(text, /Allow Zero to use web_fetch\?/, text);
    assert.match(text, /What: https:\/\/example\.com\//, text);
    assert.match(text, /Reason: Fetches remote URL content over the network\./, `Zero's reason is shown: ${text}`);
    for (const name of ['Allow once', 'Always allow', 'Deny']) await dialog.getByRole('button', { name, exact: true }).waitFor();
    // The workbench is blocked behind it, and the status bar says why.
    await vs.page.locator('.monaco-dialog-modal-block').first().waitFor();
    await approvalNeeded(vs.page).waitFor({ timeout: 10_000 });
    // The card in the chat waits for the decision too.
    const first = turnWithPrompt(chat, 'What does the example.com page say?');
    await first.locator('.permission-card', { hasText: 'Waiting for your decision' }).waitFor();
    const shot = await vs.screenshot('modal');
    console.log(`      screenshot: ${shot} (also ${publishScreenshot(shot, 'approval.png')})`);

    await answer(dialog, 'Allow once');
    await approvalNeeded(vs.page).waitFor({ state: 'detached', timeout: 10_000 });

    const card = first.locator('.permission-card', { has: chat.locator('.permission-tool', { hasText: 'web_fetch' }) });
    await card.locator('.approval-state', { hasText: 'You allowed this once' }).waitFor({ timeout: 30_000 });
    assert.match(await card.innerText(), /Fetches remote URL content over the network/);
    await first.locator('.text-block.answer', { hasText: 'I could not fetch https://example.com/' }).waitFor();

    const retry = turns(chat).filter({ has: chat.locator('.user-message.retry', { hasText: 'Retrying with your approval' }) });
    await retry.waitFor({ timeout: 60_000 });
    assert.equal(await retry.count(), 1, 'one follow-up turn');
    await turnStatus(retry).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    const tool = retry.locator('details.tool-card', { has: chat.locator('.tool-name', { hasText: 'web_fetch' }) });
    assert.match(await tool.locator('summary').innerText(), /example\.com[\s\S]*ok/);
    await retry.locator('.text-block.answer', { hasText: 'Fetched https://example.com/: Example Domain' }).waitFor();
    assert.match(await retry.locator('.text-block.answer').innerText(), /illustrative examples/, 'the answer uses the fetched content');
    assert.equal(await modalDialog(vs.page).count(), 0, 'no second dialog');

    // The follow-up ran on the same session with a grant for this one run.
    const all = runs();
    assert.equal(all.length, 2, all.map((r) => r.argv.join(' ')).join('\n'));
    const [orig, again] = all as [ZeroInvocation, ZeroInvocation];
    assert.ok(resumeIdOf(again), `the retry resumes the session: ${again.argv.join(' ')}`);
    assert.match(promptOf(again), /The user approved these tool calls[\s\S]*web_fetch \(https:\/\/example\.com\/\)/);
    assert.notEqual(again.env.ZERO_SANDBOX_GRANTS_PATH, orig.env.ZERO_SANDBOX_GRANTS_PATH, 'the retry uses a one-run grants file');
    assert.deepEqual((await dialogLog(vs.page)).max, 1);
    console.log(`      screenshot: ${await vs.screenshot('allowed-once')}`);
  });

  it('"Deny" (and Escape) leave the call refused: the card says denied and nothing is retried', async function () {
    const chat = vs.chat();
    for (const [how, prompt] of [['button', 'Fetch the page, please (deny by button)'], ['Escape', 'Fetch the page again (deny by Escape)']] as const) {
      await runCommand(vs.page, 'Zero: New Chat');
      await turns(chat).first().waitFor({ state: 'detached' });
      const runsBefore = runs().length;
      await typeAndSend(chat, prompt);
      const dialog = modalDialog(vs.page);
      await dialog.waitFor({ timeout: 60_000 });
      assert.match(await dialog.innerText(), /Allow Zero to use web_fetch\?/);
      if (how === 'button') await answer(dialog, 'Deny');
      else {
        await vs.page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached', timeout: 15_000 });
      }
      const turn = turnWithPrompt(chat, prompt);
      await turn.locator('.permission-card .approval-state', { hasText: 'You denied this' }).waitFor({ timeout: 30_000 });
      await turnStatus(turn).waitFor({ timeout: 60_000 });
      await vs.page.waitForTimeout(3_000); // a follow-up would have started by now
      assert.equal(await turns(chat).count(), 1, `no follow-up turn after ${how}`);
      assert.equal(await chat.locator('.user-message.retry').count(), 0);
      assert.equal(runs().length, runsBefore + 1, 'zero ran once');
      assert.equal(await approvalNeeded(vs.page).count(), 0);
    }
    console.log(`      screenshot: ${await vs.screenshot('denied')}`);
  });
});

describe('Approvals: two requests in one run', function () {
  const vs = useVSCode({ name: 'ui-approvals-two', settings: { 'zero.path': FAKE_ZERO }, env: { FAKE_ZERO_SCENARIO: 'two-permissions', FAKE_ZERO_DELAY_MS: undefined } });
  const runs = () => execRuns(vs.zeroRecords<ZeroInvocation>());

  it('shows two dialogs one after the other, never both, and retries both approved calls', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await watchDialogs(vs.page);
    await typeAndSend(chat, 'Look up the stream-json protocol on the web');
    const dialog = modalDialog(vs.page);

    // Answering one dialog opens the next at once: each is told apart by its question.
    const fetchDialog = dialog.filter({ hasText: 'Allow Zero to use web_fetch?' });
    const searchDialog = dialog.filter({ hasText: 'Allow Zero to use web_search?' });
    await fetchDialog.waitFor({ timeout: 60_000 });
    await vs.page.waitForTimeout(1_500); // the second request has arrived by now; it must wait its turn
    assert.equal(await dialog.count(), 1, 'one dialog at a time');
    await approvalNeeded(vs.page).waitFor();
    await answer(fetchDialog, 'Allow once');

    await searchDialog.waitFor({ timeout: 30_000 });
    assert.equal(await dialog.count(), 1);
    assert.match(await searchDialog.innerText(), /zero coding agent stream-json protocol/, 'the dialog says what would be searched');
    await approvalNeeded(vs.page).waitFor();
    await vs.screenshot('second-dialog');
    await answer(searchDialog, 'Allow once');

    const first = turnWithPrompt(chat, 'Look up the stream-json protocol');
    for (const tool of ['web_fetch', 'web_search']) {
      const card = first.locator('.permission-card', { has: chat.locator('.permission-tool', { hasText: tool }) });
      await card.locator('.approval-state', { hasText: 'You allowed this once' }).waitFor({ timeout: 30_000 });
    }
    const retry = turns(chat).filter({ has: chat.locator('.user-message.retry', { hasText: 'Retrying with your approval' }) });
    await turnStatus(retry).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    await retry.locator('.text-block.answer', { hasText: 'Both lookups worked' }).waitFor();
    for (const tool of ['web_fetch', 'web_search']) {
      const card = retry.locator('details.tool-card', { has: chat.locator('.tool-name', { hasText: tool }) });
      assert.match(await card.locator('.tool-status').innerText(), /ok/, `${tool} ran in the retry`);
    }
    await vs.page.waitForTimeout(1_000);
    const log = await dialogLog(vs.page);
    assert.equal(log.max, 1, `never two dialogs at once: ${JSON.stringify(log)}`);
    assert.deepEqual(log.opened.map((t) => /web_\w+/.exec(t)?.[0]), ['web_fetch', 'web_search'], JSON.stringify(log));
    assert.equal(execRuns(vs.zeroRecords<ZeroInvocation>()).length, 2, 'one run, one follow-up');
    assert.equal(await approvalNeeded(vs.page).count(), 0, 'the status bar is back to normal');
    console.log(`      screenshot: ${await vs.screenshot('both-allowed')}`);
  });

  it('allowing one and denying the other retries only the allowed one', async function () {
    const chat = vs.chat();
    await runCommand(vs.page, 'Zero: New Chat');
    await turns(chat).first().waitFor({ state: 'detached' });
    await watchDialogs(vs.page);
    const runsBefore = runs().length;
    await typeAndSend(chat, 'Search the web for the protocol');
    const dialog = modalDialog(vs.page);
    const fetchDialog = dialog.filter({ hasText: 'Allow Zero to use web_fetch?' });
    const searchDialog = dialog.filter({ hasText: 'Allow Zero to use web_search?' });
    await fetchDialog.waitFor({ timeout: 60_000 });
    await answer(fetchDialog, 'Allow once');
    await searchDialog.waitFor({ timeout: 30_000 });
    await answer(searchDialog, 'Deny');

    const first = turnWithPrompt(chat, 'Search the web for the protocol');
    await first.locator('.permission-card', { has: chat.locator('.permission-tool', { hasText: 'web_search' }) }).locator('.approval-state', { hasText: 'You denied this' }).waitFor();
    const retry = turns(chat).filter({ has: chat.locator('.user-message.retry') });
    await retry.waitFor({ timeout: 60_000 });
    const followUp = await waitUntil(() => runs().slice(runsBefore)[1], 'the follow-up run');
    assert.doesNotMatch(promptOf(followUp), /web_search/, 'the denied call is not retried');

    // In the retry, web_search is refused again (the user denied it), which Zero reports as a
    // new request: answer it (Deny) if the extension asks, then the retry ends. (The dialog is
    // queued as soon as the request arrives, so by the time the turn has ended it is showing.)
    await turnStatus(retry).waitFor({ timeout: 60_000 });
    const again = await searchDialog.waitFor({ timeout: 5_000 }).then(() => true, () => false);
    if (again) {
      console.log(`      note: the follow-up asked again: ${await searchDialog.locator('.dialog-message-text').innerText()}`);
      await answer(searchDialog, 'Deny');
    }
    const fetchCard = retry.locator('details.tool-card', { has: chat.locator('.tool-name', { hasText: 'web_fetch' }) });
    assert.match(await fetchCard.locator('.tool-status').innerText(), /ok/);

    // What the follow-up asked Zero to do, as the user can read it on the retry turn.
    const details = retry.locator('details.retry-prompt');
    const instructions = await eventually(async () => {
      if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
      return (await details.locator('.prompt').innerText()).trim() || null;
    }, 'the retry instructions are shown', 15_000);
    assert.match(instructions, /web_fetch \(https:\/\/example\.com\/\)/, instructions);
    assert.doesNotMatch(instructions, /web_search/, 'the denied call is not in the instructions');
    await vs.page.waitForTimeout(2_000);
    assert.equal(await chat.locator('.user-message.retry').count(), 1, 'no second follow-up');
    console.log(`      screenshot: ${await vs.screenshot('one-denied')}`);
  });
});
