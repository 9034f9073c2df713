// `npm start`'s demo path in a real VS Code: no Zero CLI, so zero.path is the demo agent (demo/zero)
// and the workspace is demo/workspace. The tour prompt from the workspace README must show the
// product at work: the DEMO badge, a tool card, the approval dialog for a web fetch, the approved
// retry, and a diff of the fix Zero made to greet.js. Over ACP (zero.transport: acp) the same tour
// asks in a modal, the same turn goes on, and the fix is listed to Keep (no checkpoints there).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator } from 'playwright-core';
import { acpChoose, acpDialog, answerDialog, modalDialog, openZeroView, REPO_ROOT, useVSCode } from '../lib';
import { describeEachTransport } from '../lib/transports';
import { messageBox, turnStatus, turnWithPrompt, turns, typeAndSend } from '../lib/userFlows';

const DEMO_ZERO = path.join(REPO_ROOT, 'demo', 'zero');
const DEMO_FILES = path.join(REPO_ROOT, 'demo', 'workspace');
const TOUR = 'Fix the TODO in greet.js';

function demoWorkspace(): Record<string, string> {
  return Object.fromEntries(
    fs.readdirSync(DEMO_FILES).map((f) => [f, fs.readFileSync(path.join(DEMO_FILES, f), 'utf8')]),
  );
}

describeEachTransport('Demo: npm start without a Zero CLI', (transport) => {
  const vs = useVSCode({
    name: `ui-demo-${transport}`,
    settings: { 'zero.path': DEMO_ZERO, 'zero.transport': transport },
    // As npm start runs it (its own pacing), minus any scenario a caller's environment may set.
    env: { FAKE_ZERO_SCENARIO: undefined, FAKE_ZERO_DELAY_MS: undefined },
    workspaceFiles: demoWorkspace(),
  });

  /** The DEMO badge, the tour prompt sent, and its first tool card: Zero reads greet.js. */
  async function startTour(): Promise<{ chat: FrameLocator; turn: Locator }> {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await chat.locator('.chat-header .badge.demo', { hasText: 'DEMO' }).waitFor({ timeout: 30_000 });
    await typeAndSend(chat, TOUR);
    const turn = turnWithPrompt(chat, TOUR);
    const read = turn.locator('details.tool-card', { has: chat.locator('.tool-name', { hasText: 'read_file' }) });
    await read.waitFor({ timeout: 60_000 });
    assert.match(await read.locator('summary').innerText(), /greet\.js[\s\S]*read/);
    return { chat, turn };
  }

  if (transport === 'exec')
    it('the tour prompt shows a tool card, the approval dialog and a diff of the fix', async function () {
      const { chat, turn } = await startTour();

      // The fetch it wants needs approval: VS Code's modal dialog names the tool and the page.
      const dialog = modalDialog(vs.page);
      await dialog.waitFor({ timeout: 60_000 });
      const text = (await dialog.innerText()).replace(/\s+/g, ' ');
      assert.match(text, /Allow Zero to use web_fetch\?/, text);
      assert.match(text, /developer\.mozilla\.org/, text);
      console.log(`      screenshot: ${await vs.screenshot('approval')}`);
      await answerDialog(dialog, 'Allow once');

      // The first turn made the fix; the approved retry fetched the page and finished.
      await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      await turn.locator('.text-block', { hasText: 'now return Hello, there!' }).waitFor();
      const retry = turns(chat).filter({ has: chat.locator('.user-message.retry') });
      await turnStatus(retry).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      await retry.locator('.text-block.answer', { hasText: 'MDN confirms it' }).waitFor();
      assert.match(
        fs.readFileSync(path.join(vs.server.dirs.workspace, 'greet.js'), 'utf8'),
        /name\.trim\(\)/,
        'the fix is on disk',
      );

      // Changed files: the write card lists greet.js with a Diff button, the footer offers Undo.
      await turn
        .locator('.turn-changes', { hasText: 'Changed 1 file' })
        .getByRole('button', { name: 'Undo Changes…' })
        .waitFor();
      const write = turn.locator('details.tool-card', { has: chat.locator('.tool-name', { hasText: 'write_file' }) });
      await write.locator('summary').click();
      await write.getByRole('button', { name: 'Diff greet.js' }).click();

      // The diff editor: before the turn (Zero's checkpoint) on the left, the fix on the right.
      const diff = vs.page.locator('.monaco-diff-editor').first();
      await diff.waitFor({ timeout: 30_000 });
      await vs.page.locator('.tab.active', { hasText: 'greet.js' }).waitFor({ timeout: 10_000 });
      const original = diff.locator('.editor.original .view-lines');
      const modified = diff.locator('.editor.modified .view-lines');
      await modified.filter({ hasText: 'name.trim()' }).waitFor({ timeout: 15_000 });
      assert.match((await original.innerText()).replace(/\u00a0/g, ' '), /TODO: greet/);
      assert.doesNotMatch((await modified.innerText()).replace(/\u00a0/g, ' '), /TODO/);
      console.log(`      screenshot: ${await vs.screenshot('diff')}`);
    });

  if (transport === 'acp')
    it("the tour prompt over ACP: a tool card, Zero's own choices in a modal, the same turn answers, the fix to Keep", async function () {
      const { chat, turn } = await startTour();

      // Zero waits inside the turn while the modal asks about the page.
      const dialog = acpDialog(vs.page, 'web_fetch');
      await dialog.waitFor({ state: 'visible', timeout: 60_000 });
      assert.match(await dialog.innerText(), /developer\.mozilla\.org/);
      console.log(`      screenshot: ${await vs.screenshot('approval')}`);
      await acpChoose(dialog, 'Allow');

      await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      await turn.locator('.text-block.answer', { hasText: 'MDN confirms it' }).waitFor();
      assert.equal(await turns(chat).count(), 1, 'no follow-up run: the same turn answered');
      assert.match(
        fs.readFileSync(path.join(vs.server.dirs.workspace, 'greet.js'), 'utf8'),
        /name\.trim\(\)/,
        'the fix is on disk',
      );
      await turn.locator('.turn-changes', { hasText: 'Changed 1 file' }).waitFor();
      await turn.getByRole('button', { name: 'Keep greet.js' }).waitFor();
      assert.equal(
        await turn.getByRole('button', { name: 'Diff greet.js' }).count(),
        0,
        'no Diff: no checkpoint over ACP',
      );
      console.log(`      screenshot: ${await vs.screenshot('answered')}`);
    });
});
