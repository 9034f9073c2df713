/** The composer, the header buttons, banners, the queue and the live region, as a user uses them. */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import { CHAT_ID, chatOf, emptyChat, ev, eventActions, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';
import { processExited } from '../support/builders';

const started: ChatAction = {
  type: 'turn_started',
  turnId: 'turn-1',
  prompt: 'Refactor the parser',
  origin: 'prompt',
  at: T_START,
};

describe('webview: composer, banners, queue and status', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));

  const box = () => chat.page.getByRole('textbox', { name: 'Message Zero' });
  const sends = async () => (await chat.posted()).filter((m) => m.type === 'send');

  it('Enter sends and clears; Shift+Enter adds a newline; Enter while composing (IME) does not send', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await box().click();
    await chat.page.keyboard.type('first line');
    await chat.page.keyboard.press('Shift+Enter');
    await chat.page.keyboard.type('second line');
    assert.equal(await box().inputValue(), 'first line\nsecond line');
    assert.deepEqual(await sends(), []);

    await box().evaluate((el) =>
      el.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true, cancelable: true }),
      ),
    );
    assert.deepEqual(await sends(), [], 'IME Enter ignored');

    await chat.page.keyboard.press('Enter');
    assert.deepEqual(await sends(), [{ type: 'send', text: 'first line\nsecond line' }]);
    assert.equal(await box().inputValue(), '');

    await chat.page.keyboard.press('Enter');
    assert.equal((await sends()).length, 1, 'an empty message is not sent');
    await box().fill('via button');
    await chat.page.getByRole('button', { name: 'Send' }).click();
    assert.deepEqual((await sends()).at(-1), { type: 'send', text: 'via button' });
  });

  it('Stop is enabled only while running and posts stop', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    const stop = chat.page.getByRole('button', { name: 'Stop' });
    assert.equal(await stop.isDisabled(), true);
    const now: ChatAction = { ...started, at: Date.now() } as ChatAction;
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [now, ...eventActions([ev({ type: 'run_start', sessionId: 's' })])],
    });
    assert.equal(await stop.isEnabled(), true);
    assert.match((await chat.page.locator('.run-status').textContent())!, /^Working… 0:0\d$/);
    await stop.click();
    assert.deepEqual((await chat.posted()).at(-1), { type: 'stop' });
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [processExited(130, Date.now())],
    });
    assert.equal(await stop.isDisabled(), true);
    assert.equal(await chat.page.locator('.run-status').textContent(), 'Stopped: interrupted');
  });

  it('keeps the draft across a reload (setState) and posts it to the host, debounced', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await box().click();
    await chat.page.keyboard.type('half-written thought');
    assert.deepEqual(
      (await chat.posted()).filter((m) => m.type === 'draft'),
      [],
      'debounced',
    );
    const draft = await chat.waitForPosted('draft');
    assert.deepEqual(draft, { type: 'draft', text: 'half-written thought' });

    await chat.reload();
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { draft: '' }) });
    assert.equal(await box().inputValue(), 'half-written thought');
  });

  it('uses the host draft when nothing is kept locally, and inserts text from the host', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { draft: 'from the host' }) });
    assert.equal(await box().inputValue(), 'from the host');
    await chat.send({ type: 'insertDraft', text: '```ts\nconst a = 1;\n```' });
    assert.equal(await box().inputValue(), 'from the host\n```ts\nconst a = 1;\n```');
    await chat.send({ type: 'focusComposer' });
    assert.equal(await box().evaluate((el) => el === document.activeElement), true);
  });

  it('shows the binary problem with buttons that post fixBinary, and the trust banner', async () => {
    const binary = { ok: false, path: null, demo: false, problem: 'Zero CLI not found: spawn zero ENOENT' };
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { binary, trusted: false }) });
    const p = chat.page;
    const banner = p.getByRole('region', { name: 'Zero CLI problem' });
    assert.match((await banner.textContent())!, /Zero CLI not found: spawn zero ENOENT/);
    for (const name of ['Set Path…', 'Install Zero…', 'Show Log', 'Retry'])
      await banner.getByRole('button', { name }).click();
    assert.deepEqual(
      (await chat.posted()).filter((m) => m.type === 'fixBinary'),
      ['setPath', 'installHelp', 'showLog', 'retry'].map((action) => ({ type: 'fixBinary', action })),
    );
    assert.equal(await p.getByRole('button', { name: 'Send' }).isDisabled(), true, 'cannot send without a binary');

    const trust = p.getByRole('region', { name: 'Restricted mode' });
    assert.match((await trust.textContent())!, /not trusted.*write files or execute commands are disabled/);
    await trust.getByRole('button', { name: 'Trust Workspace…' }).click();
    assert.deepEqual((await chat.posted()).at(-1), { type: 'trustWorkspace' });

    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    assert.equal(await banner.isVisible(), false);
    assert.equal(await trust.isVisible(), false);
  });

  it('a note about the binary (version unreadable) shows a warning banner while Send stays enabled', async () => {
    const binary = {
      ok: true,
      path: '/usr/bin/zero',
      demo: false,
      problem: null,
      note: 'Could not tell which Zero version this is. It will try anyway.',
    };
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { binary }) });
    const p = chat.page;
    const note = p.getByRole('region', { name: 'Zero CLI note' });
    assert.match((await note.textContent())!, /Could not tell which Zero version this is/);
    assert.equal(await p.getByRole('region', { name: 'Zero CLI problem' }).isVisible(), false);
    await p.getByRole('textbox').first().fill('hello');
    assert.equal(await p.getByRole('button', { name: 'Send' }).isDisabled(), false, 'the user may still try');
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    assert.equal(await note.isVisible(), false);
  });

  it('shows attached selections above the message box, each removable', async () => {
    const attachments = [
      { id: 'a1', label: 'src/parser.ts:L10-L42', languageId: 'typescript' },
      { id: 'a2', label: 'README.md:L1-L3', languageId: 'markdown' },
    ];
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { attachments }) });
    const list = chat.page.getByRole('list', { name: 'Attached selections' });
    assert.deepEqual(await list.locator('.attachment-label').allTextContents(), [
      'src/parser.ts:L10-L42',
      'README.md:L1-L3',
    ]);
    await list.getByRole('button', { name: 'Remove attachment README.md:L1-L3' }).click();
    assert.deepEqual((await chat.posted()).at(-1), { type: 'removeAttachment', id: 'a2' });
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    assert.equal(await list.isVisible(), false);
  });

  it('New Chat and History post to the host; read-only hides the composer', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await chat.page.getByRole('button', { name: 'New Chat' }).click();
    await chat.page.getByRole('button', { name: 'History' }).click();
    assert.deepEqual((await chat.posted()).slice(-2), [{ type: 'newChat' }, { type: 'showHistory' }]);
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { readOnly: true }) });
    assert.equal(await box().isVisible(), false);
  });

  it('announces status changes in a polite live region', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    const live = chat.page.getByRole('status');
    assert.equal(await live.getAttribute('aria-live'), 'polite');
    assert.equal(await live.textContent(), '');
    await chat.send({ type: 'actions', chatId: CHAT_ID, actions: [started] });
    assert.equal(await live.textContent(), 'Zero is working…');
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        ...eventActions([
          ev({ type: 'run_start', sessionId: 's' }),
          ev({ type: 'text', delta: 'ok' }),
          ev({ type: 'run_end', status: 'success', exitCode: 0 }),
        ]),
        processExited(0, T_START + 1000),
      ],
    });
    assert.equal(await live.textContent(), 'ok Zero finished', 'the last block of the answer, then the end');
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        { ...started, turnId: 'turn-2' } as ChatAction,
        {
          type: 'process_exited',
          code: 1,
          signal: null,
          spawnFailed: false,
          explanation: 'Zero crashed.',
          stderrTail: null,
          at: T_START + 2000,
        },
      ],
    });
    // A crash (no run_end, no Stop) cut the turn off: the way on is said too (cutOff.ts).
    assert.equal(
      await live.textContent(),
      'Zero stopped: crashed. Zero crashed. Resume, below the turn, continues the session.',
    );
  });

  it('shows queued messages under the transcript, each cancellable', async () => {
    const running = chatOf([started]);
    await chat.send({
      type: 'snapshot',
      state: viewState(running, { queued: ['Also update the README', 'Then run <b>lint</b>'] }),
    });
    const queue = chat.page.getByRole('region', { name: 'Queued messages' });
    assert.deepEqual(await queue.locator('.queued-text').allTextContents(), [
      'Also update the README',
      'Then run <b>lint</b>',
    ]);
    await queue.getByRole('button', { name: /Cancel queued message 2/ }).click();
    assert.deepEqual((await chat.posted()).at(-1), { type: 'cancelQueued', index: 1 });
    await chat.send({ type: 'queue', queued: ['Also update the README'] });
    assert.equal(await queue.locator('.queued').count(), 1);
    await chat.send({ type: 'queue', queued: [] });
    assert.equal(await queue.isVisible(), false);

    // Sending while running still posts: the host queues it.
    await box().fill('one more thing');
    await chat.page.keyboard.press('Enter');
    assert.deepEqual((await sends()).at(-1), { type: 'send', text: 'one more thing' });
  });

  it('is keyboard-navigable: Tab reaches the buttons and the composer, with a visible focus ring', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    const names: string[] = [];
    for (let i = 0; i < 13; i++) {
      await chat.page.keyboard.press('Tab');
      names.push(
        await chat.page.evaluate(
          () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
        ),
      );
    }
    assert.deepEqual(names, [
      'New Chat',
      'History',
      'Run folder: acme-app. Choose folder',
      'Transport: exec',
      'Transport: ACP',
      'Isolated (worktree)',
      'Message Zero',
      'Current file',
      'Mode for the next message',
      'Model for the next message',
      'Run options',
      'Attach images…',
      'Send',
    ]);
    const outline = await chat.page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    assert.equal(outline, 'solid');
  });
});
