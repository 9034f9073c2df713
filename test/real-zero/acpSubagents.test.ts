// Subagents over the real `zero acp`: Zero's ACP server builds the core tool registry only
// (internal/cli/acp.go BuildWorkspace), so no mode offers the model Task, and no child session is ever
// made. The ACP chat's header says so (ACP_NO_SUBAGENTS, src/webview/chrome/transportBar.ts); this is
// what makes that sentence true.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { selected } from '../../src/acp/permissionOptions';
import type { ZeroAcp } from '../../src/acp/zeroAcp';
import { ACP_NO_SUBAGENTS_WHY } from '../../src/conversation/subagent';
import { sessionsRoot } from '../../src/zero/sessions/checkpoints';
import { AcpChat, answerOf, closeRealAcp, offeredTools, openRealAcp, toolsOf } from './lib/acpChat';
import type { Sandbox } from './lib/realZero';

const SUBAGENT_TOOLS = ['Task', 'TaskOutput', 'TaskStop', 'GenerateSpecialist'];

describe('real zero acp: no subagents', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let zero: ZeroAcp;
  let chat: AcpChat;
  beforeEach(async () => ({ sandbox, zero, chat } = await openRealAcp(async () => selected('deny'))));
  afterEach(async () => closeRealAcp(zero, sandbox));

  it('neither auto, ask nor plan offers Task: the model cannot start a subagent, and no child session is made', async () => {
    for (const mode of ['auto', 'ask', 'plan']) {
      const turn = await chat.turn('scenario:task', { mode });
      assert.equal(answerOf(turn), 'Tool Task was not offered in this mode.', mode);
      assert.deepEqual(toolsOf(turn), [], mode);
      const offered = offeredTools(sandbox).at(-1) ?? [];
      assert.ok(offered.includes('read_file'), `${mode}: the request did list tools`);
      for (const name of SUBAGENT_TOOLS) assert.ok(!offered.includes(name), `${mode}: ${name}`);
      assert.ok(!offered.some((n) => n.startsWith('swarm_')), mode);
    }
    const root = sessionsRoot(sandbox.env);
    assert.deepEqual(
      (fs.existsSync(root) ? fs.readdirSync(root) : []).filter((d) => d.startsWith('specialist_')),
      [],
    );
    assert.match(ACP_NO_SUBAGENTS_WHY, /no Task tool/);
  });
});
