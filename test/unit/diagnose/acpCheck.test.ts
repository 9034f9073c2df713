// The ACP handshake check against the fake `zero acp` (kept equal to the real one by
// test/real-zero/acpDifferential.test.ts), a binary that is not there, and one that never answers.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { acpCheck } from '../../../src/diagnose/checks/acpCheck';
import { ZeroProbes } from '../../../src/diagnose/zeroProbes';
import { fakeInput, runCheck, settings, valueOf } from './fakeMachine';

const FAKE_ZERO = path.resolve(__dirname, '../../fixtures/fake-zero/zero');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('diagnose: the ACP handshake', function () {
  this.timeout(20_000);
  let tmp: string;
  beforeEach(() => (tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-diagnose-acp-'))));
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  /**
   * A `zero` that starts, writes its pid, and never answers anything. A shell script, not Node: it writes
   * its pid in milliseconds even on a loaded machine, well inside the 0.5 s handshake limit.
   */
  function silentZero(): { bin: string; pidFile: string } {
    const bin = path.join(tmp, 'zero');
    const pidFile = path.join(tmp, 'pid');
    fs.writeFileSync(bin, `#!/bin/sh\necho $$ > '${pidFile}'\nexec sleep 600\n`);
    fs.chmodSync(bin, 0o755);
    return { bin, pidFile };
  }

  const input = (bin: string, handshakeMs?: number) =>
    fakeInput(
      { settings: settings({ path: bin }), files: { [bin]: 'exe' } },
      {
        cwd: tmp,
        machine: {
          ...fakeInput({}).machine,
          stat: () => ({ isFile: true, isDirectory: false, executable: true }),
          ...(handshakeMs ? { acpHandshakeMs: handshakeMs } : {}),
        },
      },
    );

  it('reports what zero acp advertises in initialize', async () => {
    const r = await runCheck(input(FAKE_ZERO), 'acp');
    assert.equal(r.status, 'ok', r.finding);
    assert.match(r.finding, /^zero acp answered initialize: ACP protocol 1, zero 0\.8\.0/);
    assert.equal(valueOf(r, 'Protocol version'), '1');
    assert.equal(valueOf(r, 'Load session'), 'yes');
    assert.equal(valueOf(r, 'Prompt content'), 'image yes, audio no, embedded context no');
    assert.equal(valueOf(r, 'Auth methods'), 'none (Zero uses its own provider config)');
  });

  it('fails clearly when the binary cannot start', async () => {
    const r = await runCheck(input(path.join(tmp, 'missing-zero')), 'acp');
    assert.equal(r.status, 'failed');
    assert.match(r.finding, /^zero acp could not start: ENOENT/);
  });

  it('a zero acp that never answers: fails at the handshake limit, and the process is killed', async () => {
    const { bin, pidFile } = silentZero();
    const started = Date.now();
    const r = await runCheck(input(bin, 500), 'acp');
    assert.equal(r.status, 'failed');
    assert.equal(r.finding, 'zero acp did not answer initialize within 0.5 s.');
    assert.ok(Date.now() - started < 5_000, 'no waiting beyond the limit and a short shutdown');
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    assert.equal(alive(pid), false, 'the silent zero acp was killed');
  });

  it("stopped from outside (the report's time limit): the process is killed at once", async () => {
    const { bin, pidFile } = silentZero();
    const probes = new ZeroProbes({
      configuredPath: bin,
      zeroEnv: {},
      cwd: tmp,
      platform: 'linux',
      hostEnv: {},
      stat: () => ({ isFile: true, isDirectory: false, executable: true }),
      probeVersion: () => Promise.resolve({ text: 'zero 0.8.0', demo: false }),
    });
    const check = acpCheck(probes, { clientVersion: 'test', handshakeMs: 60_000 });
    const abort = new AbortController();
    const running = check.run(abort.signal);
    for (let i = 0; i < 100 && !fs.existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 50));
    abort.abort();
    const r = await running;
    assert.equal(r.status, 'failed');
    assert.equal(r.finding, "zero acp was stopped at the report's time limit before it answered initialize.");
    assert.equal(alive(Number(fs.readFileSync(pidFile, 'utf8'))), false);
  });

  it('a zero acp that exits at once: says how it ended, with its stderr', async () => {
    const bin = path.join(tmp, 'zero');
    fs.writeFileSync(bin, "#!/usr/bin/env node\nprocess.stderr.write('zero crashed: boom\\n');\nprocess.exit(3);\n");
    fs.chmodSync(bin, 0o755);
    const r = await runCheck(input(bin), 'acp');
    assert.equal(r.status, 'failed');
    assert.equal(r.finding, 'zero acp exited (code 3) before answering initialize.');
    assert.equal(valueOf(r, 'stderr'), 'zero crashed: boom');
  });

  it('is skipped without a Zero CLI', async () => {
    const r = await runCheck(fakeInput({ files: {} }), 'acp');
    assert.equal(r.status, 'skipped');
  });
});
