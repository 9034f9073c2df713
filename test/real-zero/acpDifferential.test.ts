// The same prompts through the fake `zero acp` (test/fixtures/fake-zero) and the real one, compared on
// what a client receives (lib/acpNormalise.ts). Where they differ the fake is wrong: this fails until
// acp.mjs is brought in line. The prompt carries both tags: the fake reads its `rz-*` mirror (the first
// known tag), the scripted model the last one.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { startAcpProcess, type AcpProcess } from '../../src/acp/acpProcess';
import { within } from './lib/acpChat';
import { normalise, type Wire } from './lib/acpNormalise';
import { makeSandbox, realZeroBin, type Sandbox } from './lib/realZero';

const FAKE = path.resolve(__dirname, '../fixtures/fake-zero/zero');

interface Case {
  readonly name: string;
  readonly answer: string;
  readonly mode?: string;
}

const CASES: Case[] = [
  { name: 'plain', answer: 'allow' },
  { name: 'reasoning', answer: 'allow' },
  { name: 'read', answer: 'allow' },
  { name: 'fetch', answer: 'allow' },
  { name: 'fetch', answer: 'deny' },
  { name: 'fetch', answer: 'allow_for_session' },
  { name: 'fetch', answer: 'cancelled' },
  { name: 'shell', answer: 'deny' },
  { name: 'shell', answer: 'allow_prefix_for_session' },
  { name: 'error-500', answer: 'allow' },
];

/** One `zero acp` (the product's process wrapper and SDK connection); every prompt of `prompts` in one session. */
async function run(binary: string, sandbox: Sandbox, c: Case, prompts: number): Promise<string[][]> {
  let wire: Wire[] = [];
  const proc: AcpProcess = startAcpProcess(
    { binary, cwd: sandbox.workspace, env: sandbox.env },
    {
      sessionUpdate: (n: acp.SessionNotification) => void wire.push({ dir: 'update', update: n.update }),
      requestPermission: async (request: acp.RequestPermissionRequest) => {
        wire.push({ dir: 'permission', request });
        return c.answer === 'cancelled'
          ? { outcome: { outcome: 'cancelled' } }
          : { outcome: { outcome: 'selected', optionId: c.answer } };
      },
    },
  );
  try {
    const conn = proc.connection.agent;
    await within(
      conn.request('initialize', {
        protocolVersion: 1,
        clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
      }),
      15_000,
      'initialize',
    );
    const { sessionId } = await within(
      conn.request('session/new', { cwd: sandbox.workspace, mcpServers: [] }),
      15_000,
      'session/new',
    );
    if (c.mode) await conn.request('session/set_mode', { sessionId, modeId: c.mode });
    wire = [];
    const turns: string[][] = [];
    for (let i = 0; i < prompts; i++) {
      try {
        const res = await within(
          conn.request('session/prompt', {
            sessionId,
            prompt: [{ type: 'text', text: `scenario:rz-${c.name} scenario:${c.name}` }],
          }),
          30_000,
          'session/prompt',
        );
        wire.push({ dir: 'end', stopReason: res.stopReason });
      } catch (err) {
        const e = err as { code?: number; message?: string };
        wire.push({ dir: 'end', error: `${e.code} ${e.message}` });
      }
      turns.push(normalise(wire, sandbox.workspace));
      wire = [];
    }
    return turns;
  } finally {
    proc.kill();
    await within(proc.exited, 10_000, 'exit');
  }
}

describe('zero acp: the fake against the real Zero', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  beforeEach(async () => (sandbox = await makeSandbox({ modelsFetch: true })));
  afterEach(async () => sandbox.dispose());

  for (const c of CASES) {
    it(`${c.name}${c.mode ? ` in ${c.mode}` : ''}, answered ${c.answer}: the same updates, permission requests, stop reason and reply (two prompts)`, async () => {
      const real = await run(realZeroBin(), sandbox, c, 2);
      const fake = await run(FAKE, sandbox, c, 2);
      assert.deepEqual(fake, real);
    });
  }
});
