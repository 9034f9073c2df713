import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { matchModel } from '../../../src/conversation/readouts/contextMeter';
import { listModels, parseModelList } from '../../../src/zero/config/models';

const FAKE_ZERO = path.join(
  __dirname,
  '../..',
  'fixtures',
  'fake-zero',
  process.platform === 'win32' ? 'zero.cmd' : 'zero',
);

describe('zero models --json', () => {
  it("reads Zero's ModelSnapshot list; a zero or missing window is null, never guessed", () => {
    const models = parseModelList(
      JSON.stringify({
        models: [
          {
            id: 'gpt-4.1',
            displayName: 'GPT-4.1',
            provider: 'openai',
            apiModel: 'gpt-4.1',
            status: 'active',
            contextWindow: 1047576,
            maxOutputTokens: 32768,
            capabilities: ['vision'],
            extra: 1,
          },
          {
            id: 'custom',
            displayName: '',
            provider: 'openai-compatible',
            apiModel: 'c',
            status: 'active',
            contextWindow: 0,
            capabilities: [],
          },
          { displayName: 'no id' },
          'junk',
        ],
      }),
    );
    assert.deepEqual(models, [
      {
        id: 'gpt-4.1',
        displayName: 'GPT-4.1',
        provider: 'openai',
        apiModel: 'gpt-4.1',
        status: 'active',
        contextWindow: 1047576,
        vision: true,
        reasoningEfforts: [],
      },
      {
        id: 'custom',
        displayName: 'custom',
        provider: 'openai-compatible',
        apiModel: 'c',
        status: 'active',
        contextWindow: null,
        vision: false,
        reasoningEfforts: [],
      },
    ]);
    assert.throws(() => parseModelList('Models\n gpt-4.1'), /printed no JSON/);
    assert.throws(() => parseModelList('{"x":1}'), /no "models" list/);
  });

  it('finds the model a run used by id, alias (through apiModel) or not at all', () => {
    const models = parseModelList(
      JSON.stringify({
        models: [{ id: 'claude-sonnet-4.5', apiModel: 'claude-sonnet-4-5-20250929', contextWindow: 200000 }],
      }),
    );
    assert.equal(matchModel(models, 'claude-sonnet-4.5', null)?.contextWindow, 200000);
    assert.equal(matchModel(models, 'sonnet-4.5', 'claude-sonnet-4-5-20250929')?.id, 'claude-sonnet-4.5');
    assert.equal(matchModel(models, 'my-proxy-model', 'my-proxy-model'), null);
    assert.equal(matchModel(models, null, null), null);
  });

  it("lists the fake zero's models the way the real CLI prints them", async () => {
    const models = await listModels(FAKE_ZERO);
    const gpt = models.find((m) => m.id === 'gpt-4.1');
    assert.equal(gpt?.contextWindow, 1047576);
    assert.equal(gpt?.vision, true);
    assert.equal(models.find((m) => m.id === 'text-only-1')?.vision, false);
    assert.ok(
      !models.some((m) => m.status === 'deprecated'),
      'deprecated models only with --include-deprecated, as in Zero',
    );
  });
});
