// zod/mini has no messages of its own ("Invalid input" for every issue); src/protocol/zod.ts gives it
// the English ones the classic API had, which users see when a chat file is set aside or a message
// from the view is ignored. Checked in a fresh process: in the suite, something else (the ACP SDK's
// classic zod) may have installed them already.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..', '..');

const SCRIPT = `
const { readChat } = require('./src/conversation/chatSchema');
const { WebviewToHostSchema } = require('./src/messages/protocol');
console.log(JSON.stringify([
  readChat({ id: 1 }),
  WebviewToHostSchema.safeParse({ type: 'send', text: 'x'.repeat(1_000_001) }).error.issues[0].message,
  WebviewToHostSchema.safeParse({ type: 'nope' }).error.issues[0].message.slice(0, 48),
]));
`;

describe('zod messages (zod/mini with English)', () => {
  it("are the classic API's English ones, in a process that loaded only our schemas", function () {
    this.timeout(30_000);
    const r = spawnSync(process.execPath, ['--require', 'tsx/cjs', '-e', SCRIPT], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), [
      { ok: false, reason: 'id: Invalid input: expected string, received number' },
      'Too big: expected string to have <=1000000 characters',
      "Invalid discriminator value. Expected 'ready' | ",
    ]);
  });
});
