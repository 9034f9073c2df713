// Approvals as a user meets them in a real VS Code, on both transports (each in its own code-server):
// - exec: Zero has already refused the tool; a modal dialog over the workbench says which tool and
//   why, and the answer decides whether a follow-up run ("Retrying with your approval") does the work.
// - acp: Zero waits inside the turn; a quick pick offers exactly Zero's own choices with Zero's
//   labels (a quick pick, because Stop must be able to close it), and the same turn goes on.
// Never two dialogs at once.
//
// FAKE_ZERO_SCENARIO (server env) fixes the fake's behaviour for every run, the follow-up included:
// `needs-grant` asks for web_fetch.
import * as assert from 'node:assert/strict';
import {
  acpChoose,
  acpDialog,
  acpOptions,
  answerDialog,
  escapeDialog,
  FAKE_ZERO,
  modalDialog,
  openZeroView,
  runCommand,
  useVSCode,
} from '../lib';
import { approvalNeeded, dialogLog, watchDialogs } from '../lib/approvalDialogs';
import { acpRequests, describeEachTransport, zeroProcessesStarted } from '../lib/transports';
import {
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

describeEachTransport('Approvals: a tool that needs permission (web_fetch)', (transport) => {
  const vs = useVSCode({
    name: `ui-approvals-${transport}`,
    settings: { 'zero.path': FAKE_ZERO, 'zero.transport': transport },
    env: { FAKE_ZERO_SCENARIO: 'needs-grant', FAKE_ZERO_DELAY_MS: undefined },
  });
  const runs = () => execRuns(vs.zeroRecords<ZeroInvocation>());

  if (transport === 'acp') {
    it('Zero waits in the turn and asks with its own choices; Allow and the same turn answers with the page (one zero process)', async function () {
      const chat = await openZeroView(vs.page);
      await messageBox(chat).waitFor({ timeout: 90_000 });
      await typeAndSend(chat, 'What does the example.com page say?');

      const dialog = acpDialog(vs.page, 'web_fetch');
      await dialog.locator('.dialog-message-detail').waitFor({ state: 'visible', timeout: 60_000 });
      const text = (await dialog.innerText()).replace(/\s+/g, ' ');
      assert.match(
        text,
        /Allow Zero to use web_fetch\? Call: web_fetch https:\/\/example\.com\/ Kind: fetch URL: https:\/\/example\.com\/ Zero is waiting for your answer\. Esc: Reject\./,
        text,
      );
      assert.deepEqual(
        await acpOptions(dialog),
        ['Allow', 'Allow for this session', 'Always allow', 'Reject'].sort(),
        "exactly Zero's options, with Zero's labels, as the modal's buttons",
      );
      // A modal, as on exec: the workbench (Stop included) is blocked behind it.
      await vs.page.locator('.monaco-dialog-modal-block').first().waitFor();
      // The turn is still running, waiting: the header, the card and the status bar say so.
      const turn = turnWithPrompt(chat, 'What does the example.com page say?');
      await chat.locator('.chat-header .run-status', { hasText: 'Waiting for your approval' }).waitFor();
      await turn.locator('.permission-card', { hasText: 'Zero is waiting for your decision in the dialog' }).waitFor();
      await approvalNeeded(vs.page).waitFor({ timeout: 10_000 });
      assert.equal(await turnStatus(turn).count(), 0, 'the turn has not ended');
      console.log(`      screenshot: ${await vs.screenshot('acp-dialog')}`);

      // "Allow" is Zero's first option and the modal's default button: Enter picks it, as a user would.
      await dialog.locator(':focus').waitFor({ timeout: 15_000 });
      await vs.page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
      await approvalNeeded(vs.page).waitFor({ state: 'detached', timeout: 10_000 });
      await turn
        .locator('.text-block.answer', { hasText: 'Fetched https://example.com/: Example Domain' })
        .waitFor({ timeout: 60_000 });
      await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 30_000 });
      await turn.locator('.permission-card', { hasText: 'You chose: Allow' }).waitFor();
      const tool = turn.locator('details.tool-card', { has: chat.locator('.tool-name', { hasText: 'web_fetch' }) });
      assert.match(await tool.locator('summary').innerText(), /example\.com[\s\S]*ok/);
      assert.equal(await turns(chat).count(), 1, 'no follow-up turn');
      assert.equal(await chat.locator('.user-message.retry').count(), 0);
      assert.equal(zeroProcessesStarted(vs, transport), 1, 'one zero process');
      assert.equal(acpRequests(vs).filter((r) => r.method === 'session/prompt').length, 1, 'one prompt turn');
      console.log(`      screenshot: ${await vs.screenshot('acp-allowed')}`);
    });
  }

  if (transport === 'exec')
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
      for (const name of ['Allow once', 'Always allow', 'Deny'])
        await dialog.getByRole('button', { name, exact: true }).waitFor();
      // The workbench is blocked behind it, and the status bar says why.
      await vs.page.locator('.monaco-dialog-modal-block').first().waitFor();
      await approvalNeeded(vs.page).waitFor({ timeout: 10_000 });
      // The card in the chat waits for the decision too.
      const first = turnWithPrompt(chat, 'What does the example.com page say?');
      await first.locator('.permission-card', { hasText: 'Waiting for your decision' }).waitFor();
      const shot = await vs.screenshot('modal');
      console.log(`      screenshot: ${shot} (also ${publishScreenshot(shot, 'approval.png')})`);

      await answerDialog(dialog, 'Allow once');
      await approvalNeeded(vs.page).waitFor({ state: 'detached', timeout: 10_000 });

      const card = first.locator('.permission-card', {
        has: chat.locator('.permission-tool', { hasText: 'web_fetch' }),
      });
      await card.locator('.approval-state', { hasText: 'You allowed this once' }).waitFor({ timeout: 30_000 });
      assert.match(await card.innerText(), /Fetches remote URL content over the network/);
      await first.locator('.text-block.answer', { hasText: 'I could not fetch https://example.com/' }).waitFor();

      const retry = turns(chat).filter({
        has: chat.locator('.user-message.retry', { hasText: 'Retrying with your approval' }),
      });
      await retry.waitFor({ timeout: 60_000 });
      assert.equal(await retry.count(), 1, 'one follow-up turn');
      await turnStatus(retry).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      const tool = retry.locator('details.tool-card', { has: chat.locator('.tool-name', { hasText: 'web_fetch' }) });
      assert.match(await tool.locator('summary').innerText(), /example\.com[\s\S]*ok/);
      await retry.locator('.text-block.answer', { hasText: 'Fetched https://example.com/: Example Domain' }).waitFor();
      assert.match(
        await retry.locator('.text-block.answer').innerText(),
        /illustrative examples/,
        'the answer uses the fetched content',
      );
      assert.equal(await modalDialog(vs.page).count(), 0, 'no second dialog');

      // The follow-up ran on the same session with a grant for this one run.
      const all = runs();
      assert.equal(all.length, 2, all.map((r) => r.argv.join(' ')).join('\n'));
      const [orig, again] = all as [ZeroInvocation, ZeroInvocation];
      assert.ok(resumeIdOf(again), `the retry resumes the session: ${again.argv.join(' ')}`);
      assert.match(promptOf(again), /The user approved these tool calls[\s\S]*web_fetch \(https:\/\/example\.com\/\)/);
      assert.notEqual(
        again.env.ZERO_SANDBOX_GRANTS_PATH,
        orig.env.ZERO_SANDBOX_GRANTS_PATH,
        'the retry uses a one-run grants file',
      );
      assert.deepEqual((await dialogLog(vs.page)).max, 1);
      console.log(`      screenshot: ${await vs.screenshot('allowed-once')}`);
    });

  if (transport === 'acp') {
    it('"Reject" (and Escape, which picks Zero\'s reject option) refuse the call and the same turn goes on with the refusal', async function () {
      const chat = vs.chat();
      for (const [how, prompt] of [
        ['Reject', 'Fetch the page, please (reject)'],
        ['Escape', 'Fetch the page again (Escape)'],
      ] as const) {
        await runCommand(vs.page, 'Zero: New Chat');
        await turns(chat).first().waitFor({ state: 'detached' });
        const promptsBefore = acpRequests(vs).filter((r) => r.method === 'session/prompt').length;
        await typeAndSend(chat, prompt);
        const dialog = acpDialog(vs.page, 'web_fetch');
        await dialog.waitFor({ state: 'visible', timeout: 60_000 });
        if (how === 'Reject') await acpChoose(dialog, 'Reject');
        else await escapeDialog(vs.page, dialog);
        const turn = turnWithPrompt(chat, prompt);
        await turn
          .locator('.permission-card .approval-state', { hasText: 'You chose: Reject' })
          .waitFor({ timeout: 30_000 });
        await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
        await turn.locator('.text-block.answer', { hasText: 'I could not fetch https://example.com/' }).waitFor();
        const tool = turn.locator('details.tool-card', { has: chat.locator('.tool-name', { hasText: 'web_fetch' }) });
        await tool.locator('summary').click();
        assert.match(
          await tool.locator('.tool-output').innerText(),
          /Permission denied for web_fetch: the user rejected it/,
          'Zero got the reject option, not a cancel',
        );
        assert.equal(await turns(chat).count(), 1, `no follow-up turn after ${how}`);
        assert.equal(
          acpRequests(vs).filter((r) => r.method === 'session/prompt').length,
          promptsBefore + 1,
          'one prompt turn',
        );
        assert.equal(await approvalNeeded(vs.page).count(), 0);
      }
      assert.equal(zeroProcessesStarted(vs, transport), 1, 'the one zero acp served every chat');
      console.log(`      screenshot: ${await vs.screenshot('acp-rejected')}`);
    });

    // ACP only: over exec Zero has already refused the tool when the dialog opens, so no turn waits on it.
    // The turn ending while the modal is open (another chat's Stop, a crash) is in the exthost suite.
    it('while the modal is open Stop cannot be pressed (it is modal); Esc rejects and the same turn goes on', async function () {
      const chat = vs.chat();
      await typeAndSend(chat, 'Fetch it once more please');
      const dialog = acpDialog(vs.page, 'web_fetch');
      await dialog.waitFor({ state: 'visible', timeout: 60_000 });
      const stop = chat.getByRole('button', { name: 'Stop' });
      await stop.waitFor();
      await assert.rejects(
        stop.click({ trial: true, timeout: 2_000 }),
        /intercepts pointer events|Timeout/,
        'the modal covers the Stop button',
      );
      await escapeDialog(vs.page, dialog);
      const turn = turnWithPrompt(chat, 'Fetch it once more please');
      await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 30_000 });
      await turn.locator('.permission-card', { hasText: 'You chose: Reject' }).waitFor();
      assert.ok(!acpRequests(vs).some((r) => r.method === 'session/cancel'), 'nothing cancelled the turn');
    });

    it('"Allow for this session": Zero asks again in the next message (its grants last one prompt) and the chat answers it without a dialog, saying so, also after a window reload; a new chat asks again', async function () {
      const chat = vs.chat();
      await runCommand(vs.page, 'Zero: New Chat');
      await turns(chat).first().waitFor({ state: 'detached' });
      const dialog = acpDialog(vs.page, 'web_fetch');
      await typeAndSend(chat, 'Fetch the page for this session');
      await dialog.waitFor({ state: 'visible', timeout: 60_000 });
      await acpChoose(dialog, 'Allow for this session');
      const first = turnWithPrompt(chat, 'Fetch the page for this session');
      await turnStatus(first).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      await first.locator('.permission-card', { hasText: 'You chose: Allow for this session' }).waitFor();

      // Zero asks again (a new sandbox engine per prompt); the chat answers from the first choice, so the
      // dialog never opens and the card says why.
      await typeAndSend(chat, 'Fetch it again, same session');
      const again = turnWithPrompt(chat, 'Fetch it again, same session');
      await turnStatus(again).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      await again.locator('.text-block.answer', { hasText: 'Fetched https://example.com/' }).waitFor();
      await again
        .locator('.permission-card', {
          hasText: 'Allowed without asking: you chose "Allow for this session" earlier in this chat',
        })
        .waitFor();
      assert.equal(await dialog.isVisible(), false);

      // A window reload: a new extension host and zero acp, the chat reopened from its file and its
      // session loaded; the chat file kept the grant, so Zero's request is still answered without a dialog.
      const processes = zeroProcessesStarted(vs, transport);
      await vs.reload();
      const reopened = await openZeroView(vs.page);
      await messageBox(reopened).waitFor({ timeout: 90_000 });
      await typeAndSend(reopened, 'Fetch it after a reload');
      const reloaded = turnWithPrompt(reopened, 'Fetch it after a reload');
      await turnStatus(reloaded).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      await reloaded.locator('.text-block.answer', { hasText: 'Fetched https://example.com/' }).waitFor();
      await reloaded
        .locator('.permission-card', {
          hasText: 'Allowed without asking: you chose "Allow for this session" earlier in this chat',
        })
        .waitFor();
      assert.equal(await dialog.isVisible(), false);
      assert.equal(zeroProcessesStarted(vs, transport), processes + 1, 'a new zero acp');
      assert.ok(
        acpRequests(vs).some((r) => r.method === 'session/load'),
        "the chat's session was loaded",
      );

      await runCommand(vs.page, 'Zero: New Chat');
      await turns(reopened).first().waitFor({ state: 'detached' });
      await typeAndSend(reopened, 'Fetch it in a new chat');
      await dialog.waitFor({ state: 'visible', timeout: 60_000 });
      await acpChoose(dialog, 'Reject');
      await turnStatus(turnWithPrompt(reopened, 'Fetch it in a new chat')).waitFor({ timeout: 60_000 });
    });
  }

  if (transport === 'exec')
    it('"Deny" (and Escape) leave the call refused: the card says denied and nothing is retried', async function () {
      const chat = vs.chat();
      for (const [how, prompt] of [
        ['button', 'Fetch the page, please (deny by button)'],
        ['Escape', 'Fetch the page again (deny by Escape)'],
      ] as const) {
        await runCommand(vs.page, 'Zero: New Chat');
        await turns(chat).first().waitFor({ state: 'detached' });
        const runsBefore = runs().length;
        await typeAndSend(chat, prompt);
        const dialog = modalDialog(vs.page);
        await dialog.waitFor({ timeout: 60_000 });
        assert.match(await dialog.innerText(), /Allow Zero to use web_fetch\?/);
        if (how === 'button') await answerDialog(dialog, 'Deny');
        else await escapeDialog(vs.page, dialog);
        const turn = turnWithPrompt(chat, prompt);
        await turn
          .locator('.permission-card .approval-state', { hasText: 'You denied this' })
          .waitFor({ timeout: 30_000 });
        await turnStatus(turn).waitFor({ timeout: 60_000 });
        // A follow-up would take the chat first; the next message asking its own question (this
        // scenario always needs the grant) is the signal that none is coming.
        await typeAndSend(chat, `${prompt}, once more`);
        await escapeDialog(vs.page, dialog);
        const again = turnWithPrompt(chat, `${prompt}, once more`);
        await again
          .locator('.permission-card .approval-state', { hasText: 'You denied this' })
          .waitFor({ timeout: 30_000 });
        await turnStatus(again).waitFor({ timeout: 60_000 });
        assert.equal(await turns(chat).count(), 2, `no follow-up turn after ${how}`);
        assert.equal(await chat.locator('.user-message.retry').count(), 0);
        assert.equal(runs().length, runsBefore + 2, 'zero ran once per message');
        assert.equal(await approvalNeeded(vs.page).count(), 0);
      }
      console.log(`      screenshot: ${await vs.screenshot('denied')}`);
    });
});
