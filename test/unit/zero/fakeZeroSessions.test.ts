// The fake zero's sessions (docs/zero-exec.md): --init-session-id, --resume, and rewind.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exec, one, runFake, sandbox, useFakeZeroSandbox } from '../support/fakeZeroRun';

describe('fake zero (test double for `zero exec -o stream-json`)', function () {
  this.timeout(20000);
  useFakeZeroSandbox();

  it('sessions: --init-session-id, --resume=<id> keeps the id, unknown ids fail, bare --resume picks the latest', async () => {
    const first = await exec('What is in README?', ['--init-session-id', 'chat-1']);
    assert.equal(first.code, 0);
    assert.equal(first.events[0].sessionId, 'chat-1');
    const dir = path.join(sandbox, 'data', 'zero', 'sessions', 'chat-1');
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'metadata.json'), 'utf8')).sessionId, 'chat-1');
    assert.ok(fs.readFileSync(path.join(dir, 'events.jsonl'), 'utf8').includes('What is in README?'));

    const resumed = await exec('scenario:resume and now?', ['--resume=chat-1']);
    assert.equal(resumed.code, 0);
    assert.equal(resumed.events[0].sessionId, 'chat-1');
    assert.equal(one(resumed, 'final').text, 'Continuing session chat-1: you previously asked: What is in README?');

    const [unknown, clash, latest] = await Promise.all([
      exec('x', ['--resume=nope']),
      exec('x', ['--init-session-id', 'chat-1']),
      exec('scenario:resume', ['--resume']),
    ]);
    assert.equal(unknown.code, 2);
    assert.equal(unknown.events[0].message, 'Zero session not found: nope');
    assert.equal(clash.events[0].message, 'zero session already exists: chat-1');
    assert.equal(latest.events[0].sessionId, 'chat-1');

    const rewind = await runFake(['sessions', 'rewind', 'chat-1', '--sequence', '1']);
    assert.equal(rewind.code, 0);
    assert.match(rewind.stdout, /^Rewound chat-1 to sequence 1/);
  });
});
