// The composer in a real VS Code (code-server + Chromium), as a user drives it with the keyboard:
// mention a file with @, paste a screenshot, pick a mode and a model, run a slash command, read
// the context meter, and get a clear refusal for an image that is too large.
//
// The fake zero records what it received (exec: argv and stdin; acp: each session request), so the
// tests check what Zero really got; `scenario:echo` answers with the prompt and the number of images.
// Runs on both transports. Mode and model differ by design: on exec they are per-message pickers in
// the composer (`--permission-mode`, `--model`); on ACP they belong to Zero's session and are the
// header's "Mode/Model for this chat" (`session/set_mode`, the model option), with none in the composer.
import * as assert from 'node:assert/strict';
import { FAKE_ZERO, modalDialog, openZeroView, runCommand, useVSCode } from '../lib';
import { acpRequests, describeEachTransport, messagesToZero } from '../lib/transports';
import { eventually, fakeSessions, messageBox, turnStatus, turnWithPrompt, turns, typeAndSend } from '../lib/userFlows';

/** A 1×1 transparent PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describeEachTransport('Composer: mentions, images, mode, model, commands and the context meter', (transport) => {
  const vs = useVSCode({
    name: `ui-composer-${transport}`,
    settings: { 'zero.path': FAKE_ZERO, 'zero.transport': transport },
    env: { FAKE_ZERO_SCENARIO: undefined, FAKE_ZERO_DELAY_MS: undefined },
    workspaceFiles: {
      'README.md': '# Greeter\n',
      'src/greeter.ts': 'export const greet = (n: string) => `Hello, ${n}`;\n',
      'src/main.ts': "import { greet } from './greeter';\nconsole.log(greet('world'));\n",
      'docs/guide.md': '# Guide\n',
    },
  });
  const runWith = (text: string) =>
    eventually(async () => messagesToZero(vs, transport).find((m) => m.text.includes(text)), `Zero got "${text}"`);

  it('@ + a fragment, picked with the keyboard, sends the file path; the sent message shows the chip', async function () {
    const chat = await openZeroView(vs.page);
    const box = messageBox(chat);
    await box.waitFor({ timeout: 90_000 });
    await box.click();
    await box.pressSequentially('scenario:echo What does @greet', { delay: 20 });
    const option = chat.getByRole('option', { name: /src\/greeter\.ts/ });
    await option.waitFor({ timeout: 60_000 });
    assert.equal(await option.getAttribute('aria-selected'), 'true', 'the best match is active');
    await box.press('Enter');
    await chat.getByRole('button', { name: 'Remove mention src/greeter.ts' }).waitFor();
    await box.pressSequentially(' do?', { delay: 10 });
    await box.press('Enter');

    const prompt = (await runWith('What does')).text;
    assert.match(
      prompt,
      /^scenario:echo What does\s+do\?\n\nFiles I mentioned \(read them as needed\):\n- src\/greeter\.ts$/,
      prompt,
    );
    const turn = turnWithPrompt(chat, 'What does');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    assert.deepEqual(await turn.locator('.sent-chips .attachment').allInnerTexts(), ['src/greeter.ts']);
    await vs.screenshot('mention-sent');
  });

  it('a pasted image reaches Zero as stream-json images', async function () {
    const chat = vs.chat();
    const box = messageBox(chat);
    await box.click();
    await box.fill('scenario:echo What is in this screenshot?');
    await box.evaluate((el, b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, PNG_BASE64);
    await chat.getByRole('button', { name: 'Remove image screenshot.png' }).waitFor();
    await chat.locator('.image-chip img.thumbnail').waitFor();
    await box.press('Enter');

    const message = await runWith('What is in this screenshot?');
    assert.deepEqual(
      message.images,
      [{ mediaType: 'image/png', data: PNG_BASE64 }],
      transport === 'acp' ? 'an image block in session/prompt' : 'stream-json images on stdin',
    );
    const turn = turnWithPrompt(chat, 'What is in this screenshot?');
    await turn.locator('.text-block.answer', { hasText: '[1 image(s) attached]' }).waitFor({ timeout: 60_000 });
    assert.deepEqual(await turn.locator('.sent-chips .attachment').allInnerTexts(), ['1 image']);
  });

  // Refused in the webview before anything is sent: the same on both transports, so once.
  if (transport === 'exec')
    it('an oversized image is refused with a message and the draft is kept', async function () {
      const chat = vs.chat();
      const box = messageBox(chat);
      await box.fill('Please keep this draft');
      await box.evaluate((el) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(11 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
      });
      const alert = chat.getByRole('alert').filter({ hasText: 'huge.png' });
      await alert.waitFor({ timeout: 15_000 });
      assert.match(await alert.innerText(), /"huge\.png" is 11\.0 MiB: images can be at most 10 MiB\./);
      assert.equal(await box.inputValue(), 'Please keep this draft');
      assert.equal(await chat.locator('.image-chip').count(), 0, 'nothing was attached');
      await vs.screenshot('image-too-large');
      await box.fill('');
    });

  if (transport === 'exec') {
    it('picking plan mode and a model: the run gets --permission-mode plan and --model, and the footer says so', async function () {
      const chat = vs.chat();
      await chat.getByRole('combobox', { name: 'Mode for the next message' }).selectOption('plan');
      const model = chat.getByRole('combobox', { name: 'Model for the next message' });
      await eventually(
        async () => (await model.locator('option', { hasText: 'text-only-1' }).count()) > 0,
        'the models from zero models --json are listed',
      );
      await model.selectOption('text-only-1');
      assert.equal(
        await chat.getByRole('combobox', { name: 'Mode for this chat' }).count(),
        0,
        'exec has no session mode in the header: one mode control',
      );
      await typeAndSend(chat, 'scenario:plain Sketch a plan for the greeter');

      const got = await runWith('Sketch a plan for the greeter');
      assert.equal(got.mode, 'plan');
      assert.equal(got.model, 'text-only-1');
      const turn = turnWithPrompt(chat, 'Sketch a plan for the greeter');
      await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      const footer = (await turn.locator('.turn-footer').innerText()).replace(/\s+/g, ' ');
      assert.match(footer, /text-only-1/, footer);
      assert.match(footer, /plan mode/, footer);
    });
  } else {
    it("a new ACP chat: mode and model are picked once, in the header, before the first message; Zero's session gets them", async function () {
      const chat = vs.chat();
      await runCommand(vs.page, 'Zero: New Chat');
      await turns(chat).first().waitFor({ state: 'detached' });
      // One control per concept: the session's, in the header; the composer has no per-message pickers.
      assert.equal(await chat.getByRole('combobox', { name: 'Mode for the next message' }).count(), 0);
      assert.equal(await chat.getByRole('combobox', { name: 'Model for the next message' }).count(), 0);
      const mode = chat.getByRole('combobox', { name: 'Mode for this chat' });
      const model = chat.getByRole('combobox', { name: 'Model for this chat' });
      const modeNames = async () => (await mode.locator('option').allInnerTexts()).map((t) => t.trim()).join(', ');
      await eventually(
        async () => (await modeNames()) === "Zero's default, Auto, Ask, Plan",
        `Zero's ACP modes, never unsafe (got ${await modeNames()})`,
        10_000,
      );
      await eventually(
        async () => (await model.locator('option', { hasText: 'text-only-1' }).count()) > 0,
        'the models from zero models --json are listed',
      );
      await mode.selectOption('plan');
      await model.selectOption('text-only-1');
      const before = acpRequests(vs).length;
      await typeAndSend(chat, 'scenario:plain Sketch a plan for the greeter');

      const got = await runWith('Sketch a plan for the greeter');
      assert.equal(got.mode, 'plan', 'the prompt ran in plan mode');
      assert.equal(got.model, 'text-only-1');
      const sent = acpRequests(vs)
        .slice(before)
        .map((r) => r.method);
      assert.deepEqual(sent.slice(0, 2), ['session/new', 'session/set_mode'], sent.join(', '));
      assert.equal(
        acpRequests(vs)
          .slice(before)
          .find((r) => r.method === 'session/set_mode')?.modeId,
        'plan',
      );
      const turn = turnWithPrompt(chat, 'Sketch a plan for the greeter');
      await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      assert.match(await turn.locator('.turn-footer').innerText(), /text-only-1/);
      // Now Zero's session says what is current: the header shows it, with Zero's own lists.
      await eventually(
        async () => (await mode.inputValue()) === 'plan' && (await model.inputValue()) === 'text-only-1',
        "the header shows the session's mode and model",
      );
      assert.equal(
        await modeNames(),
        'Auto, Ask, Plan',
        'no "Zero\'s default" once the session says which mode is current',
      );
      await vs.screenshot('acp-header-mode-model');

      // Switching in the header sends set_mode at once; the next message runs in it.
      await mode.selectOption('ask');
      await eventually(
        async () => acpRequests(vs).some((r) => r.method === 'session/set_mode' && r.modeId === 'ask'),
        'session/set_mode ask was sent',
      );
      // `/plan` (no text) switches the session too: the header is the one place the mode lives.
      const box = messageBox(chat);
      await box.fill('/plan');
      await box.press('Enter');
      await eventually(async () => (await mode.inputValue()) === 'plan', 'the header shows plan after /plan');
      await typeAndSend(chat, 'scenario:echo still planning?');
      assert.equal((await runWith('still planning?')).mode, 'plan');
      await turnStatus(turnWithPrompt(chat, 'still planning?'))
        .filter({ hasText: 'success' })
        .waitFor({ timeout: 60_000 });
    });
  }

  it(
    transport === 'exec'
      ? 'after a run on a model with a known window the context meter shows a percentage'
      : 'the context meter says ACP reports no tokens (no zeros)',
    async function () {
      const chat = vs.chat();
      if (transport === 'acp') {
        assert.equal((await chat.locator('.context-meter').innerText()).trim(), 'Context: not reported over ACP');
        return;
      }
      // The last run used text-only-1 (8,000 tokens in zero models --json) and its request had 1,200 prompt tokens.
      const meter = chat.locator('.context-meter');
      await eventually(async () => /%/.test(await meter.innerText()), 'the meter shows a percentage');
      assert.equal((await meter.innerText()).trim(), 'Context 1.2k / 8.0k tokens (15%)');
      await vs.screenshot('context-meter');
    },
  );

  // The command menu and a new empty chat are webview and controller behaviour, the same on both: once.
  if (transport === 'exec')
    it('/new from the command menu opens a new chat', async function () {
      const chat = vs.chat();
      assert.ok((await turns(chat).count()) > 0);
      const box = messageBox(chat);
      await box.click();
      await box.pressSequentially('/ne', { delay: 20 });
      await chat.getByRole('listbox', { name: 'Commands' }).getByRole('option', { name: /\/new/ }).waitFor();
      await box.press('Enter');
      await eventually(async () => (await turns(chat).count()) === 0, 'the new chat is empty', 30_000);
      assert.equal(await box.inputValue(), '');
      await chat.locator('.context-meter', { hasText: 'Context: no request yet' }).waitFor();
    });

  it("Edit on the last message resends it through Zero's rewind: the session keeps only the edited message", async function () {
    const chat = vs.chat();
    await typeAndSend(chat, 'scenario:echo first draft of the question');
    const first = turnWithPrompt(chat, 'first draft of the question');
    await turnStatus(first).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    await runWith('first draft of the question');
    await first.getByRole('button', { name: 'Edit your last message' }).click();
    const box = messageBox(chat);
    assert.equal(await box.inputValue(), 'scenario:echo first draft of the question');
    await box.fill('scenario:echo second draft of the question');
    await box.press('Enter');
    const dialog = modalDialog(vs.page);
    await dialog.waitFor({ timeout: 30_000 });
    const question = (await dialog.innerText()).replace(/\s+/g, ' ');
    assert.match(question, /Edit and resend your last message\?/);
    if (transport === 'acp')
      assert.match(question, /Over ACP Zero keeps no checkpoints, so files it changed are not restored/, question);
    else assert.match(question, /Files Zero changed since then are restored/, question);
    await dialog.getByRole('button', { name: 'Rewind and Resend' }).click();

    const second = turnWithPrompt(chat, 'second draft of the question');
    await turnStatus(second).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    const secondRun = await runWith('second draft of the question');
    const session = await eventually(async () => {
      const sessions = fakeSessions(vs.server.dirs.xdgData);
      return [...sessions.entries()].find(([, users]) => users.some((u) => u.includes('second draft')));
    }, 'the session holds the edited message');
    assert.equal(secondRun.sessionId, session[0], 'the edited message continues the same session');
    assert.ok(
      !session[1].some((u) => u.includes('first draft')),
      `the old message was rewound away: ${JSON.stringify(session[1])}`,
    );
    if (transport === 'acp') {
      // zero acp keeps a live session's history in memory: the model must not be given the old message.
      const prompt = acpRequests(vs).find((r) => r.method === 'session/prompt' && r.text?.includes('second draft'));
      assert.ok(prompt?.history, 'the prompt was recorded with its history');
      assert.ok(
        !prompt.history.some((m) => m.content.includes('first draft')),
        `Zero's context has no first draft: ${JSON.stringify(prompt.history)}`,
      );
    }
    await first.locator('.turn-footer', { hasText: 'Edited and resent' }).waitFor();
  });
});
