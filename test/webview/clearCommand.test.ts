/**
 * `/clear` as Zero's TUI means it: the transcript leaves the view, Zero's session keeps it (nothing is
 * sent, nothing is deleted), the next turn draws below Zero's words, and Show cleared turns brings
 * every turn back in order.
 */
import { strict as assert } from 'node:assert';
import { CLEARED_WORDS } from '../../src/webview/composer/slashCommands';
import { CHAT_ID, chatOf, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';
import { turn } from '../support/builders';

describe('webview: /clear clears the transcript from view, as Zero does', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));
  const box = () => chat.page.getByRole('textbox', { name: 'Message Zero' });
  const prompts = () => chat.page.locator('.turn').evaluateAll((els) => els.map((e) => e.textContent ?? ''));

  it('hides the turns so far, sends nothing, says Zero keeps them; the next turn draws below; Show brings all back', async () => {
    const before = [
      ...turn({ turnId: 'turn-1', prompt: 'the parser' }),
      ...turn({ turnId: 'turn-2', prompt: 'the lexer' }),
    ];
    await chat.send({ type: 'snapshot', state: viewState(chatOf(before)) });
    assert.equal(await chat.page.locator('.turn').count(), 2);
    await chat.clearPosted();
    await box().fill('/clear');
    await chat.page.keyboard.press('Enter');

    const line = chat.page.getByRole('status').filter({ hasText: 'Transcript cleared.' });
    await line.waitFor();
    assert.equal((await line.textContent())?.includes(CLEARED_WORDS), true);
    assert.equal(await chat.page.locator('.turn').count(), 0, 'no turn is drawn');
    assert.equal(await box().inputValue(), '', 'the message box is empty');
    assert.deepEqual(
      (await chat.posted()).filter((m) => m.type === 'send' || m.type === 'newChat'),
      [],
      'nothing reaches Zero and no new chat starts',
    );

    // A snapshot of the same chat (the host redraws it) keeps it cleared; the next turn draws below the line.
    await chat.send({ type: 'snapshot', state: viewState(chatOf(before)) });
    assert.equal(await chat.page.locator('.turn').count(), 0);
    await chat.send({ type: 'actions', chatId: CHAT_ID, actions: turn({ turnId: 'turn-3', prompt: 'the tests' }) });
    const texts = await prompts();
    assert.equal(texts.length, 1);
    assert.match(texts[0]!, /About the tests\./);
    const lineBelowTurn = await chat.page.evaluate(() => {
      const l = document.querySelector('.transcript-cleared');
      const t = document.querySelector('.turn');
      return !!l && !!t && (l.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    });
    assert.equal(lineBelowTurn, true, 'the new turn comes after the line');

    await chat.page.getByRole('button', { name: 'Show cleared turns' }).click();
    await chat.page.locator('.transcript-cleared').waitFor({ state: 'detached' });
    const all = await prompts();
    assert.deepEqual(
      all.map((t) => /About (the \w+)\./.exec(t)?.[1]),
      ['the parser', 'the lexer', 'the tests'],
    );
  });

  it('an empty chat: /clear only empties the message box', async () => {
    await chat.send({ type: 'snapshot', state: viewState(chatOf([])) });
    await box().fill('/clear');
    await chat.page.keyboard.press('Enter');
    assert.equal(await chat.page.locator('.transcript-cleared').count(), 0);
    assert.equal(await box().inputValue(), '');
  });
});
