/** Zero 0.8 or newer: an old one is refused with the reason, an unreadable one is tried with a warning. */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { checkZeroVersion, parseZeroVersion } from '../../../src/zero/binary/zeroVersion';
import { probeVersion } from '../../../src/zero/binary/probeVersion';

const FAKE = path.join(__dirname, '../..', 'fixtures', 'fake-zero', process.platform === 'win32' ? 'zero.cmd' : 'zero');

describe('Zero version check', () => {
  it('reads the `zero <version>` record, with or without v, patch, pre-release or build tag', () => {
    assert.deepEqual(parseZeroVersion('zero 0.8.0\n')?.parts, [0, 8, 0]);
    assert.deepEqual(parseZeroVersion('zero v1.2')?.parts, [1, 2, 0]);
    assert.equal(parseZeroVersion('zero 0.9.0-rc.1+demo')?.version, '0.9.0-rc.1+demo');
    assert.deepEqual(parseZeroVersion('ZERO-WORDMARK\n\nzero 0.10.3')?.parts, [0, 10, 3], 'after a terminal banner');
    for (const bad of ['zero dev', 'dev', '', '0.8.0', 'zero 0.8.0 extra words', 'zeroth 1.0'])
      assert.equal(parseZeroVersion(bad), null, bad);
  });

  it('0.8 and newer are fine, compared as numbers (0.10 > 0.8)', () => {
    for (const v of ['zero 0.8.0', 'zero 0.8.1', 'zero 0.10.0', 'zero 1.0.0', 'zero 0.8.0+fake'])
      assert.equal(checkZeroVersion(v).kind, 'ok', v);
  });

  it('an older Zero is refused with a clear message', () => {
    for (const v of ['zero 0.7.9', 'zero 0.1', 'zero v0.7.2']) {
      const verdict = checkZeroVersion(v);
      assert.equal(verdict.kind, 'old', v);
      assert.match(
        verdict.kind === 'old' ? verdict.message : '',
        /is too old: Zero for VS Code needs Zero 0\.8 or newer/,
      );
    }
  });

  it('an unreadable version or no answer: still tried, and the message says so', () => {
    for (const v of ['zero dev', null, 'something else']) {
      const verdict = checkZeroVersion(v);
      assert.equal(verdict.kind, 'unknown');
      assert.match(
        verdict.kind === 'unknown' ? verdict.message : '',
        /Could not tell which Zero version.*needs Zero 0\.8 or newer; it will try anyway/,
      );
    }
  });

  describe('against the fake zero', () => {
    const saved = { version: process.env.FAKE_ZERO_VERSION, label: process.env.FAKE_ZERO_LABEL };
    afterEach(() => {
      for (const [k, v] of [
        ['FAKE_ZERO_VERSION', saved.version],
        ['FAKE_ZERO_LABEL', saved.label],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    });

    it('answers like the real one and is recognised as the demo fake', async () => {
      const v = await probeVersion(FAKE);
      assert.equal(v?.text, 'zero 0.8.0+fake');
      assert.equal(v?.demo, true);
      assert.equal(checkZeroVersion(v!.text).kind, 'ok');
      process.env.FAKE_ZERO_LABEL = '';
      const real = await probeVersion(FAKE);
      assert.equal(real?.text, 'zero 0.8.0', 'exactly the real record');
      assert.equal(real?.demo, false);
    });

    it('FAKE_ZERO_VERSION simulates an old or an unreadable Zero', async () => {
      process.env.FAKE_ZERO_VERSION = '0.7.2';
      assert.equal(checkZeroVersion((await probeVersion(FAKE))!.text).kind, 'old');
      process.env.FAKE_ZERO_VERSION = 'dev';
      assert.equal(checkZeroVersion((await probeVersion(FAKE))!.text).kind, 'unknown');
    });
  });
});
