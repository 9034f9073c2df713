import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ChatController } from '../../../src/chats/chatController';
import { ChatStore } from '../../../src/storage/chatStore';
import { FakeTransport } from '../support/fakeTransport';
import { shim } from '../shim/vscode';
import { until } from '../../support/until';
import { zeroEvent } from '../../support/builders';
import { chatCore } from '../../support/chatCore';

describe('history: rename and continuing a Zero session (plain Node, fake transport)', () => {
  let dir: string;
  let transport: FakeTransport;
  let store: ChatStore;
  let controller: ChatController;

  const open = (): ChatController => chatCore({ store, transport });
  beforeEach(() => {
    shim.reset();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-hist-'));
    transport = new FakeTransport();
    store = new ChatStore(dir, () => undefined);
    controller = open();
  });
  afterEach(async () => {
    controller.dispose();
    await ChatStore.settled();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const answered = async (prompt: string, sessionId: string): Promise<string> => {
    controller.focus.newChat();
    controller.send(prompt);
    transport.last.emit(zeroEvent({ type: 'run_start', sessionId }), zeroEvent({ type: 'text', delta: 'ok' }));
    transport.last.succeed();
    await until(() => !controller.runs.isBusy(controller.focus.workingChatId), 'the run ended');
    return controller.focus.workingChat.id;
  };

  it('renames the open chat and one only in the history; the names survive a reload and the entries carry their session', async () => {
    const first = await answered('first question', 'zero_first');
    const second = await answered('second question', 'zero_second');
    assert.equal(controller.chats.renameChat(first, '  Login   bug  '), true);
    assert.equal(controller.chats.renameChat(second, 'Build speed'), true);
    assert.equal(controller.focus.workingChat.title, 'Build speed');
    assert.equal(controller.chats.renameChat(first, '   '), false, 'an empty name is refused');
    assert.equal(controller.chats.renameChat('chat-gone', 'x'), false);
    await store.idle();
    controller.dispose();
    store = new ChatStore(dir, () => undefined);
    controller = open();
    assert.deepEqual(
      store.summaries().map((s) => [s.title, s.sessionId]),
      [
        ['Build speed', 'zero_second'],
        ['Login bug', 'zero_first'],
      ],
    );
    assert.equal(store.load(first)?.title, 'Login bug');
  });

  it('a session from the terminal becomes a chat whose first message resumes it and keeps its title; continuing it again reopens that chat', async () => {
    controller.focus.continueSession('zero_from_terminal', 'Refactor the parser');
    assert.equal(controller.focus.workingChat.sessionId, 'zero_from_terminal');
    assert.equal(controller.focus.workingChat.title, 'Refactor the parser');
    controller.send('go on');
    assert.equal(
      transport.last.request.sessionId,
      'zero_from_terminal',
      'the run resumes the session (--resume= / session/load)',
    );
    transport.last.emit(
      zeroEvent({ type: 'run_start', sessionId: 'zero_from_terminal' }),
      zeroEvent({ type: 'text', delta: 'continuing' }),
    );
    transport.last.succeed();
    await until(() => !controller.runs.isBusy(controller.focus.workingChatId), 'the run ended');
    const chatId = controller.focus.workingChat.id;
    assert.equal(controller.focus.workingChat.title, 'Refactor the parser', 'the first message does not rename it');
    assert.equal(store.summaries().find((s) => s.id === chatId)?.sessionId, 'zero_from_terminal');
    controller.focus.newChat();
    controller.focus.continueSession('zero_from_terminal', 'Refactor the parser');
    assert.equal(controller.focus.workingChat.id, chatId);
  });
});
