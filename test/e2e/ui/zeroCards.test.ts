// Zero's own tools as cards, in a real VS Code against the real Zero 0.8 (exec): the model's update_plan
// calls become one checklist for the turn, with no update_plan card beside it.
// Without a real Zero (scripts/install-zero.sh) the suite skips with one line saying why.
import * as assert from 'node:assert/strict';
import { PLAN_ANSWER, PLAN_STEPS } from '../../fixtures/model-server/cardScenarios';
import { openZeroView, useVSCode } from '../lib';
import { useRealZero } from '../lib/realZero';
import { messageBox, turnStatus, turnWithPrompt, typeAndSend } from '../lib/userFlows';

describe('The real Zero: its tools as cards (exec)', function () {
  const real = useRealZero();
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
});
