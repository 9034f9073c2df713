// The fake `zero exec -o stream-json`'s stream: the envelope of docs/zero-exec.md in every scenario,
// tool events in order, and how a run ends (signal, crash, a 10 MB line, truncated output).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  assertEnvelope,
  exec,
  type Json,
  mapLimit,
  ofType,
  one,
  runFake,
  useFakeZeroSandbox,
  workspace,
} from '../support/fakeZeroRun';

describe('fake zero (test double for `zero exec -o stream-json`)', function () {
  this.timeout(20000);
  useFakeZeroSandbox();

  it('prints its version', async () => {
    const result = await runFake(['--version']);
    assert.equal(result.code, 0);
    assert.equal(result.stdout, 'zero 0.8.0+fake\n');
  });

  it('plain: envelope, escaping, final = concatenated deltas, empty stderr', async () => {
    const result = await exec('hello');
    assertEnvelope(result, 'plain');
    assert.equal(result.code, 0);
    assert.equal(result.stderr, '');
    const start = result.events[0];
    assert.equal(start.cwd, workspace);
    assert.equal(start.provider, 'openai');
    assert.equal(start.model, 'gpt-4.1');
    assert.equal(start.apiModel, 'gpt-4.1');
    assert.match(String(start.sessionId), /^zero_\d{14}_\d+_\d+$/);
    const deltas = ofType(result, 'text').map((e) => String(e.delta));
    assert.ok(deltas.length >= 3);
    assert.equal(one(result, 'final').text, deltas.join(''));
    assert.ok(
      result.stdout.includes('\\u003cb\\u003e') &&
        result.stdout.includes('\\u0026') &&
        result.stdout.includes('\\u2028'),
    );
    assert.ok(result.stdout.includes('日本語') && result.stdout.includes('🚀'), 'other non-ASCII stays raw UTF-8');
    assert.deepEqual(result.events.map((e) => e.type).slice(-3), ['usage', 'final', 'run_end']);
    assert.equal(result.events[result.events.length - 1].status, 'success');
  });

  it('the other scenarios keep the envelope rules (gate on; gate off where it changes the outcome)', async () => {
    // Scenarios not covered by a dedicated test below (those check the envelope themselves).
    // [scenario, exit code with the completion gate on (the default), with --no-completion-gate if different]
    const table: Array<[string, number, number?]> = [
      ['reasoning', 0],
      ['permission', 4, 0],
      ['two-permissions', 0],
      ['provider-error', 3],
      ['no-provider', 3],
      ['incomplete', 4, 0],
      ['slow', 0],
      ['warnings', 0],
      ['stderr-noise', 0],
      ['resume', 0],
      ['echo', 0],
    ];
    const runs = table.flatMap(([name, gate, noGate]) => [
      { name, gateOn: true, expected: gate },
      ...(noGate === undefined ? [] : [{ name, gateOn: false, expected: noGate }]),
    ]);
    await mapLimit(runs, 4, async ({ name, gateOn, expected }) => {
      const label = `${name}${gateOn ? '' : ' (--no-completion-gate)'}`;
      const result = await exec('go', gateOn ? [] : ['--no-completion-gate'], {
        env: { FAKE_ZERO_SCENARIO: name, FAKE_ZERO_SLOW_COUNT: '3', FAKE_ZERO_DELAY_MS: '0' },
      });
      assert.equal(result.code, expected, `${label}: exit code\n${result.stdout}\n${result.stderr}`);
      assertEnvelope(result, label);
      const types = result.events.map((e) => e.type);
      if (expected === 3) assert.ok(!types.includes('final'), `${label}: no final on provider errors`);
      if (expected === 4) assert.deepEqual(types.slice(-3), ['final', 'error', 'run_end']);
      if (name === 'stderr-noise') assert.match(result.stderr, /untrusted workspace[\s\S]*mcp_close_error/);
      else assert.equal(result.stderr, '', `${label}: stderr`);
      if (name === 'warnings') assert.deepEqual(types.slice(-4), ['warning', 'warning', 'final', 'run_end']);
      if (name === 'reasoning') assert.ok(types.indexOf('reasoning') < types.indexOf('text'));
      // final.text is the text of the last turn only
      const finals = ofType(result, 'final');
      if (finals.length === 1 && types.includes('tool_result')) {
        const lastTool = types.lastIndexOf('tool_result');
        const tail = result.events
          .slice(lastTool)
          .filter((e) => e.type === 'text')
          .map((e) => String(e.delta))
          .join('');
        assert.equal(finals[0].text, tail, `${label}: final.text = deltas after the last tool`);
      }
    });
  });

  it('tools: checkpoint and permission_decision sit between tool_call and tool_result', async () => {
    const result = await exec('scenario:tools');
    assertEnvelope(result, 'tools');
    const types = result.events.map((e) => e.type);
    assert.deepEqual(types, [
      'run_start',
      'text',
      'usage',
      'tool_call',
      'tool_result',
      'tool_call',
      'checkpoint',
      'permission_decision',
      'tool_result',
      'text',
      'usage',
      'final',
      'run_end',
    ]);
    const [read, write] = ofType(result, 'tool_call');
    assert.equal(read.name, 'read_file');
    assert.equal(read.sideEffect, 'read');
    assert.equal(write.name, 'write_file');
    assert.equal(write.sideEffect, 'write');
    const checkpoint = one(result, 'checkpoint').checkpoint as { [k: string]: Json };
    assert.equal(checkpoint.tool, 'write_file');
    assert.deepEqual(checkpoint.files, ['notes/fake-zero.md']);
    assert.equal(typeof checkpoint.sequence, 'number');
    const decision = one(result, 'permission_decision');
    assert.equal(decision.id, write.id);
    assert.equal(decision.sessionId, result.events[0].sessionId);
    assert.equal(decision.action, 'allow');
    assert.equal(decision.permission, 'prompt');
    assert.equal(decision.permissionGranted, false);
    assert.equal(decision.permissionMode, 'auto');
    assert.equal(decision.autonomy, 'low');
    assert.equal(decision.reason, 'workspace write is allowed');
    assert.deepEqual(decision.risk, { categories: ['write'], level: 'medium', reason: 'medium risk: write' });
    const results = ofType(result, 'tool_result');
    assert.deepEqual(results[1].changedFiles, ['notes/fake-zero.md']);
    assert.equal(results[1].truncated, false);
    assert.ok(!fs.existsSync(path.join(workspace, 'notes')), 'nothing written without FAKE_ZERO_WRITE=1');

    const written = await exec('scenario:tools', [], { env: { FAKE_ZERO_WRITE: '1' } });
    assert.equal(written.code, 0);
    assert.ok(fs.readFileSync(path.join(workspace, 'notes', 'fake-zero.md'), 'utf8').includes('fake zero'));
  });

  it('slow: SIGTERM while streaming ends interrupted/130, and a second signal does not force exit', async function () {
    if (process.platform === 'win32') this.skip();
    const result = await exec('scenario:slow', [], {
      env: { FAKE_ZERO_DELAY_MS: '40' },
      onSpawn: (child) => {
        let seen = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          const before = seen;
          seen += chunk.toString('utf8');
          if (!before.includes('"type":"text"') && seen.includes('"type":"text"')) {
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGTERM'), 5);
          }
        });
      },
    });
    assert.equal(result.code, 130);
    assertEnvelope(result, 'slow');
    assert.deepEqual(
      result.events.slice(-2).map((e) => e.type),
      ['error', 'run_end'],
    );
    assert.equal(result.events[result.events.length - 2].code, 'interrupted');
    assert.equal(result.events[result.events.length - 2].message, 'run cancelled by signal');
    assert.equal(result.events[result.events.length - 1].status, 'interrupted');
    assert.equal(ofType(result, 'final').length, 0);
  });

  it('crash: exit 1, "zero crashed" on stderr, no run_end', async () => {
    const result = await exec('scenario:crash');
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^zero crashed: /);
    assert.ok(result.events.length > 1);
    assert.equal(ofType(result, 'run_end').length, 0);
  });

  it('big-line: a single stdout line longer than 10 MB', async () => {
    const result = await exec('scenario:big-line');
    assert.equal(result.code, 0);
    const longest = Math.max(...result.lines.map((l) => Buffer.byteLength(l)));
    assert.ok(longest > 10 * 1024 * 1024, `longest line ${longest}`);
    assert.equal(
      String(one(result, 'final').text).length,
      ofType(result, 'text').reduce((n, e) => n + String(e.delta).length, 0),
    );
    assert.equal(result.events[result.events.length - 1].type, 'run_end');
  });

  it('truncated-output: tool_result output is cut at 10240 bytes + "\\n[truncated]"', async () => {
    const result = await exec('scenario:truncated-output');
    assertEnvelope(result, 'truncated-output');
    const toolResult = one(result, 'tool_result');
    const output = String(toolResult.output);
    assert.equal(toolResult.truncated, true);
    assert.ok(output.endsWith('\n[truncated]'));
    assert.ok(Buffer.byteLength(output) <= 10240 + '\n[truncated]'.length);
    assert.ok(!output.includes('\ufffd'), 'cut on a rune boundary');
  });
});
