// Zero: MCP Servers and Manage Approvals' MCP permissions against the real Zero 0.8.0 (the unit test,
// test/unit/zero/mcpServers.test.ts, reads output recorded from it): the product's own functions over
// `zero mcp list|check|enable|disable|permissions`, run as the host runs them (no shell, the workspace
// folder), with a local stdio server in the user's config and a persistent permission for it. Disable
// is what an exec chat then sees: Zero no longer offers the server's tool; Enable gives it back.
import * as assert from 'node:assert/strict';
import { runZeroCli } from '../../src/zero/zeroCli';
import {
  checkMcpServer,
  listMcpPermissions,
  listMcpServers,
  mcpCli,
  revokeMcpPermission,
  setMcpServerEnabled,
  type RunMcpCli,
} from '../../src/zero/config/mcpServers';
import { answer, chatTurn } from './lib/execChat';
import { ECHO_SERVER, echoServerSandbox, serverIdentity } from './lib/mcpEcho';
import { realZeroBin, type Sandbox } from './lib/realZero';

describe('real Zero: Zero: MCP Servers and its MCP permissions', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let run: RunMcpCli;
  beforeEach(async () => {
    sandbox = await echoServerSandbox();
    run = mcpCli(runZeroCli, realZeroBin(), sandbox.env, sandbox.workspace);
  });
  afterEach(async () => sandbox.dispose());

  it('lists the servers with what each runs and whether it is enabled; check starts one and lists its tools', async () => {
    const servers = await listMcpServers(run);
    const local = servers.find((s) => s.name === 'local');
    assert.deepEqual(local, {
      name: 'local',
      type: 'stdio',
      target: [ECHO_SERVER.command, ...ECHO_SERVER.args].join(' '),
      disabled: false,
    });
    assert.equal(servers.find((s) => s.name === 'exa')?.disabled, true);
    const check = await checkMcpServer(run, 'local');
    assert.ok(check.ok, JSON.stringify(check));
    assert.deepEqual(
      check.tools.map((t) => t.name),
      ['mcp_local_echo'],
    );
  });

  it('Disable: Zero marks it disabled and an exec chat is no longer offered its tool; Enable gives it back', async () => {
    await setMcpServerEnabled(run, 'local', false);
    assert.equal((await listMcpServers(run)).find((s) => s.name === 'local')?.disabled, true);
    const off = await chatTurn(sandbox, 'Echo it scenario:mcp');
    assert.equal(answer(off.turn), 'Tool mcp_local_echo was not offered in this mode.');

    await setMcpServerEnabled(run, 'local', true);
    assert.equal((await listMcpServers(run)).find((s) => s.name === 'local')?.disabled, false);
    const on = await chatTurn(sandbox, 'Echo it scenario:mcp');
    assert.match(answer(on.turn), /ECHO-OK/);
  });

  it('a server Zero does not have: enable is refused in its words', async () => {
    await assert.rejects(setMcpServerEnabled(run, 'nosuch', true), /zero mcp enable nosuch --json failed: .+/);
  });

  it('permissions: the server grant is listed, and revoking it removes it', async () => {
    const before = await listMcpPermissions(run);
    const local = before.find((p) => p.serverName === 'local');
    assert.ok(local, JSON.stringify(before));
    assert.deepEqual(
      [local.scope, local.serverIdentity, local.maxAutonomy],
      ['server', serverIdentity(ECHO_SERVER), 'high'],
    );
    assert.ok((await revokeMcpPermission(run, local)) >= 1);
    assert.deepEqual(
      (await listMcpPermissions(run)).filter((p) => p.serverName === 'local'),
      [],
    );
  });
});
