// Review by hunk, as a user does in a real VS Code (exec; the fake replays the scripted
// `review-hunks`: src/app.txt read, then written back changed at lines 3 and 17). The Changes view's
// file row expands into its two hunks; one is marked reviewed with its checkbox; the other is
// reverted from its inline action and the input box that follows takes the why: the file keeps the
// first change only, the row says reverted, and Zero gets the feedback as the next message, with the
// mode, model and effort the composer shows (picked after the first message). Then
// the turn's Diff: VS Code's own revert arrow in its margin puts the first hunk back too, and the
// next measure shows it reverted; Ctrl+Z undoes both reverts; Keep Hunk at Cursor in the Diff's
// title bar keeps the hunk the cursor is in.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { FAKE_ZERO, messagesToZero, moveOffTooltips, openZeroView, useVSCode } from '../lib';
import {
  eventually,
  messageBox,
  publishScreenshot,
  setSideBarWidth,
  turnStatus,
  turnWithPrompt,
  typeAndSend,
} from '../lib/userFlows';
import { REVIEW_HUNKS_AFTER, REVIEW_HUNKS_BEFORE } from '../../fixtures/model-server/scenarios';

const FIRST_ONLY = REVIEW_HUNKS_BEFORE.replace('line 3\n', 'line 3, changed by Zero\n');

function changesPane(page: Page): Locator {
  return page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header', { hasText: /^\s*Changes/ }) });
}

/** A row of the Changes view whose label starts with `label`. */
function row(page: Page, label: string): Locator {
  return changesPane(page)
    .locator('.monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: label }) });
}

describe('Review by hunk: Keep / Revert with feedback, reviewed marks (real VS Code) [exec]', () => {
  const vs = useVSCode({
    name: 'ui-review-hunks',
    settings: {
      'zero.path': FAKE_ZERO,
      'zero.transport': 'exec',
      'zero.mode': 'ask',
      // Side by side even beside a wide side bar: the revert arrows are in the margin between the sides.
      'diffEditor.useInlineViewWhenSpaceIsLimited': false,
      // As desktop VS Code: code-server (VS Code for the Web) saves a file a second after each edit by
      // default, so the margin arrow's revert below would reach the disk before the test could see it unsaved.
      'files.autoSave': 'off',
    },
    // The provider's list fails, so the pickers offer Zero's catalogue, which has a model with efforts.
    env: {
      FAKE_ZERO_WRITE: '1',
      FAKE_ZERO_SCENARIO: undefined,
      FAKE_ZERO_DELAY_MS: undefined,
      FAKE_ZERO_PROVIDER_MODELS: 'fail',
    },
    workspaceFiles: { 'src/app.txt': REVIEW_HUNKS_BEFORE },
  });
  const app = () => path.join(vs.server.dirs.workspace, 'src', 'app.txt');

  it('expands a file into its hunks, marks one reviewed, reverts the other with feedback that Zero receives', async function () {
    const page = vs.page;
    const chat = await openZeroView(page);
    await setSideBarWidth(page, 470);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await typeAndSend(chat, 'Change two lines scenario:review-hunks');
    const turn = turnWithPrompt(chat, 'Change two lines');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 90_000 });
    assert.equal(fs.readFileSync(app(), 'utf8'), REVIEW_HUNKS_AFTER);

    // Picks for the next message, other than the settings' (ask, the default model): the why that Revert
    // Hunk sends below must go with what the composer shows, as a message typed there would.
    const mode = chat.getByRole('combobox', { name: 'Mode for the next message' });
    const model = chat.getByRole('combobox', { name: 'Model for the next message' });
    const effort = chat.getByRole('combobox', { name: 'Reasoning effort for the next message' });
    await eventually(
      async () => (await model.locator('option[value="claude-sonnet-4.5"]').count()) > 0,
      'a model with efforts is offered',
      30_000,
    );
    await mode.selectOption('auto');
    await model.selectOption('claude-sonnet-4.5');
    await effort.selectOption('high');

    const header = changesPane(page).locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    const file = row(page, 'app.txt');
    await file.locator('.label-description', { hasText: '+2 −2 · src' }).waitFor({ timeout: 30_000 });
    assert.equal(await file.getAttribute('aria-expanded'), 'false', 'the file row expands');
    await file.locator('.monaco-tl-twistie').click();
    const first = row(page, '@@ -1,6 +1,6 @@ line 3, changed by Zero');
    const second = row(page, '@@ -14,7 +14,7 @@ line 17, changed by Zero');
    await first.waitFor({ timeout: 30_000 });
    await second.waitFor();
    assert.equal(await second.getAttribute('aria-label'), 'lines 14 to 20: 1 added, 1 removed');

    // The first hunk's checkbox: reviewed, and the file counts it.
    await first.locator('.custom-view-tree-node-item-checkbox').click();
    await first.locator('.label-description', { hasText: '+1 −1 · reviewed' }).waitFor({ timeout: 15_000 });
    await file.locator('.label-description', { hasText: '1 of 2 hunks reviewed' }).waitFor({ timeout: 15_000 });
    // The pointer rests on the checkbox, whose tooltip ("Reviewed (uncheck…)") opens over the next row once
    // the hover delay passes and stays while the pointer does: move it off, as a user would, and wait it out.
    await moveOffTooltips(page);
    await vs.screenshot('hunks');

    // The turn's Diff at the second hunk, then Revert Hunk from its inline action: the input box asks why.
    await second.hover();
    await second.locator('.action-label[aria-label="Open Diff at Hunk"]').click();
    const diff = page.locator('.monaco-diff-editor');
    await diff.waitFor({ timeout: 30_000 });
    await page.locator('.statusbar', { hasText: 'Ln 17, Col 1' }).waitFor({ timeout: 15_000 });
    await second.hover();
    await second.locator('.action-label[aria-label="Revert Hunk"]').click();
    const box = page.locator('.quick-input-widget');
    await box.locator('.quick-input-title', { hasText: 'tell Zero why' }).waitFor({ timeout: 30_000 });
    await box.locator('input').fill('Line 17 must stay as it was.');
    const shot = await vs.screenshot('revert-feedback');
    console.log(`      screenshot: ${shot} (also ${publishScreenshot(shot, 'review-hunks.png')})`);
    await box.locator('input').press('Enter');

    await eventually(async () => fs.readFileSync(app(), 'utf8') === FIRST_ONLY, 'the file keeps the first change only');
    await row(page, '@@ -14,7 +14,7 @@')
      .locator('.label-description', { hasText: /^reverted$/ })
      .waitFor({ timeout: 30_000 });
    await file.locator('.label-description', { hasText: '2 of 2 hunks reviewed' }).waitFor({ timeout: 15_000 });

    // Zero got the why as the next message, naming the file and lines.
    const feedback = turnWithPrompt(chat, 'I reverted one of your changes.');
    await turnStatus(feedback).filter({ hasText: 'success' }).waitFor({ timeout: 90_000 });
    const sent = messagesToZero(vs, 'exec').at(-1)!;
    assert.match(sent.text, /^I reverted one of your changes\./);
    assert.match(sent.text, /- src\/app\.txt: lines 14–20 \(now as before your change: lines 14–20\)/);
    assert.match(sent.text, /> Line 17 must stay as it was\./);
    assert.deepEqual(
      [sent.mode, sent.model, sent.effort],
      ['auto', 'claude-sonnet-4.5', 'high'],
      "the composer's mode, model and effort, not the settings'",
    );
    const footer = (await feedback.locator('.turn-footer').innerText()).replace(/\s+/g, ' ');
    assert.match(footer, /high effort/, footer);
    assert.deepEqual(
      [messagesToZero(vs, 'exec')[0]!.mode, messagesToZero(vs, 'exec')[0]!.model],
      ['ask', null],
      'the first message went with the settings',
    );

    // VS Code's own revert arrow in the Diff's margin puts the first hunk back (in the editor's buffer):
    // the next measure shows it reverted. The file on disk waits for a save.
    await diff.locator('.gutterItem .codicon-arrow-right').first().click();
    await row(page, '@@ -1,6 +1,6 @@')
      .locator('.label-description', { hasText: /^reverted$/ })
      .waitFor({ timeout: 30_000 });
    assert.equal(
      await row(page, '@@ -1,6 +1,6 @@').getAttribute('aria-label'),
      'lines 1 to 6: 1 added, 1 removed, reverted',
    );
    assert.equal(fs.readFileSync(app(), 'utf8'), FIRST_ONLY, 'unsaved: the disk is as it was');

    // Ctrl+Z in the file undoes the arrow's revert, then the Revert Hunk: both hunks are back, pending.
    await diff.locator('.editor.modified .view-lines').click();
    await page.keyboard.press('Control+Z');
    await row(page, '@@ -1,6 +1,6 @@ line 3, changed by Zero').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Control+Z');
    await row(page, '@@ -14,7 +14,7 @@ line 17, changed by Zero').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Control+S');
    await eventually(async () => fs.readFileSync(app(), 'utf8') === REVIEW_HUNKS_AFTER, 'saved: both changes again');

    // Keep Hunk at Cursor, in the Diff's title bar: the cursor on line 3 keeps the first hunk.
    await diff.locator('.editor.modified .line-numbers', { hasText: /^3$/ }).click();
    await page.locator('.editor-actions .action-label[aria-label="Keep Hunk at Cursor"]').click();
    await row(page, '@@ -1,6 +1,6 @@ line 3, changed by Zero')
      .locator('.label-description', { hasText: '+1 −1 · kept' })
      .waitFor({ timeout: 30_000 });
    assert.equal(fs.readFileSync(app(), 'utf8'), REVIEW_HUNKS_AFTER, 'Keep changes nothing on disk');
  });
});
