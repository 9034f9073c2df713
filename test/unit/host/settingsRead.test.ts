import * as assert from 'node:assert/strict';
import { readSettings } from '../../../src/host/workspace/settings';
import { shim } from '../shim/vscode';

/** readSettings through the VS Code configuration API (the shim keeps each settings layer apart). */
describe('readSettings (plain Node, vscode shim)', () => {
  beforeEach(() => shim.reset());

  it('user values are used', () => {
    shim.config.set('zero.path', { defaultValue: '', globalValue: '/opt/zero/bin/zero' });
    shim.config.set('zero.mode', { defaultValue: '', globalValue: 'unsafe' });
    shim.config.set('zero.env', { defaultValue: {}, globalValue: { ZERO_PROFILE: 'work', BAD: 3 } });
    shim.config.set('zero.maxLineMB', { defaultValue: 64, globalValue: 5000 });
    const s = readSettings();
    assert.equal(s.path, '/opt/zero/bin/zero');
    assert.equal(s.mode, 'unsafe');
    assert.deepEqual(s.env, { ZERO_PROFILE: 'work' });
    assert.equal(s.maxLineMB, 1024, 'clamped');
    assert.deepEqual(s.ignored, []);
  });

  it('a workspace cannot choose the binary, its env, extra args or unsafe modes, and each refusal is named', () => {
    shim.config.set('zero.path', { defaultValue: '', workspaceValue: './evil' });
    shim.config.set('zero.env', { defaultValue: {}, workspaceValue: { LD_PRELOAD: '/tmp/x.so' } });
    shim.config.set('zero.extraArgs', { defaultValue: [], workspaceFolderValue: ['--permission-mode', 'unsafe'] });
    shim.config.set('zero.mode', { defaultValue: '', globalValue: 'ask', workspaceValue: ' Unsafe' });
    shim.config.set('zero.autonomy', { defaultValue: '', workspaceValue: 'HIGH' });
    const s = readSettings();
    assert.equal(s.path, '');
    assert.deepEqual(s.env, {});
    assert.deepEqual(s.extraArgs, []);
    assert.equal(s.mode, 'ask');
    assert.notEqual(s.autonomy.trim().toLowerCase(), 'high');
    const keys = s.ignored.map((i) => i.key);
    for (const k of ['zero.path', 'zero.env', 'zero.extraArgs', 'zero.mode', 'zero.autonomy'])
      assert.ok(keys.includes(k), `${k} reported as ignored: ${keys.join(', ')}`);
  });

  it('is read once per run of the event loop, and a change is seen in the next one', async () => {
    shim.config.set('zero.mode', { defaultValue: '', globalValue: 'ask' });
    const first = readSettings();
    shim.config.set('zero.mode', { defaultValue: '', globalValue: 'plan' });
    assert.equal(readSettings(), first, 'the same read within one run');
    assert.equal(readSettings().mode, 'ask');
    await Promise.resolve();
    assert.equal(readSettings().mode, 'plan', 'a later run reads again');
  });
});
