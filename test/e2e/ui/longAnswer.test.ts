// A very long answer in a real VS Code (code-server + Chromium): it streams to its end with only
// the part of it near the viewport drawn as Markdown, and Ctrl+F in a chat tab (VS Code's find
// widget over the view) finds a part far above it, which is then drawn where find scrolled.
// Runs on both transports.
import * as assert from 'node:assert/strict';
import { chatTabFrame, FAKE_ZERO, openZeroView, runCommand, useVSCode } from '../lib';
import { describeEachTransport } from '../lib/transports';
import { messageBox, turnStatus, turnWithPrompt, typeAndSend } from '../lib/userFlows';

describeEachTransport('A very long answer', (transport) => {
  // `long-answer`: 600 KB of Markdown (about 10,000 blocks), 100 characters a delta.
  const vs = useVSCode({
    name: `ui-long-answer-${transport}`,
    settings: { 'zero.path': FAKE_ZERO, 'zero.transport': transport },
    env: { FAKE_ZERO_ANSWER_KB: '600', FAKE_ZERO_SCENARIO: undefined, FAKE_ZERO_DELAY_MS: undefined },
  });

  it('streams to its end with only the part near the viewport drawn; Ctrl+F in its tab finds a part far above', async function () {
    const page = vs.page;
    const sidebar = await openZeroView(page);
    await messageBox(sidebar).waitFor({ timeout: 90_000 });
    await runCommand(page, 'Zero: Open Chat in Editor');
    const chat = chatTabFrame(page);
    await messageBox(chat).waitFor({ timeout: 60_000 });
    await typeAndSend(chat, 'Write the whole design scenario:long-answer');

    const turn = turnWithPrompt(chat, 'Write the whole design');
    const answer = turn.locator('.text-block.answer');
    await answer.getByText('ANSWER-END').waitFor({ timeout: 120_000 });
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    const pages = await answer.locator('.md-page').count();
    const drawn = await answer.locator('.md-page:has(> .md-block)').count();
    assert.ok(pages > 32 && drawn >= 1 && drawn <= 20, `${drawn} of ${pages} pages drawn`);
    const part8 = chat.getByRole('heading', { name: 'Part 8', exact: true });
    assert.equal(await part8.count(), 0, 'the start of the answer is not drawn');

    // Ctrl+F with the focus in the tab's view, as a user does.
    await answer.getByText('ANSWER-END').click();
    await page.keyboard.press('Control+F');
    const find = page.locator('.simple-find-part-wrapper .simple-find-part input').first();
    await find.waitFor({ state: 'visible', timeout: 15_000 });
    await find.fill('explains step 8 of the design');
    await find.press('Enter');
    await part8.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(
      await chat.getByText(/This part explains step 8 of the design/).isVisible(),
      true,
      'the match is drawn, on screen',
    );
    await vs.screenshot('found-far-above');
    await page.keyboard.press('Escape');
  });
});
