import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AttentionNotifier } from '../../../src/host/status/attentionNotifier';
import { ChatController } from '../../../src/chats/chatController';
import { ChatStore } from '../../../src/storage/chatStore';
import type { ChatSurface } from '../../../src/chats/chatSurfaces';
import { FakeTransport } from '../support/fakeTransport';
import { shim, window } from '../shim/vscode';
import { until } from '../../support/until';
import { zeroEvent, permissionRequest } from '../../support/builders';
import { chatCore } from '../../support/chatCore';

/** A view as the surfaces registry sees it; the test moves it between chats and shows or hides it. */
class FakeSurface implements ChatSurface {
  revealed = 0;
  constructor(
    public chatId: string,
    public inView = true,
  ) {}
  reveal(): void {
    this.revealed++;
  }
}

const finalText = (c: ChatController, id: string): string | undefined =>
  c.chats
    .wholeChat(id)
    ?.turns.at(-1)
    ?.items.flatMap((i) => (i.kind === 'text' ? [i.text] : []))
    .join('');

describe('several chats at once (controller, fake transport)', () => {
  let dir: string;
  let transport: FakeTransport;
  let controller: ChatController;
  let shown: string[];

  beforeEach(() => {
    shim.reset();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-chats-'));
    transport = new FakeTransport();
    controller = chatCore({ dir, transport });
    shown = [];
  });
  afterEach(async () => {
    controller.dispose();
    await ChatStore.settled();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a tab chat and the sidebar chat run at the same time, each with its own answer', async () => {
    const sidebarId = controller.focus.sidebarShownChat.id;
    const tabId = controller.chatForTab()!.id;
    assert.notEqual(tabId, sidebarId);
    controller.send('first question', {}, sidebarId);
    controller.send('second question', {}, tabId);
    assert.equal(transport.turns.length, 2, 'both ran at once, neither queued');
    assert.deepEqual(
      transport.turns.map((t) => [t.request.chatId, t.request.prompt]),
      [
        [sidebarId, 'first question'],
        [tabId, 'second question'],
      ],
    );
    transport.turns[1]!.emit(zeroEvent({ type: 'text', delta: 'answer two' }));
    transport.turns[0]!.emit(zeroEvent({ type: 'text', delta: 'answer one' }));
    transport.turns[1]!.succeed('answer two');
    transport.turns[0]!.succeed('answer one');
    await until(() => !controller.runs.isBusy(sidebarId) && !controller.runs.isBusy(tabId), 'both runs ended');
    assert.equal(finalText(controller, sidebarId), 'answer one');
    assert.equal(finalText(controller, tabId), 'answer two');
    assert.equal(controller.viewState(tabId).chat.id, tabId, "the tab's view shows its own chat");
    assert.equal(controller.viewState().chat.id, sidebarId, "the sidebar's view shows its own chat");
  });

  it('switching the sidebar to a new chat does not stop its run, and reopening shows it live', async () => {
    controller.send('long job');
    const first = controller.focus.sidebarShownChat.id;
    controller.focus.newChat();
    assert.notEqual(controller.focus.sidebarShownChat.id, first);
    assert.equal(controller.runs.isBusy(first), true, 'still running in the background');
    assert.equal(controller.activity.activity(first), 'running');
    assert.equal(
      controller.historyWithActivity().find((c) => c.id === first)?.activity,
      'running',
      'history says it runs',
    );
    controller.openChat(first);
    transport.last.emit(zeroEvent({ type: 'text', delta: 'still going' }));
    assert.equal(controller.viewState().chat.turns.at(-1)?.status, 'running', 'reopened live, not cut off');
  });

  it('a run that ends where no visible view shows it is unread until a view shows it', async () => {
    const tabId = controller.chatForTab()!.id;
    const view = new FakeSurface(tabId, false);
    controller.surfaces.add(view);
    controller.send('q', {}, tabId);
    transport.last.succeed('done');
    await until(() => !controller.runs.isBusy(tabId), 'the run ended');
    assert.equal(controller.activity.activity(tabId), 'unread');
    assert.equal(controller.historyWithActivity().find((c) => c.id === tabId)?.activity, 'unread');
    view.inView = true;
    controller.surfaces.changed();
    assert.equal(controller.activity.activity(tabId), 'idle');
  });

  it('the waiting count follows pending permission requests across chats', async () => {
    let changes = 0;
    controller.activity.onDidChange(() => changes++);
    const a = controller.focus.sidebarShownChat.id;
    const b = controller.chatForTab()!.id;
    controller.send('fetch', {}, a);
    controller.send('fetch too', {}, b);
    assert.equal(controller.activity.waiting, 0);
    transport.turns[1]!.emit(zeroEvent(permissionRequest()));
    assert.equal(controller.activity.waiting, 1);
    assert.equal(controller.activity.activity(b), 'waiting');
    assert.equal(controller.activity.activity(a), 'running');
    assert.ok(changes > 0, 'listeners (badge, tab titles) were told');
    const turnId = controller.chats.wholeChat(b)!.turns.at(-1)!.id;
    controller.chats.commit(b, [
      { type: 'approval_decided', turnId, key: 'permission_request:c1', approval: 'denied' },
    ]);
    assert.equal(controller.activity.waiting, 0);
  });

  it('the send a tab makes goes to its chat: commands act on the chat the user last worked in', () => {
    const tabId = controller.chatForTab()!.id;
    controller.focus.workIn(tabId);
    assert.equal(controller.focus.workingChat.id, tabId);
    controller.attachments.add('a.ts:L1-L2', 'ts', '```ts\nx\n```');
    controller.send('in the tab');
    assert.equal(transport.last.request.chatId, tabId);
    assert.ok(!transport.last.request.prompt.includes('```ts'), "the sidebar's attachment stays with the sidebar");
    controller.focus.workIn(null);
    controller.send('in the sidebar');
    assert.equal(transport.last.request.chatId, controller.focus.sidebarShownChat.id);
    assert.ok(transport.last.request.prompt.includes('```ts'));
  });

  describe('attention notifications', () => {
    let notifier: AttentionNotifier;
    beforeEach(() => {
      notifier = new AttentionNotifier({ controller, show: (id) => void shown.push(id) });
    });
    afterEach(() => notifier.dispose());

    it('a run that finishes in a chat no visible view shows is notified; one in view is not', async () => {
      const tabId = controller.chatForTab()!.id;
      const view = new FakeSurface(tabId, true);
      controller.surfaces.add(view);
      controller.send('visible one', {}, tabId);
      transport.last.succeed();
      await until(() => !controller.runs.isBusy(tabId), 'first run ended');
      assert.deepEqual(shim.messages, []);
      view.inView = false;
      controller.send('hidden one', {}, tabId);
      transport.last.succeed();
      await until(() => shim.messages.length === 1, 'a notification');
      assert.deepEqual(shim.messages, ['info: Zero finished in "visible one".']);
    });

    it('the window in the background counts as not in view; a stopped run is not notified', async () => {
      const id = controller.focus.sidebarShownChat.id;
      controller.surfaces.add(new FakeSurface(id, true));
      controller.send('job');
      await controller.runs.stop(controller.focus.workingChatId);
      assert.deepEqual(shim.messages, []);
      shim.reset();
      window.state.focused = false;
      controller.send('job 2');
      transport.last.emit(zeroEvent(permissionRequest()));
      transport.last.end({ code: 0 });
      await until(() => shim.messages.length === 1, 'a notification');
      assert.deepEqual(shim.messages, ['info: Zero is waiting for your approval in "job".']);
    });

    it('zero.notifications = false turns them off', async () => {
      shim.config.set('zero.notifications', { globalValue: false });
      controller.send('quiet');
      transport.last.succeed();
      await until(() => !controller.runs.isBusy(controller.focus.workingChatId), 'the run ended');
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(shim.messages, []);
    });
  });
});
