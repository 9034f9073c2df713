// No process outlives its run, not even helpers in sessions of their own (Linux).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promptInput } from '../../../src/protocol/input';
import { buildExecArgs } from '../../../src/zero/exec/execArgs';
import { startZeroRun } from '../../../src/zero/process/zeroProcess';
import { isDead } from '../support/processes';
import { fakeBinary, makeSandbox, type Sandbox } from '../support/zeroRunSandbox';
import { until } from '../../support/until';

describe('no process outlives its run (Linux: setsid children too)', function () {
  // Real processes: starting three node processes and stopping them takes seconds on a loaded machine.
  this.timeout(60000);
  let sb: Sandbox;
  let binary: string;
  beforeEach(function () {
    if (process.platform !== 'linux') this.skip();
    sb = makeSandbox();
    binary = fakeBinary();
  });
  afterEach(() => sb && fs.rmSync(sb.root, { recursive: true, force: true }));

  /** The helpers' pids once the fake has written both files (a file can exist before its pid is in it). */
  const readPids = (): number[] | undefined => {
    const out: number[] = [];
    for (const f of ['session-child.pid', 'orphan.pid']) {
      let pid = NaN;
      try {
        pid = Number(fs.readFileSync(path.join(sb.root, f), 'utf8').trim());
      } catch {
        // not written yet
      }
      if (!Number.isInteger(pid) || pid <= 1) return undefined;
      out.push(pid);
    }
    return out;
  };
  const haveChildren = (): boolean => readPids() !== undefined;
  const pids = (): number[] => {
    const found = readPids();
    assert.ok(found, 'the fake wrote both helper pids');
    return found;
  };
  const start = (slow: boolean, onDecoded?: () => void) =>
    startZeroRun({
      binary,
      args: buildExecArgs({ cwd: sb.ws }).args,
      cwd: sb.ws,
      env: {
        FAKE_ZERO_SCENARIO: 'session-children',
        FAKE_ZERO_PID_DIR: sb.root,
        XDG_DATA_HOME: sb.data,
        ...(slow ? { FAKE_ZERO_CHILDREN_SLOW: '1', FAKE_ZERO_DELAY_MS: '100' } : {}),
      },
      input: promptInput('start a helper'),
      ...(onDecoded ? { onDecoded } : {}),
    });
  /** The helpers live in sessions of their own, out of reach of the run's process group. */
  const assertOwnSessions = (children: number[], leader: number): void => {
    for (const pid of children) {
      const fields = fs
        .readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      assert.notEqual(Number(fields[2]), leader, `${pid} is not in the run's process group`);
    }
  };

  it('after a normal end', async () => {
    const run = start(false);
    const exit = await run.exited;
    assert.equal(exit.outcome, 'ended');
    const children = pids();
    await until(() => children.every(isDead), 'every child is dead', 15_000);
  });

  it('after stop', async () => {
    let started = false;
    const run = start(true, () => (started = true));
    await until(() => started && haveChildren(), 'the children started', 15_000);
    const children = pids();
    assert.ok(
      children.every((p) => !isDead(p)),
      'the helpers run while the turn runs',
    );
    assertOwnSessions(children, run.pid!);
    await run.stop();
    assert.equal((await run.exited).outcome, 'stopped');
    await until(() => children.every(isDead), 'every child is dead', 15_000);
  });

  it('after dispose', async () => {
    let started = false;
    const run = start(true, () => (started = true));
    await until(() => started && haveChildren(), 'the children started', 15_000);
    const children = pids();
    assertOwnSessions(children, run.pid!);
    run.dispose();
    assert.equal((await run.exited).outcome, 'disposed');
    await until(() => children.every(isDead), 'every child is dead', 15_000);
  });
});
