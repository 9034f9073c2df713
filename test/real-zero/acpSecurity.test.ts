// Restricted Mode and mode changes over the real `zero acp`: which mode a prompt really runs in, read
// from the tools Zero offered the scripted model in each request.
import * as assert from 'node:assert/strict';
import type * as acp from '@agentclientprotocol/sdk';
import type { AcpProcess } from '../../src/acp/acpProcess';
import { changeMode } from '../../src/acp/modeChange';
import { selected } from '../../src/acp/permissionOptions';
import type { ZeroAcp } from '../../src/acp/zeroAcp';
import { AcpChat, closeRealAcp, openRealAcp, offeredTools, within } from './lib/acpChat';
import type { Sandbox } from './lib/realZero';
import { PLAN_TOOLS } from './lib/planTools';
import { until } from '../support/until';

describe('real zero acp: Restricted Mode and mode changes', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let zero: ZeroAcp;
  let chat: AcpChat;
  beforeEach(async () => ({ sandbox, zero, chat } = await openRealAcp()));
  afterEach(async () => closeRealAcp(zero, sandbox));
  const lastOffered = (): string[] => offeredTools(sandbox).at(-1) ?? [];
  /** Zero's other mode door (set_config_option), used behind the product's back. */
  const connection = (): acp.ClientContext =>
    (zero as unknown as { live: { proc: AcpProcess } }).live.proc.connection.agent;

  it('untrusted: a mode switched by another door (set_config_option auto) does not carry over; the next prompt runs in plan', async () => {
    await chat.turn('scenario:plain', { trusted: false });
    assert.deepEqual(lastOffered(), PLAN_TOOLS);
    await connection().request('session/set_config_option', {
      sessionId: chat.chat.sessionId!,
      configId: 'mode',
      value: 'auto',
    });
    await until(() => chat.chat.acp?.mode === 'auto', 'current_mode_update auto', 5000);
    await chat.turn('scenario:shell', { trusted: false });
    assert.deepEqual(lastOffered(), PLAN_TOOLS, 'plan: no exec_command');
    assert.equal(chat.chat.acp?.mode, 'plan');
  });

  it('a mode picked during a turn waits for it in Zero: the running turn keeps its mode, the chat says "from your next message"', async () => {
    await chat.turn('scenario:plain');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    chat.ask = async (req) => (await held, selected(req.options[0]!.optionId));
    const turn = chat.start('scenario:shell');
    await until(() => chat.asked.length === 1, 'the shell question', 15_000);
    let switched = false;
    const change = changeMode(zero, chat.chat.sessionId!, 'plan', (a) => chat.dispatch(a)).then(
      () => (switched = true),
    );
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(switched, false, 'set_mode waits for the running turn (turnMu)');
    assert.equal(chat.chat.acp?.mode, 'auto', 'the header still shows the mode the turn runs in');
    assert.equal(chat.chat.acp?.nextMode, 'plan', 'and the pick, from the next message');
    release();
    await within(turn.done, 30_000, 'shell turn');
    assert.ok(lastOffered().includes('exec_command'), 'the running turn kept auto to its end');
    await within(change, 10_000, 'set_mode');
    assert.equal(chat.chat.acp?.mode, 'plan');
    assert.equal(chat.chat.acp?.nextMode, undefined);
    await chat.turn('scenario:shell');
    assert.deepEqual(lastOffered(), PLAN_TOOLS, 'the next message runs in plan');
  });
});
