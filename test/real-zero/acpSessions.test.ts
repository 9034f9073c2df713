// Sessions over the real `zero acp`: initialize and session/new as the chat sees them, session/load in
// a new process after the old one was killed (what history comes back, and to whom), unknown sessions,
// and additionalDirectories.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AcpProcess } from '../../src/acp/acpProcess';
import { selected } from '../../src/acp/permissionOptions';
import { ZeroAcp } from '../../src/acp/zeroAcp';
import { AcpChat, answerOf, realAcp, toolsOf, warningsOf } from './lib/acpChat';
import { makeSandbox, realZeroBin, type Sandbox } from './lib/realZero';
import { until } from '../support/until';

describe('real zero acp: sessions', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  const zeros: ZeroAcp[] = [];
  const open = (): ZeroAcp => {
    const zero = realAcp(sandbox);
    zeros.push(zero);
    return zero;
  };
  beforeEach(async () => (sandbox = await makeSandbox({ modelsFetch: true })));
  afterEach(async () => {
    for (const z of zeros.splice(0)) z.dispose();
    await sandbox.dispose();
  });

  it("the first message: session/new in the workspace, Zero's modes and the provider's models, the answer streamed", async () => {
    const zero = open();
    const chat = new AcpChat(zero, sandbox.workspace);
    const turn = await chat.turn('hello scenario:reasoning');
    assert.equal(turn.status, 'success');
    assert.equal(answerOf(turn), 'The answer is 42.');
    assert.deepEqual(
      turn.items.map((i) => i.kind),
      ['reasoning', 'text'],
    );
    assert.ok(zero.supportsImages, 'initialize advertises image prompts');
    assert.match(chat.chat.sessionId ?? '', /^zero_\d{14}_\d+_\d+$/);
    assert.deepEqual(chat.chat.acp?.modes, [
      { id: 'auto', name: 'Auto' },
      { id: 'ask', name: 'Ask' },
      { id: 'plan', name: 'Plan' },
    ]);
    assert.equal(chat.chat.acp?.mode, 'auto');
    // The model list is the provider's GET /models, asked for on session/new.
    assert.deepEqual(chat.chat.acp?.models, [{ id: 'scripted-1', name: 'scripted-1' }]);
    assert.ok(sandbox.server.requests.some((r) => r.method === 'GET' && r.path.endsWith('/models')));
    const meta = JSON.parse(
      fs.readFileSync(path.join(sandbox.dataHome, 'zero', 'sessions', chat.chat.sessionId!, 'metadata.json'), 'utf8'),
    ) as Record<string, unknown>;
    assert.deepEqual([meta.title, meta.cwd, meta.modelId], ['ACP session', sandbox.workspace, 'scripted-1']);
  });

  it('killed between messages: the next message starts zero acp again and loads the session; the history goes to the model, nothing is replayed to the chat', async () => {
    const zero = open();
    const chat = new AcpChat(zero, sandbox.workspace);
    await chat.turn('Remember the word kumquat scenario:plain');
    const sessionId = chat.chat.sessionId;
    const pid = zero.pid!;
    process.kill(-pid, 'SIGKILL');
    await until(() => zero.pid === undefined, 'the exit', 10_000);
    const before = chat.chat.turns.length;
    const turn = await chat.turn('What was the word? scenario:plain');
    assert.notEqual(zero.pid, pid, 'a new process');
    assert.equal(chat.chat.sessionId, sessionId, 'the same session continues');
    assert.equal(chat.chat.turns.length, before + 1);
    assert.deepEqual(
      turn.items.map((i) => i.kind),
      ['text'],
      'session/load replays no earlier updates into the chat',
    );
    assert.deepEqual(warningsOf(turn), []);
    const prompt = String(sandbox.server.completions().at(-1)!.body!.messages.at(-1)!.content);
    assert.equal(
      prompt,
      'Conversation so far:\nUser: Remember the word kumquat scenario:plain\nAssistant: Hello from the scripted model.\n\n---\nContinue with this request:\nWhat was the word? scenario:plain',
    );
  });

  it('a session that cannot be loaded: the chat starts a new one and says why (Zero: session not found)', async () => {
    const chat = new AcpChat(open(), sandbox.workspace);
    chat.chat = { ...chat.chat, sessionId: 'zero_20990101000000_1_1' };
    const turn = await chat.turn('scenario:plain');
    assert.notEqual(chat.chat.sessionId, 'zero_20990101000000_1_1');
    assert.match(
      warningsOf(turn).join('\n'),
      /could not load this chat's session \(session not found: zero_20990101000000_1_1\)/,
    );
    assert.equal(turn.status, 'success');
  });

  it('a prompt for a session the process does not know: Zero answers -32602 unknown session', async () => {
    const zero = open();
    await new AcpChat(zero, sandbox.workspace).turn('scenario:plain');
    await assert.rejects(
      zero.prompt('zero_20990101000000_1_1', [{ type: 'text', text: 'hi' }]),
      /not open/,
      'the product refuses before sending',
    );
    const conn = new ZeroAcp({
      launch: () => ({ binary: realZeroBin(), cwd: sandbox.workspace, env: sandbox.env }),
      idleMs: 60_000,
      clientVersion: 'test',
    });
    zeros.push(conn);
    await conn.open({
      sessionId: null,
      cwd: sandbox.workspace,
      additionalDirectories: [],
      sink: { update: () => undefined, permission: async () => ({ outcome: { outcome: 'cancelled' } }) },
    });
    const raw = (conn as unknown as { live: { proc: AcpProcess } }).live.proc.connection.agent;
    await assert.rejects(
      raw.request('session/prompt', { sessionId: 'zero_20990101000000_1_1', prompt: [{ type: 'text', text: 'hi' }] }),
      (err: { code?: number; message?: string }) => {
        assert.equal(err.code, -32602);
        return true;
      },
    );
  });

  it('additionalDirectories are accepted and ignored: a write into one is still asked about', async () => {
    // /dev/shm: not one of Zero's temp write roots (/tmp, $TMPDIR), so only an added directory could allow it.
    const extra = fs.mkdtempSync('/dev/shm/zero-acp-extra-');
    try {
      const chat = new AcpChat(open(), sandbox.workspace);
      chat.ask = async () => selected('deny');
      const target = path.join(extra, 'notes.txt');
      const turn = await chat.turn(`scenario:write-outside path=${target}`, {
        additionalDirectories: [extra],
        mode: 'ask',
      });
      assert.equal(chat.chat.acp?.mode, 'ask');
      assert.equal(chat.asked.length, 1, 'Zero asked although the folder was passed as an additional directory');
      assert.equal(chat.asked[0]!.toolCall.title, `write_file ${target}`);
      assert.match(toolsOf(turn)[0]!.output ?? '', /Permission denied/);
      assert.equal(fs.existsSync(target), false);
    } finally {
      fs.rmSync(extra, { recursive: true, force: true });
    }
  });
});
