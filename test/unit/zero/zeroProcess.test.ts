// startZeroRun against the fake zero: what a run reads and writes, how it ends, and how it fails to start.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promptInput } from '../../../src/protocol/input';
import { buildExecArgs } from '../../../src/zero/exec/execArgs';
import { explainExit } from '../../../src/zero/exec/exitReason';
import { startZeroRun } from '../../../src/zero/process/zeroProcess';
import { collect, events, fakeRunEnv, freshSandboxEach, type Sandbox, WIN } from '../support/zeroRunSandbox';

describe('startZeroRun (against the fake zero)', function () {
  this.timeout(30000);
  let sb: Sandbox;
  let binary: string;
  freshSandboxEach((s, b) => ([sb, binary] = [s, b]));
  const { envFor, records } = fakeRunEnv(() => sb);

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
