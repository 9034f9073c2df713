// The real Zero 0.8 in a real VS Code, on both transports: the scripted model server plays the model
// (test/fixtures/model-server; a `scenario:<name>` tag in the message picks its script), and what the
// user sees is what the real `zero exec` / `zero acp` made of it. The chat streams an answer with its
// reasoning; the composer's mode reaches Zero (ask mode offers write_file, which auto does not); a
// turn's files are reviewed and reverted from Zero's real checkpoints and undone with a real rewind;
// a shell command asks for approval, and the answer takes effect.
// Without a real Zero (scripts/install-zero.sh) the suite skips with one line saying why.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  acpChoose,
  acpDialog,
  answerDialog,
  escapeDialog,
  modalDialog,
  openZeroView,
  runCommand,
  useVSCode,
} from '../lib';
import { useRealZero } from '../lib/realZero';
import { describeEachTransport } from '../lib/transports';
import { eventually, messageBox, turnStatus, turnWithPrompt, turns, typeAndSend } from '../lib/userFlows';

const APP_BEFORE = 'first line\nsecond line\nthird line\n';
const APP_AFTER = 'first line\nsecond line, changed by Zero\nthird line\nadded one\nadded two\n';

describeEachTransport('The real Zero: chat, mode, review and approvals', (transport) => {
  const real = useRealZero();
  const vs = useVSCode({
    name: `ui-real-zero-${transport}`,
    settings: { ...real.settings, 'zero.transport': transport },
    env: real.env,
    workspaceFiles: { 'README.md': '# Demo\n', 'src/app.txt': APP_BEFORE },
  });
  const ws = (rel: string) => path.join(vs.server.dirs.workspace, rel);
  /** The user messages the model received, newest last (Zero adds its own system prompt first). */
  const modelSaw = () =>
    real
      .server()
      .completions()
      .map(
        (r) =>
          r.body?.messages
            .filter((m) => m.role === 'user')
            .map((m) => JSON.stringify(m.content))
            .pop() ?? '',
      );

  it('streams the answer with its reasoning apart, and the turn ends in success', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    // The model picker offers the provider's own model (zero providers models), not the catalogue.
    const picker = chat.getByRole('combobox', {
      name: transport === 'exec' ? 'Model for the next message' : 'Model for this chat',
    });
    await eventually(
      async () => (await picker.locator('option', { hasText: 'scripted-1' }).count()) > 0,
      "the provider's model is listed",
      30_000,
    );
    assert.equal(
      await picker.locator('option', { hasText: /claude/i }).count(),
      0,
      'no catalogue models of other providers',
    );
    await picker.selectOption('scripted-1');
    await typeAndSend(chat, 'What is six times seven? scenario:reasoning');
    const turn = turnWithPrompt(chat, 'What is six times seven?');
    await turn.locator('.text-block.answer', { hasText: 'The answer is 42.' }).waitFor({ timeout: 60_000 });
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    await turn.locator('details.reasoning summary', { hasText: 'Reasoning' }).click();
    await turn.locator('details.reasoning .reasoning-text', { hasText: 'Thinking about the question.' }).waitFor();
    assert.doesNotMatch(await turn.locator('.text-block.answer').innerText(), /Thinking about/);
    const footer = (await turn.locator('.turn-footer').innerText()).replace(/\s+/g, ' ');
    assert.match(footer, /scripted-1/, `the footer names the model Zero used: ${footer}`);
    // The scripted model reports 100 prompt tokens and a quarter of the characters it wrote.
    if (transport === 'exec') assert.match(footer, /\d+ tokens \(100 in · \d+ out\)/, footer);
    assert.ok(
      modelSaw().some((m) => m.includes('What is six times seven?')),
      'the model got the message',
    );
    assert.equal(real.server().completions().at(-1)?.body?.model, 'scripted-1', 'Zero asked for the picked model');
    console.log(`      screenshot: ${await vs.screenshot('answer')}`);
  });

  it('a shell command asks first; allowing it makes Zero run it', async function () {
    const chat = vs.chat();
    const prompt = 'Run the check scenario:shell';
    await typeAndSend(chat, prompt);
    const turn = turnWithPrompt(chat, 'Run the check');
    if (transport === 'exec') {
      const dialog = modalDialog(vs.page);
      await dialog.waitFor({ timeout: 60_000 });
      const text = (await dialog.innerText()).replace(/\s+/g, ' ');
      assert.match(text, /exec_command/, text);
      assert.match(text, /echo zero-shell-ok/, `the modal shows exactly what will run: ${text}`);
      console.log(`      screenshot: ${await vs.screenshot('shell-modal')}`);
      await answerDialog(dialog, 'Allow once');
      const retry = turns(chat).filter({ has: chat.locator('.user-message.retry') });
      await turnStatus(retry).filter({ hasText: 'success' }).waitFor({ timeout: 90_000 });
      await retry.locator('.text-block.answer', { hasText: 'zero-shell-ok' }).waitFor();
    } else {
      const dialog = acpDialog(vs.page, 'exec_command');
      await dialog.locator('.dialog-message-detail').waitFor({ state: 'visible', timeout: 60_000 });
      const text = (await dialog.innerText()).replace(/\s+/g, ' ');
      assert.match(text, /Command: echo zero-shell-ok/, `the modal shows exactly what will run: ${text}`);
      console.log(`      screenshot: ${await vs.screenshot('shell-dialog')}`);
      await acpChoose(dialog, 'Allow');
      await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 90_000 });
      await turn.locator('.text-block.answer', { hasText: 'zero-shell-ok' }).waitFor();
    }
    console.log(`      screenshot: ${await vs.screenshot('shell-allowed')}`);
  });

  it("a two-line command: the approval shows both lines, the line break marked (⏎), and Zero's justification", async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await typeAndSend(chat, 'Run both lines scenario:two-line-shell why=to+check+both+lines');
    const turn = turnWithPrompt(chat, 'Run both lines');
    const dialog = transport === 'exec' ? modalDialog(vs.page) : acpDialog(vs.page, 'exec_command');
    await dialog.locator('.dialog-message-detail').waitFor({ state: 'visible', timeout: 60_000 });
    const text = await dialog.innerText();
    // Both lines, in order, the break shown as ⏎ so "echo zero-line-one" alone is never what is read.
    assert.match(text, /echo zero-line-one⏎\s*echo zero-line-two/, `the whole command, both lines: ${text}`);
    if (transport === 'acp') assert.match(text, /Justification: to check both lines/, `Zero's justification: ${text}`);
    console.log(`      screenshot: ${await vs.screenshot('two-line-command')}`);
    if (transport === 'exec') await answerDialog(dialog, 'Deny');
    else await escapeDialog(vs.page, dialog);
    await turnStatus(turn).waitFor({ timeout: 90_000 });
    await turn
      .locator('.permission-card .approval-state', {
        hasText: transport === 'exec' ? 'You denied this' : 'You chose: Reject',
      })
      .waitFor();
  });

  it('a long command is cut with "… more"; Show details… opens all of it read-only, then the dialog asks again', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await typeAndSend(chat, 'Run many lines scenario:many-line-shell lines=16');
    const turn = turnWithPrompt(chat, 'Run many lines');
    const dialog = transport === 'exec' ? modalDialog(vs.page) : acpDialog(vs.page, 'exec_command');
    await dialog.locator('.dialog-message-detail').waitFor({ state: 'visible', timeout: 60_000 });
    const text = await dialog.innerText();
    assert.match(text, /echo zero-line-12⏎\s*… more \(4 more lines/, `cut, and it says so: ${text}`);
    assert.doesNotMatch(text, /zero-line-16/);
    await answerDialog(dialog, 'Show details…');
    // The whole command in a read-only editor; the modal waits until the user is done reading.
    const editor = vs.page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-line', { hasText: 'echo zero-line-16' }).first().waitFor({ timeout: 15_000 });
    // Over ACP Zero waits for the answer; on exec it has already refused, and the notice must not say it waits.
    const waiting =
      transport === 'exec'
        ? 'Zero stopped at this call, and the chat asks it to retry once you allow it'
        : 'Zero is waiting for your answer';
    const notice = vs.page.locator('.notifications-toasts .notification-toast', { hasText: waiting });
    await notice.waitFor({ timeout: 15_000 });
    console.log(`      screenshot: ${await vs.screenshot('approval-details')}`);
    await notice.getByRole('button', { name: 'Answer…' }).click();
    await dialog.locator('.dialog-message-detail').waitFor({ state: 'visible', timeout: 15_000 });
    if (transport === 'exec') await answerDialog(dialog, 'Deny');
    else await escapeDialog(vs.page, dialog);
    await turnStatus(turn).waitFor({ timeout: 90_000 });
    await turn
      .locator('.permission-card .approval-state', {
        hasText: transport === 'exec' ? 'You denied this' : 'You chose: Reject',
      })
      .waitFor();
  });

  it('ask mode reaches Zero (write_file offered), the turn changes two files, Revert one and Undo the rest', async function () {
    const chat = vs.chat();
    const prompt = 'Change the two files scenario:review-two';
    if (transport === 'exec')
      await chat.getByRole('combobox', { name: 'Mode for the next message' }).selectOption('ask');
    else {
      await runCommand(vs.page, 'Zero: New Chat');
      await turns(chat).first().waitFor({ state: 'detached' });
      await chat.getByRole('combobox', { name: 'Mode for this chat' }).selectOption('ask');
    }
    await typeAndSend(chat, prompt);
    const turn = turnWithPrompt(chat, 'Change the two files');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 90_000 });
    await turn.locator('.text-block.answer', { hasText: 'Changed src/app.txt and created notes/review.md.' }).waitFor();
    assert.equal(fs.readFileSync(ws('src/app.txt'), 'utf8'), APP_AFTER, 'Zero wrote the file');
    assert.ok(fs.existsSync(ws('notes/review.md')), 'Zero created the note');
    const offered =
      real
        .server()
        .completions()
        .at(-1)
        ?.body?.tools?.map((t) => t.function.name) ?? [];
    assert.ok(offered.includes('write_file'), `ask mode offers write_file: ${offered.join(' ')}`);

    const row = (file: string) =>
      turn.locator('.review-file').filter({ has: chat.locator('.review-path', { hasText: file }) });
    if (transport === 'acp') {
      // Zero keeps no checkpoints over ACP: the files are listed, with Keep only, and the turn says why.
      await row('src/app.txt').waitFor({ timeout: 30_000 });
      assert.equal(await turn.getByRole('button', { name: 'Undo Changes…' }).count(), 0);
      return;
    }
    // Counted against Zero's own checkpoints of the files.
    await row('src/app.txt').locator('.review-counts', { hasText: '+3 −1' }).waitFor({ timeout: 30_000 });
    await row('notes/review.md').locator('.review-counts', { hasText: 'new file, +3' }).waitFor();
    await row('src/app.txt').getByRole('button', { name: 'Revert src/app.txt' }).click();
    await row('src/app.txt')
      .locator('.review-counts', { hasText: /^reverted$/ })
      .waitFor({ timeout: 30_000 });
    assert.equal(fs.readFileSync(ws('src/app.txt'), 'utf8'), APP_BEFORE, 'reverted from the real checkpoint');
    assert.ok(fs.existsSync(ws('notes/review.md')), 'the other file stays');

    await turn.getByRole('button', { name: 'Undo Changes…' }).click();
    const dialog = modalDialog(vs.page);
    await dialog.waitFor({ timeout: 30_000 });
    const undo = await dialog.getByRole('button').allInnerTexts();
    await answerDialog(dialog, undo.find((b) => /Undo/.test(b)) ?? 'Undo');
    await eventually(
      async () => !fs.existsSync(ws('notes/review.md')),
      'zero sessions rewind deleted the file the turn created',
      30_000,
    );
    assert.equal(fs.readFileSync(ws('src/app.txt'), 'utf8'), APP_BEFORE);
    console.log(`      screenshot: ${await vs.screenshot('undone')}`);
  });
});
