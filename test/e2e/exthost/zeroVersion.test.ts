// Zero 0.8 or newer: an old Zero is shown as unavailable with the reason; an unreadable version is
// tried, with a note. The fake answers `--version` like the real one; FAKE_ZERO_VERSION simulates others
// (the probe inherits the extension host's environment).
import * as assert from 'node:assert/strict';
import { api, freshChat, turnDone } from './helpers';

describe('Zero version check (extension host, fake zero)', function () {
  const saved = process.env.FAKE_ZERO_VERSION;

  beforeEach(async function () {
    await freshChat();
  });

  afterEach(async function () {
    if (saved === undefined) delete process.env.FAKE_ZERO_VERSION;
    else process.env.FAKE_ZERO_VERSION = saved;
    await (await api()).recheckBinary();
  });

  it('the current fake (0.8.0) is fine: no problem, no note', async function () {
    const a = await api();
    await a.recheckBinary();
    assert.equal(a.controller.view.binary.ok, true);
    assert.equal(a.controller.view.binary.note ?? null, null);
  });

  it('an older Zero is unavailable, and the view says why', async function () {
    const a = await api();
    process.env.FAKE_ZERO_VERSION = '0.7.2';
    await a.recheckBinary();
    assert.equal(a.controller.view.binary.ok, false);
    assert.match(
      a.controller.view.binary.problem ?? '',
      /Zero 0\.7\.2(\+fake)? is too old: Zero for VS Code needs Zero 0\.8 or newer/,
    );
    assert.equal(a.controller.viewState().binary.ok, false, 'the chat view shows it (and disables Send)');
  });

  it('an unreadable version is tried anyway, with a note that says so', async function () {
    const a = await api();
    process.env.FAKE_ZERO_VERSION = 'dev';
    await a.recheckBinary();
    assert.equal(a.controller.view.binary.ok, true);
    assert.match(a.controller.viewState().binary.note ?? '', /Could not tell which Zero version.*it will try anyway/);
    a.controller.send('still works? scenario:echo');
    assert.equal((await turnDone(a, 1)).status, 'success');
  });
});
