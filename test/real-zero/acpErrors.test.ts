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
    const lines = fs
      .readFileSync(path.join(sandbox.dataHome, 'zero', 'sessions', chat.chat.sessionId!, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n');
    return (JSON.parse(lines.at(-1)!) as { payload: { role: string; content: string } }).payload.content;
  };

  it('provider 500: no retry; the turn ends in error naming the provider, and the next message works', async () => {
    await setup();
    const turn = await chat.turn('scenario:error-500');
    assert.equal(turn.status, 'error');
    assert.equal(
      turn.explanation,
      'The model provider failed: provider error: The scripted server had an internal error.',
      "exec's words",
    );
    assert.equal(sandbox.server.completions().length, 1);
    const next = await chat.turn('scenario:plain');
    assert.equal(answerOf(next), 'Hello from the scripted model.');
  });

  it('provider 429: Zero retries, then the turn ends in error saying the provider is rate-limiting, and what to do', async () => {
    await setup();
    const turn = await chat.turn('scenario:acp-429', {}, 45_000);
    assert.equal(turn.status, 'error');
    assert.equal(
      turn.explanation,
      'The model provider is rate-limiting requests (Zero already retried): rate limit error: Rate limit reached for scripted-1. Wait a moment and send again, or pick another model.',
    );
    assert.ok(sandbox.server.completions().length > 1, 'retried');
  });

  it('context window: the provider refuses the prompt; the turn says the conversation no longer fits, and what to do', async () => {
    await setup();
    const turn = await chat.turn('scenario:acp-context');
    assert.equal(turn.status, 'error');
    assert.match(
      turn.explanation ?? '',
      /^The conversation no longer fits the model's context window: .*maximum context length is 8192 tokens.*\. Use Continue on exec, start a new chat, or pick a model with a larger window\.$/,
    );
  });

  it('configuration: a provider Zero cannot build is explained with what to do', async () => {
    await setup({ activeProvider: 'missing-provider' });
    const turn = await chat.turn('scenario:plain');
    assert.equal(turn.status, 'error');
    assert.match(
      turn.explanation ?? '',
      /^Zero (could not read its configuration|has no usable model provider): .*missing-provider.*\. (Fix Zero's config\.json|Run `zero setup`)/,
    );
  });

  it('no output: Zero gives up with its own words, never streamed; the chat shows the answer Zero recorded', async () => {
    await setup();
    const turn = await chat.turn('scenario:no-answer');
    assert.equal(turn.status, 'success', 'Zero 0.8 ends with end_turn');
    assert.match(storedAnswer(), /^Agent stopped after \d+ turns with no output/, 'the store has them');
    assert.equal(answerOf(turn), storedAnswer());
    assert.equal(turn.finalText, storedAnswer());
  });

  it("max turns: Zero streams the cut-off step's text, so that is the answer (no max_turn_requests); the store has the same", async () => {
    await setup({ maxTurns: 3 });
    const turn = await chat.turn('scenario:max-turns');
    assert.equal(turn.status, 'success');
    assert.equal(toolsOf(turn).length, 3);
    assert.equal(storedAnswer(), 'Calling read_file.');
    assert.equal(turn.finalText, 'Calling read_file.');
  });
});
