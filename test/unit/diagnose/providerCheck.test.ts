import * as assert from 'node:assert/strict';
import { runDiagnose } from '../../../src/diagnose/diagnose';
import { reportHtml } from '../../../src/diagnose/reportHtml';
import { reportMarkdown } from '../../../src/diagnose/reportMarkdown';
import { fakeInput, ok, runCheck, settings, valueOf } from './fakeMachine';
import { DOCTOR_CONFIGURED, DOCTOR_NO_PROVIDER, NO_ACTIVE_PROVIDER, PROVIDER_MODELS } from './zeroOutput';

const files = { '/usr/bin/zero': 'exe' } as const;

describe('diagnose: provider and models, and zero doctor', () => {
  it("names the provider from zero doctor and lists the provider's models", async () => {
    const input = fakeInput({
      files,
      cli: { 'doctor --json': ok(DOCTOR_CONFIGURED), 'providers models --json': ok(PROVIDER_MODELS) },
      settings: settings({ env: { OPENAI_API_KEY: 'sk-live-0123456789abcdef' } }),
    });
    const r = await runCheck(input, 'provider');
    assert.equal(r.status, 'ok');
    assert.equal(r.finding, 'scripted (openai-compatible), model scripted-1: the provider lists 1 model.');
    assert.equal(valueOf(r, 'Base URL'), 'http://127.0.0.1:40705/v1');
    assert.equal(valueOf(r, 'API key'), 'set');
    assert.equal(valueOf(r, 'Models (1)'), 'scripted-1');
    assert.match(valueOf(r, 'Model check (warn)') ?? '', /^Custom openai-compatible model was not found/);
    // Zero ran as a chat runs it: in the workspace folder, with zero.env.
    for (const call of input.calls) {
      assert.equal(call.cwd, '/work/project');
      assert.equal(call.env.OPENAI_API_KEY, 'sk-live-0123456789abcdef');
    }
  });

  it("fails with Zero's words when no provider is configured", async () => {
    const r = await runCheck(
      fakeInput({
        files,
        cli: {
          'doctor --json': { code: 3, stdout: DOCTOR_NO_PROVIDER, stderr: '' },
          'providers models --json': { code: 3, stdout: '', stderr: NO_ACTIVE_PROVIDER },
        },
      }),
      'provider',
    );
    assert.equal(r.status, 'failed');
    assert.equal(r.finding, 'No LLM provider is configured.');
    assert.equal(
      valueOf(r, 'Models'),
      'zero providers models --json failed (exit 3): [zero] no active provider configured',
    );
  });

  it('warns when the provider is configured but its models cannot be listed', async () => {
    const r = await runCheck(
      fakeInput({
        files,
        cli: {
          'doctor --json': ok(DOCTOR_CONFIGURED),
          'providers models --json': {
            code: 3,
            stdout: '',
            stderr: '[zero] Get "http://127.0.0.1:9/v1/models": connection refused\n',
          },
        },
      }),
      'provider',
    );
    assert.equal(r.status, 'warning');
    assert.match(
      r.finding,
      /^scripted: its models could not be listed \(zero providers models --json failed \(exit 3\): .*connection refused\)\.$/,
    );
  });

  it("the page and the copied report show the base URL's scheme and [custom host] until the user reveals it", async () => {
    const refused = '[zero] Get "http://127.0.0.1:40705/v1/models": dial tcp 127.0.0.1:40705: connection refused\n';
    const input = fakeInput({
      files,
      cli: {
        'doctor --json': ok(DOCTOR_CONFIGURED),
        'providers models --json': { code: 3, stdout: '', stderr: refused },
      },
    });
    const report = await runDiagnose(input);
    const page = { cspSource: 'vscode-resource:', nonce: 'n', styleUri: 'vscode-resource:/d.css' };
    const hidden = [reportMarkdown(report), reportHtml(report, page)];
    for (const text of hidden) {
      assert.ok(!text.includes('127.0.0.1'), `the host shows:\n${text}`);
      assert.ok(text.includes('http://[custom host]'), text);
    }
    assert.ok(hidden[0]!.includes('- **Base URL:** `http://[custom host]`'), hidden[0]);
    assert.ok(
      hidden[0]!.includes('Get "http://[custom host]/models": dial tcp [custom host]: connection refused'),
      hidden[0],
    );
    assert.match(
      hidden[1]!,
      /<button type="button" id="reveal" aria-pressed="false">Show the provider's host<\/button>/,
    );

    const md = reportMarkdown(report, true);
    assert.ok(md.includes('- **Base URL:** `http://127.0.0.1:40705/v1`'), md);
    const html = reportHtml(report, page, { reveal: true, toggled: true });
    assert.ok(html.includes('<code>http://127.0.0.1:40705/v1</code>'), 'revealed on the page');
    assert.match(html, /id="reveal" aria-pressed="true">Hide the provider's host</);
    assert.match(html, /<body data-focus="reveal">/, 'the focus stays on the button that wrote the page again');
  });

  it('is skipped without a Zero CLI', async () => {
    const r = await runCheck(fakeInput({ files: {} }), 'provider');
    assert.equal(r.status, 'skipped');
  });

  it('zero doctor: passes with its warnings listed, fails with the failing checks named', async () => {
    const passed = await runCheck(fakeInput({ files, cli: { 'doctor --json': ok(DOCTOR_CONFIGURED) } }), 'doctor');
    assert.equal(passed.status, 'ok');
    assert.equal(passed.finding, 'zero doctor passed its 8 checks (4 warnings, below).');
    assert.equal(valueOf(passed, 'Provider config (pass)'), 'Provider config loaded for scripted.');
    const failed = await runCheck(
      fakeInput({ files, cli: { 'doctor --json': { code: 3, stdout: DOCTOR_NO_PROVIDER, stderr: '' } } }),
      'doctor',
    );
    assert.equal(failed.status, 'failed');
    assert.equal(failed.finding, 'zero doctor: Provider config: No LLM provider is configured.');
  });

  it('zero doctor: an older Zero without it fails with what Zero said; it runs once for every check that reads it', async () => {
    const input = fakeInput({ files, cli: {} });
    const report = await runDiagnose(input);
    const doctor = report.checks.find((c) => c.id === 'doctor')!;
    assert.equal(doctor.status, 'failed');
    assert.equal(
      doctor.finding,
      'zero doctor --json printed no report (exit 2): [zero] unknown command "doctor --json"',
    );
    const sandbox = report.checks.find((c) => c.id === 'sandbox')!;
    assert.match(valueOf(sandbox, 'Zero says') ?? '', /^no verdict: zero doctor --json printed no report/);
    assert.equal(input.calls.filter((c) => c.args[0] === 'doctor').length, 1);
  });
});
