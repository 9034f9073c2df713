/**
 * The composer's Provider picker (exec): Zero's providers, the current one as default, a name that is
 * not plain shown but not offered; picking one asks the host once for its models and the Model picker
 * follows; it is remembered across a reload and sent with each message. ACP says its provider is Zero's config.
 */
import { strict as assert } from 'node:assert';
import type { ComposerState } from '../../src/messages/protocol';
import { chatOf, emptyChat, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';

const model = (id: string) => ({ id, displayName: id, apiModel: id, contextWindow: null });
const COMPOSER: ComposerState = {
  modes: [{ id: 'auto', label: 'Auto', dangerous: false }],
  models: [model('alpha-model')],
  modelsProblem: null,
  currentFile: { on: false, label: null },
  providers: [
    { name: 'alpha', detail: 'alpha-model · openai-compatible', current: true, pickable: true },
    { name: 'beta', detail: 'beta-model · openai-compatible', current: false, pickable: true },
    { name: 'bad name;x', detail: '', current: false, pickable: false },
  ],
  providersProblem: null,
};
const WITH_BETA: ComposerState = {
  ...COMPOSER,
  providerModels: { beta: { models: [model('beta-model'), model('beta-large')], problem: null } },
};

describe('webview: the Provider picker', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));
  const provider = () => chat.page.getByRole('combobox', { name: 'Provider for the next message' });
  const modelPicker = () => chat.page.getByRole('combobox', { name: 'Model for the next message' });
  const box = () => chat.page.getByRole('textbox', { name: 'Message Zero' });
  const posted = async (type: string) => (await chat.posted()).filter((m) => m.type === type);
  const send = async (text: string) => {
    await box().fill(text);
    await box().press('Enter');
    return (await posted('send')).at(-1);
  };

  it("lists Zero's providers beside Model, the current one as default; a name that is not plain is not offered", async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    assert.deepEqual(await provider().locator('option').allTextContents(), [
      'Provider: default (alpha)',
      'Provider: alpha (alpha-model · openai-compatible)',
      'Provider: beta (beta-model · openai-compatible)',
      'Provider: bad name;x',
    ]);
    assert.equal(await provider().locator('option').nth(3).isDisabled(), true);
    const order = await chat.page.evaluate(() =>
      [...document.querySelectorAll('.composer-options select:not([hidden])')].map((s) => s.getAttribute('aria-label')),
    );
    assert.deepEqual(order.slice(0, 3), [
      'Mode for the next message',
      'Provider for the next message',
      'Model for the next message',
    ]);
    assert.deepEqual(await send('plain'), { type: 'send', text: 'plain' }, 'default: nothing picked');
  });

  it('picking one asks the host once for its models; the Model picker follows; the send carries both', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    await provider().selectOption('beta');
    assert.deepEqual(await posted('providerModels'), [{ type: 'providerModels', provider: 'beta' }]);
    assert.deepEqual(await modelPicker().locator('option').allTextContents(), ['Model: default (listing…)']);
    await chat.send({ type: 'composer', state: WITH_BETA });
    assert.deepEqual(await modelPicker().locator('option').allTextContents(), [
      'Model: default',
      'beta-model',
      'beta-large',
    ]);
    await modelPicker().selectOption('beta-large');
    assert.deepEqual(await send('on beta'), {
      type: 'send',
      text: 'on beta',
      options: { model: 'beta-large', provider: 'beta' },
    });
    // Back to the default provider: its own models, and the other's model is not kept.
    await provider().selectOption('');
    assert.deepEqual(await modelPicker().locator('option').allTextContents(), ['Model: default', 'alpha-model']);
    assert.deepEqual(await send('default again'), { type: 'send', text: 'default again' });
    await provider().selectOption('beta');
    assert.equal((await posted('providerModels')).length, 1, 'asked once');
  });

  it('is remembered across a reload, and the host hears it in the picks (Tell Zero why goes there too)', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: WITH_BETA }) });
    await provider().selectOption('beta');
    await chat.reload();
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: WITH_BETA }) });
    assert.equal(await provider().inputValue(), 'beta');
    assert.deepEqual((await posted('picks')).at(-1), { type: 'picks', provider: 'beta' });
  });

  it("an ACP chat has no Provider picker: it says zero acp's provider is Zero's config", async () => {
    const acp = chatOf([{ type: 'transport_set', transport: 'acp' }]);
    await chat.send({ type: 'snapshot', state: viewState(acp, { composer: WITH_BETA }) });
    assert.equal(await provider().count(), 0);
    const note = chat.page.getByText("Provider: Zero's config");
    assert.equal(await note.isVisible(), true);
    assert.match((await note.getAttribute('title')) ?? '', /one process for every ACP chat/);
  });
});
