// A long ACP chat on the real Zero 0.8.0: zero acp replays the whole history every turn and never
// compacts it (no context window over ACP), so the scripted provider's context-length error (HTTP
// 400, context_length_exceeded) ends the chat's turns. The product says what happened and how to go
// on; the same Zero session continues over exec (`zero exec --resume=<acp session id>`).
import * as assert from 'node:assert/strict';
import { contextLimitNotice, isContextLimit } from '../../src/conversation/contextLimit';
import { AcpChat, realAcp } from './lib/acpChat';
import { execArgs, makeSandbox, runZero, type Sandbox } from './lib/realZero';

const PAD = 'lorem ipsum '.repeat(40);

describe("real zero acp: a chat that outgrows the model's window", () => {
  let sandbox: Sandbox;
  beforeEach(async () => (sandbox = await makeSandbox()));
  afterEach(async () => sandbox.dispose());

  it('each turn replays the history until the provider refuses it; the failure is recognised; exec resumes the session', async () => {
    const zero = realAcp(sandbox);
    const chat = new AcpChat(zero, sandbox.workspace);
    const statuses: string[] = [];
    try {
      for (let i = 1; i <= 6 && statuses.at(-1) !== 'error'; i++)
        statuses.push((await chat.turn(`turn ${i} ${PAD} scenario:context-limit max=2500`)).status);
    } finally {
      zero.dispose();
    }
    const sizes = sandbox.server
      .completions()
      .map((r) => JSON.stringify(r.body!.messages.filter((m) => m.role !== 'system')).length);
    assert.ok(
      sizes.every((s, i) => i === 0 || s > sizes[i - 1]!),
      `the history grows every turn, never compacted: ${sizes.join(', ')}`,
    );
    assert.equal(statuses.at(-1), 'error', statuses.join(','));
    assert.ok(statuses.length > 2, `some turns fit first: ${statuses.join(',')}`);
    const failed = chat.last;
    assert.ok(isContextLimit(failed.explanation), failed.explanation ?? '');
    assert.match(
      contextLimitNotice(),
      /never compacts.*Continue on exec.*same Zero session over zero exec.*Continue in Terminal/s,
    );

    const sessionId = chat.chat.sessionId!;
    const r = await runZero(sandbox, execArgs('sum it up scenario:plain', [`--resume=${sessionId}`]));
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      (r.events.find((e) => e.type === 'run_start') as { sessionId?: string }).sessionId,
      sessionId,
      'exec continues the ACP session',
    );
    // Zero folds the earlier session into the prompt ("Continuing Zero session …, Previous session context: …").
    const user = JSON.stringify(
      sandbox.server
        .completions()
        .at(-1)!
        .body!.messages.filter((m) => m.role === 'user'),
    );
    assert.match(user, new RegExp(`Continuing Zero session ${sessionId}`));
    assert.match(user, /turn 1 lorem ipsum/, 'exec sees the ACP turns');
  });
});
