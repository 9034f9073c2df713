// Stop over the real `zero acp`: while the answer streams and while a permission waits. What the chat
// shows, and what Zero keeps of the cancelled turn (only the user's message).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ZeroAcp } from '../../src/acp/zeroAcp';
import { AcpChat, closeRealAcp, openRealAcp, answerOf, permissionsOf, toolsOf, within } from './lib/acpChat';
import type { Sandbox } from './lib/realZero';
import { until } from '../support/until';

describe('real zero acp: Stop', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let zero: ZeroAcp;
  let chat: AcpChat;
  beforeEach(async () => ({ sandbox, zero, chat } = await openRealAcp()));
  afterEach(async () => closeRealAcp(zero, sandbox));

  const stored = (): { role: string; content: string }[] =>
    fs
      .readFileSync(path.join(sandbox.dataHome, 'zero', 'sessions', chat.chat.sessionId!, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { payload: { role: string; content: string } }).payload);

  it('while streaming: the turn ends interrupted with what had streamed; Zero stores only the user message', async () => {
    const turn = chat.start('Talk slowly scenario:slow chunks=100 delay=50');
    await until(() => answerOf(chat.last).length > 0, 'the first chunk', 20_000);
    await turn.stop();
    await within(turn.done, 15_000, 'the cancelled turn');
    const t = chat.last;
    assert.equal(t.status, 'interrupted');
    assert.equal(t.explanation, 'Stopped.');
    // A stop the user asked for is no error: nothing but "Stopped." says how the turn ended.
    assert.deepEqual(
      t.items.filter((i) => i.kind === 'error' || i.kind === 'warning'),
      [],
    );
    assert.match(answerOf(t), /^slow 1\. /);
    assert.ok(answerOf(t).length < 'slow 100. '.length * 50, 'stopped early');
    assert.deepEqual(stored(), [{ role: 'user', content: 'Talk slowly scenario:slow chunks=100 delay=50' }]);
    // The next prompt is told only the question: the streamed part is gone from Zero's history.
    await chat.turn('scenario:plain');
    const prompt = String(sandbox.server.completions().at(-1)!.body!.messages.at(-1)!.content);
    assert.match(prompt, /^Conversation so far:\nUser: Talk slowly /);
    assert.doesNotMatch(prompt, /Assistant: slow 1/);
  });

  it("while a permission waits: the dialog is told to close, the card says cancelled, the call fails with Zero's words", async () => {
    let closed = false;
    chat.ask = (_req, signal) =>
      new Promise((resolve) =>
        signal.addEventListener('abort', () => {
          closed = true;
          resolve({ outcome: { outcome: 'cancelled' } });
        }),
      );
    const turn = chat.start('scenario:fetch');
    await until(() => permissionsOf(chat.last).length > 0, 'the permission request', 20_000);
    await turn.stop();
    await within(turn.done, 15_000, 'the cancelled turn');
    const t = chat.last;
    assert.ok(closed);
    assert.equal(t.status, 'interrupted');
    assert.equal(permissionsOf(t)[0]!.approval, 'cancelled');
    assert.equal(toolsOf(t)[0]!.status, 'error');
    // "client cancelled" when our `cancelled` answer reaches Zero before session/cancel does, else "cancelled".
    assert.match(
      toolsOf(t)[0]!.output ?? '',
      /^Error: Permission approval cancelled for web_fetch: (client )?cancelled$/,
    );
    assert.deepEqual(stored(), [{ role: 'user', content: 'scenario:fetch' }]);
    chat.ask = async () => ({ outcome: { outcome: 'selected', optionId: 'deny' } });
    const next = await chat.turn('scenario:plain');
    assert.equal(next.status, 'success');
    assert.equal(answerOf(next), 'Hello from the scripted model.');
  });

  it('answering `cancelled` in the dialog (no Stop) ends the turn as cancelled by Zero', async () => {
    chat.ask = async () => ({ outcome: { outcome: 'cancelled' } });
    const t = await chat.turn('scenario:fetch');
    assert.equal(t.status, 'interrupted');
    assert.equal(t.explanation, 'Zero cancelled the turn.');
  });
});
