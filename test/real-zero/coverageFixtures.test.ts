// The lists docs/zero-coverage.md is checked against were recorded from the real Zero: they must still be
// what it prints, so a new command, flag or tool cannot go unnoticed.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeSandbox, runZero, type Sandbox } from './lib/realZero';

const FIXTURES = path.resolve(__dirname, '../fixtures/zero-0.8.0');
const recorded = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
/** Trailing blanks and line endings are not part of what Zero lists. */
const normal = (text: string) =>
  text
    .replace(/\r\n/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .trimEnd();

describe('real Zero: the recorded coverage fixtures', () => {
  let sandbox: Sandbox;
  beforeEach(async () => (sandbox = await makeSandbox()));
  afterEach(async () => sandbox.dispose());

  for (const [file, args] of [
    ['zero-help.txt', ['--help']],
    ['exec-help.txt', ['exec', '--help']],
  ] as const) {
    it(`zero ${args.join(' ')} prints ${file}`, async () => {
      const r = await runZero(sandbox, [...args]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(normal(r.stdout || r.stderr), normal(recorded(file)));
    });
  }

  for (const [file, extra] of [
    ['list-tools.json', []],
    ['list-tools-auto-medium.json', ['--auto', 'medium']],
  ] as const) {
    it(`zero exec --list-tools -o json ${extra.join(' ')} lists the tools of ${file}`, async () => {
      const r = await runZero(sandbox, ['exec', '--list-tools', '-o', 'json', ...extra]);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), JSON.parse(recorded(file)));
    });
  }
});
