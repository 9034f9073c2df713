/** The webview's record of streamed deltas: what was appended to a text item since the last frame. */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../../src/conversation/actions';
import type { Chat, TurnItem } from '../../../src/conversation/model';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import { appendedSince, forgetGrowth, noteGrowth } from '../../../src/webview/markdown/textGrowth';
import { zeroEvent } from '../../support/builders';
const text = (delta: string): ChatAction => zeroEvent({ type: 'text', delta });
const lastItem = (chat: Chat): TurnItem => chat.turns[chat.turns.length - 1]!.items.at(-1)!;

/** Applies actions as the webview's store does, noting growth. */
function apply(chat: Chat, ...actions: ChatAction[]): Chat {
  for (const a of actions) {
    const next = reduceChat(chat, a);
    noteGrowth(chat, a, next);
    chat = next;
  }
  return chat;
}

describe('webview: text growth between frames', () => {
  let start: Chat;
  beforeEach(() => {
    forgetGrowth();
    start = apply(
      newChat('c', 0),
      { type: 'turn_started', turnId: 't', prompt: 'Go', origin: 'prompt', at: 0 },
      zeroEvent({ type: 'run_start', sessionId: 's' }),
      text('Hello'),
    );
  });

  it('gives the deltas appended to an item over a batch of actions', () => {
    const from = lastItem(start);
    const chat = apply(start, text(' wide'), zeroEvent({ type: 'reasoning', delta: 'hmm' }), text(' world'));
    const to = chat.turns[0]!.items.find((i) => i.kind === 'text')!;
    assert.equal(appendedSince(from, to), ' wide world');
    assert.equal(appendedSince(from, from), '');
  });

  it('knows nothing across a frame, for a replaced text, or for an item it did not see grow', () => {
    const from = lastItem(start);
    const grown = apply(start, text('!'));
    forgetGrowth();
    assert.equal(
      appendedSince(from, lastItem(apply(grown, text('?')))),
      undefined,
      'the step before the frame was forgotten',
    );
    const replaced = apply(start, zeroEvent({ type: 'final', text: 'Hello, redacted' }));
    assert.equal(appendedSince(from, lastItem(replaced)), undefined, 'final.text replaces');
    assert.equal(appendedSince(null, lastItem(start)), undefined);
  });
});
