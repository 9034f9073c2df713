/** Diagnose's Providers and logins check, on `zero providers list --json` and `zero auth status --json` as Zero 0.8.0 prints them. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAuthStatus } from '../../../src/zero/binary/authStatus';
import { fakeInput, ok, runCheck, valueOf } from './fakeMachine';

const RECORDED = path.join(__dirname, '../../fixtures/zero-0.8.0/providers');
const recorded = (name: string): string => fs.readFileSync(path.join(RECORDED, name), 'utf8');
const files = { '/usr/bin/zero': 'exe' } as const;

describe('diagnose: providers and logins', () => {
  it('lists each provider, says which is active, and that no login is stored', async () => {
    const r = await runCheck(
      fakeInput({
        files,
        cli: {
          'providers list --json': ok(recorded('list.json')),
          'auth status --json': ok(recorded('auth-status.json')),
        },
      }),
      'auth',
    );
    assert.equal(r.status, 'ok');
    assert.equal(r.finding, '2 providers, alpha active.');
    assert.equal(valueOf(r, 'Provider alpha'), 'active, openai-compatible, model alpha-model, key or login set');
    assert.equal(valueOf(r, 'Provider beta'), 'openai-compatible, model beta-model, key or login set');
    assert.equal(valueOf(r, 'Logins'), 'none stored (zero auth status)');
    assert.ok(!JSON.stringify(r).includes('127.0.0.1'), 'no base URL in this check');
  });

  it('fails with the way out when Zero has no provider: zero setup', async () => {
    const r = await runCheck(
      fakeInput({
        files,
        cli: {
          'providers list --json': ok(recorded('list-none.json')),
          'auth status --json': ok(recorded('auth-status.json')),
        },
      }),
      'auth',
    );
    assert.equal(r.status, 'failed');
    assert.match(r.finding, /no provider configured: run zero setup/);
  });

  it('warns of an expired login Zero cannot renew, and never shows the account or a token', async () => {
    const status = JSON.stringify({
      logins: [
        { key: 'chatgpt', hasToken: true, hasRefreshToken: false, account: 'me@example.com', expired: true },
        { key: 'openrouter', hasToken: true, hasRefreshToken: true, expired: true, accessToken: 'sk-or-secret' },
      ],
    });
    const r = await runCheck(
      fakeInput({
        files,
        cli: { 'providers list --json': ok(recorded('list.json')), 'auth status --json': ok(status) },
      }),
      'auth',
    );
    assert.equal(r.status, 'warning');
    assert.equal(r.finding, '2 providers, alpha active; the chatgpt login has expired.');
    assert.equal(valueOf(r, 'Login chatgpt'), 'chatgpt: expired (run zero auth login)');
    assert.equal(valueOf(r, 'Login openrouter'), 'openrouter: expired (Zero renews it on the next request)');
    const text = JSON.stringify(r);
    assert.ok(!text.includes('me@example.com') && !text.includes('sk-or-secret'), text);
  });

  it("reports Zero's own words when a command fails, and refuses output that is not Zero's", async () => {
    const r = await runCheck(
      fakeInput({
        files,
        cli: {
          'providers list --json': { code: 3, stdout: '', stderr: '[zero] config.json: invalid character' },
          'auth status --json': ok('not json'),
        },
      }),
      'auth',
    );
    assert.equal(r.status, 'failed');
    assert.match(r.finding, /^zero providers list --json failed \(exit 3\): \[zero\] config.json: invalid character/);
    assert.match(valueOf(r, 'zero auth status') ?? '', /printed no JSON/);
    assert.throws(() => parseAuthStatus('{"x":1}'), /no "logins" list/);
  });
});
