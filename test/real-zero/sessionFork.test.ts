// Fork on the real Zero 0.8: a chat forked from the first of its two turns gets a Zero session of its own
// (kind fork, the fork's title) whose next turn's model request holds turn 1 and not turn 2; the original
// session keeps both and goes on; no file is touched. The copy equals what Zero's own `zero exec --fork`
// copies (all but provider_usage, renumbered, payloads as they were, then a session_fork marker).
import './lib/editorApis';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { textOf } from '../fixtures/model-server/scenarios';
import { forkChat } from '../../src/chats/chatFork';
import { FORK_ACP_WHY } from '../../src/conversation/forkTurns';
import { forkChats } from '../../src/host/history/forkChats';
import { readSessionEvents, sessionsRoot } from '../../src/zero/sessions/checkpoints';
import { checkSessionFork, readForkSource, writeSessionFork } from '../../src/zero/sessions/fork/sessionFork';
import { listSessions } from '../../src/zero/sessions/sessionsList';
import { turnChangeActions, UNDO_CHOICE } from '../../src/host/review/turnDiffs';
import { answers, productHost, sandboxEnv, type ProductHost } from './lib/productHost';
import { execArgs, makeSandbox, realZeroBin, runZero, type Sandbox } from './lib/realZero';
import { shim } from '../unit/shim/vscode';
import { until } from '../support/until';

const ORIGINAL = 'original a\n';

describe('real Zero: Fork a chat from one of its turns', () => {
  let sandbox: Sandbox;
  let host: ProductHost;
  const root = (): string => sessionsRoot(sandbox.env);
  const fork = (chatId: string, turnId: string) =>
    forkChat(
      host.controller,
      {
        sessionsRoot: root,
        check: (f) => checkSessionFork(realZeroBin(), f, sandboxEnv(sandbox)),
      },
      chatId,
      turnId,
    );
  /** Everything the model was shown in its latest request. */
  const lastModelInput = (): string =>
    (sandbox.server.completions().at(-1)?.body?.messages ?? []).map((m) => textOf(m.content)).join('\n');
  const userMessages = async (sessionId: string): Promise<string[]> =>
    (await readSessionEvents(root(), sessionId))
      .filter((e) => e.type === 'message' && (e.payload as { role?: string }).role === 'user')
      .map((e) => String((e.payload as { content?: unknown }).content));
  const files = (): string[] => fs.readdirSync(root()).sort();

  beforeEach(async () => {
    sandbox = await makeSandbox({ files: { 'src/a.txt': ORIGINAL } });
    host = productHost(sandbox, { mode: 'ask' });
  });
  afterEach(async () => {
    await host.dispose();
    await sandbox.dispose();
  });

  it('from the 1st of 2 turns: the fork goes on from turn 1 only; the original keeps both and goes on', async () => {
    const first = await host.send('alpha question scenario:plain');
    const second = await host.send('beta change scenario:write-two path=src/a.txt new=src/new.txt');
    assert.equal(second.status, 'success', second.explanation ?? '');
    const original = host.controller.focus.workingChat;
    const originalId = original.sessionId!;
    const originalEvents = fs.readFileSync(path.join(root(), originalId, 'events.jsonl'), 'utf8');
    const fileAfter = fs.readFileSync(path.join(sandbox.workspace, 'src/a.txt'), 'utf8');
    assert.notEqual(fileAfter, ORIGINAL, 'turn 2 changed the file');

    const outcome = await fork(original.id, first.id);
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.why);
    const forked = host.controller.chats.wholeChat(outcome.chatId)!;
    assert.equal(forked.title, `${original.title} (fork)`);
    assert.equal(forked.sessionId, outcome.sessionId);
    assert.deepEqual(
      forked.turns.map((t) => [t.prompt, t.run.sessionId]),
      [['alpha question scenario:plain', outcome.sessionId]],
    );
    assert.deepEqual(forked.forkedFrom && [forked.forkedFrom.chatId, forked.forkedFrom.turnId], [
      original.id,
      first.id,
    ]);
    assert.equal(fs.readFileSync(path.join(sandbox.workspace, 'src/a.txt'), 'utf8'), fileAfter, 'no file touched');
    assert.equal(
      fs.readFileSync(path.join(root(), originalId, 'events.jsonl'), 'utf8'),
      originalEvents,
      'the original session is only read',
    );

    const listed = await listSessions(realZeroBin(), sandboxEnv(sandbox));
    assert.ok(listed.ok, listed.ok ? '' : listed.problem);
    const byId = new Map(listed.sessions.map((s) => [s.sessionId, s]));
    assert.equal(byId.get(outcome.sessionId)?.kind, 'fork');
    assert.equal(byId.get(outcome.sessionId)?.title, `${original.title} (fork)`);
    assert.equal(byId.get(originalId)?.kind, '');

    // The fork's next message: --resume=<fork>, and the model sees turn 1 but not turn 2.
    host.controller.openChat(outcome.chatId);
    const inFork = await host.send('gamma follow-up scenario:echo');
    assert.equal(inFork.status, 'success', inFork.explanation ?? '');
    assert.equal(inFork.run.sessionId, outcome.sessionId, 'the fork session went on');
    assert.match(lastModelInput(), /alpha question/);
    assert.doesNotMatch(lastModelInput(), /beta change/);
    assert.deepEqual(await userMessages(outcome.sessionId), [
      'alpha question scenario:plain',
      'gamma follow-up scenario:echo',
    ]);

    // The original goes on with both turns, and never sees the fork's.
    host.controller.openChat(original.id);
    const onward = await host.send('delta onward scenario:echo');
    assert.equal(onward.status, 'success', onward.explanation ?? '');
    assert.equal(onward.run.sessionId, originalId);
    assert.match(lastModelInput(), /alpha question/);
    assert.match(lastModelInput(), /beta change/);
    assert.doesNotMatch(lastModelInput(), /gamma/);
    assert.deepEqual(await userMessages(originalId), [
      'alpha question scenario:plain',
      'beta change scenario:write-two path=src/a.txt new=src/new.txt',
      'delta onward scenario:echo',
    ]);
  });

  it("Undo of a copied turn in the fork rewinds the fork's session: the original session keeps its record", async () => {
    await host.send('alpha question scenario:plain');
    const writer = await host.send('beta change scenario:write-two path=src/a.txt new=src/new.txt');
    const original = host.controller.focus.workingChat;
    const originalEvents = fs.readFileSync(path.join(root(), original.sessionId!, 'events.jsonl'), 'utf8');
    const outcome = await fork(original.id, writer.id);
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.why);
    host.controller.openChat(outcome.chatId);
    answers.warnings.push(UNDO_CHOICE);
    await turnChangeActions({
      controller: host.controller,
      folder: () => sandbox.workspace,
      log: host.log,
      register: () => undefined,
    }).undoTurn(writer.id);
    assert.match(answers.asked[0] ?? '', /Undo the file changes/);
    assert.equal(
      fs.readFileSync(path.join(sandbox.workspace, 'src/a.txt'), 'utf8'),
      ORIGINAL,
      'the files are put back',
    );
    assert.equal(fs.existsSync(path.join(sandbox.workspace, 'src/new.txt')), false);
    const forkEvents = await readSessionEvents(root(), outcome.sessionId);
    assert.equal(forkEvents.at(-1)?.type, 'session_rewind', "the fork's session was rewound");
    assert.ok(!forkEvents.some((e) => e.type === 'session_checkpoint'));
    assert.equal(
      fs.readFileSync(path.join(root(), original.sessionId!, 'events.jsonl'), 'utf8'),
      originalEvents,
      "the original session still holds the turn's checkpoints",
    );
  });

  it('Zero: Fork Chat forks the chat the user works in from its last turn, and opens the fork where it was asked', async () => {
    await host.send('alpha question scenario:plain');
    const last = await host.send('beta question scenario:plain');
    const original = host.controller.focus.workingChat;
    const opened: string[] = [];
    const actions = forkChats({
      controller: host.controller,
      openInTab: (id) => opened.push(`tab ${id}`),
      openInSidebar: async (id) => {
        opened.push(`sidebar ${id}`);
        host.controller.openChat(id);
      },
      log: host.log,
    });
    await actions.forkWorkingChat();
    assert.equal(opened.length, 1, shim.messages.join('\n'));
    const [where, id] = opened[0]!.split(' ');
    assert.equal(where, 'sidebar', 'asked from the sidebar: the fork opens there');
    const forked = host.controller.chats.wholeChat(id!)!;
    assert.deepEqual(
      [forked.forkedFrom?.turnId, forked.turns.map((t) => t.prompt)],
      [last.id, ['alpha question scenario:plain', 'beta question scenario:plain']],
    );
    // From a tab that shows the original: a new tab.
    host.controller.focus.workIn(original.id);
    await actions.forkTurn(original.id, last.id);
    assert.match(opened[1] ?? '', /^tab /);
  });

  it("a copy of the whole session is what Zero's own zero exec --fork copies", async () => {
    await host.send('one scenario:plain');
    await host.send('two scenario:write-two path=src/a.txt new=src/new.txt');
    const parent = host.controller.focus.workingChat.sessionId!;
    const before = new Set(files());
    const r = await runZero(sandbox, execArgs('three scenario:plain', [`--fork=${parent}`]));
    assert.equal(r.code, 0, r.stderr);
    const zeroFork = files().find((f) => !before.has(f))!;
    const source = await readForkSource(root(), parent);
    const ours = await writeSessionFork(root(), source, source.events.length, { title: 'ours' });
    const lines = (id: string): Record<string, unknown>[] =>
      fs
        .readFileSync(path.join(root(), id, 'events.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const theirs = lines(zeroFork);
    const marker = theirs.findIndex((e) => e.type === 'session_fork');
    const shape = (e: Record<string, unknown>, id: string) => ({
      ...e,
      id: String(e.id).replace(id, 'X'),
      sessionId: 'X',
      createdAt: 'T',
    });
    assert.deepEqual(
      lines(ours.sessionId).map((e) => shape(e, ours.sessionId)),
      theirs.slice(0, marker + 1).map((e) => shape(e, zeroFork)),
      'the same events, sequences and payloads, up to and with the marker',
    );
    const meta = (id: string) => JSON.parse(fs.readFileSync(path.join(root(), id, 'metadata.json'), 'utf8'));
    const keys = (m: Record<string, unknown>) =>
      Object.keys(m).filter((k) => !['eventCount', 'lastEventType', 'title'].includes(k));
    const [a, b] = [meta(ours.sessionId), meta(zeroFork)];
    assert.deepEqual(keys(a), keys(b), 'the same metadata fields, in the same order');
    for (const k of [
      'sessionKind',
      'cwd',
      'modelId',
      'provider',
      'parentSessionId',
      'rootSessionId',
      'forkedFromEventId',
      'forkedFromSequence',
    ])
      assert.deepEqual(a[k], b[k], k);
    assert.deepEqual(
      fs.readdirSync(path.join(root(), ours.sessionId, 'checkpoints', 'blobs')).sort(),
      fs.readdirSync(path.join(root(), zeroFork, 'checkpoints', 'blobs')).sort(),
      'the same checkpoint blobs',
    );
  });

  it('over ACP Zero offers no fork: initialize advertises none, and session/fork is method not found', async () => {
    const child = spawn(realZeroBin(), ['acp'], { cwd: sandbox.workspace, env: sandbox.env, shell: false });
    const replies = new Map<number, Record<string, unknown>>();
    let buffered = '';
    child.stdout.on('data', (c: Buffer) => {
      buffered += c.toString('utf8');
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const msg = JSON.parse(buffered.slice(0, nl)) as Record<string, unknown>;
        buffered = buffered.slice(nl + 1);
        if (typeof msg.id === 'number') replies.set(msg.id, msg);
      }
    });
    const call = async (id: number, method: string, params: unknown): Promise<Record<string, unknown>> => {
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      await until(() => replies.has(id), `the answer to ${method}`, 20_000);
      return replies.get(id)!;
    };
    try {
      const init = await call(1, 'initialize', { protocolVersion: 1, clientCapabilities: { fs: {}, terminal: false } });
      const caps = (init.result as { agentCapabilities: Record<string, unknown> }).agentCapabilities;
      assert.deepEqual(Object.keys(caps).sort(), ['loadSession', 'promptCapabilities'], 'no sessionCapabilities.fork');
      const created = await call(2, 'session/new', { cwd: sandbox.workspace, mcpServers: [] });
      const sessionId = (created.result as { sessionId: string }).sessionId;
      const forked = await call(3, 'session/fork', { sessionId, cwd: sandbox.workspace, mcpServers: [] });
      assert.deepEqual(forked.error, { code: -32601, message: 'method not found: session/fork' });
    } finally {
      child.kill('SIGKILL');
    }
  });

  it("so an ACP chat's turn is not forked, and the chat says why", async () => {
    await host.dispose();
    host = productHost(sandbox, { transport: 'acp' });
    const turn = await host.send('over acp scenario:plain');
    assert.equal(turn.status, 'success', turn.explanation ?? '');
    const sessions = files();
    const outcome = await fork(host.controller.focus.workingChatId, turn.id);
    assert.deepEqual(outcome, { ok: false, why: FORK_ACP_WHY });
    assert.deepEqual(files(), sessions, 'no session was made');
  });
});
