/**
 * Backpressure (ZeroRunOptions.backpressure): while the consumer is behind, the run stops reading
 * Zero's stdout, so a flood waits in the pipe rather than in the extension host's memory. Against
 * the fake zero, which blocks on a full pipe as the real one does.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChatAction } from '../../../src/conversation/actions';
import { ExecTransport } from '../../../src/zero/exec/execTransport';
import type { ZeroSettings } from '../../../src/host/workspace/settings';
import type { Decoded } from '../../../src/protocol/decoded';
import { promptInput } from '../../../src/protocol/input';
import { buildExecArgs } from '../../../src/zero/exec/execArgs';
import { startZeroRun, type ZeroRunOptions } from '../../../src/zero/process/zeroProcess';
import { RecordingLog } from '../shim/vscode';
import { zeroSettings } from '../../support/builders';

const FAKE_ZERO = path.resolve(__dirname, '../../fixtures/fake-zero/zero');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const streamed = (items: readonly Decoded[]): string =>
  items
    .map((d) =>
      d.kind === 'event' && (d.event.type === 'text' || d.event.type === 'reasoning') ? (d.event.delta ?? '') : '',
    )
    .join('');

describe('a run waits while its consumer is behind (backpressure)', function () {
  this.timeout(60000);
  let dir: string;
  beforeEach(function () {
    if (process.platform === 'win32') this.skip();
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zero-bp-')));
    fs.mkdirSync(path.join(dir, 'ws'));
  });
  afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  const start = (env: Record<string, string>, more: Partial<ZeroRunOptions>) =>
    startZeroRun({
      binary: FAKE_ZERO,
      args: buildExecArgs({ cwd: path.join(dir, 'ws') }).args,
      cwd: path.join(dir, 'ws'),
      env: { XDG_DATA_HOME: path.join(dir, 'data'), ...env },
      input: promptInput('x'),
      ...more,
    });

  it('no batch arrives while held; released, the run goes on and nothing is lost', async () => {
    const items: Decoded[] = [];
    let release: (() => void) | undefined;
    let asked = 0;
    const run = start(
      { FAKE_ZERO_SCENARIO: 'flood', FAKE_ZERO_FLOOD_MB: '4' },
      {
        onDecoded: (batch) => items.push(...batch),
        // Held once, early, for a while; never again.
        backpressure: () => (++asked === 3 ? new Promise<void>((r) => (release = r)) : undefined),
      },
    );
    while (!release) await sleep(10);
    const held = items.length;
    await sleep(400);
    assert.equal(items.length, held, 'nothing read while held');
    assert.equal(run.state.phase, 'running', 'Zero waits on its pipe');
    release();
    const exit = await run.exited;
    assert.equal(exit.outcome, 'ended');
    const text = streamed(items);
    assert.ok(text.startsWith('FLOOD-START ') && text.endsWith(' FLOOD-END'), 'the whole flood, in order');
    assert.ok(text.length > 3.5 * 1024 * 1024, `${text.length} characters`);
    assert.deepEqual(
      items.filter((d) => d.kind === 'problem'),
      [],
    );
  });

  it('Zero exits while held: what is left in the pipe is still read (not cut off by the drain timeout)', async () => {
    const items: Decoded[] = [];
    const run = start(
      { FAKE_ZERO_SCENARIO: 'long-answer', FAKE_ZERO_ANSWER_KB: '20', FAKE_ZERO_DELAY_MS: '1' },
      {
        onDecoded: (batch) => items.push(...batch),
        backpressure: () => new Promise<void>(() => undefined), // never released
      },
    );
    const exit = await run.exited;
    assert.equal(exit.outcome, 'ended');
    assert.equal(exit.sawRunEnd, true);
    assert.ok(streamed(items).endsWith('ANSWER-END'));
  });

  it('stop while held: Zero is read again, so it can say it was interrupted (130) instead of being killed', async () => {
    const items: Decoded[] = [];
    const run = start(
      { FAKE_ZERO_SCENARIO: 'flood', FAKE_ZERO_FLOOD_MB: '8' },
      {
        graceMs: 1000,
        onDecoded: (batch) => items.push(...batch),
        backpressure: () => new Promise<void>(() => undefined),
      },
    );
    while (items.length === 0) await sleep(10);
    await sleep(200); // Zero now blocks writing to the full pipe
    await run.stop();
    const exit = await run.exited;
    assert.equal(exit.outcome, 'stopped');
    assert.deepEqual([exit.code, exit.signal, exit.runEndStatus], [130, null, 'interrupted']);
  });

  it("ExecTransport asks its backpressure (the chat store's backlog) after each batch", async () => {
    const settings: ZeroSettings = zeroSettings({
      env: { XDG_DATA_HOME: path.join(dir, 'data'), FAKE_ZERO_SCENARIO: 'echo' },
    });
    let asked = 0;
    let batches = 0;
    const transport = new ExecTransport({
      settings: () => settings,
      otherFolders: () => [],
      trusted: () => true,
      log: new RecordingLog(),
      backpressure: () => (asked++, undefined),
    });
    const handle = transport.startTurn(
      { chatId: 'c', turnId: 't', prompt: 'Hello', origin: 'prompt', sessionId: null, cwd: path.join(dir, 'ws') },
      { actions: (_a: ChatAction[]) => batches++ },
    );
    await handle.ended;
    assert.ok(batches > 0 && asked === batches, `asked ${asked} times for ${batches} batches`);
  });
});
