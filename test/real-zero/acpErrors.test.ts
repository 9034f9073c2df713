// Failures over the real `zero acp`, as the chat shows them: provider errors arrive as a raw -32603
// message (no stream-json error event), and some of Zero's own final answers are never streamed.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ZeroAcp } from '../../src/acp/zeroAcp';
import { AcpChat, answerOf, realAcp, toolsOf } from './lib/acpChat';
import { makeSandbox, type Sandbox } from './lib/realZero';

describe('real zero acp: errors and unstreamed answers', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let zero: ZeroAcp;
  let chat: AcpChat;
  const setup = async (config?: Record<string, unknown>) => {
    sandbox = await makeSandbox({ modelsFetch: true, ...(config ? { config } : {}) });
    zero = realAcp(sandbox);
    chat = new AcpChat(zero, sandbox.workspace);
  };
  afterEach(async () => {
    zero.dispose();
    await sandbox.dispose();
  });
  const storedAnswer = (): string => {
    const lines = fs.readFileSync(path.join(sandbox.dataHome, 'zero', 'sessions', chat.chat.sessionId!, 'events.jsonl'), 'utf8').trim().split('\n');
    return (JSON.parse(lines.at(-1)!) as { payload: { role: string; content: string } }).payload.content;
  };

  it('provider 500: no retry; the turn ends in error naming the provider, and the next message works', async () => {
    await setup();
    const turn = await chat.turn('scenario:error-500');
    assert.equal(turn.status, 'error');
    assert.equal(turn.explanation, "Zero's model provider failed: provider error: The scripted server had an internal error.");
    assert.equal(sandbox.server.completions().length, 1);
    const next = await chat.turn('scenario:plain');
    assert.equal(answerOf(next), 'Hello from the scripted model.');
  });

  it('provider 429: Zero retries, then the turn ends in error with the rate-limit text', async () => {
    await setup();
    const turn = await chat.turn('scenario:acp-429', {}, 45_000);
    assert.equal(turn.status, 'error');
    assert.equal(turn.explanation, "Zero's model provider failed: rate limit error: Rate limit reached for scripted-1.");
    assert.ok(sandbox.server.completions().length > 1, 'retried');
  });

  it('no output: Zero gives up with its own words, but they are never streamed: the chat shows an empty success', async () => {
    await setup();
    const turn = await chat.turn('scenario:no-answer');
    assert.equal(turn.status, 'success', 'Zero 0.8 ends with end_turn');
    assert.equal(answerOf(turn), '');
    assert.match(storedAnswer(), /^Agent stopped after \d+ turns with no output/, 'only the store has them');
  });

  it('max turns: the turn ends as a plain success (no max_turn_requests); the stored answer is the last streamed text', async () => {
    await setup({ maxTurns: 3 });
    const turn = await chat.turn('scenario:max-turns');
    assert.equal(turn.status, 'success');
    assert.equal(toolsOf(turn).length, 3);
    assert.equal(storedAnswer(), 'Calling read_file.');
  });
});
