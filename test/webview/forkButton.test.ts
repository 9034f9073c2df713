/** Fork from here on each finished turn (keyboard, its name), what an ACP turn says instead, and a fork's header. */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import { FORK_ACP_WHY } from '../../src/conversation/forkTurns';
import { CHAT_ID, chatOf, emptyChat, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';
import { turn } from '../support/builders';

const started = (id: string, prompt: string, acp = false): ChatAction =>
  ({
    type: 'turn_started',
    turnId: id,
    prompt,
    origin: 'prompt',
    at: T_START,
    ...(acp ? { transport: 'acp' } : {}),
  }) as ChatAction;
describe('webview: Fork from here', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));
  const forks = async () => (await chat.posted()).filter((m) => m.type === 'forkTurn');

  it('every finished turn has it, by name; Tab reaches it and Enter forks from that turn', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        ...turn({ turnId: 'turn-1', prompt: 'the parser' }),
        ...turn({ turnId: 'turn-2', prompt: 'the lexer' }),
        started('turn-3', 'running'),
      ],
    });
    const turns = chat.page.locator('.turn');
    const name = 'Fork from here: a new chat up to this turn';
    assert.equal(await turns.nth(0).getByRole('button', { name }).count(), 1);
    assert.equal(await turns.nth(1).getByRole('button', { name }).count(), 1);
    assert.equal(await turns.nth(2).getByRole('button', { name }).count(), 0, 'not while the turn runs');
    const first = turns.nth(0).getByRole('button', { name });
    assert.match((await first.getAttribute('title')) ?? '', /turns up to and including this one/);
    await first.focus();
    await chat.page.keyboard.press('Enter');
    assert.deepEqual(await forks(), [{ type: 'forkTurn', turnId: 'turn-1' }]);
    await chat.page.keyboard.press('Shift+Tab');
    await chat.page.keyboard.press('Tab');
    assert.equal(await first.evaluate((el) => el === document.activeElement), true, 'it is in the tab order');
  });

  it('an ACP turn: unavailable, focusable, and it says why; pressing it sends nothing', async () => {
    const acpActions: ChatAction[] = [
      started('turn-1', 'over acp', true),
      { type: 'acp_turn_ended', status: 'success', explanation: null, stderrTail: null, at: T_START + 100 },
    ];
    await chat.send({ type: 'snapshot', state: viewState(chatOf(acpActions)) });
    const b = chat.page.getByRole('button', { name: 'Fork from here: a new chat up to this turn' });
    assert.equal(await b.getAttribute('aria-disabled'), 'true');
    assert.equal(await b.getAttribute('aria-description'), FORK_ACP_WHY);
    assert.equal(await b.getAttribute('title'), FORK_ACP_WHY);
    assert.match(FORK_ACP_WHY, /Zero 0\.8's zero acp has no session\/fork/);
    await b.focus();
    await chat.page.keyboard.press('Enter');
    await b.click({ force: true });
    assert.deepEqual(await forks(), []);
  });

  it("a fork's header links to the chat it came from; a saved transcript offers no Fork", async () => {
    const fork = {
      ...chatOf(turn({ turnId: 'turn-1', prompt: 'the parser' })),
      title: 'the parser (fork)',
      sessionId: 'zero_fork_1',
      forkedFrom: {
        chatId: 'chat-0',
        turnId: 'turn-1',
        title: 'the parser',
        sessionId: 'zero_s_1',
        at: T_START,
        turns: 1,
      },
    };
    await chat.send({ type: 'snapshot', state: viewState(fork) });
    const link = chat.page.getByRole('button', { name: 'Forked from “the parser”. Open the original chat' });
    assert.match((await link.getAttribute('title')) ?? '', /first 1 turn are copies.*zero_fork_1.*unchanged/s);
    await link.focus();
    await chat.page.keyboard.press('Enter');
    assert.deepEqual(
      (await chat.posted()).filter((m) => m.type === 'openChat'),
      [{ type: 'openChat', chatId: 'chat-0' }],
    );
    await chat.send({
      type: 'snapshot',
      state: viewState(chatOf(turn({ turnId: 'turn-1', prompt: 'saved' })), { readOnly: true }),
    });
    assert.equal(await chat.page.locator('.fork-turn:visible').count(), 0);
  });
});
