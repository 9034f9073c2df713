// The Provider picker in a real VS Code against the real Zero 0.8: Zero's config has two providers, each
// a scripted model server of its own. An exec chat lists both beside Model, picks the second, the Model
// picker lists the second's own models, and the run sends its request to the second server only; the
// turn footer names the provider. Without a real Zero (scripts/install-zero.sh) the suite skips.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openZeroView, useVSCode } from '../lib';
import { useRealZero } from '../lib/realZero';
import { eventually, messageBox, turnStatus, turnWithPrompt, typeAndSend } from '../lib/userFlows';

describe('The real Zero: a provider per chat', () => {
  const real = useRealZero({ second: { name: 'second', models: [{ id: 'second-only' }] } });
  const vs = useVSCode({
    name: 'ui-providers',
    settings: { ...real.settings, 'zero.transport': 'exec' },
    env: real.env,
    workspaceFiles: { 'README.md': '# Demo\n' },
  });

  it('picking the second provider lists its models and the run goes to its endpoint; the footer names it', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    const provider = chat.getByRole('combobox', { name: 'Provider for the next message' });
    const model = chat.getByRole('combobox', { name: 'Model for the next message' });
    await eventually(
      async () => (await provider.locator('option', { hasText: 'second' }).count()) > 0,
      "Zero's second provider is listed",
      30_000,
    );
    assert.deepEqual(
      (await provider.locator('option').allInnerTexts()).map((t) => t.trim()),
      [
        'Provider: default (scripted)',
        'Provider: scripted (scripted-1 · openai-compatible)',
        'Provider: second (second-only · openai-compatible)',
      ],
    );
    assert.equal(await model.locator('option', { hasText: 'second-only' }).count(), 0, 'not the default’s model');

    await provider.selectOption('second');
    await eventually(
      async () => (await model.locator('option', { hasText: 'second-only' }).count()) > 0,
      "the second provider's own models",
      30_000,
    );
    await model.selectOption('second-only');
    console.log(`      screenshot: ${await vs.screenshot('provider-picked')}`);

    await typeAndSend(chat, 'Hello there scenario:plain');
    const turn = turnWithPrompt(chat, 'Hello there');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    assert.equal(real.server().completions().length, 0, 'the config’s provider heard nothing');
    const body = real.secondServer().completions().at(-1)?.body as unknown as Record<string, unknown> | undefined;
    assert.equal(body?.model, 'second-only', 'the second provider got the request');
    const footer = (await turn.locator('.turn-footer').innerText()).replace(/\s+/g, ' ');
    assert.match(footer, /provider second/, footer);

    // Back to the default: the next message goes to the config's provider.
    await provider.selectOption('');
    await typeAndSend(chat, 'And again scenario:plain');
    await turnStatus(turnWithPrompt(chat, 'And again')).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    assert.equal(real.server().completions().length, 1);
    assert.equal(real.secondServer().completions().length, 1);
    console.log(`      screenshot: ${await vs.screenshot('provider-footer')}`);
  });

  it("Zero's keys reach the chat in VS Code: Alt+M cycles the mode, Esc in the message box stops the run", async function () {
    const chat = await openZeroView(vs.page);
    const box = messageBox(chat);
    await box.waitFor({ timeout: 90_000 });
    const mode = chat.getByRole('combobox', { name: 'Mode for the next message' });
    await box.click();
    await vs.page.keyboard.press('Alt+KeyM');
    assert.equal(await mode.inputValue(), 'ask', 'from the default: Ask, as Zero’s Shift+Tab');
    assert.equal(await box.inputValue(), '', 'nothing typed into the box');
    await vs.page.keyboard.press('Alt+KeyM');
    assert.equal(await mode.inputValue(), 'auto');

    await typeAndSend(chat, 'Count slowly scenario:slow');
    const turn = turnWithPrompt(chat, 'Count slowly');
    await turn.locator('.text-block', { hasText: 'slow 3.' }).waitFor({ timeout: 60_000 });
    await box.focus();
    await vs.page.keyboard.press('Escape');
    await turnStatus(turn).filter({ hasText: 'interrupted' }).waitFor({ timeout: 30_000 });
    assert.doesNotMatch(await turn.innerText(), /slow 100\./, 'the run did not finish');
    console.log(`      screenshot: ${await vs.screenshot('esc-stopped')}`);
  });
});

describe('The real Zero with no provider: Set Up Zero in Terminal', () => {
  const real = useRealZero();
  // Between the suite's config and VS Code's start: Zero has no config at all, as on a first run.
  before(() => fs.rmSync(path.join(real.env.XDG_CONFIG_HOME!, 'zero', 'config.json'), { force: true }));
  const vs = useVSCode({
    name: 'ui-providers-setup',
    settings: { ...real.settings, 'zero.transport': 'exec' },
    env: real.env,
    workspaceFiles: { 'README.md': '# Demo\n' },
  });

  it('the banner says Zero has no provider and no login, and its button runs zero setup in a terminal', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    const banner = chat.getByRole('region', { name: 'No model provider' });
    await banner.waitFor({ timeout: 30_000 });
    assert.match(await banner.innerText(), /Zero has no provider configured.*No login is stored either/s);
    await banner.getByRole('button', { name: 'Set Up Zero in Terminal' }).click();
    await vs.page.locator('.part.panel').getByText('Zero: setup').first().waitFor({ timeout: 30_000 });
    console.log(`      screenshot: ${await vs.screenshot('setup-terminal')}`);
  });
});
