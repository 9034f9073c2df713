/** The composer's @-picker, slash menu, images, pickers and context meter, driven with the keyboard. */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import type { ComposerState } from '../../src/messages/protocol';
import { CHAT_ID, chatOf, emptyChat, ev, eventActions, runActions, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';

const COMPOSER: ComposerState = {
  modes: [
    { id: 'auto', label: 'Auto', dangerous: false },
    { id: 'plan', label: 'Plan (read-only)', dangerous: false },
  ],
  models: [
    { id: 'gpt-4.1', displayName: 'GPT-4.1', apiModel: 'gpt-4.1', contextWindow: 1_047_576 },
    { id: 'text-only-1', displayName: 'Text Only', apiModel: 'text-only-1', contextWindow: 8000 },
  ],
  modelsProblem: null,
  currentFile: { on: false, label: 'src/app.ts' },
};

describe('webview: composer context (mentions, commands, images, pickers, meter)', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));
  const box = () => chat.page.getByRole('textbox', { name: 'Message Zero' });
  const sends = async () => (await chat.posted()).filter((m) => m.type === 'send');

  it('@ + a fragment asks the host, arrows and Enter pick a file, the chip goes with the message', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    await box().click();
    await chat.page.keyboard.type('Explain @pars');
    const query = (await chat.posted()).filter((m) => m.type === 'mentionQuery').at(-1) as {
      query: string;
      requestId: number;
    };
    assert.equal(query.query, 'pars');
    await chat.send({
      type: 'mentionResults',
      requestId: query.requestId,
      items: [
        { path: 'src/parser.ts', kind: 'file', positions: [4, 5, 6, 7] },
        { path: 'src/parse/', kind: 'folder', positions: [4, 5, 6, 7] },
      ],
    });
    const list = chat.page.getByRole('listbox', { name: 'Files and folders to mention' });
    await list.waitFor();
    assert.deepEqual(await list.getByRole('option').allTextContents(), ['src/parser.ts', 'src/parse/folder']);
    await chat.page.keyboard.press('ArrowDown');
    await chat.page.keyboard.press('ArrowUp');
    assert.equal(await list.getByRole('option', { selected: true }).textContent(), 'src/parser.ts');
    await chat.page.keyboard.press('Enter');
    assert.equal(await list.isHidden(), true);
    assert.equal(await box().inputValue(), 'Explain ', 'the typed @fragment became the chip');
    await chat.page.getByRole('button', { name: 'Remove mention src/parser.ts' }).waitFor();
    await chat.page.keyboard.press('Enter');
    assert.deepEqual((await sends()).at(-1), {
      type: 'send',
      text: 'Explain ',
      options: { mentions: [{ kind: 'file', path: 'src/parser.ts' }] },
    });
  });

  it('Esc closes the picker and keeps the text; @path#L12-40 picks a line range; @problems is offered', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    await box().click();
    await chat.page.keyboard.type('@pro');
    let q = (await chat.posted()).filter((m) => m.type === 'mentionQuery').at(-1) as { requestId: number };
    await chat.send({ type: 'mentionResults', requestId: q.requestId, items: [] });
    const list = chat.page.getByRole('listbox');
    assert.deepEqual(await list.getByRole('option').allTextContents(), ['@problemsthe current diagnostics']);
    await chat.page.keyboard.press('Escape');
    assert.equal(await list.isHidden(), true);
    assert.equal(await box().inputValue(), '@pro');
    await box().fill('');
    await chat.page.keyboard.type('@util#L12-40');
    q = (await chat.posted()).filter((m) => m.type === 'mentionQuery').at(-1) as { requestId: number };
    await chat.send({
      type: 'mentionResults',
      requestId: q.requestId,
      items: [{ path: 'src/util.ts', kind: 'file', positions: [4, 5, 6, 7] }],
    });
    await chat.page.keyboard.press('Tab');
    await chat.page.getByRole('button', { name: 'Remove mention src/util.ts#L12-40' }).waitFor();
  });

  it('/ opens the command menu; /new starts a new chat; an unknown /word is sent as text', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    await box().click();
    await chat.page.keyboard.type('/ne');
    const list = chat.page.getByRole('listbox', { name: 'Commands' });
    assert.deepEqual(await list.getByRole('option').allTextContents(), ['/newStart a new chat']);
    await chat.page.keyboard.press('Enter');
    assert.deepEqual((await chat.posted()).at(-1), { type: 'newChat' });
    await chat.page.keyboard.type('/frobnicate now');
    await chat.page.keyboard.press('Enter');
    assert.deepEqual((await sends()).at(-1), { type: 'send', text: '/frobnicate now' });
    await chat.page.keyboard.type('/plan sketch it');
    await chat.page.keyboard.press('Enter');
    assert.deepEqual((await sends()).at(-1), { type: 'send', text: 'sketch it', options: { mode: 'plan' } });
  });

  it('the mode picker applies to the next message; an oversized image is refused with a message, the draft kept', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    await chat.page.getByRole('combobox', { name: 'Mode for the next message' }).selectOption('plan');
    await box().click();
    await chat.page.keyboard.type('keep me');
    await box().evaluate((el) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    });
    const alert = chat.page.getByRole('alert');
    await alert.filter({ hasText: 'huge.png' }).waitFor();
    assert.match(await alert.innerText(), /10\.0 MiB: images can be at most 10 MiB/);
    assert.equal(await box().inputValue(), 'keep me');
    await box().evaluate((el) => {
      const dt = new DataTransfer();
      dt.items.add(
        new File([Uint8Array.from(atob('iVBORw0KGgo='), (c) => c.charCodeAt(0))], 'shot.png', { type: 'image/png' }),
      );
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    });
    await chat.page.getByRole('button', { name: 'Remove image shot.png' }).waitFor();
    await chat.page.keyboard.press('Enter');
    assert.deepEqual((await sends()).at(-1), {
      type: 'send',
      text: 'keep me',
      options: { mode: 'plan', images: [{ mediaType: 'image/png', data: 'iVBORw0KGgo=', name: 'shot.png' }] },
    });
  });

  it('images the host hands back (Zero did not take them) are chips again and go with the next message', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    await chat.send({
      type: 'insertDraft',
      text: '',
      images: [{ mediaType: 'image/png', data: 'iVBORw0KGgo=', name: 'image 1' }],
    });
    await chat.page.getByRole('button', { name: 'Remove image image 1' }).waitFor();
    assert.equal(await box().inputValue(), '', 'no text added');
    await box().click();
    await chat.page.keyboard.type('again');
    await chat.page.keyboard.press('Enter');
    assert.deepEqual((await sends()).at(-1), {
      type: 'send',
      text: 'again',
      options: { images: [{ mediaType: 'image/png', data: 'iVBORw0KGgo=', name: 'image 1' }] },
    });
  });

  it('the context meter shows the last request against the model window, tokens only when unknown, and warns', async () => {
    const start: ChatAction = { type: 'turn_started', turnId: 'turn-1', prompt: 'hi', origin: 'prompt', at: T_START };
    const meter = chat.page.locator('.context-meter');
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { composer: COMPOSER }) });
    assert.equal(await meter.innerText(), 'Context: no request yet');
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        start,
        ...eventActions([
          ev({ type: 'run_start', sessionId: 's', model: 'gpt-4.1' }),
          ev({ type: 'usage', promptTokens: 52_000, completionTokens: 10, totalTokens: 52_010 }),
        ]),
      ],
    });
    await chat.page.waitForFunction(() => document.querySelector('.context-meter')?.textContent?.includes('%'));
    assert.equal(await meter.innerText(), 'Context 52k / 1.0M tokens (4%)');
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: eventActions([
        ev({ type: 'run_start', sessionId: 's', model: 'text-only-1' }),
        ev({ type: 'usage', promptTokens: 7000, completionTokens: 10, totalTokens: 7010 }),
      ]),
    });
    await chat.page.waitForFunction(() => document.querySelector('.context-meter')?.textContent?.includes('87%'));
    assert.match(await meter.innerText(), /near the limit/);
  });

  it('after Deny, "Tell Zero what to do instead" sends the user\'s words as the next message', async () => {
    await chat.send({
      type: 'snapshot',
      state: viewState(chatOf(runActions('permission-headless.jsonl', 'Fetch the API'))),
    });
    const card = chat.page.locator('.permission-card');
    assert.equal(
      await card.getByRole('button', { name: 'Tell Zero what to do instead' }).count(),
      0,
      'only after Deny',
    );
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [{ type: 'approval_decided', turnId: 'turn-1', key: 'permission_request:call_7', approval: 'denied' }],
    });
    await card.getByRole('button', { name: 'Tell Zero what to do instead' }).click();
    const box = card.getByRole('textbox', { name: 'What Zero should do instead' });
    await box.waitFor();
    await chat.page.waitForFunction(() => document.activeElement?.classList.contains('feedback-input'));
    await chat.page.keyboard.type('Use the cached copy in docs/api.json instead.');
    await chat.page.keyboard.press('Enter');
    assert.deepEqual((await sends()).at(-1), { type: 'send', text: 'Use the cached copy in docs/api.json instead.' });
    assert.match((await card.textContent())!, /your instructions were sent/);
  });
});
