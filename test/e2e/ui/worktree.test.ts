// An isolated chat in a real VS Code against the real Zero 0.8: the workspace is a git repository; the
// header's Isolated (worktree) toggle before the first message makes the chat's worktree, Zero writes
// there (the main tree is untouched), the header names the branch and folder (a focusable button with
// the full path in its tooltip, Enter shows the Worktree view with the changed files, each opening the
// diff of the base version beside the worktree's file), and Merge Back…, after a modal listing the
// files it would write, applies the change to the main tree. Over ACP the toggle is unavailable and says why.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { ACP_NO_WORKTREE } from '../../../src/conversation/worktreeActions';
import { answerDialog, modalDialog, moveOffTooltips, openZeroView, useVSCode, waitForNotification } from '../lib';
import { useRealZero } from '../lib/realZero';
import { describeEachTransport } from '../lib/transports';
import { eventually, messageBox, turnStatus, turnWithPrompt, typeAndSend } from '../lib/userFlows';

const ORIGINAL = 'original a\n';

/** The "Worktree" pane of the Zero side bar. */
const worktreePane = (page: Page) =>
  page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header', { hasText: /^\s*Worktree/ }) });

describeEachTransport('Isolated chats: a chat in its own git worktree (real VS Code, real Zero)', (transport) => {
  const real = useRealZero();
  // Zero's worktrees go under XDG_STATE_HOME: this suite's own folder, never the machine's.
  let state = '';
  before(() => {
    state = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-ui-worktrees-'));
    real.env.XDG_STATE_HOME = state;
  });
  after(() => state && fs.rmSync(state, { recursive: true, force: true }));
  const vs = useVSCode({
    name: `ui-worktree-${transport}`,
    settings: {
      ...real.settings,
      'zero.transport': transport,
      'zero.mode': 'ask',
      'diffEditor.useInlineViewWhenSpaceIsLimited': false,
    },
    env: real.env,
    workspaceFiles: { 'src/a.txt': ORIGINAL },
  });
  const ws = (rel: string) => path.join(vs.server.dirs.workspace, rel);
  // Its own repository (the run folder is inside this project's checkout).
  before(() => {
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: vs.server.dirs.workspace });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-qm', 'init');
  });

  if (transport === 'exec') {
    it('the toggle makes the worktree, Zero writes there, the header names it, Merge Back applies it', async function () {
      const page = vs.page;
      const chat = await openZeroView(page);
      await messageBox(chat).waitFor({ timeout: 90_000 });
      const toggle = chat.getByRole('button', { name: 'Isolated (worktree)', exact: true });
      await toggle.click();
      await eventually(async () => (await toggle.getAttribute('aria-pressed')) === 'true', 'the toggle is on', 30_000);

      await typeAndSend(chat, 'Change it scenario:write-two path=src/a.txt content=from+the+worktree new=notes/w.txt');
      const turn = turnWithPrompt(chat, 'Change it');
      await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 90_000 });
      assert.equal(fs.readFileSync(ws('src/a.txt'), 'utf8'), ORIGINAL, 'the main tree is untouched');

      const where = chat.locator('.worktree-bar .worktree-where');
      await where.waitFor({ timeout: 30_000 });
      const label = (await where.innerText()).trim();
      const tip = (await where.getAttribute('title')) ?? '';
      const folder = /Runs in the worktree (.+)/.exec(tip)?.[1] ?? '';
      assert.match(label, /zero\/chat-[\w-]+ · …\/zero-worktree-[\w.-]+\/chat-/, label);
      assert.ok(folder.startsWith(path.join(state, 'zero', 'worktrees')), tip);
      assert.equal(fs.readFileSync(path.join(folder, 'src/a.txt'), 'utf8'), 'from the worktree', 'Zero wrote there');
      assert.match(tip, /Branch zero\/chat-[\w-]+, from main @ [0-9a-f]{7}/, tip);
      console.log(`      screenshot: ${await vs.screenshot('worktree-header')}`);

      // Keyboard: the header's worktree button takes the focus, and Enter shows the Worktree view.
      await where.focus();
      assert.equal(await chat.locator(':focus').getAttribute('class'), await where.getAttribute('class'));
      await page.keyboard.press('Enter');
      const pane = worktreePane(page);
      await pane.waitFor({ timeout: 30_000 });
      const row = pane.locator('.monaco-list-row').filter({ hasText: 'a.txt' });
      await row.locator('.label-description', { hasText: '+1 −1 · src' }).waitFor({ timeout: 30_000 });
      await pane.locator('.monaco-list-row', { hasText: 'w.txt' }).waitFor();
      console.log(`      screenshot: ${await vs.screenshot('worktree-view')}`);

      // A file opens VS Code's diff: the base version (git, read-only) beside the worktree's file. The pointer
      // may rest where the view opened, and a row's tooltip then covers the row below it: move it off first.
      await moveOffTooltips(page);
      await row.click();
      const diff = page.locator('.monaco-diff-editor').first();
      await diff.waitFor({ timeout: 30_000 });
      await page.locator('.tab.active', { hasText: /a\.txt \(main @ [0-9a-f]{7} ↔ zero\/chat-/ }).waitFor();
      await diff.locator('.editor.modified .view-lines', { hasText: 'from the worktree' }).waitFor({ timeout: 15_000 });
      const original = (await diff.locator('.editor.original .view-lines').innerText()).replace(/\u00a0/g, ' ');
      assert.match(original, /original a/);
      console.log(`      screenshot: ${await vs.screenshot('worktree-diff')}`);

      // Merge Back… asks first, in a modal listing what it would write; the user reads it and confirms.
      await chat.getByRole('button', { name: 'Merge Back…' }).click();
      const dialog = modalDialog(page);
      await dialog.waitFor({ state: 'visible', timeout: 60_000 });
      const asked = (await dialog.innerText()).replace(/\u00a0/g, ' ');
      assert.match(asked, /Merge back 2 files into /, asked);
      assert.match(
        asked,
        /Take the worktree's version:\s*• notes\/w\.txt \(added\)\s*• src\/a\.txt \(modified\)/,
        asked,
      );
      assert.equal(fs.readFileSync(ws('src/a.txt'), 'utf8'), ORIGINAL, 'nothing written before the answer');
      console.log(`      screenshot: ${await vs.screenshot('worktree-merge-confirm')}`);
      await answerDialog(dialog, 'Merge Back');
      await waitForNotification(page, /Merge back into .*applied 2 files/, 60_000);
      assert.equal(fs.readFileSync(ws('src/a.txt'), 'utf8'), 'from the worktree');
      assert.equal(fs.readFileSync(ws('notes/w.txt'), 'utf8'), 'created by zero\n');
      await turn.locator('.notice', { hasText: 'Merge back into' }).waitFor({ timeout: 30_000 });
      console.log(`      screenshot: ${await vs.screenshot('worktree-merged')}`);
    });
  } else {
    it('an ACP chat offers no worktree: the toggle is unavailable and says why', async function () {
      const chat = await openZeroView(vs.page);
      await messageBox(chat).waitFor({ timeout: 90_000 });
      const toggle = chat.getByRole('button', { name: 'Isolated (worktree): unavailable' });
      await toggle.waitFor({ timeout: 30_000 });
      assert.equal(await toggle.getAttribute('aria-disabled'), 'true');
      assert.equal(await toggle.getAttribute('title'), ACP_NO_WORKTREE);
      await toggle.focus();
      await toggle.press('Enter');
      assert.equal(await toggle.getAttribute('aria-pressed'), 'false', 'nothing happens');
      // Switching the new chat to exec makes it available.
      await chat.getByRole('button', { name: 'Transport: exec' }).click();
      await chat.getByRole('button', { name: 'Isolated (worktree)', exact: true }).waitFor({ timeout: 30_000 });
    });
  }
});
