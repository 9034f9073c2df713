// ACP in Restricted Mode, in a real VS Code with workspace trust on and the folder not trusted:
// the header offers only plan, Zero's session is put in plan with `session/set_mode` before the first
// prompt, and a write is refused. A chat refused for the model's window continues on exec with one
// click (the same session, still plan). (The approval, chat, composer and editor suites run on ACP too,
// parameterized by transport; this suite needs its own untrusted window.)
import * as assert from 'node:assert/strict';
import { FAKE_ZERO, openZeroView, runCommand, useVSCode } from '../lib';
import { acpRequests, messagesToZero } from '../lib/transports';
import {
  eventually,
  execRuns,
  messageBox,
  promptOf,
  resumeIdOf,
  turns,
  turnStatus,
  turnWithPrompt,
  typeAndSend,
  type ZeroInvocation,
} from '../lib/userFlows';

describe('ACP in Restricted Mode (an untrusted workspace): plan only', function () {
  const vs = useVSCode({
    name: 'ui-acp-restricted',
    untrusted: true,
    settings: { 'zero.path': FAKE_ZERO, 'zero.transport': 'acp' },
    env: { FAKE_ZERO_SCENARIO: undefined, FAKE_ZERO_DELAY_MS: undefined },
  });

  it('only plan is offered; set_mode plan is sent before the first prompt; a write is refused', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await chat.getByRole('region', { name: 'Restricted mode' }).waitFor({ timeout: 30_000 });
    const mode = chat.getByRole('combobox', { name: 'Mode for this chat' });
    await eventually(
      async () => (await mode.locator('option').allInnerTexts()).map((t) => t.trim()).join(', ') === 'Plan',
      'the header offers plan only',
    );
    assert.equal(await mode.inputValue(), 'plan');
    assert.equal(
      await chat.getByRole('combobox', { name: 'Mode for the next message' }).count(),
      0,
      'no other mode control',
    );
    console.log(`      screenshot: ${await vs.screenshot('restricted-plan-only')}`);

    await typeAndSend(chat, 'scenario:write Write my notes');
    const turn = turnWithPrompt(chat, 'Write my notes');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    await turn.locator('.text-block.answer', { hasText: 'The write was refused' }).waitFor();
    const methods = acpRequests(vs).map((r) => (r.method === 'session/set_mode' ? `set_mode ${r.modeId}` : r.method));
    assert.deepEqual(methods, ['session/new', 'set_mode plan', 'session/prompt'], 'plan is set before the prompt');
    assert.equal(messagesToZero(vs, 'acp')[0]?.mode, 'plan', 'the prompt ran in plan mode');
  });

  it('asking for another mode (/auto) changes nothing: the next prompt still runs in plan', async function () {
    const chat = vs.chat();
    const box = messageBox(chat);
    await box.fill('/auto');
    await box.press('Enter');
    await typeAndSend(chat, 'scenario:echo are we still planning?');
    await turnStatus(turnWithPrompt(chat, 'are we still planning?'))
      .filter({ hasText: 'success' })
      .waitFor({ timeout: 60_000 });
    assert.deepEqual(
      messagesToZero(vs, 'acp').map((m) => m.mode),
      ['plan', 'plan'],
    );
    // Restricted Mode sends set_mode plan before every prompt, and never any other mode.
    const setModes = acpRequests(vs)
      .filter((r) => r.method === 'session/set_mode')
      .map((r) => r.modeId);
    assert.ok(
      setModes.every((m) => m === 'plan'),
      `no set_mode but plan was ever sent: ${setModes.join(', ')}`,
    );
    assert.equal(
      setModes.length,
      acpRequests(vs).filter((r) => r.method === 'session/prompt').length,
      'set_mode plan before every prompt',
    );
    assert.equal(await chat.getByRole('combobox', { name: 'Mode for this chat' }).inputValue(), 'plan');
  });

  /** Sends a message that zero acp refuses for the window; resolves with its turn once it failed. */
  const refusedTurn = async (words: string) => {
    const chat = vs.chat();
    // The fake zero acp picks acp-context (the first tag it knows); the fake exec, which has no such script, picks resume.
    await typeAndSend(chat, `scenario:acp-context scenario:resume ${words}`);
    const turn = turnWithPrompt(chat, words);
    await turnStatus(turn).filter({ hasText: 'error' }).waitFor({ timeout: 60_000 });
    await turn.locator('.notice', { hasText: "outgrown the model's context window" }).waitFor();
    return turn;
  };
  const execRunsNow = () => execRuns(vs.zeroRecords<ZeroInvocation>());
  const lastSessionId = () =>
    acpRequests(vs)
      .filter((r) => r.method === 'session/prompt')
      .at(-1)!.sessionId;

  it('refused for the window: Continue on exec puts the refused message back, and sending it resumes the same session on zero exec, still in plan', async function () {
    const chat = vs.chat();
    const turn = await refusedTurn('Summarise all the notes');
    const sessionId = lastSessionId();
    const prompts = acpRequests(vs).filter((r) => r.method === 'session/prompt').length;
    assert.equal(await messageBox(chat).inputValue(), '', 'the box is empty after sending');
    const button = turn.getByRole('button', { name: 'Continue on exec' });
    console.log(`      screenshot: ${await vs.screenshot('acp-context-limit')}`);
    await button.click();
    await turn
      .locator('.notice', {
        hasText: `Continued on exec: This chat now runs on exec: your next message continues Zero session ${sessionId}`,
      })
      .waitFor({ timeout: 30_000 });
    await button.waitFor({ state: 'hidden' });
    await chat.locator('.badge.transport-exec').waitFor({ timeout: 30_000 });
    // Zero never stored the refused message: the empty box gets it back, and the cursor is there.
    assert.equal(await messageBox(chat).inputValue(), 'scenario:acp-context scenario:resume Summarise all the notes');
    await eventually(
      async () => messageBox(chat).evaluate((el) => el === document.activeElement),
      'the message box has the focus',
    );
    console.log(`      screenshot: ${await vs.screenshot('continued-on-exec')}`);

    await messageBox(chat).press('Enter');
    const again = turns(chat).last();
    await turnStatus(again).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    // The same Zero session: the fake's resume script quotes the last message the session stored.
    await again
      .locator('.text-block', {
        hasText: `Continuing session ${sessionId}: you previously asked: scenario:echo are we still planning?`,
      })
      .waitFor();
    const run = execRunsNow().at(-1)!;
    assert.equal(resumeIdOf(run), sessionId, 'zero exec --resume=<the ACP session>');
    assert.ok(run.argv.includes('--plan'), `Restricted Mode still runs plan on exec: ${run.argv.join(' ')}`);
    assert.match(promptOf(run), /Summarise all the notes/);
    assert.equal(
      acpRequests(vs).filter((r) => r.method === 'session/prompt').length,
      prompts,
      'nothing more went to zero acp',
    );
  });

  it('a draft in the box stays as it was when Continue on exec is clicked, and is what goes to exec', async function () {
    await runCommand(vs.page, 'Zero: New Chat');
    const chat = vs.chat();
    await chat.getByRole('combobox', { name: 'Mode for this chat' }).waitFor({ timeout: 30_000 });
    const turn = await refusedTurn('Tell me about every file');
    const sessionId = lastSessionId();
    const box = messageBox(chat);
    await box.fill('A shorter question about one file');
    await turn.getByRole('button', { name: 'Continue on exec' }).click();
    await turn.locator('.notice', { hasText: 'Continued on exec' }).waitFor({ timeout: 30_000 });
    assert.equal(await box.inputValue(), 'A shorter question about one file', 'the draft is kept, not replaced');
    const runs = execRunsNow().length;
    await box.press('Enter');
    await turnStatus(turnWithPrompt(chat, 'A shorter question about one file'))
      .filter({ hasText: 'success' })
      .waitFor({ timeout: 60_000 });
    const run = execRunsNow().at(-1)!;
    assert.equal(execRunsNow().length, runs + 1);
    assert.equal(resumeIdOf(run), sessionId);
    assert.ok(run.argv.includes('--plan'));
  });
});
