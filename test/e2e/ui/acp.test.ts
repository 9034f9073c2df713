// ACP in Restricted Mode, in a real VS Code with workspace trust on and the folder not trusted:
// the header offers only plan, Zero's session is put in plan with `session/set_mode` before the first
// prompt, and a write is refused. (The approval, chat, composer and editor suites run on ACP too,
// parameterized by transport; this suite needs its own untrusted window.)
import * as assert from 'node:assert/strict';
import { FAKE_ZERO, openZeroView, useVSCode } from '../lib';
import { acpRequests, messagesToZero } from '../lib/transports';
import { eventually, messageBox, turnStatus, turnWithPrompt, typeAndSend } from '../lib/userFlows';

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
    await eventually(async () => (await mode.locator('option').allInnerTexts()).map((t) => t.trim()).join(', ') === 'Plan', 'the header offers plan only');
    assert.equal(await mode.inputValue(), 'plan');
    assert.equal(await chat.getByRole('combobox', { name: 'Mode for the next message' }).count(), 0, 'no other mode control');
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
    await turnStatus(turnWithPrompt(chat, 'are we still planning?')).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    assert.deepEqual(messagesToZero(vs, 'acp').map((m) => m.mode), ['plan', 'plan']);
    // Restricted Mode sends set_mode plan before every prompt, and never any other mode.
    const setModes = acpRequests(vs).filter((r) => r.method === 'session/set_mode').map((r) => r.modeId);
    assert.ok(setModes.every((m) => m === 'plan'), `no set_mode but plan was ever sent: ${setModes.join(', ')}`);
    assert.equal(setModes.length, acpRequests(vs).filter((r) => r.method === 'session/prompt').length, 'set_mode plan before every prompt');
    assert.equal(await chat.getByRole('combobox', { name: 'Mode for this chat' }).inputValue(), 'plan');
  });
});
