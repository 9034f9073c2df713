import * as assert from 'node:assert/strict';
import { restoredTabChat } from '../../../src/chats/restoredTabChat';

describe('restoredTabChat: which chat a chat tab restored after a reload shows', () => {
  const saved = ['chat-a', 'chat-b'];

  it('takes the chat its webview state names', () => {
    assert.deepEqual(restoredTabChat({ chatId: 'chat-b', draft: 'x' }, saved, new Set()), {
      chatId: 'chat-b',
      from: 'its view state',
    });
    assert.deepEqual(restoredTabChat({ chatId: 'chat-z' }, saved, new Set()), {
      chatId: 'chat-z',
      from: 'its view state',
    });
  });

  it('without a state (saved before its webview said), the first saved tab chat not yet in a tab', () => {
    assert.deepEqual(restoredTabChat(undefined, saved, new Set()), { chatId: 'chat-a', from: 'the saved tab list' });
    assert.deepEqual(restoredTabChat(undefined, saved, new Set(['chat-a'])), {
      chatId: 'chat-b',
      from: 'the saved tab list',
    });
    // Two stateless tabs restored one after the other get the two saved chats.
    const first = restoredTabChat(null, saved, new Set());
    const second = restoredTabChat(null, saved, new Set([first.chatId ?? '']));
    assert.deepEqual([first.chatId, second.chatId], ['chat-a', 'chat-b']);
  });

  it('a state of the wrong shape counts as none', () => {
    for (const state of [{ chatId: '' }, { chatId: 42 }, 'chat-a', [], { other: 1 }]) {
      assert.deepEqual(
        restoredTabChat(state, saved, new Set()),
        { chatId: 'chat-a', from: 'the saved tab list' },
        JSON.stringify(state),
      );
    }
  });

  it('closes the tab when nothing is left to show, or its chat is already in a tab', () => {
    assert.deepEqual(restoredTabChat(undefined, saved, new Set(saved)), {
      chatId: null,
      why: 'it did not say which chat it showed',
    });
    assert.deepEqual(restoredTabChat(undefined, [], new Set()), {
      chatId: null,
      why: 'it did not say which chat it showed',
    });
    assert.deepEqual(restoredTabChat({ chatId: 'chat-a' }, saved, new Set(['chat-a'])), {
      chatId: null,
      why: 'its chat is open in another tab',
    });
  });
});
