// An MCP server's tool against the real Zero 0.8.0: a local stdio server (test/fixtures/mcp-echo) with a
// persistent MCP permission, Zero's default Exa server disabled. Through the extension's exec path the call
// is `mcp_local_echo` (loaded through tool_search in auto mode), and its result's meta names the server and
// the tool, which the card shows (flat keys "mcp.server" and "mcp.tool"), with the arguments and the result.
import * as assert from 'node:assert/strict';
import { answer, chatTurn, offered, problems, tools } from './lib/execChat';
import { ECHO_SERVER, echoServerSandbox, serverIdentity } from './lib/mcpEcho';
import type { Sandbox } from './lib/realZero';

describe('real Zero: a call to an MCP server', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await echoServerSandbox();
  });
  afterEach(async () => sandbox.dispose());

  it("the card names the server and the tool from Zero's meta, with the call's arguments and result", async () => {
    const { turn, actions } = await chatTurn(sandbox, 'Echo it scenario:mcp');
    assert.deepEqual(problems(turn), []);
    assert.equal(turn.status, 'success');
    assert.match(answer(turn), /^The MCP tool said: echo: test MCP round trip ECHO-OK/);
    const [search, echo] = tools(turn);
    assert.deepEqual([search!.name, search!.status, search!.mcp], ['tool_search', 'ok', undefined]);
    assert.deepEqual(
      [echo!.name, echo!.sideEffect, echo!.status, echo!.args, echo!.output],
      ['mcp_local_echo', 'network', 'ok', { text: 'test MCP round trip' }, 'echo: test MCP round trip\nECHO-OK'],
    );
    assert.deepEqual(echo!.mcp, { server: 'local', tool: 'echo' });
    // The key shape Zero 0.8.0 writes: flat, dotted.
    const result = actions.find((a) => a.type === 'event' && a.event.type === 'tool_result' && a.event.id === echo!.id);
    const meta = result?.type === 'event' && result.event.type === 'tool_result' ? result.event.meta : undefined;
    assert.deepEqual(
      [meta?.['mcp.server'], meta?.['mcp.tool'], meta?.['mcp.identity']],
      ['local', 'echo', serverIdentity(ECHO_SERVER)],
    );
    // Offered behind tool_search first (deferred), then loaded.
    assert.ok(!offered(sandbox)[0]!.includes('mcp_local_echo'));
    assert.ok(offered(sandbox)[1]!.includes('mcp_local_echo'));
  });
});
