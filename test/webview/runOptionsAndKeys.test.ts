/**
 * The composer's Run options menu (Zero's /turns, /selfcorrect, /profile as zero exec flags), the keys
 * that follow Zero's TUI (Esc stops a run when no menu is open; Alt+M cycles the mode as Shift+Tab does
 * in Zero, while Shift+Tab stays reverse focus), and the "no provider" banner's Set Up Zero in Terminal.
 */
import { strict as assert } from 'node:assert';
import type { ComposerState } from '../../src/messages/protocol';
import { chatOf, emptyChat, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';

const COMPOSER: ComposerState = {
  modes: [
    { id: 'auto', label: 'Auto', dangerous: false },
    { id: 'ask', label: 'Ask', dangerous: false },
    { id: 'plan', label: 'Plan (read-only)', dangerous: false },
    { id: 'unsafe', label: 'Unsafe (asks each time)', dangerous: true },
  ],
  models: [],
  modelsProblem: null,
  currentFile: { on: false, label: null },
};
const running = () =>
  chatOf([{ type: 'turn_started', turnId: 'turn-1', prompt: 'Explain the parser', origin: 'prompt', at: T_START }]);

describe('webview: Run options, Zero’s keys, the no-provider banner', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));
  const page = () => chat.page;
  const box = () => page().getByRole('textbox', { name: 'Message Zero' });
  const toggle = () => page().getByRole('button', { name: /^Run options/ });
  const turns = () => page().getByRole('spinbutton', { name: /^Max turns/ });
  const selfCorrect = () => page().getByRole('checkbox', { name: /^Self-correct/ });
  const profile = () => page().getByRole('combobox', { name: 'Execution profile (--exec-profile)' });
  const modePicker = () => page().getByRole('combobox', { name: 'Mode for the next message' });
  const posted = async (type: string) => (await chat.posted()).filter((m) => m.type === type);
  const send = async (text: string) => {
    await box().fill(text);
    await box().press('Enter');
    return (await posted('send')).at(-1);
  };

  it('Run options: max turns within 1-500, self-correct, profile; sent with each message, remembered, counted on the button', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    assert.equal(await toggle().getAttribute('aria-expanded'), 'false');
    await toggle().click();
    assert.equal(await toggle().getAttribute('aria-expanded'), 'true');
    assert.equal(await turns().evaluate((e) => e === document.activeElement), true, 'the focus goes into the menu');
    await turns().fill('9999');
    await turns().press('Tab');
    assert.equal(await turns().inputValue(), '500', 'bounded as Zero’s /turns');
    assert.match(await page().locator('.run-options-panel').innerText(), /At most 500, as Zero's \/turns\./);
    await turns().fill('40');
    await turns().press('Tab');
    await selfCorrect().check();
    await profile().selectOption('thorough');
    assert.match(
      await page().locator('.run-options-panel').innerText(),
      /exec has no LSP-only loop like the TUI's default/,
      'what exec cannot do is said, not faked',
    );
    await page().keyboard.press('Escape');
    assert.equal(await page().locator('.run-options-panel').isVisible(), false, 'Esc closes the menu');
    assert.equal(await toggle().evaluate((e) => e === document.activeElement), true, 'the focus back on its button');
    assert.equal(await toggle().innerText(), 'Run options (3)');
    assert.deepEqual(await send('long task'), {
      type: 'send',
      text: 'long task',
      options: { maxTurns: 40, selfCorrect: true, execProfile: 'thorough' },
    });
    await chat.reload();
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    assert.equal(await toggle().innerText(), 'Run options (3)', 'remembered across a reload');
    await toggle().click();
    await turns().fill('');
    await turns().press('Tab');
    await selfCorrect().uncheck();
    await profile().selectOption('');
    assert.deepEqual(await send('plain'), { type: 'send', text: 'plain' }, "back to Zero's defaults: no flag");
  });

  it('Run options are exec’s: an ACP chat has none', async () => {
    const acp = chatOf([{ type: 'transport_set', transport: 'acp' }]);
    await chat.send({ type: 'snapshot', state: viewState(acp, { composer: COMPOSER }) });
    assert.equal(await toggle().isVisible(), false);
  });

  it('Esc stops a running turn from the message box, but first closes an open menu; idle, it stops nothing', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    await box().focus();
    await page().keyboard.press('Escape');
    assert.deepEqual(await posted('stop'), [], 'nothing runs: nothing to stop');
    await chat.send({ type: 'snapshot', state: viewState(running(), { composer: COMPOSER }) });
    await box().fill('/');
    assert.equal(await page().getByRole('listbox').isVisible(), true, 'the / menu is open');
    await box().press('Escape');
    assert.deepEqual(await posted('stop'), [], 'the first Esc closed the menu');
    assert.equal(await page().getByRole('listbox').isVisible(), false);
    await box().press('Escape');
    assert.deepEqual(await posted('stop'), [{ type: 'stop' }], 'the second stopped the run');
    assert.equal(await box().evaluate((b) => b === document.activeElement), true, 'the focus stays in the box');
    await toggle().click();
    await page().keyboard.press('Escape');
    assert.equal((await posted('stop')).length, 1, 'Esc in Run options closes it only');
  });

  it('Alt+M cycles the mode as Zero’s Shift+Tab: Auto ⇄ Ask, Plan stays, Unsafe lands on Ask; Shift+Tab still moves focus back', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    await box().focus();
    await page().keyboard.press('Alt+KeyM');
    assert.equal(await modePicker().inputValue(), 'ask', 'from the default: Ask, the stricter landing');
    assert.equal(await box().inputValue(), '', 'no character typed');
    await page().keyboard.press('Alt+KeyM');
    assert.equal(await modePicker().inputValue(), 'auto');
    await page().keyboard.press('Alt+KeyM');
    assert.equal(await modePicker().inputValue(), 'ask');
    assert.deepEqual((await posted('picks')).at(-1), { type: 'picks', mode: 'ask' }, 'the pick is the composer’s own');
    assert.match(
      await page()
        .locator('[aria-live]')
        .allInnerTexts()
        .then((t) => t.join(' ')),
      /Mode: Ask/,
    );
    await modePicker().selectOption('plan');
    await box().focus();
    await page().keyboard.press('Alt+KeyM');
    assert.equal(await modePicker().inputValue(), 'plan', 'Plan is left only on purpose');
    await modePicker().selectOption('unsafe');
    await box().focus();
    await page().keyboard.press('Alt+KeyM');
    assert.equal(await modePicker().inputValue(), 'ask');
    await box().focus();
    await page().keyboard.press('Shift+Tab');
    assert.notEqual(
      await page().evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Message Zero',
      'Shift+Tab is reverse focus, not a mode key',
    );
  });

  it('the no-provider banner says what zero auth status found and offers Set Up Zero in Terminal', async () => {
    await chat.send({
      type: 'snapshot',
      state: viewState(emptyChat(), {
        composer: { ...COMPOSER, providers: [], providersProblem: null, noProvider: { logins: [] } },
      }),
    });
    const banner = page().getByRole('region', { name: 'No model provider' });
    assert.match(
      await banner.innerText(),
      /Zero has no provider configured.*No login is stored either \(zero auth status\)/s,
    );
    await banner.getByRole('button', { name: 'Set Up Zero in Terminal' }).click();
    assert.deepEqual(await posted('setupZero'), [{ type: 'setupZero' }]);
    await chat.send({
      type: 'composer',
      state: { ...COMPOSER, noProvider: { logins: ['chatgpt: expired (run zero auth login)'] } },
    });
    assert.match(await banner.innerText(), /Stored logins \(zero auth status\): chatgpt: expired/);
    await chat.send({ type: 'composer', state: COMPOSER });
    assert.equal(await banner.isVisible(), false, 'gone once Zero lists a provider');
  });
});
