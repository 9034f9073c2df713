import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChatAction } from '../../../src/conversation/actions';
import type { TurnRequest } from '../../../src/conversation/transport';
import { ExecTransport } from '../../../src/zero/exec/execTransport';
import type { ZeroSettings } from '../../../src/host/workspace/settings';
import { RecordingLog } from '../shim/vscode';
import { zeroSettings } from '../../support/builders';

/** The exec transport through the Transport interface only, against the fake zero. */
describe('ExecTransport (the Transport interface over zero exec)', function () {
  this.timeout(30000);
  let dir: string;
  let log: RecordingLog;
  let settings: ZeroSettings;

  beforeEach(function () {
    if (process.platform === 'win32') this.skip();
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zero-exec-t-')));
    fs.mkdirSync(path.join(dir, 'ws'));
    log = new RecordingLog();
    settings = zeroSettings({ env: { XDG_DATA_HOME: path.join(dir, 'data'), FAKE_ZERO_SCENARIO: 'echo' } });
  });
  afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  const transport = () =>
    new ExecTransport({ settings: () => settings, otherFolders: () => [], trusted: () => true, log });
  const request = (over: Partial<TurnRequest> = {}): TurnRequest => ({
    chatId: 'c',
    turnId: 't',
    prompt: 'Hello',
    origin: 'prompt',
    sessionId: null,
    cwd: path.join(dir, 'ws'),
    ...over,
  });

  it('says what it can do: approvals after the fact, usage and checkpoints', () => {
    assert.deepEqual(transport().capabilities, { approvalsBlock: false, usage: true, checkpoints: true });
  });

  it("a turn streams Zero's events as actions and ends with a success exit", async () => {
    const actions: ChatAction[] = [];
    const handle = transport().startTurn(request(), { actions: (a) => actions.push(...a) });
    const end = await handle.ended;
    const types = actions.map((a) => (a.type === 'event' ? a.event.type : a.type));
    assert.equal(types[0], 'run_start');
    assert.equal(types.at(-1), 'run_end');
    assert.ok(
      actions.some((a) => a.type === 'event' && a.event.type === 'final' && /You said: Hello/.test(a.event.text ?? '')),
    );
    assert.deepEqual(
      [end.action.code, end.action.explanation, end.stopped, end.notStarted, end.binaryProblem],
      [0, null, false, false, null],
    );
    assert.ok(
      log.lines.some((l) => l.startsWith('info: Starting: ') && !l.includes('Hello')),
      'the start is logged without the prompt',
    );
  });

  it('stop ends the turn as stopped, without passing on the error Zero writes because it was signalled', async () => {
    settings = { ...settings, env: { ...settings.env, FAKE_ZERO_SCENARIO: 'slow', FAKE_ZERO_DELAY_MS: '100' } };
    const actions: ChatAction[] = [];
    const handle = transport().startTurn(request(), { actions: (a) => actions.push(...a) });
    while (actions.length === 0) await new Promise((r) => setTimeout(r, 10));
    await handle.stop();
    const end = await handle.ended;
    assert.equal(end.stopped, true);
    assert.equal(end.action.explanation, 'Stopped.');
    const events = actions.flatMap((a) => (a.type === 'event' ? [a.event] : []));
    // Zero's own ending (run_end interrupted/130) is kept; its `error{interrupted}` is the echo of our signal.
    assert.deepEqual(
      events.filter((e) => e.type === 'error' || e.type === 'run_end').map((e) => e.type),
      ['run_end'],
    );
    assert.ok(
      log.lines.some((l) => l === 'info: Zero after Stop: run cancelled by signal'),
      `Zero's words are in the log: ${log.lines.join(' | ')}`,
    );
  });

  it('an interrupted error without a Stop (Zero signalled by someone else) is passed on', async () => {
    const turns = path.join(dir, 'turns.jsonl');
    settings = {
      ...settings,
      env: { ...settings.env, FAKE_ZERO_SCENARIO: 'slow', FAKE_ZERO_DELAY_MS: '100', FAKE_ZERO_TURNS: turns },
    };
    const actions: ChatAction[] = [];
    const handle = transport().startTurn(request(), { actions: (a) => actions.push(...a) });
    while (!actions.some((a) => a.type === 'event' && a.event.type === 'text'))
      await new Promise((r) => setTimeout(r, 10));
    const { pid } = JSON.parse(fs.readFileSync(turns, 'utf8').split('\n')[0]!) as { pid: number };
    process.kill(pid, 'SIGINT');
    const end = await handle.ended;
    assert.equal(end.stopped, false);
    const errors = actions.flatMap((a) => (a.type === 'event' && a.event.type === 'error' ? [a.event.code] : []));
    assert.deepEqual(errors, ['interrupted']);
    assert.equal(end.action.explanation, 'Zero was interrupted.');
  });

  it('no folder, or a missing binary: the turn never starts, and says why', async () => {
    const noFolder = await transport().startTurn(request({ cwd: null }), { actions: () => undefined }).ended;
    assert.equal(noFolder.notStarted, true);
    assert.match(noFolder.action.explanation ?? '', /Open a folder/);

    settings = { ...settings, path: path.join(dir, 'nope', 'zero') };
    const noBinary = await transport().startTurn(request(), { actions: () => undefined }).ended;
    assert.equal(noBinary.notStarted, true);
    assert.ok(noBinary.binaryProblem, 'the CLI state gets the problem');
  });

  it('an approval answer has nothing to go to (Zero did not wait)', async () => {
    const handle = transport().startTurn(request(), { actions: () => undefined });
    handle.answerApproval('permission_request:c1', { kind: 'option', optionId: 'allow' });
    assert.equal((await handle.ended).action.code, 0);
  });
});
