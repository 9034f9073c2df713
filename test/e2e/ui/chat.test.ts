// Chat end to end, as a user does it in a real VS Code (code-server + Chromium): type in the Zero
// view, press Enter, watch the answer stream in, open reasoning and tool cards, stop a long run,
// reload the window and carry on, and get a clear error when the Zero CLI is missing.
// Runs on both transports (`zero.transport` exec and acp, each in its own code-server); where the
// user sees something different (token usage, what Stop leaves behind), each transport asserts its own.
//
// The fake zero picks its behaviour from a `scenario:<name>` word in the prompt (plain, reasoning,
// tools, slow, echo, resume); see test/fixtures/fake-zero/README.md.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FAKE_ZERO, openZeroView, useVSCode } from '../lib';
import { acpRequests, describeEachTransport, messagesToZero, zeroProcessesStarted } from '../lib/transports';
import {
  eventually,
  fakeSessions,
  fakeZeroPids,
  messageBox,
  publishScreenshot,
  setSideBarWidth,
  turnStatus,
  turnWithPrompt,
  turns,
  typeAndSend,
} from '../lib/userFlows';
import { until } from '../../support/until';

const README = `# Demo project

A tiny project for the Zero chat tests.

- \`src/main.ts\` starts the app
- \`notes/\` keeps design notes
`;

describeEachTransport('Chat: a conversation with Zero in the sidebar', (transport) => {
  const vs = useVSCode({
    name: `ui-chat-${transport}`,
    settings: { 'zero.path': FAKE_ZERO, 'zero.transport': transport },
    // `slow`: 150 deltas 200 ms apart, so a run lasts about 30 s unless stopped.
    env: { FAKE_ZERO_SLOW_COUNT: '150', FAKE_ZERO_DELAY_MS: undefined, FAKE_ZERO_SCENARIO: undefined },
    workspaceFiles: { 'README.md': README, 'hello.txt': 'Hello from the Zero e2e workspace.\n' },
  });
  const received = () => messagesToZero(vs, transport);
  const firstPrompt = 'scenario:reasoning What is six times seven?';

  it('types a message, presses Enter and sees the streamed answer with its final state', async function () {
    const chat = await openZeroView(vs.page);
    const box = messageBox(chat);
    await box.waitFor({ timeout: 90_000 });
    await chat.locator('.chat-header .run-status', { hasText: 'Ready' }).waitFor();

    await typeAndSend(chat, firstPrompt, { type: true });
    assert.equal(await box.inputValue(), '', 'Enter sent the message and emptied the box');

    const turn = turnWithPrompt(chat, 'What is six times seven?');
    await turn.waitFor();
    await turn.locator('.text-block.answer', { hasText: 'The answer is 42.' }).waitFor({ timeout: 60_000 });
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    await chat.locator('.chat-header .run-status', { hasText: 'Finished' }).waitFor();
    const footer = (await turn.locator('.turn-footer').innerText()).replace(/\s+/g, ' ');
    assert.match(footer, /success/, footer);
    assert.match(footer, /gpt-4\.1/, `the footer names the model: ${footer}`);
    if (transport === 'exec') assert.match(footer, /1,020 tokens/, `the footer shows the run's usage: ${footer}`);
    else {
      // ACP reports no usage: the footer says so instead of showing zeros.
      assert.doesNotMatch(footer, /tokens/, footer);
      assert.match(footer, /Over ACP Zero reports no token usage/, footer);
    }

    // Reasoning is collapsed until the user opens it.
    const reasoning = turn.locator('details.reasoning');
    const reasoningText = reasoning.locator('.reasoning-text');
    assert.equal(await reasoningText.isVisible(), false, 'reasoning starts collapsed');
    await reasoning.locator('summary', { hasText: 'Reasoning' }).click();
    await reasoningText.filter({ hasText: 'Thinking about the question' }).waitFor({ state: 'visible' });
    assert.match(await reasoningText.innerText(), /double-checking the arithmetic/);
    assert.doesNotMatch(
      await turn.locator('.text-block.answer').innerText(),
      /Thinking about/,
      'reasoning is not part of the answer',
    );

    const got = received().find((m) => m.text.includes('What is six times seven?'));
    assert.ok(got, 'the fake zero got the message');
    assert.equal(got.text, firstPrompt);
    if (transport === 'exec')
      assert.equal(got.sessionId, null, 'the first run of a chat starts a new session (no --resume)');
    else {
      const opened = acpRequests(vs).filter((r) => r.method === 'session/new' || r.method === 'session/load');
      assert.deepEqual(
        opened.map((r) => [r.method, r.sessionId]),
        [['session/new', got.sessionId]],
        'the first message opened a new session and was prompted in it',
      );
    }
    console.log(`      screenshot: ${await vs.screenshot('answer-with-reasoning')}`);
  });

  it('shows tool calls as cards that open to their arguments and output', async function () {
    const chat = vs.chat();
    await typeAndSend(chat, 'scenario:tools Summarise the README into notes');
    const turn = turnWithPrompt(chat, 'Summarise the README');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    await turn.locator('.text-block.answer', { hasText: 'I read README.md and wrote notes/fake-zero.md' }).waitFor();

    const read = turn.locator('details.tool-card', { has: chat.locator('.tool-name', { hasText: 'read_file' }) });
    const write = turn.locator('details.tool-card', { has: chat.locator('.tool-name', { hasText: 'write_file' }) });
    await read.waitFor();
    await write.waitFor();
    assert.match(
      await read.locator('summary').innerText(),
      /README\.md[\s\S]*ok/,
      'the closed card says what and how it went',
    );
    assert.match(await write.locator('summary').innerText(), /notes\/fake-zero\.md[\s\S]*ok/);
    assert.equal(await read.locator('.tool-output').isVisible(), false, 'cards start closed');

    await read.locator('summary').click();
    const output = read.locator('.tool-output');
    await output.waitFor({ state: 'visible' });
    assert.match(
      await output.innerText(),
      /A tiny project for the Zero chat tests\./,
      'the output is the file the tool read',
    );
    assert.match(await read.locator('.tool-json').innerText(), /"path": "README.md"/);

    // README picture (exec, the default transport): a finished answer, its reasoning and an open tool card.
    if (transport !== 'exec') return;
    await setSideBarWidth(vs.page, 620);
    await vs.page.mouse.move(1000, 600); // off the sash, which stays highlighted under the pointer
    const firstTurn = turns(chat).first();
    await firstTurn.locator('details.reasoning[open]').waitFor();
    await firstTurn.evaluate(async (el) => {
      el.scrollIntoView({ block: 'start' });
      // Drawn at the new scroll position: two frames (the scroll, then what it brought into view).
      for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
    });
    const shot = await vs.screenshot('tool-card-open');
    console.log(`      screenshot: ${shot} (also ${publishScreenshot(shot, 'chat.png')})`);
  });

  // Pure composer behaviour (which key sends): the same webview on both transports, so once.
  if (transport === 'exec')
    it('Shift+Enter starts a new line instead of sending', async function () {
      const chat = vs.chat();
      const box = messageBox(chat);
      const before = await turns(chat).count();
      const runsBefore = received().length;
      await box.click();
      await box.pressSequentially('scenario:echo first line');
      await box.press('Shift+Enter');
      await box.pressSequentially('second line');
      // Had Shift+Enter sent, the box would have been emptied before "second line" was typed.
      assert.equal(await box.inputValue(), 'scenario:echo first line\nsecond line');

      await box.press('Enter');
      const turn = turnWithPrompt(chat, 'second line');
      await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      assert.equal(await turns(chat).count(), before + 1, 'one message, sent by Enter only');
      assert.equal(received().length, runsBefore + 1, 'zero ran once');
      assert.equal(
        await turn.locator('.user-message .prompt').innerText(),
        'scenario:echo first line\nsecond line',
        'both lines are in one message',
      );
      assert.equal(
        received().find((m) => m.text.includes('second line'))?.text,
        'scenario:echo first line\nsecond line',
      );
    });

  it(`Stop ends a long run: the turn says interrupted and ${transport === 'exec' ? 'the zero process is gone' : 'zero acp stays for the next message'}`, async function () {
    const chat = vs.chat();
    const runsBefore = received().length;
    const processesBefore = zeroProcessesStarted(vs, transport);
    await typeAndSend(chat, 'scenario:slow Count slowly to one hundred and fifty');
    const turn = turnWithPrompt(chat, 'Count slowly');
    await turn.locator('.text-block', { hasText: 'Step 3 of 150' }).waitFor({ timeout: 60_000 });
    await chat.locator('.chat-header .run-status', { hasText: /Working… \d+:\d\d/ }).waitFor();

    const record = vs.server.dirs.record;
    await until(
      () =>
        received()
          .slice(runsBefore)
          .find((m) => m.text.includes('Count slowly')),
      'the slow run was recorded',
      30_000,
    );
    const pids = await until(
      () => (fakeZeroPids(record).length ? fakeZeroPids(record) : null),
      'a fake zero process runs',
      10_000,
    );
    const stop = chat.getByRole('button', { name: 'Stop' });
    assert.equal(await stop.isEnabled(), true, 'Stop is enabled while Zero works');
    const stoppedAt = Date.now();
    await stop.click();

    await turnStatus(turn).filter({ hasText: 'interrupted' }).waitFor({ timeout: 30_000 });
    const tookMs = Date.now() - stoppedAt;
    assert.ok(tookMs < 15_000, `stopping took ${tookMs} ms`);
    assert.doesNotMatch(await turn.innerText(), /Step 150 of 150/, 'the run did not finish');
    await chat.locator('.chat-header .run-status', { hasText: 'Stopped: interrupted' }).waitFor();
    // A stop the user asked for is no error: "Stopped." and no notice (Zero's `error{interrupted}` is its answer).
    await turn.locator('.turn-explanation', { hasText: 'Stopped.' }).waitFor();
    assert.equal(await turn.locator('.notice').count(), 0, `no notice on a stopped turn: ${await turn.innerText()}`);
    assert.equal(await stop.isEnabled(), false, 'Stop is disabled again');
    if (transport === 'exec')
      await until(
        () => fakeZeroPids(record).length === 0,
        `no fake zero process is left (had ${pids.join(', ')})`,
        10_000,
      );
    else {
      // Stop is `session/cancel`: the turn ends, the one `zero acp` of the window serves on.
      assert.ok(
        acpRequests(vs).some((r) => r.method === 'session/cancel'),
        'Stop sent session/cancel',
      );
      assert.deepEqual(fakeZeroPids(record), pids, 'the same zero acp process is still running');
      assert.equal(zeroProcessesStarted(vs, transport), processesBefore, 'no process was started or restarted');
    }
    await turn.locator('.turn-footer').scrollIntoViewIfNeeded();
    console.log(`      screenshot: ${await vs.screenshot('stopped')}`);
  });

  it('after a window reload the chat is still there', async function () {
    await vs.reload();
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    const turn = turnWithPrompt(chat, 'What is six times seven?');
    await turn.waitFor({ timeout: 30_000 });
    await turn.locator('.text-block.answer', { hasText: 'The answer is 42.' }).waitFor();
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor();
    await turnStatus(turnWithPrompt(chat, 'Count slowly')).filter({ hasText: 'interrupted' }).waitFor();
    const sent = transport === 'exec' ? 4 : 3; // Shift+Enter runs on exec only
    assert.equal(await turns(chat).count(), sent, `all ${sent} turns are back`);
    console.log(`      screenshot: ${await vs.screenshot('after-reload')}`);
  });

  it('an answer survives a reload right after it arrives', async function () {
    const chat = vs.chat();
    await typeAndSend(chat, 'scenario:echo remember the word pineapple');
    const turn = turnWithPrompt(chat, 'remember the word pineapple');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    await vs.reload(); // no pause: the save must not depend on the workbench flushing later

    const again = await openZeroView(vs.page);
    await messageBox(again).waitFor({ timeout: 90_000 });
    const back = turnWithPrompt(again, 'remember the word pineapple');
    await back
      .locator('.text-block.answer', { hasText: 'You said: scenario:echo remember the word pineapple' })
      .waitFor({ timeout: 30_000 });
    await turnStatus(back).filter({ hasText: 'success' }).waitFor();
  });

  it('continuing after the reload resumes the same Zero session', async function () {
    const chat = vs.chat();
    const sessions = fakeSessions(vs.server.dirs.xdgData);
    const sessionId = [...sessions].find(([, users]) => users.some((u) => u.includes('What is six times seven?')))?.[0];
    assert.ok(sessionId, `the first run created a session (sessions: ${[...sessions.keys()].join(', ')})`);

    await typeAndSend(chat, 'scenario:resume What did I ask before?');
    const turn = turnWithPrompt(chat, 'What did I ask before?');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    const answer = await turn.locator('.text-block.answer').innerText();
    assert.match(answer, new RegExp(`Continuing session ${sessionId}`), answer);
    assert.match(answer, /you previously asked: scenario:echo remember the word pineapple/, answer);

    const got = received().find((m) => m.text.includes('What did I ask before?'));
    assert.ok(got);
    assert.equal(got.sessionId, sessionId, 'the message went to the same Zero session');
    if (transport === 'exec') {
      const argv = vs
        .zeroRecords<{ argv: string[] }>()
        .map((r) => r.argv)
        .find((a) => a.includes(`--resume=${sessionId}`));
      assert.ok(argv, `a run was started with --resume=${sessionId}`);
    } else {
      // The reload started a new window's zero acp, which reopened the session with session/load.
      const loads = acpRequests(vs).filter((r) => r.method === 'session/load' && r.sessionId === sessionId);
      assert.ok(loads.length >= 1, `session/load ${sessionId} was sent`);
      assert.equal(
        acpRequests(vs).filter((r) => r.method === 'session/new').length,
        1,
        'no second session was created',
      );
    }
  });

  // The binary check and its banner run before any transport is involved, so once.
  if (transport === 'exec')
    it('a zero.path that does not exist: a clear error, Set Path…/Install Zero…, and the message is kept', async function () {
      const chat = vs.chat();
      const missing = path.join(vs.server.dirs.root, 'no-such-dir', 'zero');
      vs.server.updateSettings({ 'zero.path': missing });
      const banner = chat.getByRole('region', { name: 'Zero CLI problem' });
      await banner.waitFor({ state: 'visible', timeout: 60_000 });
      const text = (await banner.innerText()).replace(/\s+/g, ' ');
      assert.match(text, /Zero CLI unavailable/, text);
      assert.ok(
        text.includes(missing) && /does not exist/.test(text),
        `the banner names the path and what is wrong: ${text}`,
      );
      await banner.getByRole('button', { name: 'Set Path…' }).waitFor();
      await banner.getByRole('button', { name: 'Install Zero…' }).waitFor();

      const runsBefore = received().length;
      const box = messageBox(chat);
      await box.click();
      await box.fill('Please refactor the parser');
      await box.press('Enter');
      // Keys are handled in order: once the next one has landed, Enter has been handled too.
      await box.press('End');
      await box.pressSequentially('!');
      await eventually(
        async () => (await box.inputValue()) === 'Please refactor the parser!',
        'the key after Enter landed in the same text',
        15_000,
      );
      assert.equal(
        await chat.getByRole('button', { name: 'Send' }).isEnabled(),
        false,
        'Send is disabled until the CLI is fixed',
      );
      assert.equal(received().length, runsBefore, 'nothing ran');
      console.log(`      screenshot: ${await vs.screenshot('missing-binary')}`);
    });

  it('a zero that disappears after start-up: the turn says so and the message is back in the box', async function () {
    const chat = vs.chat();
    // A working copy first, so the view lets the user send…
    const copyDir = path.join(vs.server.dirs.root, 'zero-copy');
    fs.mkdirSync(copyDir, { recursive: true });
    const copy = path.join(copyDir, 'zero');
    fs.writeFileSync(
      copy,
      `#!/usr/bin/env node\nrequire(${JSON.stringify(path.join(path.dirname(FAKE_ZERO), 'fake-zero.js'))});\n`,
      { mode: 0o755 },
    );
    const box = messageBox(chat);
    await box.fill('');
    // The banner going away is the sign the window has read the new setting: make sure it was up.
    const banner = chat.getByRole('region', { name: 'Zero CLI problem' });
    vs.server.updateSettings({ 'zero.path': path.join(copyDir, 'not-yet') });
    await banner.waitFor({ state: 'visible', timeout: 60_000 });
    vs.server.updateSettings({ 'zero.path': copy });
    await banner.waitFor({ state: 'hidden', timeout: 60_000 });
    // …then it goes away before the message is sent.
    fs.rmSync(copyDir, { recursive: true, force: true });
    await typeAndSend(chat, 'scenario:echo Write the release notes');
    const turn = turnWithPrompt(chat, 'Write the release notes');
    await turn.waitFor({ timeout: 30_000 });
    await turnStatus(turn).waitFor({ timeout: 30_000 });
    const footer = (await turn.locator('.turn-footer').innerText()).replace(/\s+/g, ' ');
    assert.ok(footer.includes(copy) && /not (exist|found)/i.test(footer), `the turn explains: ${footer}`);
    await banner.waitFor({ state: 'visible', timeout: 30_000 });
    await banner.getByRole('button', { name: 'Set Path…' }).waitFor();
    await banner.getByRole('button', { name: 'Install Zero…' }).waitFor();
    await eventually(
      async () => (await box.inputValue()) === 'scenario:echo Write the release notes',
      'the message is back in the composer',
      10_000,
    );
    console.log(`      screenshot: ${await vs.screenshot('binary-gone')}`);
  });
});
