import * as assert from 'node:assert/strict';
import { LogRing } from '../../../src/diagnose/logRing';
import { fakeInput, runCheck, settings, valueOf } from './fakeMachine';

describe('diagnose: Workspace Trust, settings and the log', () => {
  it('trust: ok when trusted, a warning in Restricted Mode', async () => {
    assert.equal((await runCheck(fakeInput({}, { trusted: true }), 'trust')).status, 'ok');
    const r = await runCheck(fakeInput({}, { trusted: false }), 'trust');
    assert.equal(r.status, 'warning');
    assert.match(r.finding, /^Restricted Mode: .* plan mode only/);
  });

  it('settings: a workspace choosing the binary or unsafe is listed with why it was refused', async () => {
    const s = settings({ mode: 'ask' }, { path: '/tmp/evil/zero', mode: 'unsafe' });
    const r = await runCheck(
      fakeInput(
        { settings: s },
        { ignoredFromFiles: [{ key: 'zero.env', why: 'only your user settings can set it' }] },
      ),
      'settings',
    );
    assert.equal(r.status, 'warning');
    assert.equal(
      r.finding,
      'Ignored from this workspace\'s settings: zero.path (only your user settings can set it); zero.mode ("unsafe" means unsafe, which only your user settings can choose); zero.env (only your user settings can set it).',
    );
    assert.equal(valueOf(r, 'Ignored: zero.path'), 'only your user settings can set it');
    assert.equal(valueOf(r, 'zero.mode'), 'ask');
  });

  it('settings: names of zero.env and flags of zero.extraArgs, never their values', async () => {
    const s = settings({
      env: { OPENAI_API_KEY: 'sk-live-abcdefghijklmnop', HTTPS_PROXY: 'http://user:pw@proxy:3128' },
      extraArgs: ['--max-turns', '12', '--api-key=plain-value-1'],
    });
    const r = await runCheck(fakeInput({ settings: s }), 'settings');
    assert.equal(r.status, 'ok');
    assert.equal(valueOf(r, 'zero.env (names only)'), 'HTTPS_PROXY, OPENAI_API_KEY');
    assert.equal(valueOf(r, 'zero.extraArgs (flags only)'), '--max-turns --api-key=… (3 arguments)');
    const all = JSON.stringify(r);
    for (const secret of ['sk-live', 'user:pw', 'plain-value-1'])
      assert.ok(!all.includes(secret), `${secret} in ${all}`);
  });

  it('log: ok with nothing logged; the last errors, newest last, otherwise', async () => {
    assert.equal((await runCheck(fakeInput({}), 'log')).finding, 'No errors or warnings were logged in this window.');
    let t = Date.UTC(2026, 0, 2, 3, 4, 5);
    const ring = new LogRing(50, 2000, () => (t += 1000));
    ring.push('warn', 'Ignored workspace settings: zero.path');
    ring.push('error', new Error('zero acp exited (code 1)'));
    const r = await runCheck(fakeInput({}, { log: ring.lines() }), 'log');
    assert.equal(r.status, 'warning');
    assert.equal(r.finding, '1 error and 1 warning logged in this window; the last: Error: zero acp exited (code 1)');
    assert.equal(
      valueOf(r, 'Last 2 (newest last)'),
      '03:04:06 [warn] Ignored workspace settings: zero.path\n03:04:07 [error] Error: zero acp exited (code 1)',
    );
  });
});

describe('LogRing', () => {
  it('keeps the last lines, each cut to its limit, and counts what it dropped', () => {
    const ring = new LogRing(3, 10);
    for (let i = 1; i <= 5; i++) ring.push('error', `line ${i}`);
    ring.push('warn', 'x'.repeat(25), { a: 1 });
    assert.deepEqual(
      ring.lines().map((l) => l.text),
      ['line 4', 'line 5', `${'x'.repeat(10)}… (33 characters)`],
    );
    assert.equal(ring.dropped, 3);
  });
});
