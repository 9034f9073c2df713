// Revoking exactly one approval (grants.ts revokeApproval, grantsFile.ts) against the fake zero, which the
// real-Zero differential test holds to Zero's grants CLI: the CLI where it removes exactly that entry,
// the grants file otherwise; a file the code does not know is left alone.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { listApprovals, revokeApproval } from '../../../src/zero/grants/grants';
import { removeGrantEntry } from '../../../src/zero/grants/grantsFile';

const FAKE_ZERO = path.resolve(__dirname, '../../fixtures/fake-zero/zero');
const AT = '2026-01-01T00:00:00Z';

describe('revokeApproval: exactly the one picked', function () {
  this.timeout(20000);
  let dir: string;
  let env: Record<string, string>;
  const file = (): string => env.ZERO_SANDBOX_GRANTS_PATH!;
  beforeEach(function () {
    if (process.platform === 'win32') this.skip();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-revoke-'));
    env = { ZERO_SANDBOX_GRANTS_PATH: path.join(dir, 'grants.json') };
    const grant = (toolName: string, scope = '', scopeKind = '', decision = 'allow') => ({
      toolName,
      ...(scope ? { scope, scopeKind } : {}),
      decision,
      approvedAt: AT,
    });
    fs.writeFileSync(
      file(),
      JSON.stringify({
        schemaVersion: 3,
        policyVersion: 2,
        grants: {
          write_file: [
            grant('write_file', '/w/a.txt', 'file'),
            grant('write_file', '/w/b.txt', 'file'),
            grant('write_file', '/w/docs', 'dir'),
          ],
          web_fetch: [grant('web_fetch'), grant('web_fetch', 'example.com', 'host')],
          exec_command: [grant('exec_command', '', '', 'deny')],
        },
        commandPrefixes: { exec_command: [{ toolName: 'exec_command', prefix: ['git', 'status'], approvedAt: AT }] },
      }),
    );
  });
  afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  const remaining = async (): Promise<string[]> => {
    const a = await listApprovals(FAKE_ZERO, env);
    return [
      ...a.grants.map((g) => `${g.toolName} ${g.scope ?? '*'} ${g.decision}`),
      ...a.commandPrefixes.map((p) => `${p.toolName} \`${p.prefix.join(' ')}\``),
    ];
  };

  it('lists command prefixes next to the grants', async () => {
    assert.deepEqual(
      (await listApprovals(FAKE_ZERO, env)).commandPrefixes.map((p) => p.prefix),
      [['git', 'status']],
    );
  });

  for (const [what, entry, gone] of [
    [
      'a file grant',
      { grant: { toolName: 'write_file', scope: '/w/a.txt', scopeKind: 'file', decision: 'allow' } },
      'write_file /w/a.txt allow',
    ],
    [
      'a host grant',
      { grant: { toolName: 'web_fetch', scope: 'example.com', scopeKind: 'host', decision: 'allow' } },
      'web_fetch example.com allow',
    ],
    [
      'a tool-wide grant next to a host grant',
      { grant: { toolName: 'web_fetch', decision: 'allow' } },
      'web_fetch * allow',
    ],
    [
      'a deny next to a command prefix',
      { grant: { toolName: 'exec_command', decision: 'deny' } },
      'exec_command * deny',
    ],
    [
      'a command prefix',
      { prefix: { toolName: 'exec_command', prefix: ['git', 'status'] } },
      'exec_command `git status`',
    ],
  ] as const) {
    it(`${what}: only it goes`, async () => {
      const before = await remaining();
      await revokeApproval(FAKE_ZERO, entry, env);
      assert.deepEqual(
        await remaining(),
        before.filter((e) => e !== gone),
      );
    });
  }

  it('a grants file of another schema version, or an entry that is gone, is not touched', () => {
    const text = fs.readFileSync(file(), 'utf8');
    assert.throws(
      () =>
        removeGrantEntry(file(), {
          kind: 'grant',
          toolName: 'web_fetch',
          scope: 'example.org',
          scopeKind: 'host',
          decision: 'allow',
        }),
      /no longer/,
    );
    fs.writeFileSync(file(), text.replace('"schemaVersion":3', '"schemaVersion":4'));
    assert.throws(
      () =>
        removeGrantEntry(file(), {
          kind: 'grant',
          toolName: 'web_fetch',
          scope: 'example.com',
          scopeKind: 'host',
          decision: 'allow',
        }),
      /schemaVersion 4/,
    );
    assert.equal(fs.readFileSync(file(), 'utf8'), text.replace('"schemaVersion":3', '"schemaVersion":4'));
  });
});
