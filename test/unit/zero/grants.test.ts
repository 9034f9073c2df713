// `zero sandbox grants list --json` read through zod: odd entries are skipped, not fatal; output
// that is not JSON or not a list is a clear error.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { listApprovals } from '../../../src/zero/grants/grants';
import { useTempDir } from '../../support/tempDir';

const listGrants = async (bin: string) => (await listApprovals(bin)).grants;

const WIN = process.platform === 'win32';

describe('listApprovals (zod at the CLI boundary)', function () {
  const dir = useTempDir('zero-grants-');

  /** A stand-in `zero` that prints `stdout` for any command. */
  function zeroPrinting(stdout: string): string {
    const file = path.join(dir(), 'zero');
    fs.writeFileSync(file, `#!/usr/bin/env node\nprocess.stdout.write(${JSON.stringify(stdout)});\n`, { mode: 0o755 });
    return file;
  }

  it('keeps the valid grants and skips entries of the wrong shape', async function () {
    if (WIN) this.skip();
    const bin = zeroPrinting(
      JSON.stringify({ grants: [null, { toolName: 7 }, { toolName: 'web_fetch', scope: '*', extra: true }, 'x'] }),
    );
    const grants = await listGrants(bin);
    assert.deepEqual(
      grants.map((g) => [g.toolName, g.scope]),
      [['web_fetch', '*']],
    );
    assert.deepEqual(
      await listGrants(zeroPrinting(JSON.stringify([{ toolName: 'bash' }]))).then((g) => g.map((x) => x.toolName)),
      ['bash'],
    );
  });

  it('says so when the output is not JSON or not a list', async function () {
    if (WIN) this.skip();
    await assert.rejects(listGrants(zeroPrinting('Usage: zero sandbox …')), /not JSON: Usage: zero sandbox/);
    await assert.rejects(listGrants(zeroPrinting('{"grants":"all"}')), /unexpected shape/);
    await assert.rejects(listGrants(zeroPrinting('42')), /unexpected shape/);
  });
});
