/** What of a run's stderr reaches the log: capped, head and tail kept, drops counted; env values never. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { TransportLog } from '../../../src/conversation/transport';
import { ExecTransport } from '../../../src/zero/exec/execTransport';
import type { ZeroSettings } from '../../../src/host/workspace/settings';
import { StderrLogCap, STDERR_LOG_HEAD_BYTES, STDERR_LOG_TAIL_BYTES } from '../../../src/zero/process/stderrLog';
import { zeroSettings } from '../../support/builders';

const FAKE = path.join(__dirname, '../..', 'fixtures', 'fake-zero', process.platform === 'win32' ? 'zero.cmd' : 'zero');

describe('StderrLogCap', () => {
  it('passes small stderr through unchanged and says nothing about drops', () => {
    let out = '';
    const cap = new StderrLogCap((t) => (out += t), 10, 20);
    cap.push('hello\n');
    cap.end();
    assert.equal(out, 'hello\n');
    assert.equal(cap.droppedBytes, 0);
  });

  it('keeps the head live and the tail at the end, with one line counting the dropped bytes', () => {
    const writes: string[] = [];
    const cap = new StderrLogCap((t) => writes.push(t), 10, 20);
    cap.push('0123456789ABCDE');
    assert.deepEqual(writes, ['0123456789'], 'the head is written live');
    for (let i = 0; i < 10; i++) cap.push(`line ${i}\n`);
    cap.end();
    const total = 15 + 10 * 7;
    assert.equal(cap.droppedBytes, total - 10 - 20);
    assert.match(writes[1]!, new RegExp(`stderr: ${total - 30} bytes dropped`));
    assert.equal(writes[2], 'ine 7\nline 8\nline 9\n', 'exactly the last 20 bytes');
    cap.push('late');
    cap.end();
    assert.equal(writes.length, 3, 'nothing after end()');
  });

  it('counts bytes, not characters, and never logs a broken UTF-8 start', () => {
    const writes: string[] = [];
    const cap = new StderrLogCap((t) => writes.push(t), 0, 5);
    cap.push('ééééé');
    cap.end();
    assert.equal(cap.droppedBytes, 5);
    assert.ok(!writes[1]!.includes('\uFFFD'), JSON.stringify(writes));
    assert.equal(writes[1], 'éé');
  });
});

describe('ExecTransport log (fake zero)', function () {
  this.timeout(30_000);

  function harness(env: Record<string, string>) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-log-'));
    const ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    const lines: string[] = [];
    let appended = '';
    const log: TransportLog = {
      info: (m) => lines.push(m),
      warn: (m) => lines.push(m),
      error: (m) => lines.push(m),
      append: (t) => (appended += t),
    };
    const settings: ZeroSettings = zeroSettings({
      path: FAKE,
      env: { XDG_DATA_HOME: path.join(root, 'data'), ZERO_SANDBOX_GRANTS_PATH: path.join(root, 'grants.json'), ...env },
    });
    const transport = new ExecTransport({ settings: () => settings, otherFolders: () => [], trusted: () => true, log });
    const run = async (prompt: string) => {
      const handle = transport.startTurn(
        { chatId: 'c', turnId: 't', prompt, origin: 'prompt', sessionId: null, cwd: fs.realpathSync(ws) },
        { actions: () => undefined },
      );
      return handle.ended;
    };
    return { run, lines, appended: () => appended };
  }

  it('a 1 MiB stderr flood reaches the log as head + tail + one line saying what was dropped', async () => {
    const h = harness({ FAKE_ZERO_STDERR_BYTES: String(1024 * 1024) });
    const end = await h.run('flood scenario:stderr-flood');
    assert.equal(end.action.code, 0);
    const text = h.appended();
    assert.ok(
      Buffer.byteLength(text) <= STDERR_LOG_HEAD_BYTES + STDERR_LOG_TAIL_BYTES + 200,
      `log got ${Buffer.byteLength(text)} bytes`,
    );
    assert.match(text, /^stderr line 0000001 /, 'the head');
    assert.match(text, /LAST STDERR LINE\n$/, 'the tail');
    const dropped = /stderr: (\d+) bytes dropped/.exec(text);
    assert.ok(dropped, 'one line says how much was dropped');
    assert.ok(Number(dropped[1]) > 1024 * 1024 - STDERR_LOG_HEAD_BYTES - STDERR_LOG_TAIL_BYTES, dropped[1]);
  });

  it('zero.env values never reach the log, on success or on a crash; the names do', async () => {
    const secret = 'sk-test-DO-NOT-LOG-4242';
    const h = harness({ OPENAI_API_KEY: secret, ZERO_TEST_TOKEN: `${secret}-2` });
    await h.run('hello scenario:echo');
    await h.run('boom scenario:crash');
    const everything = [...h.lines, h.appended()].join('\n');
    assert.ok(
      h.lines.some((l) => l.startsWith('Starting:') && l.includes('OPENAI_API_KEY') && l.includes('ZERO_TEST_TOKEN')),
      'the env names are logged',
    );
    assert.ok(
      h.lines.some((l) => l.startsWith('Run ended: crash')),
      h.lines.join('\n'),
    );
    assert.ok(!everything.includes(secret), 'no env value in the log');
    assert.ok(!everything.includes('hello scenario:echo'), 'nor the prompt');
  });
});
