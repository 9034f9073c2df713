/** Which view-state changes the webview draws as a streamed frame (the transcript and live region only). */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../../src/conversation/actions';
import type { Chat } from '../../../src/conversation/model';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import type { ViewState } from '../../../src/messages/protocol';
import { firstWords, onlyTextGrew } from '../../../src/webview/streamedFrame';
import { zeroEvent } from '../../support/builders';
const BASE: ViewState = {
  chat: newChat('c', 0),
  history: [],
  binary: { ok: true, path: '/bin/zero', demo: false, problem: null },
  trusted: true,
  folder: '/w',
  queued: [],
  draft: '',
  readOnly: false,
  attachments: [],
  defaultTransport: 'exec',
};
/** As the webview's store makes them: the rest of the state is shared. */
const view = (chat: Chat, over: Partial<ViewState> = {}): ViewState => ({ ...BASE, chat, ...over });
const apply = (chat: Chat, ...actions: ChatAction[]): Chat => actions.reduce(reduceChat, chat);

describe('onlyTextGrew (a streamed frame)', () => {
  const running = apply(
    newChat('c', 0),
    { type: 'turn_started', turnId: 't', prompt: 'Go', origin: 'prompt', at: 0 },
    zeroEvent({ type: 'run_start', sessionId: 's' }),
    zeroEvent({ type: 'text', delta: 'Hello' }),
  );

  it('is a text or reasoning delta into the open item of the current turn', () => {
    assert.equal(onlyTextGrew(view(running), view(apply(running, zeroEvent({ type: 'text', delta: ' world' })))), true);
    const thinking = apply(running, zeroEvent({ type: 'reasoning', delta: 'Hmm' }));
    assert.equal(
      onlyTextGrew(
        view(thinking),
        view(apply(thinking, zeroEvent({ type: 'reasoning', delta: ', so' }), zeroEvent({ type: 'text', delta: '!' }))),
      ),
      true,
    );
  });

  it('is not anything the header, composer or footer shows', () => {
    const cases: [string, Chat | ViewState][] = [
      [
        'a new item',
        apply(
          running,
          zeroEvent({ type: 'tool_call', id: 'c1', name: 'read_file', args: { path: 'a' }, sideEffect: 'read' }),
        ),
      ],
      ['usage', apply(running, zeroEvent({ type: 'usage', promptTokens: 10, completionTokens: 2, totalTokens: 12 }))],
      ['the run ending', apply(running, zeroEvent({ type: 'run_end', status: 'success', exitCode: 0 }))],
      ['a new turn', apply(running, { type: 'turn_started', turnId: 't2', prompt: 'More', origin: 'prompt', at: 1 })],
      ['a rename', apply(running, { type: 'renamed', title: 'Other' })],
      ['the queue', view(apply(running, zeroEvent({ type: 'text', delta: '!' })), { queued: ['next'] })],
      [
        'the composer',
        view(apply(running, zeroEvent({ type: 'text', delta: '!' })), {
          attachments: [{ kind: 'selection' } as never],
        }),
      ],
    ];
    for (const [what, next] of cases) {
      const state = 'chat' in next && 'queued' in next ? next : view(next as Chat);
      assert.equal(onlyTextGrew(view(running), state), false, what);
    }
    assert.equal(onlyTextGrew(view(running), view(running)), false, 'nothing changed');
  });
});

describe("firstWords (a turn's first words are drawn at once)", () => {
  const started = apply(newChat('c', 0), { type: 'turn_started', turnId: 't', prompt: 'Go', origin: 'prompt', at: 0 });
  const begun = apply(started, zeroEvent({ type: 'run_start', sessionId: 's' }));

  it("is the turn's first answer or reasoning words", () => {
    assert.equal(firstWords(begun, apply(begun, zeroEvent({ type: 'text', delta: 'Hello' }))), true);
    assert.equal(firstWords(begun, apply(begun, zeroEvent({ type: 'reasoning', delta: 'Hmm' }))), true);
    assert.equal(
      firstWords(started, apply(started, zeroEvent({ type: 'run_start' }), zeroEvent({ type: 'text', delta: 'Hi' }))),
      true,
    );
  });

  it('is not what comes before or after them', () => {
    const said = apply(begun, zeroEvent({ type: 'text', delta: 'Hello' }));
    assert.equal(firstWords(started, begun), false, 'the run starting');
    assert.equal(firstWords(begun, apply(begun, zeroEvent({ type: 'text', delta: ' \n' }))), false, 'blank space');
    assert.equal(firstWords(said, apply(said, zeroEvent({ type: 'text', delta: ' world' }))), false, 'later words');
    const next = apply(said, { type: 'turn_started', turnId: 't2', prompt: 'More', origin: 'prompt', at: 1 });
    assert.equal(firstWords(said, next), false, 'a new turn, no words yet');
    assert.equal(
      firstWords(next, apply(next, zeroEvent({ type: 'text', delta: 'Again' }))),
      true,
      "the new turn's words",
    );
  });
});
