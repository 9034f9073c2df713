// The transports activation builds are stand-ins (acpLoader.ts, execLoader.ts) that load the real ones
// with the first turn: they must say what the real ones can do before loading, do nothing that needs Zero
// until then, and run a turn as the real one does.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LazyAcpTransport } from '../../../src/acp/acpLoader';
import { AcpTransport, type AcpTransportDeps } from '../../../src/acp/acpTransport';
import type { ChatAction } from '../../../src/conversation/actions';
import { newChat } from '../../../src/conversation/reducer';
import type { TurnRequest } from '../../../src/conversation/transport';
import { LazyExecTransport } from '../../../src/zero/exec/execLoader';
import { ExecTransport, type ExecTransportDeps } from '../../../src/zero/exec/execTransport';
import type { ZeroSettings } from '../../../src/zero/config/settingsSources';
import { RecordingLog } from '../shim/vscode';
import { zeroSettings } from '../../support/builders';

describe('the transports activation builds: stand-ins loaded with the first turn', function () {
  this.timeout(30_000);
  let dir: string;
  let settings: ZeroSettings;
  let launches: number;
  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zero-lazy-t-')));
    fs.mkdirSync(path.join(dir, 'ws'));
    launches = 0;
    settings = zeroSettings({ env: { XDG_DATA_HOME: path.join(dir, 'data'), FAKE_ZERO_SCENARIO: 'echo' } });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const log = new RecordingLog();
  const execDeps = (): ExecTransportDeps => ({
    settings: () => settings,
    otherFolders: () => [],
    trusted: () => true,
    log,
  });
  const acpDeps = (): AcpTransportDeps => ({
    settings: () => {
      launches++;
      return settings;
    },
    otherFolders: () => [],
    trusted: () => true,
    chat: () => undefined,
    ask: async () => ({ outcome: { outcome: 'cancelled' } }),
    onIdleCrash: () => undefined,
    confirmUnsafe: async () => false,
    log,
    version: 'test',
  });
  const request: () => TurnRequest = () => ({
    chatId: 'c',
    turnId: 't',
    prompt: 'Hello',
    origin: 'prompt',
    sessionId: null,
    cwd: path.join(dir, 'ws'),
  });

  it('say what the real transports can do, before loading them', () => {
    assert.deepEqual(new LazyExecTransport(execDeps()).capabilities, new ExecTransport(execDeps()).capabilities);
    const real = new AcpTransport(acpDeps());
    assert.deepEqual(new LazyAcpTransport(acpDeps()).capabilities, real.capabilities);
    real.dispose();
    assert.equal(new LazyExecTransport(execDeps()).id, 'exec');
    assert.equal(new LazyAcpTransport(acpDeps()).id, 'acp');
  });

  it('ACP before any turn: releasing a session and new launch settings need no zero acp, and none starts', async () => {
    const acp = new LazyAcpTransport(acpDeps());
    const chat = { ...newChat('c', 0), transport: 'acp' as const, sessionId: 'sess' };
    assert.equal(await acp.releaseSession(chat), true);
    await acp.launchSettingsChanged();
    acp.dispose();
    assert.equal(launches, 0, 'zero acp was never looked for or launched');
  });

  it('exec: a turn through the stand-in streams the same actions as through the real transport', async () => {
    const run = async (t: { startTurn: ExecTransport['startTurn'] }): Promise<string[]> => {
      const actions: ChatAction[] = [];
      const end = await t.startTurn(request(), { actions: (a) => actions.push(...a) }).ended;
      return [...actions.map((a) => (a.type === 'event' ? a.event.type : a.type)), `exit ${end.action.code}`];
    };
    const lazy = await run(new LazyExecTransport(execDeps()));
    assert.deepEqual(lazy, await run(new ExecTransport(execDeps())));
    assert.equal(lazy.at(-1), 'exit 0');
    assert.ok(lazy.includes('final'), lazy.join(' '));
  });
});
