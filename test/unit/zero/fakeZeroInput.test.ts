// What the fake zero is given and how it refuses it (docs/zero-exec.md): `-i stream-json` on stdin, bad
// input lines, flag errors, and the record of each invocation.
import * as assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  assertEnvelope,
  BASE,
  mapLimit,
  one,
  runFake,
  type RunResult,
  sandbox,
  useFakeZeroSandbox,
  workspace,
} from '../support/fakeZeroRun';

describe('fake zero (test double for `zero exec -o stream-json`)', function () {
  this.timeout(20000);
  useFakeZeroSandbox();

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
