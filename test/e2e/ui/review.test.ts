// Review what Zero changed, as a user does in a real VS Code: a turn (`two-files`, FAKE_ZERO_WRITE=1)
// edits src/app.txt and creates notes/review.md. Its footer and the "Zero: Changes" view list both
// with their +/- counts; Revert on one (from the Changes view) puts its old content back from
// Zero's checkpoint and leaves the other; both lists say so. A file edited after the turn warns in
// a modal first: Cancel leaves it, Revert deletes it (the turn created it). Over ACP Zero keeps no
// checkpoints: the same turn's files are listed (from Zero's tool locations) with Keep only, and the
// footer and the view say plainly why there are no counts, Diff, Revert or Undo.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { FAKE_ZERO, modalDialog, openZeroView, useVSCode } from '../lib';
import { describeEachTransport } from '../lib/transports';
import { eventually, messageBox, turnStatus, turnWithPrompt, typeAndSend } from '../lib/userFlows';

const APP_BEFORE = 'first line\nsecond line\nthird line\n';
const APP_AFTER = 'first line\nsecond line, changed by Zero\nthird line\nadded one\nadded two\n';
const NOTE_AFTER = '# Review\n\nWritten by the fake zero.\n';
const PROMPT = 'Change two files scenario:two-files';

/** The "Changes" pane of the Zero side bar. */
function changesPane(page: Page): Locator {
  return page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header', { hasText: /^\s*Changes/ }) });
}

/** A file row of the Changes view, found by its name (the label) and with its description. */
function changesRow(page: Page, name: string): Locator {
  return changesPane(page)
    .locator('.monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${name.replace('.', '\\.')}$`) }) });
}

/** The footer's row for a file in the turn. */
function footerRow(chat: FrameLocator, turn: Locator, file: string): Locator {
  return turn.locator('.review-file').filter({ has: chat.locator('.review-path', { hasText: file }) });
}

describeEachTransport('Review changes: Keep / Revert per file (real VS Code)', (transport) => {
  const vs = useVSCode({
    name: `ui-review-${transport}`,
    settings: { 'zero.path': FAKE_ZERO, 'zero.transport': transport },
    env: { FAKE_ZERO_WRITE: '1', FAKE_ZERO_SCENARIO: undefined, FAKE_ZERO_DELAY_MS: undefined },
    workspaceFiles: { 'src/app.txt': APP_BEFORE },
  });
  const ws = (rel: string) => path.join(vs.server.dirs.workspace, rel);

  /** Sends the prompt whose turn changes src/app.txt and creates notes/review.md; the disk holds both. */
  async function changeTwoFiles() {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await typeAndSend(chat, PROMPT);
    const turn = turnWithPrompt(chat, 'Change two files');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 90_000 });
    assert.equal(fs.readFileSync(ws('src/app.txt'), 'utf8'), APP_AFTER);
    assert.equal(fs.readFileSync(ws('notes/review.md'), 'utf8'), NOTE_AFTER);
    return { chat, turn };
  }

  if (transport === 'exec')
    it('a turn changes two files; Revert one from the Changes view: the disk and both lists say so; an edited file warns first', async function () {
      const page = vs.page;
      const { chat, turn } = await changeTwoFiles();

      // The footer lists each file with lines added and removed (from Zero's checkpoint of it).
      await footerRow(chat, turn, 'src/app.txt')
        .locator('.review-counts', { hasText: '+3 −1' })
        .waitFor({ timeout: 30_000 });
      await footerRow(chat, turn, 'notes/review.md').locator('.review-counts', { hasText: 'new file, +3' }).waitFor();

      // The Changes view (collapsed at first, below the chat) lists the same.
      const header = changesPane(page).locator('.pane-header');
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      const appRow = changesRow(page, 'app.txt');
      await appRow.locator('.label-description', { hasText: '+3 −1 · src' }).waitFor({ timeout: 30_000 });
      await changesRow(page, 'review.md').locator('.label-description', { hasText: 'new file, +3 · notes' }).waitFor();

      // Revert src/app.txt with the row's inline action (shown on hover).
      await appRow.hover();
      await appRow.locator('.action-label[aria-label="Revert"]').click();
      await appRow.locator('.label-description', { hasText: /^reverted · src$/ }).waitFor({ timeout: 30_000 });
      assert.equal(await modalDialog(page).count(), 0, 'not edited since the turn: no question asked');
      assert.equal(
        fs.readFileSync(ws('src/app.txt'), 'utf8'),
        APP_BEFORE,
        'the reverted file has its content from before the turn',
      );
      assert.equal(
        fs.readFileSync(ws('notes/review.md'), 'utf8'),
        NOTE_AFTER,
        'the other file keeps what the turn wrote',
      );
      await footerRow(chat, turn, 'src/app.txt')
        .locator('.review-counts', { hasText: /^reverted$/ })
        .waitFor({ timeout: 30_000 });
      assert.equal(
        await footerRow(chat, turn, 'src/app.txt').getByRole('button', { name: 'Revert src/app.txt' }).count(),
        0,
      );
      assert.equal(
        await footerRow(chat, turn, 'notes/review.md').locator('.review-counts').innerText(),
        'new file, +3',
      );
      await vs.screenshot('reverted-one');

      // Edited after the turn: Revert (in the footer) warns in a modal. Cancel leaves the file.
      fs.appendFileSync(ws('notes/review.md'), 'A line I added myself.\n');
      const revertNote = footerRow(chat, turn, 'notes/review.md').getByRole('button', {
        name: 'Revert notes/review.md',
      });
      await revertNote.click();
      const dialog = modalDialog(page);
      await dialog.waitFor({ timeout: 60_000 });
      const text = (await dialog.innerText()).replace(/\s+/g, ' ');
      assert.match(text, /Revert notes\/review\.md\?/);
      assert.match(
        text,
        /notes\/review\.md was edited after this turn\. Reverting deletes notes\/review\.md \(this turn created it\), and those later edits are lost\./,
      );
      await vs.screenshot('edited-since-warning');
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: 15_000 });
      assert.equal(
        fs.readFileSync(ws('notes/review.md'), 'utf8'),
        `${NOTE_AFTER}A line I added myself.\n`,
        'cancelled: untouched',
      );
      assert.equal(
        await footerRow(chat, turn, 'notes/review.md').locator('.review-counts').innerText(),
        'new file, +3',
      );

      // Revert in the modal: the file the turn created is deleted, and the lists say reverted.
      await revertNote.click();
      await dialog.waitFor({ timeout: 60_000 });
      await dialog.getByRole('button', { name: 'Revert', exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: 15_000 });
      await footerRow(chat, turn, 'notes/review.md')
        .locator('.review-counts', { hasText: /^reverted$/ })
        .waitFor({ timeout: 30_000 });
      await eventually(async () => !fs.existsSync(ws('notes/review.md')), 'notes/review.md was deleted');
      await changesRow(page, 'review.md')
        .locator('.label-description', { hasText: /^reverted · notes$/ })
        .waitFor({ timeout: 30_000 });
      assert.equal(fs.readFileSync(ws('src/app.txt'), 'utf8'), APP_BEFORE);
    });

  if (transport === 'acp')
    it('a turn changes two files over ACP: both are listed with Keep only, and the footer and the Changes view say why', async function () {
      const page = vs.page;
      const { chat, turn } = await changeTwoFiles();

      // The footer lists both files Zero reported, without counts, Diff, Revert or Undo, and says why.
      await turn.locator('.turn-changes', { hasText: 'Changed 2 files' }).waitFor({ timeout: 30_000 });
      for (const file of ['src/app.txt', 'notes/review.md']) {
        await footerRow(chat, turn, file)
          .locator('.review-counts', { hasText: 'changed (no checkpoint over ACP)' })
          .waitFor({ timeout: 30_000 });
        assert.equal(
          await footerRow(chat, turn, file)
            .getByRole('button', { name: `Keep ${file}` })
            .count(),
          1,
        );
        assert.equal(
          await footerRow(chat, turn, file)
            .getByRole('button', { name: `Revert ${file}` })
            .count(),
          0,
          'no Revert without a checkpoint',
        );
        assert.equal(
          await footerRow(chat, turn, file)
            .getByRole('button', { name: `Diff ${file}` })
            .count(),
          0,
          'no Diff without a checkpoint',
        );
      }
      assert.equal(
        await turn.getByRole('button', { name: 'Undo Changes…' }).count(),
        0,
        'no Undo without a checkpoint',
      );
      await turn
        .locator('.acp-note', { hasText: 'keeps no checkpoints: no line counts, Diff, Revert or Undo' })
        .waitFor();

      // The Changes view lists the same, says why, and offers Keep but not Diff or Revert. (The chat
      // pane is collapsed meanwhile so the Changes pane has room for the note and the rows.)
      const chatHeader = page.locator('.part.sidebar .pane-header', { hasText: /^\s*Chat/ });
      await chatHeader.click();
      const header = changesPane(page).locator('.pane-header');
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      await changesPane(page)
        .getByText(
          'ACP chat: Zero keeps no checkpoints over ACP, so changed files are listed without line counts, hunks, Diff, Revert or Undo. Review by hunk needs the exec transport.',
        )
        .waitFor({ timeout: 30_000 });
      const appRow = changesRow(page, 'app.txt');
      await appRow
        .locator('.label-description', { hasText: 'changed (no checkpoint over ACP) · src' })
        .waitFor({ timeout: 30_000 });
      await changesRow(page, 'review.md')
        .locator('.label-description', { hasText: 'changed (no checkpoint over ACP) · notes' })
        .waitFor();
      await appRow.hover();
      await appRow.locator('.action-label[aria-label="Keep"]').waitFor({ timeout: 15_000 });
      assert.equal(
        await appRow
          .locator(
            '.action-label[aria-label="Revert"], .action-label[aria-label="Open Diff"], .action-label[aria-label="Diff"]',
          )
          .count(),
        0,
      );
      // No hunks over ACP: the file row does not expand.
      assert.equal(await appRow.getAttribute('aria-expanded'), null);
      await vs.screenshot('acp-changes');

      // Keep src/app.txt: it leaves the Changes view, the footer says kept, and nothing on disk moves.
      await appRow.locator('.action-label[aria-label="Keep"]').click();
      await eventually(
        async () => (await changesRow(page, 'app.txt').count()) === 0,
        'the kept file left the Changes view',
      );
      await changesRow(page, 'review.md').waitFor();
      await chatHeader.click();
      await footerRow(chat, turn, 'src/app.txt')
        .locator('.review-counts', { hasText: /^kept$/ })
        .waitFor({ timeout: 30_000 });
      assert.equal(fs.readFileSync(ws('src/app.txt'), 'utf8'), APP_AFTER);
      assert.equal(fs.readFileSync(ws('notes/review.md'), 'utf8'), NOTE_AFTER);
    });
});
