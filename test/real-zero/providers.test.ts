// A chat's provider on the real Zero 0.8: two providers in the sandbox's config, each a scripted model
// server of its own. The Provider picker lists both (`zero providers list|current --json`); a chat that
// picks the second lists the second's models (`zero providers models --json` under ZERO_PROVIDER) and
// its run sends its request to the second's endpoint, while the first server hears nothing; the
// config's active provider is untouched. Max turns reaches Zero as --max-turns and bounds the run.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execChoices } from '../../src/chats/composerChoices';
import { diagnoseChecks } from '../../src/diagnose/diagnose';
import { runChecks } from '../../src/diagnose/runChecks';
import { resolveSettings } from '../../src/zero/config/settingsSources';
import { startModelServer, type ModelServer } from '../fixtures/model-server/server';
import { productHost, sandboxEnv, type ProductHost } from './lib/productHost';
import { makeSandbox, realZeroBin, runZero, type Sandbox } from './lib/realZero';
import { editZeroConfig, scriptedProvider } from '../support/scriptedProvider';

describe('real Zero: the Provider picker and Run options', () => {
  let sandbox: Sandbox;
  let second: ModelServer;
  let host: ProductHost | undefined;
  beforeEach(async () => {
    sandbox = await makeSandbox({ modelsFetch: true });
    second = await startModelServer({ models: [{ id: 'second-only' }] });
    editZeroConfig(sandbox.configHome, (c) =>
      c.providers.push(scriptedProvider(second.baseURL, 'second', 'second-only')),
    );
  });
  afterEach(async () => {
    await host?.dispose();
    host = undefined;
    await second.close();
    await sandbox.dispose();
  });

  const choices = () => execChoices(realZeroBin, () => sandboxEnv(sandbox));

  it('lists both providers, the config’s active one as current', async () => {
    const { providers, current } = await choices().providers!();
    assert.deepEqual(
      providers.map((p) => [p.name, p.model, p.active]),
      [
        ['scripted', 'scripted-1', true],
        ['second', 'second-only', false],
      ],
    );
    assert.equal(current, 'scripted');
  });

  it("the second provider's models are its own, asked from its /models endpoint", async () => {
    const mine = await choices().models();
    const theirs = await choices().models('second');
    assert.deepEqual(
      mine.models.map((m) => m.id),
      ['scripted-1'],
    );
    assert.deepEqual(
      theirs.models.map((m) => m.id),
      ['scripted-1', 'second-only'],
      "the second server's list (scripted-1 is every scripted server's first)",
    );
    assert.equal(theirs.note, null);
    assert.ok(
      second.requests.some((r) => r.method === 'GET' && r.path === '/v1/models'),
      'Zero asked the second',
    );
  });

  it("a chat's run with the second provider sends its request there, the first hears nothing, the config stays", async () => {
    host = productHost(sandbox);
    const turn = await host.send('Hello scenario:plain', { provider: 'second', model: 'second-only' });
    assert.equal(turn.status, 'success', turn.explanation ?? '');
    assert.equal(sandbox.server.completions().length, 0, 'the config’s provider got no request');
    assert.equal(second.completions().length, 1);
    assert.equal((second.completions()[0]!.body as unknown as { model: string }).model, 'second-only');
    assert.equal(turn.composed?.provider, 'second', 'the turn footer names it');
    assert.ok(
      host.log.lines.some((l) => /Starting: .*\(env keys: .*ZERO_PROVIDER/.test(l)),
      'the log names the variable, not its value',
    );
    assert.ok(!host.log.lines.some((l) => / second /.test(l) && l.startsWith('Starting')), 'not in argv');

    const next = await host.send('Again scenario:plain');
    assert.equal(next.status, 'success', next.explanation ?? '');
    assert.equal(sandbox.server.completions().length, 1, 'no pick: Zero’s config, the first provider');
    const current = await runZero(sandbox, ['providers', 'current', '--json']);
    assert.equal((JSON.parse(current.stdout) as { provider: { name: string } }).provider.name, 'scripted');
  });

  it('a provider Zero does not know fails the run with Zero’s own words, not the first provider', async () => {
    host = productHost(sandbox);
    const turn = await host.send('Hello scenario:plain', { provider: 'missing' });
    assert.notEqual(turn.status, 'success');
    assert.match(
      turn.explanation ?? '',
      /no usable model provider|provider "missing" not found/,
      turn.explanation ?? '',
    );
    assert.equal(sandbox.server.completions().length + second.completions().length, 0);
  });

  it('Max turns reaches Zero as --max-turns and ends a run that would go on (docs/zero-exec.md: two tool turns, one summary)', async () => {
    host = productHost(sandbox);
    const turn = await host.send('Read on scenario:max-turns', { maxTurns: 2 });
    assert.ok(
      host.log.lines.some((l) => l.includes('--max-turns=2')),
      'the flag went',
    );
    assert.equal(turn.status, 'success', turn.explanation ?? '');
    assert.equal(sandbox.server.completions().length, 3, 'two tool turns, then the summary request');
  });

  /** Diagnose's Providers and logins check, alone, as Zero: Diagnose runs it. */
  const authCheck = async () => {
    const env = sandboxEnv(sandbox);
    const settings = resolveSettings((key) => ({ globalValue: { path: realZeroBin(), env }[key] }));
    const input = {
      settings,
      ignoredFromFiles: [],
      trusted: true,
      cwd: sandbox.workspace,
      log: [],
      about: [],
      clientVersion: '0.0.0-test',
    };
    const [result] = await runChecks(diagnoseChecks(input).filter((c) => c.id === 'auth'));
    return result!;
  };

  it('Diagnose lists both providers and the logins zero auth status reports (none), never a key', async () => {
    const r = await authCheck();
    assert.equal(r.status, 'ok', r.finding);
    assert.equal(r.finding, '2 providers, scripted active.');
    assert.equal(r.details.find((d) => d.label === 'Logins')?.value, 'none stored (zero auth status)');
    assert.ok(!JSON.stringify(r).includes('sk-second-test') && !JSON.stringify(r).includes('sk-scripted-test'));
  });

  it('without a config, Diagnose says to run zero setup', async () => {
    fs.rmSync(path.join(sandbox.configHome, 'zero', 'config.json'));
    const r = await authCheck();
    assert.equal(r.status, 'failed');
    assert.match(r.finding, /no provider configured: run zero setup/);
  });
});
