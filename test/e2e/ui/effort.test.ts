// The Effort picker in a real VS Code against the real Zero 0.8: the scripted provider lists a model
// with reasoning efforts (test/fixtures/model-server REASONING_MODEL). On exec the composer offers
// exactly that model's efforts once it is picked, and the effort chosen with the keyboard reaches the
// model request as `reasoning_effort`; on ACP there is no picker and the header says why.
import * as assert from 'node:assert/strict';
import { REASONING_MODEL } from '../../fixtures/model-server/server';
import { openZeroView, useVSCode } from '../lib';
import { useRealZero } from '../lib/realZero';
import { describeEachTransport } from '../lib/transports';
import { eventually, messageBox, turnStatus, turnWithPrompt, typeAndSend } from '../lib/userFlows';

describeEachTransport('The real Zero: reasoning effort', (transport) => {
  const real = useRealZero({ models: [REASONING_MODEL] });
  const vs = useVSCode({
    name: `ui-effort-${transport}`,
    settings: { ...real.settings, 'zero.transport': transport },
    env: real.env,
    workspaceFiles: { 'README.md': '# Demo\n' },
  });

  if (transport === 'exec') {
    it('picking a model with efforts offers exactly those; the one picked with the keyboard reaches the model', async function () {
      const chat = await openZeroView(vs.page);
      await messageBox(chat).waitFor({ timeout: 90_000 });
      const model = chat.getByRole('combobox', { name: 'Model for the next message' });
      const effort = chat.getByRole('combobox', { name: 'Reasoning effort for the next message' });
      await eventually(
        async () => (await model.locator('option', { hasText: 'scripted-reasoner' }).count()) > 0,
        "the provider's reasoning model is listed",
        30_000,
      );
      assert.equal(await effort.count(), 0, 'no effort picker for the default model');
      await model.selectOption('scripted-1');
      assert.equal(await effort.count(), 0, 'none for a model without efforts');
      await model.selectOption('scripted-reasoner');
      await effort.waitFor();
      assert.deepEqual(
        (await effort.locator('option').allInnerTexts()).map((t) => t.trim()),
        ['Effort: default', 'Effort: low', 'Effort: medium', 'Effort: high'],
      );
      // Keyboard: Tab from the model picker reaches it; arrows change a focused native select.
      await model.focus();
      await vs.page.keyboard.press('Tab');
      assert.equal(await chat.locator(':focus').getAttribute('aria-label'), 'Reasoning effort for the next message');
      for (let i = 0; i < 3; i++) await vs.page.keyboard.press('ArrowDown');
      assert.equal(await effort.inputValue(), 'high');
      console.log(`      screenshot: ${await vs.screenshot('effort-picked')}`);

      await typeAndSend(chat, 'Think it through scenario:plain');
      const turn = turnWithPrompt(chat, 'Think it through');
      await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      const body = real.server().completions().at(-1)?.body as unknown as Record<string, unknown> | undefined;
      assert.deepEqual([body?.model, body?.reasoning_effort], ['scripted-reasoner', 'high'], 'the model got it');
      const footer = (await turn.locator('.turn-footer').innerText()).replace(/\s+/g, ' ');
      assert.match(footer, /high effort/, footer);

      await model.selectOption('scripted-1');
      await effort.waitFor({ state: 'hidden' });
      await typeAndSend(chat, 'Quick one scenario:plain');
      await turnStatus(turnWithPrompt(chat, 'Quick one')).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      const last = real.server().completions().at(-1)?.body as unknown as Record<string, unknown> | undefined;
      assert.equal(last?.model, 'scripted-1');
      assert.equal(last && 'reasoning_effort' in last, false, 'no effort for a model without efforts');
    });
  } else {
    it('an ACP chat has no effort picker, and its header says Zero offers none over ACP', async function () {
      const chat = await openZeroView(vs.page);
      await messageBox(chat).waitFor({ timeout: 90_000 });
      const model = chat.getByRole('combobox', { name: 'Model for this chat' });
      await eventually(
        async () => (await model.locator('option', { hasText: 'scripted-reasoner' }).count()) > 0,
        "the provider's reasoning model is listed in the header",
        30_000,
      );
      await model.selectOption('scripted-reasoner');
      const note = chat.locator('.transport-bar .acp-no-effort');
      await note.waitFor();
      assert.equal((await note.innerText()).trim(), 'Effort: not offered over ACP');
      assert.equal(await chat.getByRole('combobox', { name: 'Reasoning effort for the next message' }).count(), 0);
      await typeAndSend(chat, 'Think it through scenario:plain');
      await turnStatus(turnWithPrompt(chat, 'Think it through'))
        .filter({ hasText: 'success' })
        .waitFor({ timeout: 60_000 });
      const body = real.server().completions().at(-1)?.body as unknown as Record<string, unknown> | undefined;
      assert.equal(body?.model, 'scripted-reasoner');
      assert.equal(body && 'reasoning_effort' in body, false, 'zero acp sends no effort');
      assert.match(
        (await chat.locator('.chat-title').getAttribute('title')) ?? '',
        /"ACP session": Zero's ACP server takes no title/,
      );
      console.log(`      screenshot: ${await vs.screenshot('acp-no-effort')}`);
    });
  }
});
