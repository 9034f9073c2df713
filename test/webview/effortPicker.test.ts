/** The composer's Effort picker: only for a picked model that lists efforts, exactly those, remembered; ACP says it has none. */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import type { ComposerState } from '../../src/messages/protocol';
import { chatOf, emptyChat, runActions, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';

const COMPOSER: ComposerState = {
  modes: [{ id: 'auto', label: 'Auto', dangerous: false }],
  models: [
    { id: 'plain-1', displayName: 'plain-1', apiModel: 'plain-1', contextWindow: null },
    {
      id: 'thinker-1',
      displayName: 'thinker-1',
      apiModel: 'thinker-1',
      contextWindow: null,
      reasoningEfforts: ['low', 'medium', 'high', 'xhigh'],
    },
    {
      id: 'thinker-2',
      displayName: 'thinker-2',
      apiModel: 'thinker-2',
      contextWindow: null,
      reasoningEfforts: ['minimal', 'low'],
    },
  ],
  modelsProblem: null,
  currentFile: { on: false, label: null },
};

describe('webview: the Effort picker', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));
  const model = () => chat.page.getByRole('combobox', { name: 'Model for the next message' });
  const effort = () => chat.page.getByRole('combobox', { name: 'Reasoning effort for the next message' });
  const box = () => chat.page.getByRole('textbox', { name: 'Message Zero' });
  const lastSend = async () => (await chat.posted()).filter((m) => m.type === 'send').at(-1);
  const send = async (text: string) => {
    await box().fill(text);
    await box().press('Enter');
    return lastSend();
  };

  it("is hidden on the default model and on one without efforts; offers exactly the picked model's, plus default", async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    assert.equal(await effort().count(), 0, 'default model: no effort picker');
    await model().selectOption('plain-1');
    assert.equal(await effort().count(), 0, 'a model without efforts: none');
    assert.deepEqual(await send('plain'), { type: 'send', text: 'plain', options: { model: 'plain-1' } });

    await model().selectOption('thinker-1');
    assert.deepEqual(await effort().locator('option').allTextContents(), [
      'Effort: default',
      'Effort: low',
      'Effort: medium',
      'Effort: high',
      'Effort: xhigh',
    ]);
    assert.equal(await effort().inputValue(), '');
    assert.deepEqual(await send('default effort'), {
      type: 'send',
      text: 'default effort',
      options: { model: 'thinker-1' },
    });
    await effort().selectOption('xhigh');
    assert.deepEqual(await send('think hard'), {
      type: 'send',
      text: 'think hard',
      options: { model: 'thinker-1', effort: 'xhigh' },
    });
  });

  it('is remembered across a reload, and reset when the picked model does not offer it', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    await model().selectOption('thinker-1');
    await effort().selectOption('low');
    await chat.reload();
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    assert.equal(await model().inputValue(), 'thinker-1');
    assert.equal(await effort().inputValue(), 'low', 'remembered like Mode and Model');

    // thinker-2 lists low too: it stays; plain-1 lists none: hidden and reset, not sent.
    await model().selectOption('thinker-2');
    assert.equal(await effort().inputValue(), 'low');
    await effort().selectOption('minimal');
    await model().selectOption('plain-1');
    assert.equal(await effort().count(), 0);
    assert.deepEqual(await send('no effort'), { type: 'send', text: 'no effort', options: { model: 'plain-1' } });
    await model().selectOption('thinker-1');
    assert.equal(await effort().inputValue(), '', 'minimal is not thinker-1’s: back to default');
    await chat.reload();
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    assert.equal(await effort().inputValue(), '', 'the reset was remembered');
  });

  it('is reached with Tab after the model picker, and the turn footer names the effort sent', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    await model().selectOption('thinker-1');
    await model().focus();
    await chat.page.keyboard.press('Tab');
    assert.equal(
      await chat.page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Reasoning effort for the next message',
    );
    const started: ChatAction = {
      type: 'turn_started',
      turnId: 'turn-1',
      prompt: 'Think',
      origin: 'prompt',
      at: T_START,
      composed: { text: 'Think', chips: [], images: 0, model: 'thinker-1', effort: 'high' },
    };
    const c = chatOf([started, ...runActions('incomplete.jsonl', 'Think').slice(1)]);
    await chat.send({ type: 'snapshot', state: viewState(c, { composer: COMPOSER }) });
    const footer = await chat.page.locator('.turn-footer').innerText();
    assert.match(footer, /high effort/, footer);
  });

  it('the host is told what a send would carry, on each change and for each chat: Tell Zero why uses it', async () => {
    const picks = async () => (await chat.posted()).filter((m) => m.type === 'picks');
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    assert.deepEqual(await picks(), [{ type: 'picks' }], 'the settings: nothing picked');
    await model().selectOption('thinker-1');
    await effort().selectOption('high');
    await chat.page.getByRole('combobox', { name: 'Mode for the next message' }).selectOption('auto');
    // The same state again (a snapshot, a streamed action) is not said again.
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    assert.deepEqual((await picks()).slice(1), [
      { type: 'picks', model: 'thinker-1' },
      { type: 'picks', model: 'thinker-1', effort: 'high' },
      { type: 'picks', mode: 'auto', model: 'thinker-1', effort: 'high' },
    ]);
    // Another chat in this view: its composer shows the same picks, so the host hears them for it too.
    await chat.send({ type: 'snapshot', state: viewState({ ...emptyChat(), id: 'chat-2' }, { composer: COMPOSER }) });
    assert.equal((await picks()).length, 5);
    // ACP: the session holds mode and model; a send carries none, so neither does Tell Zero why.
    const acp = chatOf([{ type: 'transport_set', transport: 'acp' }]);
    await chat.send({ type: 'snapshot', state: viewState(acp, { composer: COMPOSER }) });
    assert.deepEqual((await picks()).at(-1), { type: 'picks' });
  });

  it('an ACP chat has no Effort picker: its header says Zero offers no effort over ACP', async () => {
    const acp = chatOf([{ type: 'transport_set', transport: 'acp' }]);
    await chat.send({ type: 'snapshot', state: viewState(acp, { composer: COMPOSER }) });
    assert.equal(await effort().count(), 0);
    const note = chat.page.locator('.transport-bar .acp-no-effort');
    assert.equal(await note.innerText(), 'Effort: not offered over ACP');
    assert.match((await note.getAttribute('title')) ?? '', /ACP server takes no reasoning effort/);
    assert.match(
      (await chat.page.locator('.chat-title').getAttribute('title')) ?? '',
      /"ACP session": Zero's ACP server takes no title/,
    );
    // The exec header has neither note.
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    assert.equal(await chat.page.locator('.acp-no-effort').count(), 0);
  });
});
