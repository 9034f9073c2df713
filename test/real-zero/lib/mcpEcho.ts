// The local stdio MCP server (test/fixtures/mcp-echo) as the real-Zero suites configure it: in the user's
// config as `local`, Zero's default Exa server disabled (its result depends on the network), and a
// persistent MCP permission for it, as `zero mcp` stores one.
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeSandbox, type Sandbox, type SandboxOptions } from './realZero';

export const ECHO_SERVER = {
  type: 'stdio',
  command: process.execPath,
  args: [path.resolve(__dirname, '../../fixtures/mcp-echo/server.mjs')],
};

/** Zero's identity of a server: the first 32 hex of sha256 over {type, command, args} (mcp/config.go). */
export const serverIdentity = (s: typeof ECHO_SERVER): string =>
  crypto.createHash('sha256').update(JSON.stringify(s)).digest('hex').slice(0, 32);

/** A sandbox whose Zero knows `local` (permitted) and has Exa disabled. */
export async function echoServerSandbox(options: Omit<SandboxOptions, 'config'> = {}): Promise<Sandbox> {
  const sandbox = await makeSandbox({
    ...options,
    config: { mcp: { servers: { local: ECHO_SERVER, exa: { disabled: true } } } },
  });
  const grant = {
    serverIdentity: serverIdentity(ECHO_SERVER),
    maxAutonomy: 'high',
    approvedAt: new Date().toISOString(),
  };
  fs.writeFileSync(
    path.join(sandbox.configHome, 'zero', 'mcp-permissions.json'),
    JSON.stringify({ schemaVersion: 1, servers: { local: grant }, tools: {} }),
  );
  return sandbox;
}
