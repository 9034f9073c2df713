// MCP over the real `zero acp`: with a local MCP server configured and permitted, the same request that
// calls it on exec (test/real-zero/mcpCard.test.ts) finds no MCP tool over ACP, because Zero's ACP server
// builds the core tool registry only (internal/cli/acp.go BuildWorkspace) and starts no MCP server. The
// ACP chat's header says so (ACP_NO_MCP, src/webview/chrome/transportBar.ts); this makes it true.
import * as assert from 'node:assert/strict';
import { selected } from '../../src/acp/permissionOptions';
import type { ZeroAcp } from '../../src/acp/zeroAcp';
import { ACP_NO_MCP, ACP_NO_MCP_WHY } from '../../src/conversation/acpMcp';
import { AcpChat, answerOf, offeredTools, realAcp, toolsOf } from './lib/acpChat';
import { answer, chatTurn, tools } from './lib/execChat';
import { echoServerSandbox } from './lib/mcpEcho';
import type { Sandbox } from './lib/realZero';

describe('real zero acp: no MCP tools', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let zero: ZeroAcp | undefined;
  beforeEach(async () => {
    sandbox = await echoServerSandbox({ modelsFetch: true });
  });
  afterEach(async () => {
    zero?.dispose();
    await sandbox.dispose();
  });

  it('the MCP server exec calls is never offered in any ACP mode, and the header says so in words', async () => {
    // exec, same sandbox: the server is there and its tool runs.
    const exec = await chatTurn(sandbox, 'Echo it scenario:mcp');
    assert.match(answer(exec.turn), /ECHO-OK/);
    assert.ok(tools(exec.turn).some((t) => t.name === 'mcp_local_echo'));
    const execRequests = offeredTools(sandbox).length;

    zero = realAcp(sandbox);
    const chat = new AcpChat(zero, sandbox.workspace);
    chat.ask = async () => selected('deny');
    for (const mode of ['auto', 'ask', 'plan']) {
      const turn = await chat.turn('Echo it scenario:mcp', { mode });
      assert.equal(answerOf(turn), 'Tool mcp_local_echo was not offered in this mode.', mode);
      assert.ok(!toolsOf(turn).some((t) => t.name.startsWith('mcp_')), `${mode}: no MCP call`);
    }
    const acpOffered = offeredTools(sandbox).slice(execRequests);
    assert.ok(acpOffered.length >= 3, 'each ACP turn asked the model');
    assert.ok(
      acpOffered.some((names) => names.includes('read_file')),
      'the requests did list tools',
    );
    for (const names of acpOffered)
      assert.deepEqual(
        names.filter((n) => n.startsWith('mcp_')),
        [],
      );
    assert.match(ACP_NO_MCP, /not offered over ACP/);
    assert.match(ACP_NO_MCP_WHY, /starts none of Zero's MCP servers/);
  });
});
