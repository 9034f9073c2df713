// Continue on exec: an ACP chat that outgrew the model's window goes on over exec with the same Zero
// session (zero exec --resume, which folds the session in short; docs/zero-acp.md §10). The reducer, the
// controller on two fake transports (one 'acp', one exec, picked as composition.ts picks them), the
// webview binding and the message schema.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { ChatAction } from '../../../src/conversation/actions';
import { CONTEXT_LIMIT_CODE, CONTINUED_ON_EXEC_CODE } from '../../../src/conversation/contextLimit';
import { chatTransport, type Chat, type NoticeItem } from '../../../src/conversation/model';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import { ChatController } from '../../../src/chats/chatController';
import { ChatStore } from '../../../src/storage/chatStore';
import { ChatWebviewBinding } from '../../../src/host/views/chatWebviewBinding';
import { WebviewToHostSchema, type HostToWebview } from '../../../src/messages/protocol';
import { plainEditor } from '../support/editorHandlers';
import { FakeTransport } from '../support/fakeTransport';
import { EventEmitter, RecordingLog, shim } from '../shim/vscode';
import { until } from '../../support/until';
import { zeroEvent } from '../../support/builders';
import { chatCore } from '../../support/chatCore';

const SESSION = 'zero_20261201_acp_1';
const INFO = { modes: [{ id: 'auto', name: 'Auto' }], mode: 'auto', models: [], model: null, commands: [] };
/** What the product says for the provider's context-length error over ACP (acp/stopReason.ts, checked on the real Zero). */
const REFUSED =
  "The conversation no longer fits the model's context window: provider request error: This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens. Use Continue on exec, start a new chat, or pick a model with a larger window.";

const notices = (chat: Chat, code: string): NoticeItem[] =>
  chat.turns.flatMap((t) => t.items.filter((i): i is NoticeItem => i.kind === 'warning' && i.code === code));

describe('Continue on exec: the reducer', () => {
  const acpChat = (): Chat =>
    [
      { type: 'turn_started', turnId: 't1', prompt: 'a long question', origin: 'prompt', at: 1, transport: 'acp' },
      { type: 'acp_session', sessionId: SESSION, info: INFO },
      { type: 'acp_turn_ended', status: 'error', explanation: REFUSED, stderrTail: null, at: 2 },
    ].reduce<Chat>((c, a) => reduceChat(c, a as ChatAction), newChat('c1', 0));

  it('an ACP chat with a session switches to exec, keeps its session and turns, and says so in its last turn', () => {
    const before = acpChat();
    const after = reduceChat(before, { type: 'continued_on_exec', at: 5 });
    assert.equal(after.transport, 'exec');
    assert.equal(chatTransport(after, 'acp'), 'exec', 'the next turn runs on exec whatever zero.transport says');
    assert.equal(after.sessionId, SESSION, 'the same Zero session: the next exec run resumes it');
    assert.equal(after.turns.length, 1);
    assert.equal(after.turns[0]!.status, 'error', 'what the user saw stays as it was');
    const said = notices(after, CONTINUED_ON_EXEC_CODE);
    assert.equal(said.length, 1);
    assert.match(
      said[0]!.message,
      new RegExp(`continues Zero session ${SESSION} with zero exec --resume.*send it again`, 's'),
    );
    assert.equal(after.updatedAt, 5);
  });

  it('an exec chat, or an ACP chat without a session, is left as it is', () => {
    const exec = reduceChat(newChat('c2', 0), { type: 'transport_set', transport: 'exec' });
    assert.equal(reduceChat(exec, { type: 'continued_on_exec', at: 5 }), exec);
    const noSession = reduceChat(newChat('c3', 0), { type: 'transport_set', transport: 'acp' });
    assert.equal(reduceChat(noSession, { type: 'continued_on_exec', at: 5 }), noSession);
    const twice = reduceChat(reduceChat(acpChat(), { type: 'continued_on_exec', at: 5 }), {
      type: 'continued_on_exec',
      at: 6,
    });
    assert.equal(notices(twice, CONTINUED_ON_EXEC_CODE).length, 1, 'once on exec, a second click changes nothing');
  });
});

describe('Continue on exec: the controller and the view', () => {
  let dir: string;
  let acp: FakeTransport;
  let exec: FakeTransport;
  let controller: ChatController;
  let log: RecordingLog;

  const make = (): ChatController =>
    chatCore({
      dir,
      folder: () => dir,
      // As composition.ts: the chat's own transport, else zero.transport (acp here).
      transportFor: (chat) => (chatTransport(chat, 'acp') === 'acp' ? acp : exec),
      defaultTransport: () => 'acp',
      log: log as unknown as vscode.LogOutputChannel,
    });

  /** An ACP turn whose prompt the provider refuses for its size. */
  const refusedAcpTurn = async (): Promise<void> => {
    controller.send('turn that does not fit');
    const t = acp.last;
    t.emit({ type: 'transport_set', transport: 'acp' }, { type: 'acp_session', sessionId: SESSION, info: INFO });
    t.emit({ type: 'acp_turn_ended', status: 'error', explanation: REFUSED, stderrTail: null, at: Date.now() });
    t.end({ explanation: REFUSED });
    await until(() => !controller.runs.isBusy(controller.focus.workingChatId), 'the ACP turn to end');
  };

  beforeEach(() => {
    shim.reset();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-cont-'));
    acp = new FakeTransport({ approvalsBlock: true, usage: false, checkpoints: false }, 'acp');
    exec = new FakeTransport(undefined, 'exec');
    log = new RecordingLog();
    controller = make();
  });
  afterEach(async () => {
    controller.dispose();
    await ChatStore.settled();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the refused ACP turn carries the card; after Continue on exec the next message runs on exec, resuming the ACP session', async () => {
    await refusedAcpTurn();
    const chatId = controller.focus.workingChatId;
    assert.equal(
      notices(controller.focus.workingChat, CONTEXT_LIMIT_CODE).length,
      1,
      'the card that offers the button',
    );
    assert.equal(controller.runs.continueOnExec(chatId), true);
    assert.equal(controller.focus.workingChat.transport, 'exec');
    controller.send('the next message');
    assert.equal(acp.turns.length, 1, 'nothing more went to zero acp');
    assert.equal(exec.turns.length, 1);
    assert.equal(exec.last.request.sessionId, SESSION, 'exec gets the ACP session to resume (--resume)');
    assert.equal(exec.last.request.prompt, 'the next message');
    exec.last.emit(zeroEvent({ type: 'run_start', sessionId: SESSION }));
    exec.last.succeed('Fits again.');
    await until(() => !controller.runs.isBusy(controller.focus.workingChatId), 'the exec turn to end');
    const chat = controller.focus.workingChat;
    assert.deepEqual(
      chat.turns.map((t) => [t.transport ?? 'exec', t.status]),
      [
        ['acp', 'error'],
        ['exec', 'success'],
      ],
    );
    assert.equal(chat.sessionId, SESSION);
    assert.equal(exec.capabilities.usage, true, 'the exec turn reports usage again');
  });

  it('the switch is saved: the chat read back after a reload runs on exec', async () => {
    await refusedAcpTurn();
    const chatId = controller.focus.workingChatId;
    controller.runs.continueOnExec(chatId);
    controller.dispose();
    await ChatStore.settled();
    controller = make();
    assert.equal(controller.openChat(chatId), true);
    assert.equal(controller.focus.workingChat.transport, 'exec');
    assert.equal(notices(controller.focus.workingChat, CONTINUED_ON_EXEC_CODE).length, 1);
    controller.send('after the reload');
    assert.equal(exec.last.request.sessionId, SESSION);
  });

  it('refused while a turn runs, for a chat not on ACP, and for an ACP chat without a session', async () => {
    controller.send('still running');
    acp.last.emit({ type: 'acp_session', sessionId: SESSION, info: INFO });
    assert.equal(
      controller.runs.continueOnExec(controller.focus.workingChatId),
      false,
      'a running turn is not switched under it',
    );
    acp.last.end({ explanation: REFUSED });
    await until(() => !controller.runs.isBusy(controller.focus.workingChatId), 'the ACP turn to end');
    assert.equal(controller.runs.continueOnExec(controller.focus.workingChatId), true);
    assert.equal(controller.runs.continueOnExec(controller.focus.workingChatId), false, 'already on exec');
    controller.focus.newChat();
    controller.runs.setTransport(controller.focus.workingChatId, 'acp');
    assert.equal(
      controller.runs.continueOnExec(controller.focus.workingChatId),
      false,
      'no Zero session to resume yet',
    );
  });

  it('a context-limit failure on exec gets no card (exec resumes in short by itself)', async () => {
    controller.runs.setTransport(controller.focus.workingChatId, 'exec');
    controller.send('on exec');
    exec.last.end({ explanation: REFUSED });
    await until(() => !controller.runs.isBusy(controller.focus.workingChatId), 'the exec turn to end');
    assert.equal(notices(controller.focus.workingChat, CONTEXT_LIMIT_CODE).length, 0);
  });

  it('the view sends continueOnExec for its chat; the switch reaches the view as an action, and the draft is not touched', async () => {
    await refusedAcpTurn();
    const incoming = new EventEmitter<unknown>();
    const posted: HostToWebview[] = [];
    const webview = {
      onDidReceiveMessage: incoming.event,
      postMessage: async (m: HostToWebview) => (posted.push(m), true),
    } as unknown as vscode.Webview;
    const lg = log as unknown as vscode.LogOutputChannel;
    const binding = new ChatWebviewBinding(
      webview,
      controller,
      plainEditor(controller, () => assert.fail('not an editor action')),
      lg,
    );
    try {
      incoming.fire({ type: 'ready' });
      incoming.fire({ type: 'draft', text: 'my draft' });
      incoming.fire({ type: 'continueOnExec' });
      assert.equal(controller.focus.workingChat.transport, 'exec');
      await until(
        () => posted.some((m) => m.type === 'actions' && m.actions.some((a) => a.type === 'continued_on_exec')),
        'the view hears of it',
      );
      assert.ok(!posted.some((m) => m.type === 'insertDraft'), 'the host puts nothing in the message box');
      assert.equal(controller.viewState().draft, 'my draft');
      incoming.fire({ type: 'continueOnExec' });
      assert.ok(
        log.lines.some((l) => l.startsWith('warn: Continue on exec: this chat is not an idle ACP chat')),
        'a second click is logged, not acted on',
      );
    } finally {
      binding.dispose();
    }
  });

  it('the message schema: continueOnExec takes nothing more', () => {
    assert.ok(WebviewToHostSchema.safeParse({ type: 'continueOnExec' }).success);
    assert.ok(
      !WebviewToHostSchema.safeParse({ type: 'continueOnExec', chatId: 'another-chat' }).success,
      "strict: the chat is the view's own",
    );
    assert.ok(!WebviewToHostSchema.safeParse({ type: 'continueOnExec', sessionId: 'x' }).success);
  });
});
