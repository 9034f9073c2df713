import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { acpChoices, execChoices } from '../../src/host/composerChoices';

const FAKE_ZERO = path.join(__dirname, '..', 'fixtures', 'fake-zero', process.platform === 'win32' ? 'zero.cmd' : 'zero');

describe('composer choices', () => {
  it('exec: Zero\'s permission modes (unsafe needs a confirmation) and the models zero models --json lists', async () => {
    const c = execChoices(() => FAKE_ZERO, () => ({}));
    assert.deepEqual(c.modes().map((m) => [m.id, m.dangerous]), [['auto', false], ['ask', false], ['plan', false], ['unsafe', true]]);
    const models = await c.models();
    assert.equal(models.find((m) => m.id === 'gpt-4.1')?.contextWindow, 1047576);
    await assert.rejects(execChoices(() => null, () => ({})).models(), /Zero CLI not found/);
  });

  it('ACP: the session\'s own modes and models, with no context window (none is guessed)', () => {
    const registry = [{ id: 'gpt-4.1', displayName: 'GPT-4.1', apiModel: 'gpt-4.1', contextWindow: 1047576 }];
    const c = acpChoices({ modes: [{ id: 'auto', name: 'Auto' }, { id: 'plan', name: '' }], mode: 'auto', models: [{ id: 'sonnet-4.5', name: 'Sonnet' }], model: null, commands: [] }, registry);
    assert.deepEqual(c.modes, [{ id: 'auto', label: 'Auto', dangerous: false }, { id: 'plan', label: 'plan', dangerous: false }]);
    assert.deepEqual(c.models, [{ id: 'sonnet-4.5', displayName: 'Sonnet', apiModel: '', contextWindow: null }]);
  });

  it('ACP before the session opens: Zero\'s ACP modes (never unsafe) and the zero models registry', () => {
    const registry = [{ id: 'gpt-4.1', displayName: 'GPT-4.1', apiModel: 'gpt-4.1', contextWindow: 1047576 }];
    for (const info of [undefined, { modes: [], mode: 'plan', models: [], model: null, commands: [] }]) {
      const c = acpChoices(info, registry);
      assert.deepEqual(c.modes.map((m) => [m.id, m.dangerous]), [['auto', false], ['ask', false], ['plan', false]]);
      assert.deepEqual(c.models, registry);
    }
  });
});
