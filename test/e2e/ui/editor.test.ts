// Zero in the editor, as a user reaches it in a real VS Code: the Quick Fix menu (Ctrl+.) on a
// selection, the editor context menu, file references in answers that open the file at the line,
// a saved transcript opened from the file dialog, and the status bar item while Zero works.
//
// The workspace file is plain text (no language server to wait for: docs/testing-in-vscode.md, "Language servers").
// Runs on both transports: what the code actions send must reach Zero on each, and the status bar
// follows an ACP turn too. Tests that never reach Zero (file links in an answer, a saved transcript)
// run once.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { FAKE_ZERO, REPO_ROOT, clickMenuEntry, openZeroView, runCommand, useVSCode } from '../lib';
import { describeEachTransport, messagesToZero } from '../lib/transports';
import {
  eventually,
  messageBox,
  publishScreenshot,
  setSideBarWidth,
  turnStatus,
  turnWithPrompt,
  typeAndSend,
} from '../lib/userFlows';

const NOTES = [
  'Release checklist',
  'bump the version in package.json',
  'write the changelog entry',
  'tag the release commit',
  'publish the VSIX',
  'announce it in the team channel',
  'close the milestone',
  '',
].join('\n');

const TRANSCRIPT = 'success-tools.jsonl';

function editor(page: Page): Locator {
  return page.locator('.editor-group-container.active .editor-instance .monaco-editor').first();
}

function activeTab(page: Page): Locator {
  return page.locator('.editor-group-container.active .tabs-container .tab.active');
}

/** "Ln 3, Col 1" in the status bar. */
function cursorPosition(page: Page): Locator {
  return page.locator('.part.statusbar .statusbar-item[id="status.editor.selection"]');
}

/** The extension's own status bar item (its text starts with "Zero"). */
function zeroStatus(page: Page): Locator {
  return page.locator('.part.statusbar .statusbar-item', { hasText: /^\s*Zero\b/ }).first();
}

/** Quick Open (Ctrl+P) a workspace file and wait until its editor is active. */
async function quickOpen(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill(name);
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: path.basename(name) })
    .first()
    .waitFor({ timeout: 30_000 });
  await page.keyboard.press('Enter');
  await activeTab(page)
    .filter({ hasText: path.basename(name) })
    .waitFor({ timeout: 30_000 });
}

/** Selects whole lines `from`..`to` (1-based) the way a user does: click, Home, Shift+Down…, Shift+End. */
async function selectLines(page: Page, from: number, to: number): Promise<void> {
  const line = NOTES.split('\n')[from - 1]!;
  await editor(page).locator('.view-line', { hasText: line }).first().click();
  await page.keyboard.press('Home');
  for (let i = from; i < to; i++) await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+End');
  await cursorPosition(page)
    .filter({ hasText: /selected/ })
    .waitFor({ timeout: 10_000 });
}

describeEachTransport('Editor integration: selections, file links, transcripts, status bar', (transport) => {
  const transcriptSource = fs.readFileSync(path.join(REPO_ROOT, 'test', 'fixtures', 'transcripts', TRANSCRIPT), 'utf8');
  const vs = useVSCode({
    name: `ui-editor-${transport}`,
    settings: { 'zero.path': FAKE_ZERO, 'zero.transport': transport },
    // `slow`: 40 deltas 200 ms apart, about 8 s.
    env: { FAKE_ZERO_SLOW_COUNT: '40', FAKE_ZERO_DELAY_MS: undefined, FAKE_ZERO_SCENARIO: undefined },
    workspaceFiles: {
      'hello.txt': 'Hello from the Zero e2e workspace.\n',
      'src/notes.txt': NOTES,
      [`transcripts/${TRANSCRIPT}`]: transcriptSource,
    },
  });
  const received = () => messagesToZero(vs, transport);

  it('"Ask Zero about selection" from the Quick Fix menu sends the path, the lines and the text', async function () {
    const page = vs.page;
    const chat = await openZeroView(page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await setSideBarWidth(page, 440);
    await quickOpen(page, 'src/notes.txt');

    const item = page.locator('.action-widget .monaco-list-row.action', { hasText: 'Ask Zero about selection' });
    const none = page.locator('.monaco-editor-overlaymessage', { hasText: 'No code actions available' });
    for (let tries = 1; ; tries++) {
      await selectLines(page, 2, 4);
      await editor(page)
        .locator('.lightBulbWidget')
        .waitFor({ timeout: 10_000 })
        .catch(() => {});
      await page.keyboard.press('Control+.');
      const r = await Promise.race([
        item.waitFor({ timeout: 15_000 }).then(() => 'menu'),
        none.waitFor({ timeout: 15_000 }).then(() => 'none'),
      ]).catch(() => 'timeout');
      if (r === 'menu') break;
      if (tries >= 5) throw new Error(`the Quick Fix menu never listed our action (last: ${r})`);
      await page.keyboard.press('Escape');
      await page.locator('.action-widget').waitFor({ state: 'hidden', timeout: 5_000 });
    }
    await page.locator('.action-widget .monaco-list-row.action', { hasText: 'Explain with Zero' }).waitFor();
    await page.mouse.move(5, 5); // removes the context-view pointer block (docs/testing-in-vscode.md, "Menus")
    await page.mouse.move(6, 6);
    const shot = await vs.screenshot('quick-fix-menu');
    console.log(
      `      screenshot: ${shot}${transport === 'exec' ? ` (also ${publishScreenshot(shot, 'code-action.png')})` : ''}`,
    );
    await item.click();

    const box = page.locator('.quick-input-widget');
    await box
      .locator('.quick-input-title', { hasText: 'Ask Zero about src/notes.txt:L2-L4' })
      .waitFor({ timeout: 30_000 });
    await box.locator('input.input').pressSequentially('Is anything missing from these steps?');
    await page.keyboard.press('Enter');
    await box.waitFor({ state: 'hidden' });

    const turn = turnWithPrompt(chat, 'Is anything missing from these steps?');
    await turn.waitFor({ timeout: 30_000 });
    const shown = await turn.locator('.user-message .prompt').innerText();
    assert.match(shown, /File: src\/notes\.txt, lines 2-4 \(plaintext\)/, shown);
    assert.ok(
      shown.includes('bump the version in package.json\nwrite the changelog entry\ntag the release commit'),
      `the chat shows the selected text: ${shown}`,
    );
    assert.doesNotMatch(shown, /publish the VSIX/, 'only the selected lines');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });

    const sent = received().find((m) => m.text.includes('Is anything missing from these steps?'))?.text;
    assert.ok(sent, 'zero got the question');
    assert.ok(sent.startsWith('Is anything missing from these steps?'), sent);
    assert.ok(
      sent.includes(
        'File: src/notes.txt, lines 2-4 (plaintext)\n```plaintext\nbump the version in package.json\nwrite the changelog entry\ntag the release commit\n```',
      ),
      sent,
    );
    console.log(`      screenshot: ${await vs.screenshot('asked-about-selection')}`);
  });

  it('"Add Selection to Zero Chat" from the editor context menu adds a chip that goes with the next message', async function () {
    const page = vs.page;
    const chat = vs.chat();
    await quickOpen(page, 'src/notes.txt');
    await selectLines(page, 5, 6);
    await editor(page).locator('.view-line', { hasText: 'publish the VSIX' }).click({ button: 'right' });
    // A right click inside the selection keeps it; the menu lists our entries (editorHasSelection).
    const entry = page.locator('.monaco-menu .action-item', { hasText: 'Add Selection to Zero Chat' });
    await entry.waitFor({ timeout: 15_000 });
    await page.locator('.monaco-menu .action-item', { hasText: 'Ask Zero about Selection' }).waitFor();
    await vs.screenshot('context-menu');
    await clickMenuEntry(entry);

    // The composer's chip, not the one the sent message shows in the transcript.
    const chip = chat.locator('.attachments:not(.sent-chips) .attachment', { hasText: 'src/notes.txt:L5-L6' });
    await chip.waitFor({ timeout: 30_000 });
    assert.equal((await chip.locator('.attachment-label').innerText()).trim(), 'src/notes.txt:L5-L6');
    await chat.getByRole('button', { name: 'Remove attachment src/notes.txt:L5-L6' }).waitFor();
    // The chat got the focus: typing goes to the message box.
    await eventually(
      async () => chat.locator('textarea.composer-input:focus').count(),
      'the message box has the focus',
      10_000,
    );
    console.log(`      screenshot: ${await vs.screenshot('selection-chip')}`);

    await typeAndSend(chat, 'scenario:echo Which of these can be automated?');
    const turn = turnWithPrompt(chat, 'Which of these can be automated?');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    await chip.waitFor({ state: 'detached' });
    const sent = received().find((m) => m.text.includes('Which of these can be automated?'))?.text ?? '';
    assert.ok(
      sent.includes(
        'File: src/notes.txt, lines 5-6 (plaintext)\n```plaintext\npublish the VSIX\nannounce it in the team channel\n```',
      ),
      sent,
    );
  });

  // The link is drawn from the answer's text by the webview, the same for either transport: once.
  if (transport === 'exec')
    it('a file reference in an answer opens the file at that line', async function () {
      const page = vs.page;
      const chat = vs.chat();
      await runCommand(page, 'View: Close All Editors');
      await page.locator('.editor-group-container .tab').first().waitFor({ state: 'detached', timeout: 15_000 });

      await typeAndSend(chat, 'scenario:echo The changelog step is in `src/notes.txt:3`');
      const turn = turnWithPrompt(chat, 'The changelog step is in');
      await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      const link = turn.locator('.text-block.answer a.file-link', { hasText: 'src/notes.txt:3' });
      await link.waitFor();
      assert.equal(await link.getAttribute('title'), 'Open src/notes.txt:3');
      await link.click();

      await activeTab(page).filter({ hasText: 'notes.txt' }).waitFor({ timeout: 30_000 });
      await cursorPosition(page)
        .filter({ hasText: /Ln 3, Col 1\b/ })
        .waitFor({ timeout: 15_000 });
      console.log(`      screenshot: ${await vs.screenshot('file-link-opened')}`);
    });

  it('the status bar item shows Zero running with the elapsed time, then idle', async function () {
    const page = vs.page;
    const chat = vs.chat();
    const item = zeroStatus(page);
    await item.waitFor();
    assert.match((await item.innerText()).trim(), /^Zero$/, 'idle before');

    await typeAndSend(chat, 'scenario:slow Take your time');
    const turn = turnWithPrompt(chat, 'Take your time');
    const running = page.locator('.part.statusbar .statusbar-item', { hasText: /Zero \d+:\d\d/ });
    await running.waitFor({ timeout: 30_000 });
    const first = (await running.innerText()).trim();
    await eventually(
      async () => {
        const now = (await running.innerText().catch(() => first)).trim();
        return now !== first && /Zero 0:0[2-9]/.test(now) ? now : null;
      },
      `the elapsed time counts up from "${first}"`,
      15_000,
    );
    await vs.screenshot('status-running');
    assert.match((await running.innerText()).trim(), /^Zero 0:\d\d$/);

    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    await eventually(async () => /^Zero$/.test((await item.innerText()).trim()), 'the item is idle again', 10_000);
    assert.equal(await running.count(), 0);
  });

  // A saved stream-json file, read with no zero at all: once.
  if (transport === 'exec')
    it('"Zero: Open Transcript…" opens a saved run from the file dialog, read-only', async function () {
      const page = vs.page;
      const chat = vs.chat();
      const file = path.join(vs.server.dirs.workspace, 'transcripts', TRANSCRIPT);
      const before = received().length;
      await runCommand(page, 'Zero: Open Transcript…');

      // code-server's open dialog is a quick input that takes a path. Once it has read the folder of
      // the active file it lists it (at least "..") and fills that folder in, which overwrites anything
      // typed before: wait for the list, then type the path. Enter on a typed path is ignored while the
      // dialog is still reading that folder, and typing the same path again changes nothing; so, as a
      // user would, wait for the file to be listed and click it.
      const widget = page.locator('.quick-input-widget');
      const input = widget.locator('input.input');
      const fileRow = widget.locator('.quick-input-list .monaco-list-row', { hasText: TRANSCRIPT });
      await widget
        .locator('.quick-input-title', { hasText: 'Open a Zero stream-json transcript' })
        .waitFor({ timeout: 30_000 });
      await eventually(
        async () =>
          (await input.inputValue()).startsWith('/') &&
          (await widget.locator('.quick-input-list .monaco-list-row').count()) > 0,
        'the dialog shows a folder',
        60_000,
      );
      for (let tries = 1; ; tries++) {
        await input.fill(file);
        const listed = await fileRow.waitFor({ timeout: 15_000 }).then(
          () => true,
          () => false,
        );
        if (listed) {
          await fileRow.click();
          if (
            await widget.waitFor({ state: 'hidden', timeout: 15_000 }).then(
              () => true,
              () => false,
            )
          )
            break;
        }
        if (tries >= 3)
          throw new Error(
            `the open dialog did not take ${file} (it shows "${await input.inputValue()}", ${listed ? 'with' : 'without'} the file in its list)`,
          );
      }

      await chat
        .locator('.chat-header .chat-title', { hasText: `Transcript: ${TRANSCRIPT}` })
        .waitFor({ timeout: 30_000 });
      await chat.locator('.chat-header .badge', { hasText: 'read-only' }).waitFor();
      await chat.locator('.text-block.answer', { hasText: 'Done: I wrote notes.txt ✅.' }).waitFor();
      for (const tool of ['read_file', 'write_file']) {
        await chat.locator('details.tool-card .tool-name', { hasText: tool }).waitFor();
      }
      await turnStatus(chat.locator('article.turn').first()).filter({ hasText: 'success' }).waitFor();
      assert.equal(await messageBox(chat).isVisible(), false, 'no message box: a transcript cannot be continued');
      assert.equal(await chat.locator('.composer').isVisible(), false);
      console.log(`      screenshot: ${await vs.screenshot('transcript')}`);

      // Nothing ran: the transcript is only read. The end signal is the next message's answer: the
      // only run since the transcript opened is that message's.
      await runCommand(page, 'Zero: New Chat');
      await messageBox(chat).waitFor({ timeout: 15_000 });
      await typeAndSend(chat, 'scenario:echo after the transcript');
      await turnStatus(turnWithPrompt(chat, 'after the transcript'))
        .filter({ hasText: 'success' })
        .waitFor({ timeout: 60_000 });
      const since = received().slice(before);
      assert.deepEqual(
        since.map((m) => m.text),
        ['scenario:echo after the transcript'],
      );
    });
});
