// Chat history as a user works with it in a real VS Code: a Zero session started in a terminal
// (the fake zero run directly, writing its sessions store as Zero does) shows up in History, marked
// as a terminal session, and continues here with `--resume=<id>`; a chat is renamed from the
// History list, and another one is found by a word that only its answer contains.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { FAKE_ZERO, openZeroView, useVSCode, waitForNotification } from '../lib';
import { acpRequests, describeEachTransport, messagesToZero } from '../lib/transports';
import {
  eventually,
  execRuns,
  fakeSessions,
  messageBox,
  promptOf,
  turnStatus,
  turnWithPrompt,
  typeAndSend,
  type ZeroInvocation,
} from '../lib/userFlows';

const TERMINAL_SESSION = 'from_terminal_20260318';

function quickPick(page: Page): Locator {
  return page.locator('.quick-input-widget');
}

function pickRow(page: Page, text: string | RegExp): Locator {
  return quickPick(page).locator('.quick-input-list .monaco-list-row', { hasText: text }).first();
}

/** History from the chat header's button, as a user opens it. */
async function openHistory(page: Page, chat: FrameLocator): Promise<Locator> {
  await chat.getByRole('button', { name: 'History', exact: true }).click();
  const widget = quickPick(page);
  await widget.locator('input.input').waitFor({ state: 'visible', timeout: 30_000 });
  return widget;
}

async function ask(chat: FrameLocator, prompt: string, shown: string): Promise<Locator> {
  await typeAndSend(chat, prompt);
  const turn = turnWithPrompt(chat, shown);
  await turn.waitFor({ timeout: 30_000 });
  await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
  return turn;
}

describeEachTransport('History: terminal sessions, rename and search by content', (transport) => {
  const vs = useVSCode({
    name: `ui-history-${transport}`,
    settings: { 'zero.path': FAKE_ZERO, 'zero.transport': transport },
    env: { FAKE_ZERO_SCENARIO: undefined, FAKE_ZERO_DELAY_MS: undefined },
  });
  const runs = () => execRuns(vs.zeroRecords<ZeroInvocation>());

  it(`a session started in a terminal appears in History and continues here with ${transport === 'exec' ? '--resume=' : 'session/load'}`, async function () {
    const page = vs.page;
    const chat = await openZeroView(page);
    await messageBox(chat).waitFor({ timeout: 90_000 });

    // Outside VS Code: the user ran Zero in a terminal in this folder (same sessions store).
    execFileSync(
      process.execPath,
      [
        FAKE_ZERO,
        'exec',
        '-C',
        vs.server.dirs.workspace,
        '--init-session-id',
        TERMINAL_SESSION,
        '--session-title',
        'Plan the database migration',
        '--',
        'scenario:echo Plan the database migration',
      ],
      { env: { ...process.env, XDG_DATA_HOME: vs.server.dirs.xdgData, FAKE_ZERO_RECORD: '' } },
    );

    await openHistory(page, chat);
    const row = pickRow(page, 'Plan the database migration');
    await row.waitFor({ timeout: 30_000 });
    assert.match(await row.innerText(), /terminal session/);
    console.log(`      screenshot: ${await vs.screenshot('terminal-session-in-history')}`);
    await row.click();
    await quickPick(page).waitFor({ state: 'hidden', timeout: 30_000 });

    await chat.locator('.chat-title', { hasText: 'Plan the database migration' }).waitFor({ timeout: 30_000 });
    await chat.getByText(`This chat continues the Zero session ${TERMINAL_SESSION}`).waitFor();
    const turn = await ask(chat, 'scenario:resume What did I ask before?', 'What did I ask before?');
    await turn
      .getByText(
        `Continuing session ${TERMINAL_SESSION}: you previously asked: scenario:echo Plan the database migration`,
      )
      .waitFor({ timeout: 30_000 });

    const got = messagesToZero(vs, transport).find((m) => m.text.includes('What did I ask before?'));
    assert.ok(got, 'zero got the message');
    assert.equal(got.sessionId, TERMINAL_SESSION);
    if (transport === 'exec') {
      const run = runs().find((r) => promptOf(r).includes('What did I ask before?'));
      assert.ok(run?.argv.includes(`--resume=${TERMINAL_SESSION}`), run?.argv.join(' '));
    } else {
      // The session was opened with session/load (not a new one), and Zero gave the model its earlier messages.
      const opened = acpRequests(vs).filter((r) => r.method === 'session/new' || r.method === 'session/load');
      assert.deepEqual(
        opened.map((r) => [r.method, r.sessionId]),
        [['session/load', TERMINAL_SESSION]],
      );
      const prompt = acpRequests(vs).find(
        (r) => r.method === 'session/prompt' && r.text?.includes('What did I ask before?'),
      );
      assert.equal(prompt?.history?.[0]?.content, 'scenario:echo Plan the database migration');
    }
    await chat.locator('.chat-title', { hasText: 'Plan the database migration' }).waitFor();

    // Now a chat of this window: History lists it once, as a chat, not as a terminal session.
    await openHistory(page, chat);
    const again = pickRow(page, 'Plan the database migration');
    await again.waitFor({ timeout: 30_000 });
    await eventually(
      async () => !(await quickPick(page).locator('.quick-input-progress-bar').isVisible()),
      'the session list loaded',
    );
    assert.equal(
      await quickPick(page)
        .locator('.quick-input-list .monaco-list-row', { hasText: 'Plan the database migration' })
        .count(),
      1,
    );
    assert.doesNotMatch(await again.innerText(), /terminal session/);
    await page.keyboard.press('Escape');
  });

  it('renames a chat from History, then finds another one by a word only its answer holds', async function () {
    const page = vs.page;
    const chat = await openZeroView(page);

    await chat.getByRole('button', { name: 'New Chat', exact: true }).click();
    // `plain` answers with "… <b>bold</b> markup & "quotes", non-ASCII: héllo wörld …".
    await ask(chat, 'What is new today?', 'What is new today?');
    await chat.getByRole('button', { name: 'New Chat', exact: true }).click();
    await ask(chat, 'scenario:echo Notes for the release', 'Notes for the release');

    await openHistory(page, chat);
    const row = pickRow(page, 'Notes for the release');
    await row.hover();
    await row.locator('.action-label.codicon-edit').click();
    const input = quickPick(page).locator('input.input');
    await quickPick(page).locator('.quick-input-title', { hasText: 'Rename Zero chat' }).waitFor({ timeout: 30_000 });
    await input.fill('Release checklist');
    await page.keyboard.press('Enter');
    await chat.locator('.chat-title', { hasText: 'Release checklist' }).waitFor({ timeout: 30_000 });

    await openHistory(page, chat);
    const renamed = pickRow(page, 'Release checklist');
    await renamed.waitFor({ timeout: 30_000 });
    assert.equal(
      await quickPick(page).locator('.quick-input-list .monaco-list-row', { hasText: 'Notes for the release' }).count(),
      0,
      'the old name is gone',
    );
    assert.match(
      await renamed.innerText(),
      /Today/,
      "the date group (VS Code draws a separator's label on its first row)",
    );

    // "world" is only in the first chat's answer ("wörld"): neither title nor prompt has it.
    await quickPick(page).locator('input.input').pressSequentially('world');
    const found = pickRow(page, 'What is new today?');
    await found.waitFor({ timeout: 30_000 });
    // The excerpt is the answer as said, case and accents kept.
    assert.match(await found.innerText(), /non-ASCII: héllo wörld/);
    await eventually(
      async () =>
        (await quickPick(page)
          .locator('.quick-input-list .monaco-list-row', { hasText: 'Release checklist' })
          .count()) === 0,
      'the renamed chat, without the word, is filtered out',
    );
    console.log(`      screenshot: ${await vs.screenshot('history-search')}`);
    await found.click();
    await quickPick(page).waitFor({ state: 'hidden', timeout: 30_000 });
    await chat.locator('.chat-title', { hasText: 'What is new today?' }).waitFor({ timeout: 30_000 });
    await turnWithPrompt(chat, 'What is new today?').waitFor();
  });

  it('Copy Session ID, Continue in Terminal and Delete from a History row', async function () {
    const page = vs.page;
    const chat = await openZeroView(page);
    await chat.getByRole('button', { name: 'New Chat', exact: true }).click();
    await ask(chat, 'scenario:echo Draft the onboarding guide', 'Draft the onboarding guide');

    // Copy Session ID: the clipboard holds the id of the Zero session that has this chat's message.
    await vs.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: vs.server.origin });
    await openHistory(page, chat);
    const row = pickRow(page, 'Draft the onboarding guide');
    await row.hover();
    await row.locator('.action-label.codicon-copy').click();
    const toast = await waitForNotification(page, 'Copied the Zero session ID');
    const copied = await eventually(async () => {
      const text = (await page.evaluate(() => navigator.clipboard.readText())).trim();
      return text && text !== '' ? text : null;
    }, 'the clipboard holds the session id');
    assert.match(await toast.innerText(), new RegExp(copied));
    assert.deepEqual(
      fakeSessions(vs.server.dirs.xdgData).get(copied),
      ['scenario:echo Draft the onboarding guide'],
      "the copied id is the chat's Zero session",
    );

    // Continue in Terminal: Zero's interactive mode, started directly, is told to resume that session.
    await row.hover();
    await row.locator('.action-label.codicon-terminal').click();
    await quickPick(page).waitFor({ state: 'hidden', timeout: 30_000 });
    await page
      .locator('.part.panel')
      .getByText(/Zero: .*Draft the onboarding guide/)
      .first()
      .waitFor({ timeout: 30_000 });
    const interactive = await eventually(
      async () => vs.zeroRecords<ZeroInvocation>().find((r) => r.argv.length === 0 && typeof r.stdin === 'string'),
      'zero started in interactive mode and got a line',
      60_000,
    );
    assert.equal(interactive.stdin, `/resume ${copied}`);

    // Delete: the chat leaves History, and its session does not come back as a terminal session.
    await openHistory(page, chat);
    const doomed = pickRow(page, 'Draft the onboarding guide');
    await doomed.hover();
    await doomed.locator('.action-label.codicon-trash').click();
    await eventually(
      async () =>
        (await quickPick(page)
          .locator('.quick-input-list .monaco-list-row', { hasText: 'Draft the onboarding guide' })
          .count()) === 0,
      'the deleted chat is gone',
    );
    await page.keyboard.press('Escape');
    // Another session from the terminal: once History lists it, the list of Zero's sessions has loaded.
    execFileSync(
      process.execPath,
      [
        FAKE_ZERO,
        'exec',
        '-C',
        vs.server.dirs.workspace,
        '--init-session-id',
        'from_terminal_sentinel',
        '--session-title',
        'Sketch the API',
        '--',
        'scenario:echo Sketch the API',
      ],
      { env: { ...process.env, XDG_DATA_HOME: vs.server.dirs.xdgData, FAKE_ZERO_RECORD: '' } },
    );
    await openHistory(page, chat);
    await pickRow(page, 'Sketch the API').waitFor({ timeout: 30_000 });
    assert.equal(
      await quickPick(page)
        .locator('.quick-input-list .monaco-list-row', { hasText: 'Draft the onboarding guide' })
        .count(),
      0,
      'not listed again',
    );
    // Zero keeps the session (over ACP it is titled "ACP session" in Zero's store): History does not offer it.
    assert.deepEqual(
      await quickPick(page)
        .locator('.quick-input-list .monaco-list-row', { hasText: 'terminal session' })
        .allInnerTexts()
        .then((t) => t.map((r) => r.includes('Sketch the API'))),
      [true],
      'nor as a terminal session',
    );
    await page.keyboard.press('Escape');
  });
});
