// A very long answer in a real VS Code (code-server + Chromium): it streams to its end with only
// the part of it near the viewport drawn as Markdown, and Ctrl+F in a chat tab (VS Code's find
// widget over the view) finds a part far above it, which is then drawn where find scrolled.
// Runs on both transports. Then, with the real Zero and the scripted model's `long-sections`
// scenario (a 200 KB answer of 286 sections): after it streamed, Jump to top and the mouse wheel
// down through it draw every section's heading in view, in order (issue #30).
import * as assert from 'node:assert/strict';
import type { FrameLocator, Page } from 'playwright-core';
import { SECTIONS } from '../../fixtures/model-server/longSectionsScenarios';
import { chatTabFrame, FAKE_ZERO, openZeroView, runCommand, useVSCode } from '../lib';
import { useRealZero } from '../lib/realZero';
import { describeEachTransport } from '../lib/transports';
import { messageBox, turnStatus, turnWithPrompt, typeAndSend } from '../lib/userFlows';
import { answerInView, settledView, type AnswerInView } from '../../support/answerInView';

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

/** What the reader sees of the answer. */
const inView = (chat: FrameLocator): Promise<AnswerInView> =>
  chat.locator('main.scroller').evaluate(answerInView, '.text-block.answer .md-page');

/** After a scroll: what is in view once the view has drawn (two frames), or what is there after `timeout`. */
const settled = (chat: FrameLocator, timeout = 3000): Promise<AnswerInView> =>
  settledView(
    () => inView(chat),
    () =>
      chat
        .locator('main.scroller')
        .evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())))),
    timeout,
  );

describe('The real Zero: a 200 KB answer of 286 sections, read through after it streamed', () => {
  const real = useRealZero();
  const vs = useVSCode({
    name: 'ui-long-sections',
    settings: { ...real.settings, 'zero.transport': 'exec' },
    env: real.env,
  });

  it('Jump to top, then the mouse wheel down through it: every section heading is drawn in view, in order', async function () {
    const page: Page = vs.page;
    const sidebar = await openZeroView(page);
    await messageBox(sidebar).waitFor({ timeout: 90_000 });
    await runCommand(page, 'Zero: Open Chat in Editor');
    const chat = chatTabFrame(page);
    await messageBox(chat).waitFor({ timeout: 60_000 });
    await typeAndSend(chat, 'Write the design in sections scenario:long-sections');
    const turn = turnWithPrompt(chat, 'Write the design in sections');
    const answer = turn.locator('.text-block.answer');
    await answer.getByText('LONG-SECTIONS-END').waitFor({ timeout: 180_000 });
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    assert.ok((await answer.locator('.md-page').count()) > 32, 'the answer is windowed by pages');

    // Jump to top (Ctrl+Home, the focus in the transcript), the mouse over the answer.
    await answer.getByText('LONG-SECTIONS-END').click();
    await page.keyboard.press('Control+Home');
    const box = (await chat.locator('main.scroller').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    let view = await settled(chat);
    assert.equal(view.scrollTop, 0, 'Jump to top went to the top');
    const seen: number[] = [];
    for (let stops = 0; ; stops++) {
      if (view.standIns.length > 0) await vs.screenshot('long-sections-hole');
      assert.deepEqual(
        view.standIns,
        [],
        `at ${view.scrollTop}px, pages in view not drawn: ${view.standIns.join(', ')}`,
      );
      for (const n of view.headings) if (!seen.includes(n)) seen.push(n);
      if (view.atBottom) break;
      assert.ok(stops < 2000, 'the end is reached');
      const before = view.scrollTop;
      await page.mouse.wheel(0, 400);
      view = await settled(chat);
      assert.ok(view.scrollTop > before, `the view scrolled down from ${before}px`);
      if (stops === 60) await vs.screenshot('long-sections-scrolling');
    }
    const all = Array.from({ length: SECTIONS }, (_, i) => i);
    assert.deepEqual(
      all.filter((i) => !seen.includes(i)),
      [],
      'every heading was drawn',
    );
    assert.deepEqual(seen, all, 'the headings come in order');
  });
});
