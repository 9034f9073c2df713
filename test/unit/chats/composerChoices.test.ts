import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { acpChoices, allowedEffort, execChoices } from '../../../src/chats/composerChoices';

const FAKE_ZERO = path.join(
  __dirname,
  '../..',
  'fixtures',
  'fake-zero',
  process.platform === 'win32' ? 'zero.cmd' : 'zero',
);

describe('composer choices', () => {
  it("exec: Zero's permission modes (unsafe needs a confirmation) and the provider's models, with the catalogue's windows", async () => {
    const c = execChoices(
      () => FAKE_ZERO,
      () => ({}),
    );
    assert.deepEqual(
      c.modes().map((m) => [m.id, m.dangerous]),
      [
        ['auto', false],
        ['ask', false],
        ['plan', false],
        ['unsafe', true],
      ],
    );
    const { models, note } = await c.models();
    assert.deepEqual(
      models.map((m) => m.id),
      ['gpt-4.1', 'gpt-4o-mini', 'text-only-1'],
      "the provider's models, not every provider's catalogue",
    );
    assert.equal(models.find((m) => m.id === 'gpt-4.1')?.contextWindow, 1047576);
    assert.equal(note, null);
    const fallback = await execChoices(
      () => FAKE_ZERO,
      () => ({ FAKE_ZERO_PROVIDER_MODELS: 'fail' }),
    ).models();
    assert.ok(
      fallback.models.some((m) => m.id === 'claude-sonnet-4.5'),
      'the catalogue when the provider cannot be asked',
    );
    assert.match(
      fallback.note ?? '',
      /catalogue: the provider's own models could not be listed \(zero providers models --json failed \(exit 3\): zero: model discovery failed/,
    );
    await assert.rejects(
      execChoices(
        () => null,
        () => ({}),
      ).models(),
      /Zero CLI not found/,
    );
  });

  it("ACP: the session's own modes and models, with no context window (none is guessed)", () => {
    const registry = [{ id: 'gpt-4.1', displayName: 'GPT-4.1', apiModel: 'gpt-4.1', contextWindow: 1047576 }];
    const c = acpChoices(
      {
        modes: [
          { id: 'auto', name: 'Auto' },
          { id: 'plan', name: '' },
        ],
        mode: 'auto',
        models: [{ id: 'sonnet-4.5', name: 'Sonnet' }],
        model: null,
        commands: [],
      },
      registry,
    );
    assert.deepEqual(c.modes, [
      { id: 'auto', label: 'Auto', dangerous: false },
      { id: 'plan', label: 'plan', dangerous: false },
    ]);
    assert.deepEqual(c.models, [{ id: 'sonnet-4.5', displayName: 'Sonnet', apiModel: '', contextWindow: null }]);
  });

  it("ACP before the session opens: Zero's ACP modes (never unsafe) and the zero models registry", () => {
    const registry = [{ id: 'gpt-4.1', displayName: 'GPT-4.1', apiModel: 'gpt-4.1', contextWindow: 1047576 }];
    for (const info of [undefined, { modes: [], mode: 'plan', models: [], model: null, commands: [] }]) {
      const c = acpChoices(info, registry);
      assert.deepEqual(
        c.modes.map((m) => [m.id, m.dangerous]),
        [
          ['auto', false],
          ['ask', false],
          ['plan', false],
        ],
      );
      assert.deepEqual(c.models, registry);
    }
  });

  it('an effort goes with a message only when the picked model lists it', () => {
    const models = [
      { id: 'plain', displayName: 'plain', apiModel: 'plain', contextWindow: null },
      {
        id: 'thinker',
        displayName: 'thinker',
        apiModel: 'thinker',
        contextWindow: null,
        reasoningEfforts: ['low', 'high'],
      },
    ];
    assert.equal(allowedEffort(models, 'thinker', 'high'), 'high');
    assert.equal(allowedEffort(models, 'thinker', 'xhigh'), undefined, 'not one it lists');
    assert.equal(allowedEffort(models, 'plain', 'high'), undefined, 'a model without efforts');
    assert.equal(allowedEffort(models, undefined, 'high'), undefined, 'the default model: its efforts are not known');
    assert.equal(allowedEffort(models, 'gone', 'high'), undefined, 'a model no longer listed');
    assert.equal(allowedEffort(models, 'thinker', undefined), undefined);
  });
});
