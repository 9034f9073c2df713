// Approvals as a user meets them in a real VS Code, on both transports (each in its own code-server):
// - exec: Zero has already refused the tool; a modal dialog over the workbench says which tool and
//   why, and the answer decides whether a follow-up run ("Retrying with your approval") does the work.
// - acp: Zero waits inside the turn; a quick pick offers exactly Zero's own choices with Zero's
//   labels (a quick pick, because Stop must be able to close it), and the same turn goes on.
// Never two dialogs at once.
//
// FAKE_ZERO_SCENARIO (server env) fixes the fake's behaviour for every run, the follow-up included:
// `two-permissions` asks for web_fetch and web_search.
import * as assert from 'node:assert/strict';
import {
  acpChoose,
  acpDialog,
  acpOptions,
  answerDialog,
  FAKE_ZERO,
  modalDialog,
  openZeroView,
  runCommand,
  useVSCode,
} from '../lib';
import { approvalNeeded, dialogLog, watchDialogs } from '../lib/approvalDialogs';
import { describeEachTransport, zeroProcessesStarted } from '../lib/transports';
import {
  eventually,
  execRuns,
  messageBox,
  promptOf,
  turnStatus,
  turnWithPrompt,
  turns,
  typeAndSend,
  type ZeroInvocation,
} from '../lib/userFlows';
import { until } from '../../support/until';

describeEachTransport('Approvals: two requests in one run', (transport) => {
  const vs = useVSCode({
    name: `ui-approvals-two-${transport}`,
    settings: { 'zero.path': FAKE_ZERO, 'zero.transport': transport },
    env: { FAKE_ZERO_SCENARIO: 'two-permissions', FAKE_ZERO_DELAY_MS: undefined },
  });
  const runs = () => execRuns(vs.zeroRecords<ZeroInvocation>());

  if (transport === 'acp') {
    it('Zero asks one at a time inside the turn: the second question comes after the first answer; both allowed, the same turn answers', async function () {
      const chat = await openZeroView(vs.page);
      await messageBox(chat).waitFor({ timeout: 90_000 });
      await typeAndSend(chat, 'Look up the stream-json protocol on the web');
      const first = turnWithPrompt(chat, 'Look up the stream-json protocol');
      const fetchDialog = acpDialog(vs.page, 'web_fetch');
      const searchDialog = acpDialog(vs.page, 'web_search');
      await fetchDialog.waitFor({ state: 'visible', timeout: 60_000 });
      // Zero is blocked on the first question, so the second has not been asked yet. The dialog can
      // open a moment before the chat draws its card: wait for the card, then count.
      await first.locator('.permission-card', { hasText: 'web_fetch' }).waitFor({ timeout: 30_000 });
      assert.equal(await first.locator('.permission-card').count(), 1, 'one question at a time');
      await approvalNeeded(vs.page).waitFor();
      await acpChoose(fetchDialog, 'Allow');

      await searchDialog.waitFor({ state: 'visible', timeout: 30_000 });
      assert.match(
        await searchDialog.innerText(),
        /Query: zero coding agent stream-json protocol/,
        'the dialog says what would be searched',
      );
      assert.deepEqual(
        await acpOptions(searchDialog),
        ['Allow', 'Allow for this session', 'Always allow', 'Reject'].sort(),
      );
      await vs.screenshot('acp-second-dialog');
      await acpChoose(searchDialog, 'Allow');

      await turnStatus(first).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      await first.locator('.text-block.answer', { hasText: 'Both lookups worked' }).waitFor();
      for (const tool of ['web_fetch', 'web_search']) {
        await first
          .locator('.permission-card', { has: chat.locator('.permission-tool', { hasText: tool }) })
          .locator('.approval-state', { hasText: 'You chose: Allow' })
          .waitFor();
        const card = first.locator('details.tool-card', { has: chat.locator('.tool-name', { hasText: tool }) });
        assert.match(await card.locator('.tool-status').innerText(), /ok/, `${tool} ran in the same turn`);
      }
      assert.equal(await turns(chat).count(), 1, 'no follow-up turn');
      assert.equal(zeroProcessesStarted(vs, transport), 1);
      assert.equal(await approvalNeeded(vs.page).count(), 0, 'the status bar is back to normal');
      console.log(`      screenshot: ${await vs.screenshot('acp-both-allowed')}`);
    });

    it('allowing one and rejecting the other: the allowed call runs, the rejected one is refused, in the same turn', async function () {
      const chat = vs.chat();
      await runCommand(vs.page, 'Zero: New Chat');
      await turns(chat).first().waitFor({ state: 'detached' });
      await typeAndSend(chat, 'Search the web for the protocol');
      const fetchDialog = acpDialog(vs.page, 'web_fetch');
      const searchDialog = acpDialog(vs.page, 'web_search');
      await fetchDialog.waitFor({ state: 'visible', timeout: 60_000 });
      await acpChoose(fetchDialog, 'Allow');
      await searchDialog.waitFor({ state: 'visible', timeout: 30_000 });
      await acpChoose(searchDialog, 'Reject');

      const first = turnWithPrompt(chat, 'Search the web for the protocol');
      await turnStatus(first).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      await first
        .locator('.text-block.answer', { hasText: 'Both web_fetch and web_search need your approval' })
        .waitFor();
      const status = (tool: string) =>
        first
          .locator('details.tool-card', { has: chat.locator('.tool-name', { hasText: tool }) })
          .locator('.tool-status')
          .innerText();
      assert.match(await status('web_fetch'), /ok/);
      assert.doesNotMatch(await status('web_search'), /ok/);
      await first
        .locator('.permission-card', { has: chat.locator('.permission-tool', { hasText: 'web_search' }) })
        .locator('.approval-state', { hasText: 'You chose: Reject' })
        .waitFor();
      assert.equal(await turns(chat).count(), 1, 'no follow-up turn');
    });
  }

  if (transport === 'exec')
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
      // The second request is in the chat (its card waits for a decision), yet its dialog waits its turn.
      const first = turnWithPrompt(chat, 'Look up the stream-json protocol');
      await first
        .locator('.permission-card', { has: chat.locator('.permission-tool', { hasText: 'web_search' }) })
        .waitFor({ timeout: 30_000 });
      assert.equal(await dialog.count(), 1, 'one dialog at a time');
      await approvalNeeded(vs.page).waitFor();
      await answerDialog(fetchDialog, 'Allow once');

      await searchDialog.waitFor({ timeout: 30_000 });
      assert.equal(await dialog.count(), 1);
      assert.match(
        await searchDialog.innerText(),
        /zero coding agent stream-json protocol/,
        'the dialog says what would be searched',
      );
      await approvalNeeded(vs.page).waitFor();
      await vs.screenshot('second-dialog');
      await answerDialog(searchDialog, 'Allow once');

      for (const tool of ['web_fetch', 'web_search']) {
        const card = first.locator('.permission-card', { has: chat.locator('.permission-tool', { hasText: tool }) });
        await card.locator('.approval-state', { hasText: 'You allowed this once' }).waitFor({ timeout: 30_000 });
      }
      const retry = turns(chat).filter({
        has: chat.locator('.user-message.retry', { hasText: 'Retrying with your approval' }),
      });
      await turnStatus(retry).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      await retry.locator('.text-block.answer', { hasText: 'Both lookups worked' }).waitFor();
      for (const tool of ['web_fetch', 'web_search']) {
        const card = retry.locator('details.tool-card', { has: chat.locator('.tool-name', { hasText: tool }) });
        assert.match(await card.locator('.tool-status').innerText(), /ok/, `${tool} ran in the retry`);
      }
      const log = await dialogLog(vs.page);
      assert.equal(log.max, 1, `never two dialogs at once: ${JSON.stringify(log)}`);
      assert.deepEqual(
        log.opened.map((t) => /web_\w+/.exec(t)?.[0]),
        ['web_fetch', 'web_search'],
        JSON.stringify(log),
      );
      assert.equal(execRuns(vs.zeroRecords<ZeroInvocation>()).length, 2, 'one run, one follow-up');
      assert.equal(await approvalNeeded(vs.page).count(), 0, 'the status bar is back to normal');
      console.log(`      screenshot: ${await vs.screenshot('both-allowed')}`);
    });

  if (transport === 'exec')
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
      await answerDialog(fetchDialog, 'Allow once');
      await searchDialog.waitFor({ timeout: 30_000 });
      await answerDialog(searchDialog, 'Deny');

      const first = turnWithPrompt(chat, 'Search the web for the protocol');
      await first
        .locator('.permission-card', { has: chat.locator('.permission-tool', { hasText: 'web_search' }) })
        .locator('.approval-state', { hasText: 'You denied this' })
        .waitFor();
      const retry = turns(chat).filter({ has: chat.locator('.user-message.retry') });
      await retry.waitFor({ timeout: 60_000 });
      const followUp = await until(() => runs().slice(runsBefore)[1], 'the follow-up run', 30_000);
      assert.doesNotMatch(promptOf(followUp), /web_search/, 'the denied call is not retried');

      // In the retry, web_search is refused again (the user denied it), which Zero reports as a
      // new request: answer it (Deny) if the extension asks, then the retry ends. (The dialog is
      // queued as soon as the request arrives, so by the time the turn has ended it is showing.)
      await turnStatus(retry).waitFor({ timeout: 60_000 });
      const again = await searchDialog.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (again) {
        console.log(
          `      note: the follow-up asked again: ${await searchDialog.locator('.dialog-message-text').innerText()}`,
        );
        await answerDialog(searchDialog, 'Deny');
      }
      const fetchCard = retry.locator('details.tool-card', {
        has: chat.locator('.tool-name', { hasText: 'web_fetch' }),
      });
      assert.match(await fetchCard.locator('.tool-status').innerText(), /ok/);

      // What the follow-up asked Zero to do, as the user can read it on the retry turn.
      const details = retry.locator('details.retry-prompt');
      const instructions = await eventually(
        async () => {
          if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
          return (await details.locator('.prompt').innerText()).trim() || null;
        },
        'the retry instructions are shown',
        15_000,
      );
      assert.match(instructions, /web_fetch \(https:\/\/example\.com\/\)/, instructions);
      assert.doesNotMatch(instructions, /web_search/, 'the denied call is not in the instructions');
      // A second follow-up would take the chat first; the next message asking its own questions
      // (this scenario always needs both grants) is the signal that none is coming.
      await typeAndSend(chat, 'One more search, please');
      await fetchDialog.waitFor({ timeout: 60_000 });
      await answerDialog(fetchDialog, 'Deny');
      await searchDialog.waitFor({ timeout: 30_000 });
      await answerDialog(searchDialog, 'Deny');
      await turnStatus(turnWithPrompt(chat, 'One more search, please')).waitFor({ timeout: 60_000 });
      assert.equal(await chat.locator('.user-message.retry').count(), 1, 'no second follow-up');
      console.log(`      screenshot: ${await vs.screenshot('one-denied')}`);
    });
});
