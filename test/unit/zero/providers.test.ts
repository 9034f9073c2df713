/** Zero's providers as the Provider picker reads them (recorded from the real Zero 0.8.0), and what a pick puts in a run. */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  isPlainProviderName,
  parseCurrentProvider,
  parseProviderList,
  providerEnv,
  PROVIDER_ENV,
} from '../../../src/zero/config/providers';
import { buildExecArgs, SettingsError } from '../../../src/zero/exec/execArgs';
import { planRun } from '../../../src/zero/exec/runPlan';
import type { ZeroSettings } from '../../../src/zero/config/settingsSources';
import { zeroSettings } from '../../support/builders';

const RECORDED = path.join(__dirname, '../../fixtures/zero-0.8.0/providers');
const recorded = (name: string): string => fs.readFileSync(path.join(RECORDED, name), 'utf8');

/** The settings these plans start from, with a binary that exists. */
const settings = (over: Partial<ZeroSettings> = {}): ZeroSettings => zeroSettings({ path: process.execPath, ...over });

describe('zero providers list|current --json', () => {
  it('reads the recorded list of two providers, in Zero’s order, the active one marked', () => {
    const list = parseProviderList(recorded('list.json'));
    assert.deepEqual(
      list.map((p) => [p.name, p.kind, p.model, p.active, p.credentials, p.status]),
      [
        ['alpha', 'openai-compatible', 'alpha-model', true, true, 'ok'],
        ['beta', 'openai-compatible', 'beta-model', false, true, 'ok'],
      ],
    );
    assert.equal(parseCurrentProvider(recorded('current.json')), 'alpha');
    assert.equal(parseCurrentProvider(recorded('current-beta.json')), 'beta', 'ZERO_PROVIDER=beta: beta is current');
  });

  it('reads an empty config: no providers, current is null', () => {
    assert.deepEqual(parseProviderList(recorded('list-none.json')), []);
    assert.equal(parseCurrentProvider(recorded('current-none.json')), null);
  });

  it('refuses output that is not Zero’s, with words; skips malformed entries and duplicates', () => {
    assert.throws(() => parseProviderList('[zero] no config'), /printed no JSON/);
    assert.throws(() => parseProviderList('{"models":[]}'), /no "providers" list/);
    assert.throws(() => parseCurrentProvider('{}'), /no "provider" field/);
    const list = parseProviderList(
      JSON.stringify({ providers: [{ name: '' }, { name: 7 }, null, { name: 'a' }, { name: 'a', active: true }] }),
    );
    assert.deepEqual(
      list.map((p) => [p.name, p.active]),
      [['a', false]],
    );
  });
});

describe('a provider name into a run', () => {
  const hostile = [
    '',
    '-m',
    '--model=x',
    '.hidden',
    'a b',
    'a;rm -rf ~',
    '$(touch /tmp/x)',
    'a\nb',
    'a\u0000b',
    'name=value',
    'é',
    'x'.repeat(65),
  ];

  it('takes plain names only (letters, digits, . _ -), never one a shell or flag parser reads as more', () => {
    for (const ok of ['alpha', 'beta-2', 'my_provider', 'openai.compat', 'A1']) assert.ok(isPlainProviderName(ok), ok);
    for (const bad of hostile) assert.equal(isPlainProviderName(bad), false, JSON.stringify(bad));
    assert.equal(isPlainProviderName(undefined), false);
  });

  it('puts a plain name in ZERO_PROVIDER, and nothing at all for a hostile one', () => {
    assert.equal(PROVIDER_ENV, 'ZERO_PROVIDER');
    assert.deepEqual(providerEnv('beta'), { ZERO_PROVIDER: 'beta' });
    assert.deepEqual(providerEnv(undefined), {});
    for (const bad of hostile) assert.deepEqual(providerEnv(bad), {}, JSON.stringify(bad));
  });

  const plan = (choice: Record<string, unknown>, trusted = true) => {
    const r = planRun({
      settings: settings({ env: { KEEP: '1', ZERO_PROVIDER: 'from-settings' } }),
      folder: '/work',
      otherFolders: [],
      sessionId: null,
      trusted,
      choice,
    });
    if (!r.ok) throw new Error(r.problem);
    return r.plan;
  };

  it("a chat's provider goes into that run's env only, over the settings' ZERO_PROVIDER, never into argv", () => {
    const p = plan({ provider: 'beta' });
    assert.equal(p.env.ZERO_PROVIDER, 'beta');
    assert.equal(p.env.KEEP, '1');
    assert.ok(!p.args.some((a) => a.includes('beta')), p.args.join(' '));
    assert.equal(plan({}).env.ZERO_PROVIDER, 'from-settings', 'no pick: the settings stay');
    for (const bad of hostile) {
      const q = plan({ provider: bad });
      assert.equal(q.env.ZERO_PROVIDER, 'from-settings', JSON.stringify(bad));
      assert.ok(!q.args.some((a) => bad !== '' && a.includes(bad)), JSON.stringify(bad));
    }
  });
});

describe('the Run options menu as zero exec flags', () => {
  it('max turns is --max-turns=<n>, 1 to 500 (Zero’s MaxTurnsCeiling); self-correct and profile are their flags', () => {
    const { args } = buildExecArgs({ cwd: '/w', maxTurns: 42, selfCorrect: true, execProfile: 'thorough' });
    assert.ok(args.includes('--max-turns=42'));
    assert.ok(args.includes('--self-correct'));
    assert.ok(args.includes('--exec-profile=thorough'));
    assert.ok(buildExecArgs({ cwd: '/w', maxTurns: 500 }).args.includes('--max-turns=500'));
    for (const bad of [0, -1, 501, 1.5, Number.NaN])
      assert.throws(() => buildExecArgs({ cwd: '/w', maxTurns: bad }), SettingsError, String(bad));
    assert.throws(() => buildExecArgs({ cwd: '/w', execProfile: '--plan' }), /Unknown execution profile/);
    assert.throws(() => buildExecArgs({ cwd: '/w', useSpec: true, selfCorrect: true }), /spec mode/);
    const none = buildExecArgs({ cwd: '/w' }).args;
    assert.ok(!none.some((a) => /max-turns|self-correct|exec-profile/.test(a)), 'nothing picked: Zero’s defaults');
  });

  it('a spec turn keeps max turns and profile but leaves self-correct out, saying so (Zero refuses the pair)', () => {
    const r = planRun({
      settings: settings(),
      folder: '/work',
      otherFolders: [],
      sessionId: null,
      trusted: true,
      choice: { mode: 'spec', maxTurns: 9, selfCorrect: true, execProfile: 'fast' },
    });
    assert.ok(r.ok);
    if (!r.ok) return;
    assert.ok(r.plan.args.includes('--use-spec'));
    assert.ok(r.plan.args.includes('--max-turns=9'));
    assert.ok(r.plan.args.includes('--exec-profile=fast'));
    assert.ok(!r.plan.args.includes('--self-correct'));
    assert.ok(r.plan.warnings.some((w) => /Self-correct does not apply/.test(w)));
  });
});
