// Tests for the fake `zero` test double (test/fixtures/fake-zero). The fake is
// spawned for real (shell:false, process.execPath + script) and its stdout is
// checked against the contract in docs/zero-exec.md.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const FAKE = path.resolve(__dirname, '../../fixtures/fake-zero/zero');
const BASE = ['exec', '-o', 'stream-json', '--no-notify'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type ZeroEvent = { [key: string]: Json } & { type: string };

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  lines: string[];
  events: ZeroEvent[];
}

interface RunOptions {
  env?: Record<string, string>;
  /** string: written then closed; 'open': left open (the test ends it); default: closed at once */
  stdin?: string | 'open';
  cwd?: string;
  onSpawn?: (child: ChildProcess) => void;
}

let sandbox: string;
let workspace: string;

function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(ZERO_|FAKE_ZERO_|XDG_)/.test(key)) env[key] = value;
  }
  env.XDG_DATA_HOME = path.join(sandbox, 'data');
  env.XDG_CONFIG_HOME = path.join(sandbox, 'config');
  env.ZERO_SANDBOX_GRANTS_PATH = path.join(sandbox, 'grants.json');
  return env;
}

function runFake(args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FAKE, ...args], {
      cwd: options.cwd ?? workspace,
      env: { ...baseEnv(), ...options.env },
      shell: false,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.stdin.on('error', () => undefined); // the fake may exit before reading stdin
    if (options.stdin === undefined) child.stdin.end();
    else if (options.stdin !== 'open') child.stdin.end(options.stdin);
    options.onSpawn?.(child);
    child.on('close', (code, signal) => {
      const stdout = Buffer.concat(out).toString('utf8');
      const lines = stdout.split('\n').filter((line) => line !== '');
      let events: ZeroEvent[] = [];
      try {
        events = lines.map((line) => JSON.parse(line) as ZeroEvent);
      } catch {
        events = [];
      }
      resolve({ code, signal, stdout, stderr: Buffer.concat(err).toString('utf8'), lines, events });
    });
  });
}

const exec = (prompt: string, extra: string[] = [], options: RunOptions = {}) =>
  runFake([...BASE, '--cwd', workspace, ...extra, '--', prompt], options);

const ofType = (result: RunResult, type: string) => result.events.filter((e) => e.type === type);
const one = (result: RunResult, type: string): ZeroEvent => {
  const found = ofType(result, type);
  assert.equal(found.length, 1, `expected exactly one ${type} event in:\n${result.stdout.slice(0, 3000)}`);
  return found[0];
};

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function assertSortedKeys(value: Json, where: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => assertSortedKeys(item, `${where}[${i}]`));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const keys = Object.keys(value);
  assert.deepEqual(keys, [...keys].sort(), `keys not alphabetical at ${where}`);
  for (const key of keys) assertSortedKeys(value[key], `${where}.${key}`);
}

/** The envelope rules of §2-§5 that hold for every stream. */
function assertEnvelope(result: RunResult, label: string): void {
  assert.ok(result.events.length > 0, `${label}: no events`);
  assert.ok(result.stdout.endsWith('\n'), `${label}: stdout must end with a newline`);
  const runId = result.events[0].runId;
  assert.match(String(runId), /^run_\d{14}_[0-9a-f]{6}$/, `${label}: runId format`);
  result.events.forEach((event, i) => {
    assert.equal(event.schemaVersion, 2, `${label}: schemaVersion`);
    assert.equal(event.runId, runId, `${label}: runId constant`);
    assertSortedKeys(event, `${label} line ${i + 1}`);
    assert.ok(!/[<>&\u2028\u2029]/.test(result.lines[i]), `${label}: unescaped HTML/line-separator character`);
  });
  const last = result.events[result.events.length - 1];
  if (ofType(result, 'run_end').length > 0) {
    assert.equal(ofType(result, 'run_end').length, 1, `${label}: one run_end`);
    assert.equal(last.type, 'run_end', `${label}: run_end is last`);
    assert.equal(last.exitCode, result.code, `${label}: run_end.exitCode = exit code`);
  }
  if (ofType(result, 'run_start').length > 0) {
    assert.equal(result.events[0].type, 'run_start', `${label}: run_start first`);
    assert.equal(ofType(result, 'run_start').length, 1, `${label}: one run_start`);
  } else {
    assert.equal(result.events[0].type, 'error', `${label}: without run_start the first line is error`);
  }
}

describe('fake zero (test double for `zero exec -o stream-json`)', function () {
  this.timeout(20000);

  beforeEach(() => {
    sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-zero-test-'));
    workspace = path.join(sandbox, 'ws');
    fs.mkdirSync(workspace);
  });

  afterEach(() => {
    fs.rmSync(sandbox, { recursive: true, force: true });
  });

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

  it('permission events: parallel reads, outside workspace, shell network, destructive, hard deny', async () => {
    const outsideDir = path.join(sandbox, 'outside');
    fs.mkdirSync(outsideDir);
    const outsideFile = path.join(outsideDir, 'notes.txt');
    const env = { FAKE_ZERO_OUTSIDE_PATH: outsideFile };
    const [parallel, outside, outsideAdded, network, networkUnsafe, destructive, destructiveUnsafe, hardDeny] =
      await mapLimit(
        [
          ['scenario:parallel-reads', []],
          ['scenario:outside-workspace', []],
          ['scenario:outside-workspace', ['--add-dir', outsideDir]],
          ['scenario:shell-network', []],
          ['scenario:shell-network', ['--skip-permissions-unsafe']],
          ['scenario:destructive', []],
          ['scenario:destructive', ['--auto', 'high']],
          ['scenario:hard-deny', []],
        ] as Array<[string, string[]]>,
        4,
        ([prompt, extra]) => exec(prompt, extra, { env }),
      );
    for (const [i, result] of [
      parallel,
      outside,
      outsideAdded,
      network,
      networkUnsafe,
      destructive,
      destructiveUnsafe,
      hardDeny,
    ].entries()) {
      assert.equal(result.code, 0, `run ${i}: gate-safe wording ends success\n${result.stdout}`);
      assertEnvelope(result, `run ${i}`);
    }

    // parallel read batch: the permission event precedes its tool_call
    const types = parallel.events.map((e) => e.type);
    const request = one(parallel, 'permission_request');
    const callIndex = parallel.events.findIndex((e) => e.type === 'tool_call' && e.id === request.id);
    assert.ok(types.indexOf('permission_request') < callIndex);
    assert.equal(request.permissionGranted, true);
    assert.equal(request.permission, 'allow');
    assert.equal((request.block as { [k: string]: Json }).code, 'outside_workspace');

    const prompt = one(outside, 'permission_request');
    assert.equal(prompt.permissionGranted, false);
    assert.equal(
      prompt.reason,
      `Writing to ${outsideFile} requires access outside the workspace. Use /add-dir or --add-dir to allow writes there.`,
    );
    assert.deepEqual(prompt.block, {
      action: 'prompt',
      code: 'outside_workspace',
      path: outsideFile,
      reason: prompt.reason,
      recoverable: true,
      risk: prompt.risk,
      toolName: 'write_file',
    });
    assert.match(
      String(ofType(outside, 'tool_result')[0].output),
      /^Error: Sandbox approval required for write_file: /,
    );
    const allowed = one(outsideAdded, 'permission_decision');
    assert.equal(allowed.action, 'allow');
    assert.equal(ofType(outsideAdded, 'tool_result')[0].status, 'ok');
    assert.deepEqual(ofType(outsideAdded, 'tool_result')[0].changedFiles, [outsideFile]);

    const netPrompt = one(network, 'permission_request');
    assert.equal(netPrompt.reason, 'network access requires approval');
    assert.deepEqual(netPrompt.risk, {
      categories: ['network', 'shell'],
      level: 'critical',
      reason: 'critical risk: network, shell',
    });
    assert.ok(!('block' in netPrompt));
    const netDeny = one(networkUnsafe, 'permission_decision');
    assert.equal(netDeny.action, 'deny');
    assert.equal(netDeny.permissionGranted, true);
    assert.equal((netDeny.block as { [k: string]: Json }).code, 'network');
    assert.equal((netDeny.block as { [k: string]: Json }).recoverable, false);
    assert.equal(
      ofType(networkUnsafe, 'tool_result')[0].output,
      'Sandbox block [network] for exec_command: network access requires approval',
    );

    assert.equal(one(destructive, 'permission_request').reason, 'destructive shell command requires approval');
    assert.equal(one(destructiveUnsafe, 'permission_decision').action, 'allow');
    assert.ok(!('reason' in one(destructiveUnsafe, 'permission_decision')), 'generic shell reason is omitted');
    assert.equal(ofType(destructiveUnsafe, 'tool_result')[0].status, 'ok');

    const hard = one(hardDeny, 'permission_decision');
    assert.equal(hard.action, 'deny');
    assert.equal((hard.block as { [k: string]: Json }).code, 'symlink_traversal');
    assert.match(
      String(ofType(hardDeny, 'tool_result')[0].output),
      /^Sandbox block \[symlink_traversal\] for read_file at /,
    );
  });

  it('writes the unsafe warning right after run_start, naming the flag', async () => {
    const cases: Array<[string[], string]> = [
      [['--skip-permissions-unsafe'], '--skip-permissions-unsafe'],
      [['--permission-mode', 'unsafe'], '--permission-mode unsafe'],
      [['--auto', 'high'], '--auto high'],
    ];
    await mapLimit(cases, 3, async ([flags, named]) => {
      const result = await exec('scenario:unsafe-warning', flags);
      assertEnvelope(result, named);
      assert.equal(result.events[1].type, 'warning');
      assert.equal(result.events[1].message, `Unsafe permissions are active for this run because ${named} was passed.`);
    });
  });

  it('-i stream-json reads all of stdin before anything else', async () => {
    let child: ChildProcess | undefined;
    const pending = runFake([...BASE, '--cwd', workspace, '-i', 'stream-json'], {
      stdin: 'open',
      onSpawn: (c) => {
        child = c;
      },
    });
    assert.ok(child && child.stdin);
    child.stdin.write('{"schemaVersion":2,"type":"message","role":"user","content":"scenario:echo first"}\r\n\n');
    let exited = false;
    child.on('exit', () => {
      exited = true;
    });
    let early = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      early += chunk.toString('utf8');
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    assert.equal(exited, false, 'must wait for EOF');
    assert.equal(early, '', 'nothing on stdout before EOF');
    child.stdin.end('{"schemaVersion":2,"type":"prompt","content":"  second  "}\n');
    const result = await pending;
    assert.equal(result.code, 0);
    assert.equal(one(result, 'final').text, 'You said: scenario:echo first\n\nsecond');
  });

  it('rejects bad stream-json input with the exact §8 messages (exit 2, empty stderr)', async () => {
    const ok = '{"schemaVersion":2,"type":"prompt","content":"fine"}';
    const line = (n: number, msg: string) => `Invalid stream-json input at line ${n}: ${msg}`;
    const cases: Array<[string, string]> = [
      ['[1]', line(1, 'expected a JSON object.')],
      [`${ok}\n\n"text"`, line(3, 'expected a JSON object.')],
      [`\ufeff${ok}`, line(1, 'expected a JSON object.')],
      ['null', line(1, 'schemaVersion must be 2')],
      ['{"schemaVersion":2,"type":"prompt","content":"x","role":"user"}', line(1, 'unknown field role')],
      ['{"schemaVersion":"2","type":"prompt","content":"x"}', line(1, 'expected a JSON object.')],
      ['{"schemaVersion":2.0,"type":"prompt","content":"x"}', line(1, 'expected a JSON object.')],
      ['{"schemaVersion":1,"type":"prompt","content":"x"}', line(1, 'schemaVersion must be 2')],
      [`${ok}\r\n{"schemaVersion":2,"type":"prompt","content":"  "}\r\n`, line(2, 'content is required')],
      ['{"schemaVersion":2,"type":"prompt2","content":"x"}', line(1, 'type must be prompt or message')],
      ['{"schemaVersion":2,"type":"message","role":"assistant","content":"x"}', line(1, 'role must be user')],
      ['', 'Stream-json input must include at least one prompt or user message event.'],
      [
        '{"schemaVersion":2,"type":"message","role":"user","content":"x","images":[{"mediaType":"image/bmp","data":"iVBORw0KGgo="}]}',
        'Stream-json image has an unsupported image media type "image/bmp".',
      ],
      [
        '{"schemaVersion":2,"type":"message","role":"user","content":"x","images":[{"mediaType":"png","data":"abc"}]}',
        'Stream-json image data is not valid base64: illegal base64 data at input byte 0',
      ],
      [
        `{"schemaVersion":2,"type":"message","role":"user","content":"x","images":[{"mediaType":"png","data":"${'A'.repeat(13_981_016)}"}]}`,
        'Stream-json image exceeds the 10485760 byte limit.',
      ],
    ];
    await mapLimit(cases, 5, async ([input, message]) => {
      const result = await runFake([...BASE, '--cwd', workspace, '-i', 'stream-json'], { stdin: input });
      const label = JSON.stringify(input.slice(0, 80));
      assert.equal(result.code, 2, label);
      assert.equal(result.stderr, '', label);
      assert.deepEqual(
        result.events.map((e) => e.type),
        ['error', 'run_end'],
        label,
      );
      assert.equal(result.events[0].code, 'usage_error', label);
      assert.equal(result.events[0].message, message, label);
      assert.equal(result.events[0].recoverable, false, label);
      assert.deepEqual([result.events[1].status, result.events[1].exitCode], ['error', 2], label);
      assertEnvelope(result, label);
    });
    const imageOnly = await runFake([...BASE, '--cwd', workspace, '-i', 'stream-json'], {
      env: { FAKE_ZERO_SCENARIO: 'echo' },
      stdin:
        '{"schemaVersion":2,"type":"message","role":"user","content":"","images":[{"mediaType":"data:image/PNG;base64","data":"iVBORw0KGgo="}]}',
    });
    assert.equal(imageOnly.code, 0);
    assert.equal(one(imageOnly, 'final').text, 'You said:  [1 image(s) attached]');
  });

  it('reports flag errors like real zero: stderr before -o stream-json, stream after it', async () => {
    const [
      before,
      after,
      missingValue,
      resumeSwallows,
      positional,
      noPrompt,
      initResume,
      mode,
      auto,
      cwd,
      addDir,
      help,
    ] = await mapLimit(
      [
        ['exec', '--bogus', '-o', 'stream-json', '--', 'x'],
        ['exec', '-o', 'stream-json', '--bogus', '--', 'x'],
        ['exec', '--model', '-x', '-o', 'stream-json'],
        ['exec', '-o', 'stream-json', '--resume', 'hello'],
        ['exec', '-o', 'stream-json', '-i', 'stream-json', 'words'],
        ['exec', '-o', 'stream-json'],
        ['exec', '-o', 'stream-json', '--resume=abc', '--init-session-id', 'def', '--', 'x'],
        ['exec', '-o', 'stream-json', '--permission-mode', 'bogus', '--', 'x'],
        ['exec', '-o', 'stream-json', '--auto', 'turbo', '--', 'x'],
        ['exec', '-o', 'stream-json', '--cwd', path.join(sandbox, 'missing'), '--', 'x'],
        ['exec', '-o', 'stream-json', '--add-dir', path.join(sandbox, 'missing'), '--', 'x'],
        ['exec', '-o', 'stream-json', 'x', 'help'],
      ],
      5,
      (args) => runFake(args),
    );
    assert.equal(before.code, 2);
    assert.equal(before.stdout, '');
    assert.equal(before.stderr, '[zero] unknown exec flag "--bogus"\n');
    assert.equal(missingValue.stdout, '');
    assert.equal(missingValue.stderr, '[zero] --model requires a value\n');
    const streamed = (result: RunResult, message: string, code = 'usage_error', exit = 2) => {
      assert.equal(result.code, exit, message);
      assert.deepEqual(
        result.events.map((e) => e.type),
        ['error', 'run_end'],
        message,
      );
      assert.equal(result.events[0].code, code);
      assert.equal(result.events[0].message, message);
      assert.equal(result.stderr, '');
      assertEnvelope(result, message);
    };
    streamed(after, 'unknown exec flag "--bogus"');
    // `--resume hello` consumes "hello" as the session id, so no prompt is left (a post-parse check)
    streamed(resumeSwallows, 'Prompt required. Use `zero exec "prompt"` or `zero exec --file prompt.txt`.');
    streamed(positional, 'Stream-json input does not accept positional prompt text. Pipe JSONL or use --file.');
    streamed(noPrompt, 'Prompt required. Use `zero exec "prompt"` or `zero exec --file prompt.txt`.');
    streamed(initResume, 'Use --init-session-id only when creating or forking a session.');
    streamed(mode, 'Invalid permission mode "bogus". Expected plan, spec-draft, auto, member, ask, or unsafe.');
    streamed(auto, 'Invalid autonomy level "turbo". Expected low, medium, or high.');
    streamed(cwd, `cwd must be an existing directory: ${path.join(sandbox, 'missing')}`);
    assert.equal(addDir.code, 3);
    assert.equal(addDir.events[0].code, 'sandbox_error');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage:\n {2}zero exec/);
  });

  it('sessions: --init-session-id, --resume=<id> keeps the id, unknown ids fail, bare --resume picks the latest', async () => {
    const first = await exec('What is in README?', ['--init-session-id', 'chat-1']);
    assert.equal(first.code, 0);
    assert.equal(first.events[0].sessionId, 'chat-1');
    const dir = path.join(sandbox, 'data', 'zero', 'sessions', 'chat-1');
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'metadata.json'), 'utf8')).sessionId, 'chat-1');
    assert.ok(fs.readFileSync(path.join(dir, 'events.jsonl'), 'utf8').includes('What is in README?'));

    const resumed = await exec('scenario:resume and now?', ['--resume=chat-1']);
    assert.equal(resumed.code, 0);
    assert.equal(resumed.events[0].sessionId, 'chat-1');
    assert.equal(one(resumed, 'final').text, 'Continuing session chat-1: you previously asked: What is in README?');

    const [unknown, clash, latest] = await Promise.all([
      exec('x', ['--resume=nope']),
      exec('x', ['--init-session-id', 'chat-1']),
      exec('scenario:resume', ['--resume']),
    ]);
    assert.equal(unknown.code, 2);
    assert.equal(unknown.events[0].message, 'Zero session not found: nope');
    assert.equal(clash.events[0].message, 'zero session already exists: chat-1');
    assert.equal(latest.events[0].sessionId, 'chat-1');

    const rewind = await runFake(['sessions', 'rewind', 'chat-1', '--sequence', '1']);
    assert.equal(rewind.code, 0);
    assert.match(rewind.stdout, /^Rewound chat-1 to sequence 1/);
  });

  it('grants: allow lets web_fetch run, revoke refuses it again, deny blocks it', async () => {
    const refused = await exec('scenario:needs-grant', ['--no-completion-gate']);
    const request = one(refused, 'permission_request');
    assert.equal(request.action, 'prompt');
    assert.equal(request.permissionGranted, false);
    assert.equal(request.reason, 'Fetches remote URL content over the network.');
    assert.deepEqual(request.risk, { categories: ['network'], level: 'high', reason: 'high risk: network' });
    assert.equal(
      one(refused, 'tool_result').output,
      'Error: Sandbox approval required for web_fetch: Fetches remote URL content over the network.',
    );
    assert.match(String(one(refused, 'final').text), /^I could not fetch/);

    const allow = await runFake([
      'sandbox',
      'grants',
      'allow',
      'web_fetch',
      '--reason',
      'VS Code: allow once',
      '--json',
    ]);
    assert.equal(allow.code, 0);
    assert.equal(JSON.parse(allow.stdout).grant.toolName, 'web_fetch');
    const stored = JSON.parse(fs.readFileSync(path.join(sandbox, 'grants.json'), 'utf8'));
    assert.equal(stored.schemaVersion, 3);
    assert.equal(stored.grants.web_fetch[0].decision, 'allow');

    const granted = await exec('scenario:needs-grant');
    assert.equal(granted.code, 0);
    const decision = one(granted, 'permission_decision');
    assert.equal(decision.action, 'allow');
    assert.equal(decision.grantMatched, true);
    assert.equal(decision.reason, 'persistent sandbox allow grant matched');
    assert.equal((decision.grant as { [k: string]: Json }).toolName, 'web_fetch');
    assert.equal((decision.grant as { [k: string]: Json }).reason, 'VS Code: allow once');
    assert.equal(one(granted, 'tool_result').status, 'ok');
    assert.match(String(one(granted, 'final').text), /Example Domain/);

    const revoke = await runFake(['sandbox', 'grants', 'revoke', 'web_fetch']);
    assert.equal(revoke.stdout, 'Sandbox grants revoked: 1\n');
    const again = await exec('scenario:needs-grant', ['--no-completion-gate']);
    assert.equal(one(again, 'permission_request').action, 'prompt');

    await runFake(['sandbox', 'grants', 'deny', 'web_fetch']);
    const denied = await exec('scenario:needs-grant', ['--no-completion-gate']);
    const deny = one(denied, 'permission_decision');
    assert.equal(deny.action, 'deny');
    assert.equal((deny.block as { [k: string]: Json }).code, 'persistent_deny');
    const list = await runFake(['sandbox', 'grants', 'list', '--json']);
    assert.equal(JSON.parse(list.stdout).grants[0].decision, 'deny');
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

  it('records each invocation in FAKE_ZERO_RECORD', async () => {
    const record = path.join(sandbox, 'record.jsonl');
    const stdin = '{"schemaVersion":2,"type":"prompt","content":"recorded"}\n';
    await runFake([...BASE, '--cwd', workspace, '-i', 'stream-json'], {
      env: { FAKE_ZERO_RECORD: record, ZERO_FOO: 'bar' },
      stdin,
    });
    await runFake(['--version'], { env: { FAKE_ZERO_RECORD: record } });
    const entries = fs
      .readFileSync(record, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(entries.length, 2);
    assert.deepEqual(entries[0].argv, [...BASE, '--cwd', workspace, '-i', 'stream-json']);
    assert.equal(entries[0].stdin, stdin);
    assert.equal(entries[0].cwd, fs.realpathSync(workspace));
    assert.equal(entries[0].env.ZERO_FOO, 'bar');
    assert.equal(entries[0].env.FAKE_ZERO_RECORD, record);
    assert.equal(entries[0].env.XDG_DATA_HOME, path.join(sandbox, 'data'));
    assert.ok(Object.keys(entries[0].env).every((k) => /^(ZERO_|FAKE_ZERO_|XDG_)/.test(k)));
    assert.deepEqual(entries[1], {
      argv: ['--version'],
      stdin: null,
      cwd: fs.realpathSync(workspace),
      env: entries[1].env,
    });
  });
});
