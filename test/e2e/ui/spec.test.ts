// Spec mode in a real VS Code against the real Zero 0.8 (exec): `/spec <task>` runs `zero exec --use-spec`,
// the turn ends with the spec card (not an error), Open Spec shows the spec file, Approve runs
// `zero spec approve`, and Start Implementation sends Zero's implementation prompt as the next turn, whose
// model receives the spec. Without a real Zero (scripts/install-zero.sh) the suite skips with one line saying why.
import * as assert from 'node:assert/strict';
import { SPEC_IMPL_DONE, SPEC_TITLE } from '../../fixtures/model-server/specScenarios';
import { openZeroView, useVSCode } from '../lib';
import { useRealZero } from '../lib/realZero';
import { messageBox, turns, turnStatus, turnWithPrompt, typeAndSend } from '../lib/userFlows';

describe('The real Zero: spec mode (exec)', function () {
  const real = useRealZero();
  const vs = useVSCode({
    name: 'ui-spec',
    settings: { ...real.settings, 'zero.transport': 'exec' },
    env: real.env,
    workspaceFiles: { 'README.md': '# Demo\n' },
  });

  it('/spec drafts a spec; Open Spec shows it; Approve, then Start Implementation runs it as the next turn', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await typeAndSend(chat, '/spec Add a greeting scenario:spec');
    const turn = turnWithPrompt(chat, 'Add a greeting scenario:spec');
    const card = turn.getByRole('region', { name: `Spec ready for review: ${SPEC_TITLE}` });
    await card.waitFor({ timeout: 60_000 });
    const status = turnStatus(turn);
    assert.equal(await status.innerText(), 'spec ready for review');
    assert.match((await status.getAttribute('class')) ?? '', /tone-ok/);
    const detail = await card.locator('.spec-detail').innerText();
    const id = /\(spec ([\w.-]+)\)$/.exec(detail)?.[1] ?? '';
    assert.match(id, /^\d{4}-\d{2}-\d{2}-add-a-greeting-file$/, detail);
    assert.equal(detail, `.zero/specs/${id}.md (spec ${id})`);
    console.log(`      screenshot: ${await vs.screenshot('spec-review')}`);

    // Open Spec: the file Zero wrote, in an editor.
    await card.getByRole('button', { name: 'Open Spec' }).click();
    const tab = vs.page.locator('.part.editor .tabs-container .tab', { hasText: `${id}.md` });
    await tab.waitFor({ timeout: 20_000 });
    await vs.page
      .locator('.part.editor .view-lines', { hasText: 'Create hello.txt with the line' })
      .waitFor({ timeout: 20_000 });

    await card.getByRole('button', { name: 'Approve' }).click();
    const start = card.getByRole('button', { name: 'Start Implementation' });
    await start.waitFor({ timeout: 30_000 });
    assert.match(await card.locator('.spec-status').innerText(), /^Spec approved\./);
    assert.equal(await card.getByRole('button', { name: 'Approve' }).count(), 0);
    console.log(`      screenshot: ${await vs.screenshot('spec-approved')}`);
    await start.click();

    // The implementation: the chat's next turn, with Zero's implementation prompt; the model read the spec.
    const impl = turns(chat).last();
    await impl
      .locator('.user-message .prompt', { hasText: 'Implement the following approved spec:' })
      .waitFor({ timeout: 30_000 });
    await turnStatus(impl).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    assert.equal(
      await impl.locator('.text-block.answer').innerText(),
      `${SPEC_IMPL_DONE}: Create hello.txt with the line "hello".`,
    );
    assert.equal(await turns(chat).count(), 2);
    assert.match(await card.locator('.spec-status').innerText(), /implementation prompt is sent as your next message/);
    assert.equal(await start.count(), 0, 'started once');
    console.log(`      screenshot: ${await vs.screenshot('spec-implemented')}`);
  });
});
