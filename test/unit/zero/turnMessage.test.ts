// Which stored user message opened a turn (Edit and resend): by the turn's time window and prompt,
// not the session's last user message.
import * as assert from 'node:assert/strict';
import type { SessionEvent } from '../../../src/zero/sessions/checkpoints';
import { turnUserMessage } from '../../../src/zero/exec/turnMessage';

const at = (s: number): string => new Date(Date.UTC(2026, 0, 1, 12, 0, s)).toISOString().replace(/\.\d{3}Z$/, 'Z');
const ms = (s: number, extra = 0): number => Date.UTC(2026, 0, 1, 12, 0, s) + extra;
let seq = 0;
const user = (s: number, content: string): SessionEvent => ({
  sequence: ++seq,
  type: 'message',
  createdAt: at(s),
  payload: { role: 'user', content },
});
const answer = (s: number): SessionEvent => ({
  sequence: ++seq,
  type: 'message',
  createdAt: at(s),
  payload: { role: 'assistant', content: 'ok' },
});

describe('turnUserMessage', () => {
  beforeEach(() => (seq = 0));

  it("a session continued in a terminal since: the turn's own message, not the terminal's later one", () => {
    const events = [
      user(1, 'first'),
      answer(1),
      user(3, 'edit me'),
      answer(4),
      user(9, 'from the terminal'),
      answer(9),
    ];
    assert.equal(
      turnUserMessage(events, { prompt: 'edit me', startedAt: ms(3, 200), endedAt: ms(4, 500) })?.sequence,
      3,
    );
  });

  it('the previous turn in the same second is not taken: the prompt decides', () => {
    const events = [user(5, 'before'), answer(5), user(5, 'edit me'), answer(5)];
    assert.equal(
      turnUserMessage(events, { prompt: 'edit me', startedAt: ms(5, 600), endedAt: ms(5, 900) })?.sequence,
      3,
    );
  });

  it('a prompt stored differently: the last user message of the window', () => {
    const events = [user(1, 'before'), answer(2), user(7, 'the text as Zero kept it'), answer(8)];
    assert.equal(
      turnUserMessage(events, { prompt: 'the text with [a chip]', startedAt: ms(7, 10), endedAt: ms(8, 10) })?.sequence,
      3,
    );
  });

  it('nothing of the turn in the session: null, so nothing earlier is rewound', () => {
    const events = [user(1, 'before'), answer(2)];
    assert.equal(turnUserMessage(events, { prompt: 'edit me', startedAt: ms(20), endedAt: ms(21) }), null);
  });
});
