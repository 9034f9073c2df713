/**
 * `--auto` beside the mode: Zero registers its subagent tools (Task, TaskOutput, TaskStop,
 * GenerateSpecialist, swarm_*) only at `--auto medium` or `high` (internal/cli/app.go
 * shouldRegisterExecSpecialistTools), whatever `--permission-mode` says, so the level is passed with every
 * mode, and the default chat passes medium (docs/zero-exec.md §9.1). What it changes, mode by mode, is
 * test/real-zero/autonomyModes.test.ts.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildExecArgs } from '../../../src/zero/exec/execArgs';
import { planRun } from '../../../src/zero/exec/runPlan';
import { resolveSettings, type ZeroSettings } from '../../../src/zero/config/settingsSources';

const ROOT = path.resolve(__dirname, '../../..');
const fakeZero = path.join(ROOT, 'test/fixtures/fake-zero/zero');

interface Contributed {
  contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
}
const properties = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Contributed).contributes
  .configuration.properties;

/** The settings a user who changed nothing has: package.json's defaults (the binary: the fake). */
function defaults(): ZeroSettings {
  const s = resolveSettings((key) => ({ defaultValue: properties[`zero.${key}`]?.default }));
  return { ...s, path: fakeZero };
}

const flag = (args: readonly string[], name: string): string | null => {
  const i = args.indexOf(name);
  return i < 0 ? null : (args[i + 1] ?? null);
};

function argsOf(input: Partial<Parameters<typeof planRun>[0]> & { settings: ZeroSettings }): string[] {
  const r = planRun({ folder: '/ws', otherFolders: [], sessionId: null, trusted: true, ...input });
  assert.ok(r.ok, r.ok ? '' : r.problem);
  return [...r.plan.args];
}

describe('--auto beside the permission mode (subagents)', () => {
  it('the default chat runs with --auto medium and no --permission-mode: Zero offers it Task', () => {
    assert.equal(properties['zero.autonomy']?.default, 'medium');
    const args = argsOf({ settings: defaults() });
    assert.equal(flag(args, '--auto'), 'medium');
    assert.equal(flag(args, '--permission-mode'), null);
  });

  it('a mode picked for the message keeps the autonomy level beside it', () => {
    for (const mode of ['auto', 'ask', 'plan', 'unsafe']) {
      const args = argsOf({ settings: defaults(), choice: { mode } });
      assert.deepEqual([flag(args, '--permission-mode'), flag(args, '--auto')], [mode, 'medium'], mode);
    }
  });

  it('the setting zero.mode keeps it too, and zero.autonomy low or unset is passed as it is', () => {
    assert.equal(flag(argsOf({ settings: { ...defaults(), mode: 'ask' } }), '--auto'), 'medium');
    assert.equal(flag(argsOf({ settings: { ...defaults(), mode: 'ask', autonomy: 'low' } }), '--auto'), 'low');
    assert.equal(flag(argsOf({ settings: { ...defaults(), autonomy: '' } }), '--auto'), null);
  });

  it('the one unsafe follow-up of an approval keeps it, so an approved Task is offered again', () => {
    const args = argsOf({ settings: { ...defaults(), mode: 'ask' }, elevation: { unsafe: true } });
    assert.deepEqual([flag(args, '--permission-mode'), flag(args, '--auto')], ['unsafe', 'medium']);
  });

  it('Restricted Mode passes --plan only: no autonomy, so no subagent is started in an untrusted folder', () => {
    const r = planRun({ settings: defaults(), folder: '/ws', otherFolders: [], sessionId: null, trusted: false });
    assert.ok(r.ok);
    assert.ok(r.plan.args.includes('--plan'));
    assert.equal(flag(r.plan.args, '--auto'), null);
  });

  it('says nothing about --auto beside a mode (it is not ignored); high without a mode still warns', () => {
    for (const autonomy of ['low', 'medium', 'high'])
      assert.deepEqual(buildExecArgs({ cwd: '/ws', permissionMode: 'ask', autonomy, platform: 'linux' }).warnings, []);
    assert.match(buildExecArgs({ cwd: '/ws', autonomy: 'high', platform: 'linux' }).warnings.join(), /unsafe mode/);
  });
});
