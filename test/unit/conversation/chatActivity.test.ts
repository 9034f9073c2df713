import * as assert from 'node:assert/strict';
import {
  activityWords,
  attentionMessage,
  chatActivity,
  chatTabTitle,
  mayChangeActivity,
  needsNotification,
  waitingCount,
  waitsForApproval,
} from '../../../src/conversation/readouts/chatActivity';
import type { Chat } from '../../../src/conversation/model';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import { zeroEvent, permissionRequest } from '../../support/builders';

/** A chat with one turn; `permission`: Zero asked for web_fetch in it. */
function chatWith(permission: boolean, decided?: 'allowed-once' | 'denied'): Chat {
  let chat = reduceChat(newChat('chat-1', 1), {
    type: 'turn_started',
    turnId: 't1',
    prompt: 'Fetch the docs',
    origin: 'prompt',
    at: 2,
  });
  chat = reduceChat(chat, zeroEvent({ type: 'run_start', sessionId: 's1' }));
  if (permission) chat = reduceChat(chat, zeroEvent(permissionRequest()));
  if (decided)
    chat = reduceChat(chat, {
      type: 'approval_decided',
      turnId: 't1',
      key: 'permission_request:c1',
      approval: decided,
    });
  return chat;
}

describe('chat activity (tab titles, history, badge, attention)', () => {
  it('a pending permission request makes the chat wait, running or not; a decided one does not', () => {
    assert.equal(waitsForApproval(chatWith(true)), true);
    assert.equal(chatActivity(chatWith(true), true, false), 'waiting');
    assert.equal(chatActivity(chatWith(true), false, true), 'waiting');
    assert.equal(waitsForApproval(chatWith(true, 'allowed-once')), false);
    assert.equal(chatActivity(chatWith(true, 'denied'), false, false), 'idle');
  });

  it('otherwise running, then finished and unread, then idle', () => {
    const chat = chatWith(false);
    assert.equal(chatActivity(chat, true, false), 'running');
    assert.equal(chatActivity(chat, true, true), 'running');
    assert.equal(chatActivity(chat, false, true), 'unread');
    assert.equal(chatActivity(chat, false, false), 'idle');
    assert.equal(chatActivity(newChat('empty', 1), false, false), 'idle');
  });

  it('the tab title is the chat title plus its state in words; long titles are cut', () => {
    assert.equal(chatTabTitle('Fix the build', 'idle'), 'Zero: Fix the build');
    assert.equal(chatTabTitle('Fix the build', 'running'), 'Zero: Fix the build (running)');
    assert.equal(chatTabTitle('Fix the build', 'waiting'), 'Zero: Fix the build (waiting for approval)');
    assert.equal(chatTabTitle('Fix the build', 'unread'), 'Zero: Fix the build (finished, unread)');
    assert.equal(chatTabTitle('  ', 'idle'), 'Zero: New chat');
    const long = chatTabTitle('x'.repeat(100), 'idle');
    assert.equal(long, `Zero: ${'x'.repeat(39)}…`);
    assert.equal(activityWords('idle'), '');
  });

  it('the badge counts only the chats that wait for the user', () => {
    assert.equal(waitingCount(['running', 'waiting', 'unread', 'idle', 'waiting']), 2);
    assert.equal(waitingCount([]), 0);
  });

  it('notifies only when the user cannot see it happen, and never when turned off', () => {
    const cases: [boolean, boolean, boolean, boolean][] = [
      // enabled, windowFocused, chatInView → notify
      [true, true, true, false],
      [true, true, false, true],
      [true, false, true, true],
      [true, false, false, true],
      [false, false, false, false],
      [false, true, false, false],
    ];
    for (const [enabled, windowFocused, chatInView, want] of cases) {
      assert.equal(
        needsNotification({ enabled, windowFocused, chatInView }),
        want,
        JSON.stringify({ enabled, windowFocused, chatInView }),
      );
    }
  });

  it('the notification names the chat and what happened', () => {
    assert.equal(attentionMessage('finished', 'Fix the build'), 'Zero finished in "Fix the build".');
    assert.equal(attentionMessage('waiting', 'Fix the build'), 'Zero is waiting for your approval in "Fix the build".');
    assert.equal(attentionMessage('failed', ''), 'Zero stopped with a problem in "New chat".');
  });

  it('streamed text does not ask for a rescan; permissions, starts, ends and renames do', () => {
    assert.equal(mayChangeActivity(zeroEvent({ type: 'text', delta: 'x' })), false);
    assert.equal(mayChangeActivity(zeroEvent(permissionRequest())), true);
    assert.equal(mayChangeActivity(zeroEvent({ type: 'run_end', status: 'success', exitCode: 0 })), true);
    assert.equal(mayChangeActivity({ type: 'approval_decided', turnId: 't1', key: 'k', approval: 'denied' }), true);
    assert.equal(
      mayChangeActivity({ type: 'renamed', title: 'New name' } as Parameters<typeof mayChangeActivity>[0]),
      true,
    );
  });
});
