import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Decoded } from '../../../src/protocol/decoded';
import { promptInput } from '../../../src/protocol/input';
import { buildExecArgs } from '../../../src/zero/execArgs';
import { explainExit } from '../../../src/zero/exitReason';
import { findZero } from '../../../src/zero/findZero';
import { killTree } from '../../../src/zero/killTree';
import { mergeEnv } from '../../../src/zero/mergeEnv';
import { StderrTail } from '../../../src/zero/stderrTail';
import { startZeroRun, type RunExit, type ZeroRunOptions } from '../../../src/zero/zeroProcess';
import { isDead, isGone, until } from '../support/processes';

const FIXTURES = path.resolve(__dirname, '../../fixtures');
const FAKE_DIR = path.join(FIXTURES, 'fake-zero');
const WIN = process.platform === 'win32';

interface Sandbox {
  root: string;
  ws: string;
  data: string;
  record: string;
}

function makeSandbox(): Sandbox {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-proc-'));
  const ws = path.join(root, 'ws');
  const data = path.join(root, 'data');
  fs.mkdirSync(ws);
  fs.mkdirSync(data);
  return { root, ws: fs.realpathSync(ws), data, record: path.join(root, 'record.jsonl') };
}

/** The fake zero, found the way the extension finds the real one. */
function fakeBinary(): string {
  const found = findZero({ configuredPath: path.join(FAKE_DIR, WIN ? 'zero.cmd' : 'zero') });
  assert.ok(found.ok, found.ok ? '' : found.reason);
  return found.path;
}

interface Collected {
  items: Decoded[];
  batches: number;
  stderr: string;
  exit: RunExit;
}

async function collect(opts: ZeroRunOptions): Promise<Collected> {
  const items: Decoded[] = [];
  let batches = 0;
  let stderr = '';
  const run = startZeroRun({
    ...opts,
    onDecoded: (batch) => {
      batches++;
      items.push(...batch);
    },
    onStderr: (text) => (stderr += text),
  });
  const exit = await run.exited;
  return { items, batches, stderr, exit };
}

/** Each test gets a fresh sandbox and fake binary (`set`), removed after it. */
function freshSandboxEach(set: (sb: Sandbox, binary: string) => void): void {
  let root: string | undefined;
  beforeEach(() => {
    const sb = makeSandbox();
    root = sb.root;
    set(sb, fakeBinary());
  });
  afterEach(() => root && fs.rmSync(root, { recursive: true, force: true }));
}

const events = (items: readonly Decoded[]) => items.flatMap((d) => (d.kind === 'event' ? [d.event] : []));

describe('startZeroRun (against the fake zero)', function () {
  this.timeout(30000);
  let sb: Sandbox;
  let binary: string;
  freshSandboxEach((s, b) => ([sb, binary] = [s, b]));

  const envFor = (scenario: string, extra: Record<string, string> = {}) => ({
    FAKE_ZERO_SCENARIO: scenario,
    FAKE_ZERO_RECORD: sb.record,
    XDG_DATA_HOME: sb.data,
    ...extra,
  });
  const records = (): Array<{ argv: string[]; stdin: string | null; cwd: string; env: Record<string, string> }> =>
    fs
      .readFileSync(sb.record, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));

  it('plain: events arrive decoded, batched per chunk, and end with run_end', async () => {
    const { args } = buildExecArgs({ cwd: sb.ws });
    const { items, batches, exit } = await collect({
      binary,
      args,
      cwd: sb.ws,
      env: envFor('plain'),
      input: promptInput('Hello'),
    });
    const evs = events(items);
    assert.ok(evs.length >= 3, `got ${evs.length} events`);
    assert.equal(evs[0]!.type, 'run_start');
    assert.equal(evs.at(-1)!.type, 'run_end');
    assert.ok(evs.some((e) => e.type === 'final'));
    assert.ok(batches >= 1 && batches <= items.length);
    assert.deepEqual(
      items.filter((d) => d.kind === 'problem'),
      [],
    );
    assert.equal(exit.code, 0);
    assert.equal(exit.signal, null);
    assert.equal(exit.sawRunEnd, true);
    assert.equal(exit.runEndExitCode, 0);
    assert.equal(exit.spawnError, undefined);
    assert.equal(explainExit(exit).kind, 'success');
  });

  it('the input reaches stdin byte for byte, argv is what buildExecArgs made, and the env is merged', async () => {
    const input = promptInput('Fix the "bug" in <main.ts> & say help -- --resume x 🙂\nsecond line');
    const { args } = buildExecArgs({ cwd: sb.ws, model: 'gpt-4.1', addDirs: [sb.data] });
    const { exit } = await collect({ binary, args, cwd: sb.ws, env: envFor('echo', { ZERO_TEST_MARK: 'yes' }), input });
    assert.equal(exit.sawRunEnd, true);
    const [rec] = records();
    assert.ok(rec);
    assert.equal(rec.stdin, input);
    assert.deepEqual(rec.argv, args);
    assert.equal(fs.realpathSync(rec.cwd), sb.ws);
    assert.equal(rec.env.ZERO_TEST_MARK, 'yes');
    assert.equal(rec.env.XDG_DATA_HOME, sb.data);
  });

  it('--resume=<id> continues the same session', async () => {
    const first = await collect({
      binary,
      args: buildExecArgs({ cwd: sb.ws }).args,
      cwd: sb.ws,
      env: envFor('resume'),
      input: promptInput('first question'),
    });
    const start = events(first.items).find((e) => e.type === 'run_start');
    const sessionId = start?.type === 'run_start' ? start.sessionId : undefined;
    assert.ok(sessionId, 'first run has a session id');

    const { args } = buildExecArgs({ cwd: sb.ws, resumeSessionId: sessionId });
    const second = await collect({
      binary,
      args,
      cwd: sb.ws,
      env: envFor('resume'),
      input: promptInput('second question'),
    });
    const start2 = events(second.items).find((e) => e.type === 'run_start');
    assert.equal(start2?.type === 'run_start' ? start2.sessionId : undefined, sessionId);
    const final = events(second.items).find((e) => e.type === 'final');
    assert.match(final?.type === 'final' ? (final.text ?? '') : '', /you previously asked: first question/);
    assert.equal(second.exit.runEndExitCode, 0);
    assert.ok(records()[1]!.argv.includes(`--resume=${sessionId}`));
  });

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
    await until(() => started);
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
    await until(() => started && fs.existsSync(pidFile));
    const grandchild = Number(fs.readFileSync(pidFile, 'utf8'));
    assert.equal(isGone(grandchild), false);
    const t0 = Date.now();
    await run.stop();
    const exit = await run.exited;
    assert.ok(Date.now() - t0 >= 380, 'waited through SIGINT and SIGTERM');
    assert.equal(exit.signal, 'SIGKILL');
    assert.equal(exit.sawRunEnd, false);
    assert.equal(isGone(run.pid!), true);
    await until(() => isGone(grandchild), 10000);
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
    await until(() => calls > 0);
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

  it('crash: exit 1 without run_end', async () => {
    const { exit } = await collect({
      binary,
      args: buildExecArgs({ cwd: sb.ws }).args,
      cwd: sb.ws,
      env: envFor('crash'),
      input: promptInput('boom'),
    });
    assert.equal(exit.code, 1);
    assert.equal(exit.sawRunEnd, false);
    const explained = explainExit(exit);
    assert.equal(explained.kind, 'crash');
    assert.match(explained.detail ?? '', /crash/i);
  });

  it('exit-early: exit 0 after streamed text, no run_end, is explained as cut short (not a help flag)', async () => {
    const { items, exit } = await collect({
      binary,
      args: buildExecArgs({ cwd: sb.ws }).args,
      cwd: sb.ws,
      env: envFor('exit-early'),
      input: promptInput('x'),
    });
    assert.ok(events(items).some((e) => e.type === 'text'));
    assert.deepEqual([exit.code, exit.sawRunEnd, exit.stdout], [0, false, { events: 3, nonJsonLines: 0 }]);
    const explained = explainExit(exit);
    assert.equal(explained.kind, 'incomplete');
    assert.doesNotMatch(explained.message, /help|extraArgs/);
  });

  it('help text on stdout (exit 0, no events) is explained as a help flag', async () => {
    const { exit } = await collect({
      binary,
      args: [...buildExecArgs({ cwd: sb.ws }).args, '--help'],
      cwd: sb.ws,
      env: envFor('plain'),
      input: promptInput('x'),
    });
    assert.equal(exit.code, 0);
    assert.equal(exit.stdout?.events, 0);
    assert.ok((exit.stdout?.nonJsonLines ?? 0) > 0);
    assert.match(explainExit(exit).message, /help or version flag/);
  });

  it('provider error: exit 3 with run_end', async () => {
    const { items, exit } = await collect({
      binary,
      args: buildExecArgs({ cwd: sb.ws }).args,
      cwd: sb.ws,
      env: envFor('provider-error'),
      input: promptInput('x'),
    });
    const error = events(items).find((e) => e.type === 'error');
    assert.equal(exit.runEndExitCode, 3);
    const explained = explainExit(exit, { error: error?.type === 'error' ? error : undefined });
    assert.equal(explained.kind, 'provider');
  });

  it('stderr-noise: stderr is drained and its tail kept', async () => {
    const { stderr, exit } = await collect({
      binary,
      args: buildExecArgs({ cwd: sb.ws }).args,
      cwd: sb.ws,
      env: envFor('stderr-noise'),
      input: promptInput('x'),
    });
    assert.ok(stderr.length > 0);
    assert.ok(exit.stderrTail.length > 0 && exit.stderrTail.length <= 8192);
    assert.ok(exit.stderrTail.split('\n').length <= 40);
    assert.ok(stderr.trimEnd().endsWith(exit.stderrTail.trimEnd()), 'the tail is the end of stderr');
    assert.equal(exit.sawRunEnd, true);
  });

  it('big-line: a 10 MB line is decoded', async () => {
    const { items, exit } = await collect({
      binary,
      args: buildExecArgs({ cwd: sb.ws }).args,
      cwd: sb.ws,
      env: envFor('big-line'),
      input: promptInput('x'),
    });
    assert.deepEqual(
      items.filter((d) => d.kind === 'problem'),
      [],
    );
    const biggest = Math.max(...events(items).map((e) => JSON.stringify(e).length));
    assert.ok(biggest >= 10 * 1024 * 1024, `biggest event ${biggest}`);
    assert.equal(exit.sawRunEnd, true);
  });

  it('a missing binary resolves exited with spawnError ENOENT', async () => {
    const missing = path.join(sb.root, 'nope', 'zero');
    const run = startZeroRun({ binary: missing, args: ['exec'], cwd: sb.ws, input: 'x' });
    const exit = await run.exited;
    assert.equal(run.pid, undefined);
    assert.equal(exit.spawnError?.code, 'ENOENT');
    assert.equal(exit.spawnError?.target, 'binary');
    assert.equal(exit.sawRunEnd, false);
    await run.stop();
    run.dispose();
    const explained = explainExit(exit, { binary: missing });
    assert.equal(explained.kind, 'not-found');
    assert.ok(explained.message.startsWith(`Zero CLI not found at ${missing}`));
  });

  it('a non-executable binary resolves exited with spawnError EACCES', async function () {
    if (WIN) this.skip();
    const file = path.join(sb.root, 'zero');
    fs.writeFileSync(file, '#!/bin/sh\n', { mode: 0o644 });
    const exit = await startZeroRun({ binary: file, args: [], cwd: sb.ws, input: '' }).exited;
    assert.equal(exit.spawnError?.code, 'EACCES');
    assert.equal(explainExit(exit, { binary: file }).kind, 'not-executable');
  });

  it('a missing working folder is told apart from a missing binary', async () => {
    const gone = path.join(sb.root, 'gone');
    const exit = await startZeroRun({ binary, args: buildExecArgs({ cwd: gone }).args, cwd: gone, input: '' }).exited;
    assert.equal(exit.spawnError?.target, 'cwd');
    assert.match(explainExit(exit, { cwd: gone }).message, /does not exist/);
  });

  it('a callback that throws does not break the run', async () => {
    const errors: unknown[] = [];
    const run = startZeroRun({
      binary,
      args: buildExecArgs({ cwd: sb.ws }).args,
      cwd: sb.ws,
      env: envFor('plain'),
      input: promptInput('x'),
      onDecoded: () => {
        throw new Error('consumer bug');
      },
      onCallbackError: (err) => errors.push(err),
    });
    const exit = await run.exited;
    assert.equal(exit.sawRunEnd, true);
    assert.ok(errors.length >= 1);
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
    await until(() => started);
    const stopping = run.stop();
    assert.deepEqual(run.state, { phase: 'stopping', by: 'stop' });
    await stopping;
    assert.deepEqual(run.state, { phase: 'finished', outcome: 'stopped' });
    assert.equal((await run.exited).outcome, 'stopped');
  });

  it('dispose during a stop wins: finished as disposed, and no callback after it', async () => {
    let calls = 0;
    const run = start('slow', { FAKE_ZERO_DELAY_MS: '100' }, { onDecoded: () => calls++ });
    await until(() => calls > 0);
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
    await until(() => children.every(isDead));
  });

  it('after stop', async () => {
    let started = false;
    const run = start(true, () => (started = true));
    await until(() => started && haveChildren());
    const children = pids();
    assert.ok(
      children.every((p) => !isDead(p)),
      'the helpers run while the turn runs',
    );
    assertOwnSessions(children, run.pid!);
    await run.stop();
    assert.equal((await run.exited).outcome, 'stopped');
    await until(() => children.every(isDead));
  });

  it('after dispose', async () => {
    let started = false;
    const run = start(true, () => (started = true));
    await until(() => started && haveChildren());
    const children = pids();
    assertOwnSessions(children, run.pid!);
    run.dispose();
    assert.equal((await run.exited).outcome, 'disposed');
    await until(() => children.every(isDead));
  });
});

describe('StderrTail', () => {
  it('keeps the last 40 lines', () => {
    const tail = new StderrTail();
    for (let i = 1; i <= 100; i++) tail.push(`line ${i}\n`);
    const lines = tail.text().split('\n');
    assert.equal(lines.length, 40);
    assert.equal(lines[0], 'line 61');
    assert.equal(lines.at(-1), 'line 100');
  });

  it('keeps at most ~8 KB and no partial first line', () => {
    const tail = new StderrTail();
    for (let i = 0; i < 50; i++) tail.push(`${String(i).padStart(3, '0')} ${'x'.repeat(996)}\n`);
    const text = tail.text();
    assert.ok(text.length <= 8192);
    assert.ok(text.split('\n').every((l) => /^\d{3} x{996}$/.test(l)));
    assert.ok(text.endsWith(`049 ${'x'.repeat(996)}`));
  });
});

describe('mergeEnv', () => {
  it('overrides, removes undefined keys, and is case-insensitive on Windows', () => {
    assert.deepEqual(mergeEnv({ A: '1', B: '2' }, { B: '3', A: undefined, C: '4' }, false), { B: '3', C: '4' });
    assert.deepEqual(mergeEnv({ Path: 'C:\\old' }, { PATH: 'C:\\new' }, true), { PATH: 'C:\\new' });
    assert.deepEqual(mergeEnv({ Path: 'x', PATH: 'y' }, {}, false), { Path: 'x', PATH: 'y' });
  });
});

describe('killTree', () => {
  it('Windows: taskkill /T /F on the pid', async () => {
    const calls: (readonly string[])[] = [];
    await killTree(1234, 'SIGINT', { platform: 'win32', taskkill: async (args) => void calls.push(args) });
    assert.deepEqual(calls, [['/pid', '1234', '/T', '/F']]);
  });

  it('POSIX: signals the group, then falls back to the pid', async () => {
    const calls: Array<[number, string | 0]> = [];
    const noGroup = (pid: number, sig: NodeJS.Signals | 0) => {
      calls.push([pid, sig]);
      if (pid < 0) throw Object.assign(new Error('no group'), { code: 'ESRCH' });
    };
    await killTree(42, 'SIGTERM', { platform: 'linux', kill: noGroup });
    assert.deepEqual(calls, [
      [-42, 'SIGTERM'],
      [42, 'SIGTERM'],
    ]);
    calls.length = 0;
    await killTree(42, 'SIGKILL', { platform: 'darwin', kill: (pid, sig) => void calls.push([pid, sig]) });
    assert.deepEqual(calls, [[-42, 'SIGKILL']]);
  });

  it('ignores invalid pids and processes that are already gone', async () => {
    await killTree(0);
    await killTree(-5);
    await killTree(2 ** 22 + 12345, 'SIGKILL', { platform: 'linux' });
  });
});
