// Continue on exec, checked on the real Zero 0.8.0: a long ACP chat is refused for the model's window
// (zero acp replays the whole history every turn and never compacts), and `zero exec --resume=<the ACP
// session id>` goes on with the same session: the same store, the earlier turns given to the model in
// short (exec folds the session's latest messages, each cut to 500 characters), so it fits again. Within
// one run exec also compacts on the provider's context-length error (summarise, then retry) where ACP
// does not. Last, the product's own button does it: the controller on the real AcpTransport and
// ExecTransport. docs/zero-acp.md §10.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { CONTEXT_LIMIT_CODE, isContextLimit } from '../../src/conversation/contextLimit';
import type { Turn } from '../../src/conversation/model';
import type { ChatRequest } from '../fixtures/model-server/scenarios';
import { AcpChat, realAcp } from './lib/acpChat';
import { productHost, type ProductHost } from './lib/productHost';
import { execArgs, makeSandbox, runZero, type Sandbox } from './lib/realZero';

/** About 1,500 characters: three ACP turns fit the scripted window of 6,000, the fourth does not. */
const PAD = 'lorem ipsum '.repeat(125);
const WINDOW = 6000;
const FAKE_ZERO = path.resolve(__dirname, '../fixtures/fake-zero/zero');

/** Characters of a request without Zero's system prompt (what the scripted provider measures). */
const sizeOf = (body: ChatRequest | undefined): number =>
  JSON.stringify((body?.messages ?? []).filter((m) => m.role !== 'system')).length;
const usersOf = (body: ChatRequest | undefined): string =>
  JSON.stringify((body?.messages ?? []).filter((m) => m.role === 'user'));

/** ACP turns of PAD until the provider refuses one; their statuses. */
async function fillAcp(chat: AcpChat): Promise<string[]> {
  const statuses: string[] = [];
  for (let i = 1; i <= 8 && statuses.at(-1) !== 'error'; i++)
    statuses.push((await chat.turn(`turn ${i} ${PAD} scenario:context-limit max=${WINDOW}`)).status);
  return statuses;
}

describe('real zero: an ACP chat refused for the window goes on over zero exec --resume', () => {
  let sandbox: Sandbox;
  beforeEach(
    async () => (sandbox = await makeSandbox({ files: { 'big.txt': 'a line of the big file\n'.repeat(25) } })),
  );
  afterEach(async () => sandbox.dispose());

  it('exec resumes the ACP session: the earlier turns reach the model cut short, so it fits; the refused message was never stored', async () => {
    const zero = realAcp(sandbox);
    const chat = new AcpChat(zero, sandbox.workspace);
    let statuses: string[];
    try {
      statuses = await fillAcp(chat);
    } finally {
      zero.dispose();
    }
    assert.deepEqual(statuses, ['success', 'success', 'success', 'error']);
    assert.ok(isContextLimit(chat.last.explanation), chat.last.explanation ?? '');
    const refused = sandbox.server.completions().at(-1)!.body;
    assert.ok(sizeOf(refused) > WINDOW, 'ACP sent the whole history');
    const sessionId = chat.chat.sessionId!;

    for (const n of [1, 2]) {
      const r = await runZero(
        sandbox,
        execArgs(`exec ${n} ${PAD} scenario:context-limit max=${WINDOW}`, [`--resume=${sessionId}`]),
      );
      assert.equal(r.code, 0, r.stderr);
      assert.equal(
        (r.events.find((e) => e.type === 'run_start') as { sessionId?: string }).sessionId,
        sessionId,
        'the same Zero session, from the same store',
      );
      assert.equal(
        (r.events.find((e) => e.type === 'run_end') as { status?: string }).status,
        'success',
        'it fits where ACP was refused',
      );
    }
    const last = sandbox.server.completions().at(-1)!.body;
    const user = usersOf(last);
    assert.match(user, new RegExp(`Continuing Zero session ${sessionId}`));
    for (const earlier of ['turn 1 lorem', 'turn 2 lorem', 'turn 3 lorem', 'exec 1 lorem'])
      assert.ok(user.includes(earlier), `the model sees "${earlier}"`);
    assert.ok(
      !user.includes('turn 4 lorem'),
      'zero acp stores a turn only when it ran: the refused message is not in the session',
    );
    // Each earlier message is folded as one line of at most 500 characters (sessions/exec_session.go).
    const folded = user.split('\\n').filter((l) => l.startsWith('- #'));
    assert.ok(folded.length >= 7, folded.join('\n'));
    assert.ok(
      folded.every((l) => l.length < 520),
      `each earlier message cut short: ${folded.map((l) => l.length).join(', ')}`,
    );
    assert.ok(sizeOf(last) < sizeOf(refused), `exec sent ${sizeOf(last)} characters where ACP sent ${sizeOf(refused)}`);
  });

  it('within one run, exec compacts on the context-length error (summarises, retries) and zero acp does not', async () => {
    const prompt = 'Read big.txt again and again scenario:context-limit-tools max=4500 reads=8';
    const r = await runZero(sandbox, execArgs(prompt));
    assert.equal(r.code, 0, r.stderr);
    const exec = sandbox.server.completions();
    const summarizer = (b: ChatRequest | undefined) =>
      (b?.messages ?? []).some((m) => m.role === 'system' && String(m.content).startsWith('You are compacting'));
    const refusedAt = exec.findIndex((q) => sizeOf(q.body) > 4500);
    assert.ok(refusedAt > 0, 'the run outgrew the window');
    assert.ok(summarizer(exec[refusedAt + 1]?.body), 'then Zero asked for a summary');
    const retry = exec[refusedAt + 2]?.body;
    assert.ok(
      usersOf(retry).includes('[Summary of earlier conversation]'),
      'and retried with the summary in place of the oldest messages',
    );
    assert.ok(sizeOf(retry) <= 4500);
    assert.equal((r.events.find((e) => e.type === 'run_end') as { status?: string }).status, 'success');

    const before = exec.length;
    const zero = realAcp(sandbox);
    try {
      const turn = await new AcpChat(zero, sandbox.workspace).turn(prompt);
      assert.equal(turn.status, 'error');
      assert.ok(isContextLimit(turn.explanation), turn.explanation ?? '');
    } finally {
      zero.dispose();
    }
    assert.ok(
      !sandbox.server
        .completions()
        .slice(before)
        .some((q) => summarizer(q.body)),
      'zero acp never asked for a summary',
    );
  });

  it("the fake zero acp refuses acp-context with the real Zero's words", async () => {
    const explanations: (string | null)[] = [];
    for (const binary of [undefined, FAKE_ZERO]) {
      const zero = realAcp(sandbox, binary ? { binary } : {});
      try {
        explanations.push((await new AcpChat(zero, sandbox.workspace).turn('scenario:acp-context')).explanation);
      } finally {
        zero.dispose();
      }
    }
    assert.equal(explanations[1], explanations[0]);
    assert.ok(isContextLimit(explanations[0]));
  });
});

describe('real zero, the product: Continue on exec', () => {
  let sandbox: Sandbox;
  let host: ProductHost;
  beforeEach(async () => {
    sandbox = await makeSandbox();
    host = productHost(sandbox, { transport: 'acp' });
  });
  afterEach(async () => {
    await host.dispose();
    await sandbox.dispose();
  });

  it('the refused ACP turn offers it; after the click the next message runs on zero exec --resume and the model sees the chat so far', async () => {
    const statuses: string[] = [];
    let turn: Turn | undefined;
    for (let i = 1; i <= 8 && turn?.status !== 'error'; i++)
      statuses.push((turn = await host.send(`turn ${i} ${PAD} scenario:context-limit max=${WINDOW}`)).status);
    assert.deepEqual(statuses, ['success', 'success', 'success', 'error']);
    assert.ok(
      turn!.items.some((i) => i.kind === 'warning' && i.code === CONTEXT_LIMIT_CODE),
      'the card that offers Continue on exec',
    );
    const chat = host.controller.focus.workingChat;
    assert.equal(chat.transport, 'acp');
    const sessionId = chat.sessionId!;

    assert.equal(host.controller.runs.continueOnExec(chat.id), true);
    const next = await host.send(`turn 4 again, shorter scenario:context-limit max=${WINDOW}`);
    assert.equal(next.status, 'success', next.explanation ?? '');
    assert.equal(next.transport, undefined, 'an exec turn');
    assert.equal(next.run.sessionId, sessionId, 'zero exec resumed the ACP session');
    assert.ok(next.usage.totalTokens > 0, 'exec reports usage again');
    assert.ok(
      host.log.lines.some((l) => l.includes(`--resume=${sessionId}`)),
      'started with --resume',
    );
    const user = usersOf(sandbox.server.completions().at(-1)!.body);
    for (const earlier of ['turn 1 lorem', 'turn 3 lorem'])
      assert.ok(user.includes(earlier), `the model sees "${earlier}"`);
    const after = host.controller.focus.workingChat;
    assert.deepEqual(
      after.turns.map((t) => t.transport ?? 'exec'),
      ['acp', 'acp', 'acp', 'acp', 'exec'],
      'the chat keeps everything it showed',
    );
  });
});
