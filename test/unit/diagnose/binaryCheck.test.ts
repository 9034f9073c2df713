import * as assert from 'node:assert/strict';
import { fakeInput, runCheck, settings, valueOf } from './fakeMachine';

describe('diagnose: the Zero CLI check', () => {
  it('names the binary, says it came from the user setting, and its supported version', async () => {
    const r = await runCheck(
      fakeInput({ settings: settings({ path: '/opt/zero/zero' }), files: { '/opt/zero/zero': 'exe' } }),
      'binary',
    );
    assert.equal(r.status, 'ok');
    assert.equal(r.finding, 'Zero 0.8.0 at /opt/zero/zero, found from "zero.path" in your user settings.');
    assert.equal(valueOf(r, 'zero --version'), 'zero 0.8.0');
    assert.equal(valueOf(r, 'Supported'), 'Zero 0.8 or newer');
  });

  it('on PATH, and the real path behind a symlink', async () => {
    const r = await runCheck(
      fakeInput({
        files: { '/usr/bin/zero': 'exe' },
        realpath: { '/usr/bin/zero': '/opt/zero-0.8.0/bin/zero' },
      }),
      'binary',
    );
    assert.equal(valueOf(r, 'Found'), 'on PATH');
    assert.equal(valueOf(r, 'Real path'), '/opt/zero-0.8.0/bin/zero');
  });

  it('in a usual install folder that is not on PATH, saying so', async () => {
    const r = await runCheck(fakeInput({ files: { '/home/me/.local/bin/zero': 'exe' } }), 'binary');
    assert.equal(r.status, 'ok');
    assert.equal(valueOf(r, 'Found'), 'in /home/me/.local/bin, a usual install folder (not on PATH)');
  });

  it('fails when nothing is found, with where it looked', async () => {
    const r = await runCheck(fakeInput({ files: {} }), 'binary');
    assert.equal(r.status, 'failed');
    assert.match(r.finding, /^Zero CLI not found on PATH or in the usual install locations/);
    assert.match(
      valueOf(r, 'Looked for') ?? '',
      /^\/usr\/local\/bin\/zero\n\/usr\/bin\/zero\n\/home\/me\/\.local\/bin\/zero/,
    );
  });

  it('fails for a "zero.path" that does not exist, without trying another zero', async () => {
    const r = await runCheck(
      fakeInput({ settings: settings({ path: '/nope/zero' }), files: { '/usr/bin/zero': 'exe' } }),
      'binary',
    );
    assert.equal(r.status, 'failed');
    assert.equal(r.finding, '"zero.path" is set to /nope/zero, which does not exist.');
  });

  it('fails for a Zero older than 0.8, and warns for one whose version it cannot read', async () => {
    const old = await runCheck(fakeInput({ files: { '/usr/bin/zero': 'exe' }, version: 'zero 0.7.3' }), 'binary');
    assert.equal(old.status, 'failed');
    assert.match(old.finding, /^Zero 0\.7\.3 is too old: Zero for VS Code needs Zero 0\.8 or newer/);
    const dev = await runCheck(fakeInput({ files: { '/usr/bin/zero': 'exe' }, version: 'zero dev' }), 'binary');
    assert.equal(dev.status, 'warning');
    assert.match(dev.finding, /Could not tell which Zero version this is/);
    const silent = await runCheck(fakeInput({ files: { '/usr/bin/zero': 'exe' }, version: null }), 'binary');
    assert.equal(silent.status, 'warning');
    assert.equal(valueOf(silent, 'zero --version'), 'did not answer within 5 s');
  });

  it('warns that the demo agent is not a real Zero', async () => {
    const r = await runCheck(
      fakeInput({ files: { '/usr/bin/zero': 'exe' }, version: 'zero 0.8.0 (fake demo agent)' }),
      'binary',
    );
    assert.equal(r.status, 'warning');
    assert.match(r.finding, /is the demo agent, not a real Zero/);
  });
});
