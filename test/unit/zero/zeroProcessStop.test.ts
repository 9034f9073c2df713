// Stopping a run: stop() (SIGINT, then SIGTERM, then SIGKILL for the tree), dispose(), and the run's state.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promptInput } from '../../../src/protocol/input';
import { buildExecArgs } from '../../../src/zero/exec/execArgs';
import { explainExit } from '../../../src/zero/exec/exitReason';
import { startZeroRun, type ZeroRunOptions } from '../../../src/zero/process/zeroProcess';
import { isGone } from '../support/processes';
import { fakeRunEnv, FIXTURES, freshSandboxEach, type Sandbox, WIN } from '../support/zeroRunSandbox';
import { until } from '../../support/until';

describe('startZeroRun (against the fake zero)', function () {
  this.timeout(30000);
  let sb: Sandbox;
  let binary: string;
  freshSandboxEach((s, b) => ([sb, binary] = [s, b]));
  const { envFor } = fakeRunEnv(() => sb);

  it('stop() on a slow run interrupts it (130) and the process and its group are gone', async function () {
    let started = false;
    const run = startZeroRun({
      binary,
      args: buildExecArgs({ cwd: sb.ws }).args,
      cwd: sb.ws,
      env: envFor('slow', { FAKE_ZERO_DELAY_MS: '200' }),
      input: promptInput('take your time'),
      // Long enough that a loaded machine cannot make SIGTERM look like SIGINT's work.
      graceMs: 5000,
      onDecoded: (batch) => (started ||= batch.some((d) => d.kind === 'event' && d.event.type === 'run_start')),
    });
    assert.ok(run.pid);
    await until(() => started, 'the process started', 15_000);
    const t0 = Date.now();
    await Promise.all([run.stop(), run.stop()]);
    const exit = await run.exited;
    assert.equal(exit.stopRequested, true);
    if (WIN) {
      assert.equal(explainExit(exit).kind, 'interrupted');
    } else {
      assert.ok(Date.now() - t0 < 4500, `SIGINT was enough (took ${Date.now() - t0} ms)`);
      assert.equal(exit.sawRunEnd, true);
      assert.equal(exit.runEndExitCode, 130);
      assert.equal(exit.runEndStatus, 'interrupted');
      assert.equal(exit.code, 130);
      assert.equal(isGone(-run.pid), true, 'group gone');
    }
    assert.equal(isGone(run.pid), true, 'process gone');
    const explained = explainExit(exit);
    assert.deepEqual([explained.kind, explained.message], ['interrupted', 'Stopped.']);
    await run.stop(); // still idempotent afterwards
  });

  it('a process that ignores SIGINT and SIGTERM is killed, with its grandchild, by the SIGKILL step', async function () {
    if (WIN) this.skip();
    const pidFile = path.join(sb.root, 'grandchild.pid');
    let started = false;
    const run = startZeroRun({
      binary: process.execPath,
      args: [path.join(FIXTURES, 'stubborn.js'), pidFile],
      cwd: sb.ws,
      input: '',
      graceMs: 200,
      onDecoded: () => (started = true),
    });
    await until(() => started && fs.existsSync(pidFile), 'the pid file', 15_000);
    const grandchild = Number(fs.readFileSync(pidFile, 'utf8'));
    assert.equal(isGone(grandchild), false);
    const t0 = Date.now();
    await run.stop();
    const exit = await run.exited;
    assert.ok(Date.now() - t0 >= 380, 'waited through SIGINT and SIGTERM');
    assert.equal(exit.signal, 'SIGKILL');
    assert.equal(exit.sawRunEnd, false);
    assert.equal(isGone(run.pid!), true);
    await until(() => isGone(grandchild), 'the grandchild is gone', 10000);
    assert.equal(explainExit(exit).kind, 'interrupted');
  });

  it('dispose() kills at once and stops the callbacks', async function () {
    let calls = 0;
    const run = startZeroRun({
      binary,
      args: buildExecArgs({ cwd: sb.ws }).args,
      cwd: sb.ws,
      env: envFor('slow', { FAKE_ZERO_DELAY_MS: '100' }),
      input: promptInput('x'),
      onDecoded: () => calls++,
    });
    await until(() => calls > 0, 'a call', 15_000);
    run.dispose();
    run.dispose();
    const seen = calls;
    const exit = await run.exited;
    assert.equal(calls, seen);
    assert.equal(exit.stopRequested, true);
    assert.equal(exit.sawRunEnd, false);
    if (!WIN) assert.equal(exit.signal, 'SIGKILL');
    assert.equal(isGone(run.pid!), true);
  });
});

describe("a run's state", function () {
  this.timeout(30000);
  let sb: Sandbox;
  let binary: string;
  freshSandboxEach((s, b) => ([sb, binary] = [s, b]));
  const start = (scenario: string, extra: Record<string, string> = {}, more: Partial<ZeroRunOptions> = {}) =>
    startZeroRun({
      binary,
      args: buildExecArgs({ cwd: sb.ws }).args,
      cwd: sb.ws,
      env: { FAKE_ZERO_SCENARIO: scenario, XDG_DATA_HOME: sb.data, ...extra },
      input: promptInput('x'),
      ...more,
    });

  it('running, then finished as ended; a late stop or dispose changes nothing', async () => {
    const run = start('plain');
    assert.deepEqual(run.state, { phase: 'running' });
    const exit = await run.exited;
    assert.deepEqual(run.state, { phase: 'finished', outcome: 'ended' });
    assert.equal(exit.outcome, 'ended');
    await run.stop();
    run.dispose();
    assert.deepEqual(run.state, { phase: 'finished', outcome: 'ended' });
  });

  it('an exit without run_end is crashed, not ended', async () => {
    const run = start('crash');
    assert.equal((await run.exited).outcome, 'crashed');
    assert.deepEqual(run.state, { phase: 'finished', outcome: 'crashed' });
  });

  it('stop: stopping while the process lives, then finished as stopped', async () => {
    let started = false;
    const run = start('slow', { FAKE_ZERO_DELAY_MS: '100' }, { onDecoded: () => (started = true) });
    await until(() => started, 'the process started', 15_000);
    const stopping = run.stop();
    assert.deepEqual(run.state, { phase: 'stopping', by: 'stop' });
    await stopping;
    assert.deepEqual(run.state, { phase: 'finished', outcome: 'stopped' });
    assert.equal((await run.exited).outcome, 'stopped');
  });

  it('dispose during a stop wins: finished as disposed, and no callback after it', async () => {
    let calls = 0;
    const run = start('slow', { FAKE_ZERO_DELAY_MS: '100' }, { onDecoded: () => calls++ });
    await until(() => calls > 0, 'a call', 15_000);
    void run.stop();
    run.dispose();
    assert.deepEqual(run.state, { phase: 'stopping', by: 'dispose' });
    const seen = calls;
    const exit = await run.exited;
    assert.equal(calls, seen);
    assert.equal(exit.outcome, 'disposed');
    assert.equal(exit.stopRequested, true);
  });

  it('a binary that cannot start is spawn-failed', async () => {
    const run = startZeroRun({ binary: path.join(sb.root, 'missing'), args: [], cwd: sb.ws, input: '' });
    assert.equal((await run.exited).outcome, 'spawn-failed');
    assert.deepEqual(run.state, { phase: 'finished', outcome: 'spawn-failed' });
  });
});
