// The Linux sandbox helper, where Zero 0.8.0 looks for it: on PATH (with bwrap on PATH), not next to zero.
import * as assert from 'node:assert/strict';
import { fakeInput, ok, runCheck, settings, valueOf } from './fakeMachine';
import { DOCTOR_CONFIGURED } from './zeroOutput';

const PASS = JSON.stringify({
  ok: true,
  checks: [
    {
      id: 'sandbox.backend',
      label: 'Sandbox backend',
      status: 'pass',
      message: 'Native sandbox backend linux-bwrap is available.',
      details: { backend: 'linux-bwrap' },
    },
  ],
});

describe('diagnose: the Linux sandbox helper', () => {
  it('does not apply off Linux', async () => {
    for (const platform of ['darwin', 'win32'] as const) {
      const r = await runCheck(fakeInput({ platform, files: {} }), 'sandbox');
      assert.equal(r.status, 'skipped');
      assert.equal(
        r.finding,
        `Not applicable on ${platform}: zero-linux-sandbox is Zero's sandbox helper for Linux only.`,
      );
    }
  });

  it('is skipped without a Zero CLI', async () => {
    const r = await runCheck(fakeInput({ files: { '/usr/bin/zero-linux-sandbox': 'exe' } }), 'sandbox');
    assert.equal(r.status, 'skipped');
  });

  it('ok when Zero says its native sandbox is available, with where the files are', async () => {
    const r = await runCheck(
      fakeInput({
        path: '/home/me/.local/bin:/usr/bin',
        files: {
          '/home/me/.local/bin/zero': 'exe',
          '/home/me/.local/bin/zero-linux-sandbox': 'exe',
          '/home/me/.local/bin/zero-seccomp': 'exe',
          '/usr/bin/bwrap': 'exe',
        },
        cli: { 'doctor --json': ok(PASS) },
      }),
      'sandbox',
    );
    assert.equal(r.status, 'ok');
    assert.equal(
      r.finding,
      "zero-linux-sandbox is at /home/me/.local/bin/zero-linux-sandbox and Zero's native sandbox is available.",
    );
    assert.equal(valueOf(r, 'bubblewrap (bwrap) on PATH'), '/usr/bin/bwrap');
    assert.equal(valueOf(r, 'zero-seccomp'), '/home/me/.local/bin/zero-seccomp');
    assert.equal(valueOf(r, 'Zero says'), 'pass: Native sandbox backend linux-bwrap is available.');
  });

  it('next to zero but not on PATH: says Zero looks on PATH, and which folder to add', async () => {
    const r = await runCheck(
      fakeInput({
        settings: settings({ path: '/opt/zero/bin/zero' }),
        path: '/usr/bin',
        files: { '/opt/zero/bin/zero': 'exe', '/opt/zero/bin/zero-linux-sandbox': 'exe', '/usr/bin/bwrap': 'exe' },
        cli: { 'doctor --json': ok(DOCTOR_CONFIGURED) },
      }),
      'sandbox',
    );
    assert.equal(r.status, 'warning');
    assert.match(
      r.finding,
      /^zero-linux-sandbox is next to zero \(\/opt\/zero\/bin\) but that folder is not on PATH, where Zero 0\.8 looks for it: add it to PATH\./,
    );
    assert.equal(valueOf(r, 'zero-linux-sandbox next to zero'), '/opt/zero/bin/zero-linux-sandbox');
    assert.equal(valueOf(r, 'zero-linux-sandbox on PATH'), 'not found');
  });

  it('looks next to the real binary behind a symlink, as Zero sees itself', async () => {
    const r = await runCheck(
      fakeInput({
        path: '/usr/local/bin',
        files: { '/usr/local/bin/zero': 'exe', '/opt/zero/zero-linux-sandbox': 'exe' },
        realpath: { '/usr/local/bin/zero': '/opt/zero/zero' },
        cli: { 'doctor --json': ok(DOCTOR_CONFIGURED) },
      }),
      'sandbox',
    );
    assert.equal(valueOf(r, 'zero-linux-sandbox next to zero'), '/opt/zero/zero-linux-sandbox');
  });

  it('missing everywhere: a warning saying shell commands run without the sandbox', async () => {
    const r = await runCheck(
      fakeInput({ files: { '/usr/bin/zero': 'exe' }, cli: { 'doctor --json': ok(DOCTOR_CONFIGURED) } }),
      'sandbox',
    );
    assert.equal(r.status, 'warning');
    assert.match(r.finding, /^zero-linux-sandbox was not found: Zero runs shell commands without its native sandbox\./);
    assert.equal(
      valueOf(r, 'Zero says'),
      'warn: Native sandbox backend unavailable on linux: Linux sandbox helper is not available.',
    );
  });

  it('on PATH without bubblewrap: names bwrap as what is missing', async () => {
    const r = await runCheck(
      fakeInput({
        files: { '/usr/bin/zero': 'exe', '/usr/bin/zero-linux-sandbox': 'exe' },
        cli: { 'doctor --json': ok(DOCTOR_CONFIGURED) },
      }),
      'sandbox',
    );
    assert.equal(r.status, 'warning');
    assert.match(r.finding, /bubblewrap \(bwrap\) is not installed/);
  });

  it("zero.env's PATH is the one Zero sees", async () => {
    const input = fakeInput({
      path: '/usr/bin',
      files: { '/usr/bin/zero': 'exe', '/custom/zero-linux-sandbox': 'exe', '/custom/bwrap': 'exe' },
      cli: { 'doctor --json': ok(PASS) },
    });
    const r = await runCheck(
      { ...input, settings: { ...input.settings, env: { PATH: '/custom:/usr/bin' } } },
      'sandbox',
    );
    assert.equal(valueOf(r, 'zero-linux-sandbox on PATH'), '/custom/zero-linux-sandbox');
  });
});
