// Subagents in a real VS Code against the real Zero 0.8 (exec, at the default zero.autonomy medium, which
// is what makes Zero offer its Task tool): the model's Task call is a subagent card with the specialist,
// its task, its status and its answer; Open subagent transcript shows the child's messages and tool calls
// as Zero's session store holds them, and follows a child that is still running until its end. The
// child's model requests come to the same scripted server, which answers Zero's specialist envelope
// (test/fixtures/model-server/taskScenarios.ts). Without a real Zero the suite skips with one line saying why.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { CHILD_DONE } from '../../fixtures/model-server/taskScenarios';
import { openZeroView, useVSCode } from '../lib';
import { useRealZero } from '../lib/realZero';
import { messageBox, turnStatus, turnWithPrompt, typeAndSend } from '../lib/userFlows';

// Monaco draws a line's spaces as no-break spaces: a pattern for a line says \s where the text has a space.
const ANSWER = `The explorer found the README's title: # Demo project. ${CHILD_DONE}`;

/** The editor of the active editor group. */
function activeEditor(page: Page): Locator {
  return page.locator('.part.editor .editor-group-container.active .editor-instance .monaco-editor').first();
}

describe('The real Zero: subagents (exec)', function () {
  const real = useRealZero();
  const vs = useVSCode({
    name: 'ui-subagents',
    // One document line, one line on screen (Markdown wraps by default).
    settings: { ...real.settings, 'zero.transport': 'exec', '[markdown]': { 'editor.wordWrap': 'off' } },
    env: real.env,
    workspaceFiles: { 'README.md': '# Demo project\n' },
  });

  it("a Task call is a subagent card; Open subagent transcript shows the child's messages and tool calls from Zero's store", async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await typeAndSend(chat, 'Survey it scenario:task reads=2');
    const turn = turnWithPrompt(chat, 'Survey it');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 90_000 });
    await turn.locator('.text-block.answer', { hasText: `The specialist answered: ${ANSWER}` }).waitFor();

    const card = turn.getByRole('group', { name: 'Subagent explorer, Survey the README: finished' });
    await card.waitFor();
    assert.deepEqual(await card.locator('summary > span').allTextContents(), [
      '',
      'Subagent',
      'explorer',
      'Survey the README',
      '',
      'finished',
    ]);
    await card.locator('summary').click();
    assert.equal(await card.locator('.subagent-result').innerText(), ANSWER);
    assert.equal(
      await card.locator('.tool-json').innerText(),
      'Read README.md and report its title. child-reads=2 child-delay=0',
    );
    const session = /^Session (specialist_[0-9a-f]{24})$/.exec(await card.locator('.subagent-session').innerText());
    assert.ok(session, 'the card names the child session');
    console.log(`      screenshot: ${await vs.screenshot('subagent-card')}`);

    await card.getByRole('button', { name: 'Open subagent transcript: explorer' }).click();
    await vs.page.locator('.part.editor .tabs-container .tab', { hasText: 'Subagent explorer.md' }).waitFor({
      timeout: 30_000,
    });
    // In the editor area, with no empty group left beside it.
    assert.equal(await vs.page.locator('.part.editor .editor-group-container').count(), 1);
    const editor = activeEditor(vs.page);
    const line = (text: string | RegExp) => editor.locator('.view-line', { hasText: text }).first();
    await line('# Subagent explorer: Survey the README').waitFor({ timeout: 30_000 });
    await line(`Session \`${session[1]}\``).waitFor();
    await line('**Status:** success (exit 0)').waitFor();
    // The task the parent wrote, out of Zero's specialist envelope, then the child's two reads.
    await line('## Task given to the subagent').waitFor();
    await line(/^Read\sREADME\.md\sand\sreport\sits\stitle\.\schild-reads=2\schild-delay=0$/).waitFor();
    assert.equal(
      await editor.locator('.view-line', { hasText: /^###\sTool\scall:\sread_file\s`call_\d+`$/ }).count(),
      2,
    );
    await line('### Tool result: read_file (ok)').waitFor();
    console.log(`      screenshot: ${await vs.screenshot('subagent-transcript')}`);
    // Its last words, at the end of the document.
    await editor.click();
    await vs.page.keyboard.press('Control+End');
    await line('## Subagent').waitFor({ timeout: 15_000 });
    await line(ANSWER).waitFor({ timeout: 15_000 });
    // Read-only: it is Zero's record.
    await vs.page.keyboard.type('x');
    await vs.page.getByText('Cannot edit in read-only editor').first().waitFor({ timeout: 15_000 });
  });

  it('a running subagent: the card says nothing of it streams, and its transcript follows the store until it ends', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    // The child reads three times, each of its replies 1 s a chunk: it runs for ten seconds and more.
    await typeAndSend(chat, 'Survey slowly scenario:task name=explorer reads=3 delay=1000 desc=Slow+survey');
    const turn = turnWithPrompt(chat, 'Survey slowly');
    const card = turn.getByRole('group', {
      name: 'Subagent explorer, Slow survey: running: Zero shows nothing of the explorer until it ends',
    });
    await card.waitFor({ timeout: 60_000 });
    await card.locator('summary').click();
    await card
      .locator('.subagent-note', { hasText: "Zero's stream shows nothing of a subagent until it ends." })
      .waitFor();
    console.log(`      screenshot: ${await vs.screenshot('subagent-running')}`);
    await card.getByRole('button', { name: 'Open subagent transcript: explorer' }).click();

    const editor = activeEditor(vs.page);
    const line = (text: string | RegExp) => editor.locator('.view-line', { hasText: text }).first();
    await line('# Subagent explorer: Slow survey').waitFor({ timeout: 30_000 });
    await line(/^\*\*Status:\*\*\s(running:\sfollowing\sits\ssession|waiting\sfor\sZero\sto\sstart\sit)/).waitFor();
    assert.equal(await turnStatus(turn).count(), 0, 'the turn still runs while the transcript shows it running');
    console.log(`      screenshot: ${await vs.screenshot('subagent-following')}`);
    // Followed: the document grows with the child's calls, then says how it ended, with no click.
    await editor
      .locator('.view-line', { hasText: /^###\sTool\scall:\sread_file/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await line('**Status:** success (exit 0)').waitFor({ timeout: 90_000 });
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    await turn.getByRole('group', { name: 'Subagent explorer, Slow survey: finished' }).waitFor();
    await editor.click();
    await vs.page.keyboard.press('Control+End');
    await line('### Tool result: read_file (ok)').waitFor({ timeout: 15_000 });
    await line(ANSWER).waitFor({ timeout: 15_000 });
    // This child's three reads and its answer were four requests to the model (the first child's, three).
    assert.equal(
      real
        .server()
        .completions()
        .filter((r) => r.scenario === 'specialist').length,
      3 + 4,
    );
    // Both transcripts in one editor group, beside no empty one.
    assert.equal(await vs.page.locator('.part.editor .editor-group-container').count(), 1);
    assert.equal(
      await vs.page.locator('.part.editor .tabs-container .tab', { hasText: 'Subagent explorer.md' }).count(),
      2,
    );
    console.log(`      screenshot: ${await vs.screenshot('subagent-followed')}`);
  });
});
