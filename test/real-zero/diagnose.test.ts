// Zero: Diagnose against the real Zero 0.8.0 and the scripted model: what a user would read in the report.
// It also checks what the sandbox check says about Zero against Zero's own verdict (zero doctor): Zero 0.8.0
// looks for zero-linux-sandbox on PATH (then bwrap), not next to its binary.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runDiagnose, type DiagnoseInput } from '../../src/diagnose/diagnose';
import type { CheckResult, DiagnoseReport } from '../../src/diagnose/report';
import { reportMarkdown } from '../../src/diagnose/reportMarkdown';
import { lookPath } from '../../src/diagnose/checks/sandboxCheck';
import { resolveSettings } from '../../src/zero/config/settingsSources';
import { makeSandbox, realZeroBin, type Sandbox } from './lib/realZero';

describe('real Zero: Zero: Diagnose', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  beforeEach(async () => (sandbox = await makeSandbox({ modelsFetch: true })));
  afterEach(async () => sandbox.dispose());

  const binDir = () => path.dirname(realZeroBin());

  function diagnose(env: Record<string, string> = sandbox.env): Promise<DiagnoseReport> {
    const settings = resolveSettings((key) => ({ globalValue: { path: realZeroBin(), env }[key] }));
    const input: DiagnoseInput = {
      settings,
      ignoredFromFiles: [],
      trusted: true,
      cwd: sandbox.workspace,
      log: [],
      about: [{ label: 'Extension', value: 'Zero for VS Code (real-Zero test)' }],
      clientVersion: '0.0.0-test',
    };
    return runDiagnose(input);
  }
  const check = (r: DiagnoseReport, id: string): CheckResult => r.checks.find((c) => c.id === id)!;
  /** The helpers scripts/install-zero.sh puts beside zero: a missing one is named, not left to a detail's diff. */
  function assertHelpersInstalled(...helpers: string[]): void {
    const missing = helpers.filter((h) => !fs.existsSync(path.join(binDir(), h)));
    if (missing.length > 0)
      assert.fail(
        `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing beside ${realZeroBin()}: ` +
          'scripts/install-zero.sh installs zero, zero-linux-sandbox and zero-seccomp there (docs/real-zero.md)',
      );
  }
  const value = (c: CheckResult, label: string) => c.details.find((d) => d.label === label)?.value;

  it('the binary, its version, the provider and its models, the ACP handshake and doctor: all ok, no secret', async () => {
    const report = await diagnose();
    const binary = check(report, 'binary');
    assert.equal(binary.status, 'ok', binary.finding);
    assert.equal(binary.finding, `Zero 0.8.0 at ${realZeroBin()}, found from "zero.path" in your user settings.`);
    assert.equal(value(binary, 'zero --version'), 'zero 0.8.0');

    const provider = check(report, 'provider');
    assert.equal(provider.status, 'ok', provider.finding);
    assert.equal(provider.finding, 'scripted (openai-compatible), model scripted-1: the provider lists 1 model.');
    assert.equal(value(provider, 'Models (1)'), 'scripted-1');
    assert.equal(value(provider, 'Base URL'), sandbox.server.baseURL);
    assert.equal(value(provider, 'API key'), 'set');
    assert.ok(
      sandbox.server.requests.some((r) => r.method === 'GET' && r.path === '/v1/models'),
      'Zero asked the provider',
    );

    const acp = check(report, 'acp');
    assert.equal(acp.status, 'ok', acp.finding);
    assert.equal(acp.finding, 'zero acp answered initialize: ACP protocol 1, zero 0.8.0.');
    assert.equal(value(acp, 'Load session'), 'yes');
    assert.equal(value(acp, 'Prompt content'), 'image yes, audio no, embedded context no');
    assert.equal(value(acp, 'Auth methods'), 'none (Zero uses its own provider config)');

    const doctor = check(report, 'doctor');
    assert.equal(doctor.status, 'ok', doctor.finding);
    assert.equal(value(doctor, 'Provider config (pass)'), 'Provider config loaded for scripted.');

    const md = reportMarkdown(report);
    assert.ok(!md.includes('sk-scripted-test') && !JSON.stringify(report).includes('sk-scripted-test'), 'the key');
    assert.ok(md.includes('### Zero CLI: ok'), md);
    // The copied report names the provider's host only once the user shows it on the page.
    const host = new URL(sandbox.server.baseURL).host;
    assert.ok(md.includes('- **Base URL:** `http://[custom host]`') && !md.includes(host), md);
    assert.ok(reportMarkdown(report, true).includes(`- **Base URL:** \`${sandbox.server.baseURL}\``));
  });

  it("the sandbox helper on PATH is found; usable exactly when Zero's doctor says so (bwrap too)", async () => {
    assertHelpersInstalled('zero-linux-sandbox', 'zero-seccomp');
    const PATH = `${binDir()}:${sandbox.env.PATH ?? ''}`;
    const report = await diagnose({ ...sandbox.env, PATH });
    const s = check(report, 'sandbox');
    assert.equal(value(s, 'zero-linux-sandbox on PATH'), path.join(binDir(), 'zero-linux-sandbox'));
    assert.equal(value(s, 'zero-seccomp'), path.join(binDir(), 'zero-seccomp'));
    const bwrap = lookPath('bwrap', PATH, (p) => {
      try {
        const st = fs.statSync(p);
        return { isFile: st.isFile(), isDirectory: st.isDirectory(), executable: (st.mode & 0o111) !== 0 };
      } catch {
        return undefined;
      }
    });
    if (bwrap) {
      assert.equal(s.status, 'ok', s.finding);
      assert.match(value(s, 'Zero says') ?? '', /^pass: Native sandbox backend linux-bwrap is available/);
    } else {
      assert.equal(s.status, 'warning');
      assert.match(s.finding, /bubblewrap \(bwrap\) is not installed/);
      assert.equal(
        value(s, 'Zero says'),
        'warn: Native sandbox backend unavailable on linux: bubblewrap is not installed.',
      );
    }
  });

  it('the helper only next to zero: Zero does not use it, and the report says to add the folder to PATH', async () => {
    assertHelpersInstalled('zero-linux-sandbox');
    const PATH = (sandbox.env.PATH ?? '')
      .split(':')
      .filter((d) => d !== binDir())
      .join(':');
    const report = await diagnose({ ...sandbox.env, PATH });
    const s = check(report, 'sandbox');
    assert.equal(s.status, 'warning');
    assert.equal(value(s, 'zero-linux-sandbox next to zero'), path.join(binDir(), 'zero-linux-sandbox'));
    assert.match(s.finding, /is next to zero \(.*\) but that folder is not on PATH, where Zero 0\.8 looks for it/);
    assert.equal(
      value(s, 'Zero says'),
      'warn: Native sandbox backend unavailable on linux: Linux sandbox helper is not available.',
    );
  });

  it("without a provider: the provider check fails in Zero's words, and so does doctor", async () => {
    fs.rmSync(path.join(sandbox.configHome, 'zero', 'config.json'));
    const report = await diagnose();
    const provider = check(report, 'provider');
    assert.equal(provider.status, 'failed');
    assert.equal(provider.finding, 'No LLM provider is configured.');
    assert.match(value(provider, 'Models') ?? '', /no active provider configured/);
    assert.equal(check(report, 'doctor').status, 'failed');
    assert.equal(check(report, 'binary').status, 'ok');
  });
});
