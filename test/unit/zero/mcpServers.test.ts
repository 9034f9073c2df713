// Zero's MCP commands as the extension reads them, from what Zero 0.8.0 printed (recorded from the real
// binary: a local stdio server with a secret env value, Zero's default Exa server without network), and
// the MCP check of Zero: Diagnose on the same output.
import * as assert from 'node:assert/strict';
import {
  checkMcpServer,
  listMcpPermissions,
  listMcpServers,
  revokeMcpPermission,
  setMcpServerEnabled,
  type RunMcpCli,
} from '../../../src/zero/config/mcpServers';
import type { CliResult } from '../../../src/zero/zeroCli';
import { fakeInput, ok, runCheck, valueOf } from '../diagnose/fakeMachine';

const LIST = JSON.stringify({
  servers: {
    exa: {
      args: [],
      auth: '',
      command: '',
      disabled: false,
      env: null,
      headers: null,
      oauth: null,
      type: 'http',
      url: 'https://mcp.exa.ai/mcp',
    },
    local: {
      args: ['/srv/mcp-echo/server.mjs'],
      auth: '',
      command: '/usr/bin/node',
      disabled: false,
      env: { SECRET: '[REDACTED]' },
      headers: null,
      oauth: null,
      type: 'stdio',
      url: '',
    },
    '--evil': { type: 'stdio', command: '/bin/sh', disabled: false },
  },
});
const CHECK_LOCAL = JSON.stringify({
  serverName: 'local',
  status: 'ok',
  toolCount: 1,
  tools: [{ description: 'Echo the text back', name: 'mcp_local_echo', permission: 'prompt', sideEffect: 'network' }],
});
const EXA_ERROR =
  'MCP server exa is not reachable: initialize MCP server exa: call MCP http server exa: Post "https://mcp.exa.ai/mcp": dial tcp: lookup mcp.exa.ai on 10.255.255.53:53: no such host';
const CHECK_EXA: CliResult = {
  code: 1,
  stdout: JSON.stringify({ error: EXA_ERROR, serverName: 'exa', status: 'unreachable' }),
  stderr: `[zero] ${EXA_ERROR}\n`,
};
const PERMISSIONS = JSON.stringify({
  permissions: [
    {
      scope: 'server',
      serverName: 'local',
      serverIdentity: '33d92a01',
      maxAutonomy: 'high',
      approvedAt: '2026-12-03T17:00:00Z',
    },
    {
      scope: 'tool',
      serverName: 'exa',
      serverIdentity: 'ab12',
      toolName: 'web_search_exa',
      maxAutonomy: 'medium',
      approvedAt: '2026-12-03T17:01:00Z',
    },
  ],
});

function fake(out: Record<string, CliResult>): RunMcpCli & { calls: string[][] } {
  const calls: string[][] = [];
  const run: RunMcpCli = async (args) => {
    calls.push([...args]);
    return out[args.join(' ')] ?? { code: 2, stdout: '', stderr: `[zero] unknown ${args.join(' ')}` };
  };
  return Object.assign(run, { calls });
}

describe("Zero's MCP servers, through zero mcp", () => {
  it('lists each server with what it runs, sorted; a name Zero would refuse is left out', async () => {
    const servers = await listMcpServers(fake({ 'mcp list --json': ok(LIST) }));
    assert.deepEqual(servers, [
      { name: 'exa', type: 'http', target: 'https://mcp.exa.ai/mcp', disabled: false },
      { name: 'local', type: 'stdio', target: '/usr/bin/node /srv/mcp-echo/server.mjs', disabled: false },
    ]);
  });

  it("check: the tools of a reachable server; an unreachable one is an answer with Zero's words", async () => {
    const run = fake({ 'mcp check local --json': ok(CHECK_LOCAL), 'mcp check exa --json': CHECK_EXA });
    assert.deepEqual(await checkMcpServer(run, 'local'), {
      ok: true,
      tools: [
        { name: 'mcp_local_echo', description: 'Echo the text back', permission: 'prompt', sideEffect: 'network' },
      ],
    });
    assert.deepEqual(await checkMcpServer(run, 'exa'), { ok: false, status: 'unreachable', error: EXA_ERROR });
    // A name that would read as a flag never reaches the argv.
    assert.equal((await checkMcpServer(run, '--json')).ok, false);
    assert.deepEqual(run.calls, [
      ['mcp', 'check', 'local', '--json'],
      ['mcp', 'check', 'exa', '--json'],
    ]);
  });

  it("enable and disable: Zero's refusal is the error, in its words", async () => {
    const run = fake({
      'mcp disable exa --json': ok(
        '{"serverName":"exa","disabled":true,"changed":true,"configPath":"/c/zero/config.json"}',
      ),
      'mcp enable proj --json': {
        code: 2,
        stdout: '',
        stderr: '[zero] MCP server proj is not configured in user config\n',
      },
    });
    await setMcpServerEnabled(run, 'exa', false);
    await assert.rejects(setMcpServerEnabled(run, 'proj', true), {
      message: 'zero mcp enable proj --json failed: MCP server proj is not configured in user config',
    });
    await assert.rejects(setMcpServerEnabled(run, '-x', true), /Not a server name/);
    assert.equal(run.calls.length, 2);
  });

  it('permissions: listed by server and tool, and each revoked by exactly its own command', async () => {
    const run = fake({
      'mcp permissions list --json': ok(PERMISSIONS),
      'mcp permissions revoke local --json': ok('{"revoked":1,"scope":"server","serverName":"local"}'),
      'mcp permissions revoke exa web_search_exa --json': ok(
        '{"revoked":1,"scope":"tool","serverName":"exa","toolName":"web_search_exa"}',
      ),
    });
    const [server, tool] = await listMcpPermissions(run);
    assert.deepEqual(server, {
      scope: 'server',
      serverName: 'local',
      serverIdentity: '33d92a01',
      maxAutonomy: 'high',
      approvedAt: '2026-12-03T17:00:00Z',
    });
    assert.equal(tool?.toolName, 'web_search_exa');
    assert.equal(await revokeMcpPermission(run, server!), 1);
    assert.equal(await revokeMcpPermission(run, tool!), 1);
    await assert.rejects(revokeMcpPermission(run, { ...tool!, toolName: '--confirm' }), /Not a permission/);
    assert.deepEqual(run.calls.slice(1), [
      ['mcp', 'permissions', 'revoke', 'local', '--json'],
      ['mcp', 'permissions', 'revoke', 'exa', 'web_search_exa', '--json'],
    ]);
  });
});

describe('diagnose: MCP servers', () => {
  const files = { '/usr/bin/zero': 'exe' } as const;
  const cli = {
    'mcp list --json': ok(LIST),
    'mcp check local --json': ok(CHECK_LOCAL),
    'mcp check exa --json': CHECK_EXA,
  };

  it('each server with its state; the unreachable default Exa server is a warning; ACP gets none', async () => {
    const r = await runCheck(fakeInput({ files, cli }), 'mcp');
    assert.equal(r.status, 'warning');
    assert.equal(r.finding, '2 MCP servers, 2 enabled; not reachable: exa (its tools are missing from exec chats).');
    assert.equal(valueOf(r, 'local (stdio)'), 'reachable, 1 tool: mcp_local_echo');
    assert.equal(valueOf(r, 'exa (http)'), `unreachable: ${EXA_ERROR}`);
    assert.equal(valueOf(r, 'ACP'), 'ACP chats get no MCP tools: zero acp starts no MCP server.');
  });

  it('Restricted Mode: the servers are listed, none is started', async () => {
    const input = fakeInput({ files, cli }, { trusted: false });
    const r = await runCheck(input, 'mcp');
    assert.equal(r.status, 'ok');
    assert.equal(r.finding, '2 MCP servers, 2 enabled; none started in Restricted Mode.');
    assert.equal(valueOf(r, 'local (stdio)'), 'not started (Restricted Mode)');
    assert.ok(!input.calls.some((c) => c.args.includes('check')), 'no mcp check ran');
  });
});
