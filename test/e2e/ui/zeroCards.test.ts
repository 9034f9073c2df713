// Zero's own tools as cards, in a real VS Code against the real Zero 0.8 (exec): the model's update_plan
// calls become one checklist for the turn, with no update_plan card beside it; an ask_user question is
// answered with a click, which goes to Zero as the next message (queued while the turn still runs); a
// command's output Zero cut says how much, and Open Full Output shows all of it read-only in an editor.
// Without a real Zero (scripts/install-zero.sh) the suite skips with one line saying why.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ASK_ASSUMED, ASK_GOT, BIGOUT_DONE, PLAN_ANSWER, PLAN_STEPS } from '../../fixtures/model-server/cardScenarios';
import { openZeroView, useVSCode } from '../lib';
import { useRealZero } from '../lib/realZero';
import { messageBox, turns, turnStatus, turnWithPrompt, typeAndSend } from '../lib/userFlows';

describe('The real Zero: its tools as cards (exec)', function () {
  const real = useRealZero();
  let tmp = '';
  before(function () {
    if (real.skipReason) this.skip();
    // Zero's spill folder goes in a TMPDIR of the suite's own; `seq` runs headless under a persistent
    // command-prefix grant (in a grants file of the suite's own: ZERO_SANDBOX_GRANTS_PATH).
    tmp = fs.mkdtempSync(path.join(real.env.XDG_CONFIG_HOME!, 'tmp-'));
    real.env.TMPDIR = tmp;
    real.env.ZERO_SANDBOX_GRANTS_PATH = path.join(real.env.XDG_CONFIG_HOME!, 'zero', 'sandbox-grants.json');
    const approvedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    fs.writeFileSync(
      real.env.ZERO_SANDBOX_GRANTS_PATH,
      JSON.stringify({
        schemaVersion: 3,
        policyVersion: 2,
        grants: {},
        commandPrefixes: { exec_command: [{ toolName: 'exec_command', prefix: ['seq'], approvedAt }] },
      }),
    );
  });
  const vs = useVSCode({
    name: 'ui-zero-cards',
    settings: { ...real.settings, 'zero.transport': 'exec' },
    env: real.env,
    workspaceFiles: { 'README.md': '# Demo\n' },
  });

  it('update_plan: one checklist for the turn, all steps done at the end, and no update_plan card', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await typeAndSend(chat, 'Plan and do it scenario:plan');
    const turn = turnWithPrompt(chat, 'Plan and do it');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    await turn.locator('.text-block.answer', { hasText: PLAN_ANSWER }).waitFor();
    const plan = turn.getByRole('group', { name: 'Plan, 3 of 3 done' });
    await plan.waitFor();
    assert.equal(await turn.locator('.plan-card').count(), 1, 'one checklist for the turn');
    assert.deepEqual(
      await plan.getByRole('listitem').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
      PLAN_STEPS.map((s, i) => `Step ${i + 1} of 3, done: ${s}`),
    );
    assert.equal(await turn.locator('.tool-card:visible').count(), 0, 'no update_plan card beside the checklist');
    console.log(`      screenshot: ${await vs.screenshot('plan-checklist')}`);
  });

  it('ask_user: the question with its options, the recommended one marked; a click answers it as the next message', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    // The model's last words come 500 ms apart, so the turn still runs when the option is clicked.
    await typeAndSend(chat, 'Write the report scenario:ask delay=500');
    const turn = turnWithPrompt(chat, 'Write the report');
    const card = turn.getByRole('region', { name: 'Zero asks: Which format should the report use?' });
    await card.locator('.ask-status', { hasText: 'answered this itself' }).waitFor({ timeout: 60_000 });
    const recommended = card.getByRole('button', { name: 'Markdown (recommended): Headings and lists' });
    await recommended.waitFor();
    console.log(`      screenshot: ${await vs.screenshot('ask-user')}`);
    await card.getByRole('button', { name: /^Plain text/ }).click();
    const queued = chat.getByRole('region', { name: 'Queued messages' });
    await queued.locator('.queued-text', { hasText: 'Plain text' }).waitFor({ timeout: 10_000 });
    assert.match(await queued.innerText(), /Which format should the report use\?/);
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    await turn.locator('.text-block.answer', { hasText: ASK_ASSUMED }).waitFor();
    // The answer turn: the message as sent, and the model quoting it back.
    const answer = turns(chat).last();
    await answer.locator('.text-block.answer', { hasText: ASK_GOT }).waitFor({ timeout: 60_000 });
    assert.match(
      await answer.locator('.user-message .prompt').innerText(),
      /^> Which format should the report use\?\s+Plain text$/,
    );
    assert.match(
      await answer.locator('.text-block.answer').innerText(),
      /Thanks, I got your answer: > Which format should the report use\? Plain text/,
    );
    assert.ok(await recommended.isDisabled(), 'the card is answered');
    console.log(`      screenshot: ${await vs.screenshot('ask-user-answered')}`);
  });

  it('a cut output says how much Zero cut; Open Full Output opens all 60,914 bytes read-only in an editor', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await typeAndSend(chat, 'Print them scenario:bigout');
    const turn = turnWithPrompt(chat, 'Print them');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    await turn.locator('.text-block.answer', { hasText: BIGOUT_DONE }).waitFor();
    const card = turn.locator('.tool-card', { has: chat.locator('.tool-name', { hasText: 'exec_command' }) });
    await card.locator('summary').click();
    const words = await card.locator('.tool-cut-words').innerText();
    assert.match(
      words,
      /^Zero cut this output: the tool produced 60,914 bytes and the model got \d\d,\d{3} of them\. This card shows the first 10,240 bytes\.$/,
    );
    await card.getByRole('button', { name: 'Open full output of exec_command' }).click();
    const tab = vs.page.locator('.tabs-container .tab', { hasText: /exec_command-call_\d+ \(full output\)\.txt/ });
    await tab.waitFor({ timeout: 30_000 });
    const editor = vs.page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-line', { hasText: 'output:' }).first().waitFor({ timeout: 15_000 });
    // The middle the model never saw: go to line 10001 (`10000`), then the end.
    await editor.click();
    await vs.page.keyboard.press('Control+G');
    await vs.page.keyboard.type('10001');
    await vs.page.keyboard.press('Enter');
    await editor.locator('.view-line', { hasText: /^10000$/ }).waitFor({ timeout: 15_000 });
    await vs.page.keyboard.press('Control+End');
    await editor.locator('.view-line', { hasText: 'exit_code: 0' }).waitFor({ timeout: 15_000 });
    // Read-only: typing changes nothing, and VS Code says why.
    await vs.page.keyboard.type('x');
    await vs.page.getByText('Cannot edit in read-only editor').first().waitFor({ timeout: 15_000 });
    assert.equal(await editor.locator('.view-line', { hasText: 'exit_code: 0x' }).count(), 0);
    console.log(`      screenshot: ${await vs.screenshot('full-output')}`);
    const spill = path.join(tmp, `zero-tool-output-${process.getuid?.() ?? -1}`);
    assert.equal(fs.readdirSync(spill).length, 1, "Zero's one saved copy");
  });

  after(() => tmp && fs.rmSync(tmp, { recursive: true, force: true }));
});
