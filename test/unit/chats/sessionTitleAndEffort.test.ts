// What a turn asks its transport for: the chat's title on the turn that creates Zero's session (exec
// names the session with it), never on later ones; and the composer's effort with the message.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ChatRegistry } from '../../../src/chats/chatRegistry';
import type { ChatView } from '../../../src/chats/chatView';
import { NOTHING_ATTACHED, outgoingTurn } from '../../../src/chats/outgoingMessage';
import { TurnRunner } from '../../../src/chats/turnRunner';
import { ChatStore } from '../../../src/storage/chatStore';
import { FakeTransport } from '../support/fakeTransport';
import { RecordingLog, shim } from '../shim/vscode';
import { until } from '../../support/until';
import { zeroEvent } from '../../support/builders';

describe('a turn request: the chat title for a new session, the effort for the message', () => {
  let dir: string;
  let registry: ChatRegistry;
  let runner: TurnRunner;
  let transport: FakeTransport;
  let ended: number;
  let chatId: string;

  beforeEach(() => {
    shim.reset();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-title-'));
    const log = new RecordingLog();
    transport = new FakeTransport();
    registry = new ChatRegistry(new ChatStore(dir, (m) => log.warn(m)), { log }, () => true);
    const view = { binary: { ok: true, path: null, demo: false, problem: null } } as Pick<ChatView, 'binary'>;
    runner = new TurnRunner(registry, { rememberAsCurrent: () => undefined }, view, {
      folder: () => '/work/project',
      transportFor: () => transport,
      log,
    });
    chatId = registry.createChat().id;
    ended = 0;
    runner.onDidEndRun(() => ended++);
  });
  afterEach(async () => {
    runner.dispose();
    registry.dispose();
    await ChatStore.settled();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const send = (text: string, options: Parameters<typeof outgoingTurn>[1] = {}) => {
    const { prompt, turn } = outgoingTurn(text, options, NOTHING_ATTACHED);
    runner.submit(chatId, prompt, turn);
  };

  it('the first turn carries the title the message gave the chat; a resumed one none, even after a rename', async () => {
    send('  Fix the   login bug\nin auth.ts  ');
    assert.equal(transport.last.request.sessionId, null);
    assert.equal(transport.last.request.title, 'Fix the login bug in auth.ts');
    assert.equal(registry.wholeChat(chatId)!.title, 'Fix the login bug in auth.ts');
    transport.last.emit(zeroEvent({ type: 'run_start', sessionId: 'sess-1' }));
    transport.last.succeed();
    await until(() => ended === 1, 'the first run ended');

    assert.ok(registry.renameChat(chatId, 'Auth work'));
    send('And the logout');
    assert.equal(transport.last.request.sessionId, 'sess-1');
    assert.equal(transport.last.request.title, undefined, 'Zero keeps the first title on --resume');
  });

  it('a first turn that never reached Zero leaves the next one to create the session, with the title', async () => {
    send('Plan the migration');
    transport.last.end({ notStarted: true, explanation: 'no binary' });
    await until(() => ended === 1, 'the failed run ended');
    send('Plan the migration');
    assert.equal(transport.last.request.sessionId, null);
    assert.equal(transport.last.request.title, 'Plan the migration');
  });

  it("the composer's effort goes with its model, and the transcript keeps it", () => {
    send('Think hard', { model: 'thinker-1', effort: 'high' });
    assert.deepEqual(transport.last.request.choice, { model: 'thinker-1', effort: 'high' });
    const turn = registry.wholeChat(chatId)!.turns[0]!;
    assert.deepEqual([turn.composed?.model, turn.composed?.effort], ['thinker-1', 'high']);
  });
});
