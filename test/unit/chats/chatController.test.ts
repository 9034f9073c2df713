import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { PermissionItem, Turn } from '../../../src/conversation/model';
import {
  ChatController,
  type ControllerChange,
  type PermissionRequest,
  type RunEnded,
} from '../../../src/chats/chatController';
import { ChatStore } from '../../../src/storage/chatStore';
import { FakeTransport } from '../support/fakeTransport';
import { RecordingLog, shim } from '../shim/vscode';
import { until } from '../../support/until';
import { zeroEvent, permissionRequest } from '../../support/builders';
import { chatCore } from '../../support/chatCore';

interface Rig {
  controller: ChatController;
  transport: FakeTransport;
  store: ChatStore;
  log: RecordingLog;
  changes: ControllerChange[];
  ends: RunEnded[];
  requests: PermissionRequest[];
}

describe('ChatController (plain Node, fake transport)', () => {
  let dir: string;
  let rig: Rig;

  const make = (transport = new FakeTransport(), store?: ChatStore): Rig => {
    const log = new RecordingLog();
    const s = store ?? new ChatStore(dir, (m) => log.warn(m));
    const controller = chatCore({ store: s, transport, log });
    const r: Rig = { controller, transport, store: s, log, changes: [], ends: [], requests: [] };
    controller.chats.onDidChange((c) => r.changes.push(c));
    controller.runs.onDidEndRun((e) => r.ends.push(e));
    controller.runs.onPermissionRequest((p) => r.requests.push(p));
    return r;
  };
  const turns = (): readonly Turn[] => rig.controller.focus.workingChat.turns;
  const drafts = (): string[] => rig.changes.flatMap((c) => (c.kind === 'insertDraft' ? [c.text] : []));

  beforeEach(() => {
    shim.reset();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-ctl-'));
    rig = make();
  });
  afterEach(async () => {
    rig.controller.dispose();
    // The chat store writes asynchronously: let a write in flight land before removing its folder.
    await ChatStore.settled();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a message starts a turn through the transport, streams into the chat, and ends with its status', async () => {
    rig.controller.send('  Hello there  ');
    assert.equal(rig.transport.turns.length, 1);
    const req = rig.transport.last.request;
    assert.deepEqual(
      [req.prompt, req.origin, req.sessionId, req.cwd],
      ['Hello there', 'prompt', null, '/work/project'],
    );
    assert.equal(rig.controller.runs.isBusy(rig.controller.focus.workingChatId), true);
    assert.equal(turns()[0]!.status, 'starting');

    rig.transport.last.emit(
      zeroEvent({ type: 'run_start', sessionId: 'sess-1' }),
      zeroEvent({ type: 'text', delta: 'Hi!' }),
    );
    assert.equal(turns()[0]!.status, 'running');
    assert.ok(turns()[0]!.items.some((i) => i.kind === 'text' && i.text === 'Hi!'));

    rig.transport.last.succeed('Hi!');
    await until(() => rig.ends.length === 1, 'the run ended');
    assert.equal(turns()[0]!.status, 'success');
    assert.equal(rig.controller.runs.isBusy(rig.controller.focus.workingChatId), false);
    assert.equal(rig.ends[0]!.turnId, turns()[0]!.id);

    // The next message continues Zero's session.
    rig.controller.send('And again');
    assert.equal(rig.transport.last.request.sessionId, 'sess-1');
  });

  it('the webview gets each streamed batch as one actions change, a run of deltas as one action', () => {
    rig.controller.send('x');
    rig.changes.length = 0;
    rig.transport.last.emit(
      zeroEvent({ type: 'run_start' }),
      zeroEvent({ type: 'text', delta: 'a' }),
      zeroEvent({ type: 'text', delta: 'b' }),
    );
    const batches = rig.changes.filter((c) => c.kind === 'actions');
    assert.equal(batches.length, 1);
    const actions = batches[0]!.kind === 'actions' ? batches[0]!.actions : [];
    assert.deepEqual(
      actions.map((a) => (a.type === 'event' ? [a.event.type, a.event.type === 'text' ? a.event.delta : ''] : [])),
      [
        ['run_start', ''],
        ['text', 'ab'],
      ],
    );
    const first = turns()[0]!.items[0];
    assert.equal(first?.kind === 'text' && first.text, 'ab');
  });

  it('messages sent while a turn runs wait in the queue, show in the view, and run one after another', async () => {
    rig.controller.send('first');
    rig.controller.send('second');
    rig.controller.send('third');
    assert.equal(rig.transport.turns.length, 1);
    assert.deepEqual(rig.controller.viewState().queued, ['second', 'third']);

    rig.transport.last.succeed();
    await until(() => rig.transport.turns.length === 2, 'the second message started');
    assert.equal(rig.transport.last.request.prompt, 'second');
    assert.deepEqual(rig.controller.viewState().queued, ['third']);

    rig.controller.runs.cancelQueued(rig.controller.focus.workingChatId, 0);
    assert.deepEqual(rig.controller.viewState().queued, []);
    rig.transport.last.succeed();
    await until(() => rig.ends.length === 2, 'the second run ended');
    assert.equal(rig.transport.turns.length, 2, 'the cancelled message never ran');
    assert.deepEqual(
      turns().map((t) => t.prompt),
      ['first', 'second'],
    );
  });

  it('Stop ends the turn, and queued messages go back to the composer instead of running', async () => {
    rig.controller.send('long job');
    rig.controller.send('after it');
    await rig.controller.runs.stop(rig.controller.focus.workingChatId);
    assert.equal(rig.transport.last.stopCalls, 1);
    assert.equal(turns()[0]!.status, 'interrupted');
    assert.deepEqual(drafts(), ['after it']);
    assert.deepEqual(rig.controller.viewState().queued, []);
    await until(() => rig.ends.length === 1, 'the run ended');
    assert.equal(rig.transport.turns.length, 1);
  });

  it('a turn that never reached Zero puts the message (and what waited) back in the composer', async () => {
    rig.controller.send('first');
    rig.controller.send('queued');
    rig.transport.last.end({ notStarted: true, explanation: 'Open a folder first.' });
    await until(() => rig.ends.length === 1, 'the failed turn ended');
    assert.equal(turns()[0]!.status, 'failed');
    assert.equal(turns()[0]!.explanation, 'Open a folder first.');
    assert.deepEqual(drafts(), ['first\n\nqueued']);
    assert.equal(rig.transport.turns.length, 1, 'nothing else started');
    assert.ok(rig.log.lines.includes('error: Open a folder first.'));
  });

  it('a transport that throws on start fails the turn with words instead of hanging it', async () => {
    rig.transport.throwOnStart = new Error('boom');
    rig.controller.send('hello');
    await until(() => rig.ends.length === 1, 'the turn ended');
    assert.equal(turns()[0]!.status, 'failed');
    assert.match(turns()[0]!.explanation ?? '', /Internal error while starting the turn: boom/);
    assert.equal(rig.controller.runs.isBusy(rig.controller.focus.workingChatId), false);
  });

  it('permission requests come as their own event, once each, with the card they belong to', () => {
    rig.controller.send('fetch two things');
    const t = rig.transport.last;
    t.emit(zeroEvent({ type: 'run_start' }), zeroEvent({ type: 'text', delta: 'Let me fetch.' }));
    assert.equal(rig.requests.length, 0);
    t.emit(
      zeroEvent(permissionRequest()),
      zeroEvent(permissionRequest({ id: 'c2', name: 'web_search' })),
      // A pre-granted request is information, not a question.
      zeroEvent(permissionRequest({ id: 'c3', name: 'read_file', action: 'allow', permissionGranted: true })),
    );
    t.emit(zeroEvent({ type: 'text', delta: 'more' }));
    assert.deepEqual(
      rig.requests.map((r) => [r.key, r.item.name, r.turnId, r.blocking]),
      [
        ['permission_request:c1', 'web_fetch', turns()[0]!.id, false],
        ['permission_request:c2', 'web_search', turns()[0]!.id, false],
      ],
    );
  });

  it('a transport whose approvals block says so, and gets the answer', () => {
    const acp = new FakeTransport({ approvalsBlock: true, usage: false, checkpoints: false });
    rig.controller.dispose();
    rig = make(acp);
    assert.deepEqual(rig.controller.runs.capabilities(rig.controller.focus.workingChatId), {
      approvalsBlock: true,
      usage: false,
      checkpoints: false,
    });
    rig.controller.send('fetch');
    acp.last.emit(zeroEvent(permissionRequest()));
    const r = rig.requests[0]!;
    assert.equal(r.blocking, true);
    rig.controller.runs.answerApproval(r.chatId, r.turnId, r.key, { kind: 'option', optionId: 'allow_once' });
    assert.deepEqual(acp.last.answers, [
      { key: 'permission_request:c1', answer: { kind: 'option', optionId: 'allow_once' } },
    ]);
    rig.controller.chats.commit(r.chatId, [
      { type: 'approval_decided', turnId: r.turnId, key: r.key, approval: 'allowed-once' },
    ]);
    const card = turns()[0]!.items.find((i): i is PermissionItem => i.kind === 'permission')!;
    assert.equal(card.approval, 'allowed-once');
  });

  it('a failing save or view never stops the end of a run: the queue moves on', async () => {
    rig.controller.send('first');
    rig.controller.send('second');
    const save = rig.store.save.bind(rig.store);
    rig.store.save = () => {
      throw new RangeError('Maximum call stack size exceeded');
    };
    let viewThrew = false;
    rig.controller.chats.onDidChange(() => {
      viewThrew = true;
      throw new Error('render failed');
    });
    rig.transport.last.succeed();
    await until(() => rig.transport.turns.length === 2, 'the queued message started');
    assert.equal(turns()[0]!.status, 'success');
    assert.equal(rig.ends.length, 1);
    assert.ok(
      rig.log.lines.some((l) => /Could not save chat .*Maximum call stack/.test(l)),
      rig.log.lines.join('\n'),
    );
    assert.ok(viewThrew, 'the view listener did throw');
    rig.store.save = save;
  });

  it('a turn end listener that throws does not keep the queue from moving', async () => {
    rig.controller.runs.onDidEndRun(() => {
      throw new Error('listener bug');
    });
    rig.controller.send('first');
    rig.controller.send('second');
    rig.transport.last.succeed();
    await until(() => rig.transport.turns.length === 2, 'the queued message started');
  });

  it('dispose ends every running turn at once and marks it cut off; the chat is saved', () => {
    rig.controller.send('long');
    rig.transport.last.emit(zeroEvent({ type: 'run_start', sessionId: 's' }));
    const turn = rig.transport.last;
    const id = rig.controller.focus.workingChat.id;
    rig.controller.dispose();
    assert.equal(turn.disposed, true);
    const saved = new ChatStore(dir, () => undefined).load(id);
    assert.equal(saved?.turns[0]?.status, 'cut-off');
  });

  it('a chat reopened after a reload whose turn was running says it was cut off', () => {
    rig.controller.send('long');
    rig.transport.last.emit(zeroEvent({ type: 'run_start', sessionId: 's' }));
    rig.store.flush();
    // A second window on the same storage, as after a crash of the first.
    const other = make(new FakeTransport(), new ChatStore(dir, () => undefined));
    assert.equal(other.controller.focus.workingChat.turns[0]?.status, 'cut-off');
    other.controller.dispose();
  });

  it('a chat with a running turn cannot be deleted; a new chat leaves it running', () => {
    rig.controller.send('long');
    const id = rig.controller.focus.workingChat.id;
    rig.controller.deleteChat(id);
    assert.equal(rig.controller.focus.workingChat.id, id);
    rig.controller.focus.newChat();
    assert.notEqual(rig.controller.focus.workingChat.id, id);
    assert.equal(rig.controller.runs.isBusy(id), true);
    assert.equal(rig.controller.runs.isBusy(rig.controller.focus.workingChatId), false);
  });
});
