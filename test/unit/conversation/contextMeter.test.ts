import { strict as assert } from 'node:assert';
import { contextMeter, meterText, type ModelInfo } from '../../../src/conversation/readouts/contextMeter';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import { zeroEvent } from '../../support/builders';

const MODELS: ModelInfo[] = [
  { id: 'gpt-4.1', displayName: 'GPT-4.1', apiModel: 'gpt-4.1', contextWindow: 1_047_576 },
  { id: 'text-only-1', displayName: 'Text', apiModel: 'text-only-1', contextWindow: 8000 },
];

function chatWith(model: string, ...prompts: number[]) {
  let chat = reduceChat(newChat('c', 0), { type: 'turn_started', turnId: 't', prompt: 'hi', origin: 'prompt', at: 1 });
  chat = reduceChat(chat, zeroEvent({ type: 'run_start', sessionId: 's', model, apiModel: model }));
  for (const p of prompts)
    chat = reduceChat(chat, zeroEvent({ type: 'usage', promptTokens: p, completionTokens: 5, totalTokens: p + 5 }));
  return chat;
}

describe('context meter', () => {
  it("is the last request's prompt tokens (not the sum) against the listed window", () => {
    const m = contextMeter(chatWith('gpt-4.1', 1000, 52_000), MODELS)!;
    assert.equal(m.promptTokens, 52_000);
    assert.equal(m.window, 1_047_576);
    assert.equal(m.percent, 4);
    assert.equal(m.nearLimit, false);
    assert.equal(meterText(m), '52k / 1.0M tokens (4%)');
  });

  it('warns near the limit', () => {
    const m = contextMeter(chatWith('text-only-1', 7000), MODELS)!;
    assert.equal(m.percent, 87);
    assert.equal(m.nearLimit, true);
  });

  it('shows tokens only for a model Zero lists no window for, and nothing before any usage', () => {
    const m = contextMeter(chatWith('my-proxy', 1500), MODELS)!;
    assert.equal(m.window, null);
    assert.equal(m.percent, null);
    assert.equal(meterText(m), '1.5k tokens');
    assert.equal(contextMeter(chatWith('gpt-4.1'), MODELS), null);
  });
});
