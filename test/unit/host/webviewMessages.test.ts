import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { ChatController } from '../../../src/chats/chatController';
import { ChatStore } from '../../../src/storage/chatStore';
import { ChatWebviewBinding, sidebarTarget } from '../../../src/host/views/chatWebviewBinding';
import { WebviewToHostSchema, MAX_IMAGE_BASE64, type HostToWebview } from '../../../src/messages/protocol';
import { plainEditor } from '../support/editorHandlers';
import { FakeTransport } from '../support/fakeTransport';
import { EventEmitter, RecordingLog, shim } from '../shim/vscode';
import { until } from '../../support/until';
import { zeroEvent } from '../../support/builders';
import { chatCore } from '../../support/chatCore';

describe('webview → host message schema', () => {
  const ok = (m: unknown) => WebviewToHostSchema.safeParse(m).success;

  it('accepts the messages the chat view sends', () => {
    assert.ok(ok({ type: 'ready' }));
    assert.ok(ok({ type: 'send', text: 'hi' }));
    assert.ok(
      ok({
        type: 'send',
        text: 'hi',
        options: {
          mode: 'plan',
          mentions: [{ kind: 'range', path: 'src/a.ts', startLine: 1, endLine: 3 }],
          images: [{ mediaType: 'image/png', data: 'AAAA', name: 'a.png' }],
        },
      }),
    );
    assert.ok(ok({ type: 'cancelQueued', index: 0 }));
    assert.ok(ok({ type: 'openFile', path: 'src/a.ts', line: 4 }));
    assert.ok(ok({ type: 'fixBinary', action: 'setPath' }));
    assert.ok(ok({ type: 'diagnose' }));
    assert.ok(ok({ type: 'reviewApproval', turnId: 't', key: 'permission_request:c1' }));
    assert.ok(ok({ type: 'manageApprovals' }));
  });

  it('refuses unknown types, extra fields, wrong types and oversized payloads', () => {
    assert.ok(!ok({ type: 'runShell', command: 'rm -rf /' }));
    assert.ok(!ok({ type: 'send', text: 'hi', extra: true }), 'strict: no extra keys');
    assert.ok(!ok({ type: 'send', text: 42 }));
    assert.ok(!ok({ type: 'send', text: 'x'.repeat(1_000_001) }));
    assert.ok(!ok({ type: 'cancelQueued', index: -1 }));
    assert.ok(!ok({ type: 'cancelQueued', index: 1.5 }));
    assert.ok(!ok({ type: 'openFile', path: 'a', line: 0 }));
    assert.ok(!ok({ type: 'fixBinary', action: 'runAnything' }));
    assert.ok(!ok({ type: 'manageApprovals', command: 'zero.other' }), 'manageApprovals carries nothing');
    assert.ok(!ok({ type: 'diagnose', command: 'zero.somethingElse' }), 'diagnose carries nothing');
    assert.ok(
      !ok({
        type: 'send',
        text: 'hi',
        options: { images: [{ mediaType: 'image/png', data: 'A'.repeat(MAX_IMAGE_BASE64 + 1), name: 'big.png' }] },
      }),
    );
    assert.ok(!ok({ type: 'send', text: 'hi', options: { mentions: [{ kind: 'file', path: 'a', evil: 1 }] } }));
    assert.ok(!ok(null));
    assert.ok(!ok('ready'));
  });
});

describe('ChatWebviewBinding (plain Node)', () => {
  let dir: string;
  let controller: ChatController;
  let transport: FakeTransport;
  let binding: ChatWebviewBinding;
  let log: RecordingLog;
  const posted: HostToWebview[] = [];
  const incoming = new EventEmitter<unknown>();

  beforeEach(() => {
    shim.reset();
    posted.length = 0;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-bind-'));
    transport = new FakeTransport();
    log = new RecordingLog();
    const lg = log as unknown as vscode.LogOutputChannel;
    controller = chatCore({ dir, folder: () => dir, transport, log: lg });
    const webview = {
      onDidReceiveMessage: incoming.event,
      postMessage: async (m: HostToWebview) => (posted.push(m), true),
    } as unknown as vscode.Webview;
    binding = new ChatWebviewBinding(webview, controller, plainEditor(controller), lg);
  });
  afterEach(async () => {
    binding.dispose();
    controller.dispose();
    // The chat store writes asynchronously: let a write in flight land before removing its folder.
    await ChatStore.settled();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an invalid message is logged and ignored; nothing runs', () => {
    incoming.fire({ type: 'ready' });
    incoming.fire({ type: 'send', text: 'hi', sneaky: 'x' });
    assert.equal(transport.turns.length, 0);
    assert.ok(log.lines.some((l) => l.startsWith('warn: Ignored an invalid message from the chat view')));
  });

  it('ready gets a snapshot; a sent message streams back as batched actions', async () => {
    incoming.fire({ type: 'ready' });
    assert.equal(posted[0]?.type, 'snapshot');
    incoming.fire({ type: 'send', text: 'Hello' });
    assert.equal(transport.last.request.prompt, 'Hello');
    transport.last.emit(zeroEvent({ type: 'run_start' }), zeroEvent({ type: 'text', delta: 'Hi' }));
    transport.last.succeed('Hi');
    await until(
      () => posted.some((m) => m.type === 'actions' && m.actions.some((a) => a.type === 'process_exited')),
      'the end reaches the view',
    );
    const actions = posted.flatMap((m) => (m.type === 'actions' ? m.actions : []));
    assert.deepEqual(
      actions.map((a) => (a.type === 'event' ? a.event.type : a.type)),
      ['turn_started', 'run_start', 'text', 'final', 'run_end', 'process_exited'],
    );
  });
  it("Zero's first word after a quiet spell reaches the view at once; a burst right after it is batched", async () => {
    const tick = (): Promise<void> => new Promise((r) => setImmediate(r));
    const texts = (m: HostToWebview): string[] =>
      m.type === 'actions'
        ? m.actions.flatMap((a) => (a.type === 'event' && a.event.type === 'text' ? [a.event.delta ?? ''] : []))
        : [];
    incoming.fire({ type: 'ready' });
    incoming.fire({ type: 'send', text: 'Hello' });
    await new Promise((r) => setTimeout(r, 40)); // Zero starts: longer than a frame
    transport.last.emit(zeroEvent({ type: 'text', delta: 'Hi' }));
    await tick();
    assert.deepEqual(posted.flatMap(texts), ['Hi'], 'posted with no batching wait');
    const before = posted.length;
    for (const d of ['a', 'b', 'c']) transport.last.emit(zeroEvent({ type: 'text', delta: d }));
    await tick();
    assert.equal(posted.length, before, 'within a frame of the last post: held for the batch');
    await until(() => posted.length > before, 'the batch goes');
    assert.deepEqual(posted.slice(before).map(texts), [['a', 'b', 'c']], 'one message');
  });

  it("Zero's first word and the turn's end skip the batching wait, even right after a post, once per turn", async () => {
    const tick = (): Promise<void> => new Promise((r) => setImmediate(r));
    const kinds = (from: number): string[][] =>
      posted
        .slice(from)
        .flatMap((m) =>
          m.type === 'actions' ? [m.actions.map((a) => (a.type === 'event' ? a.event.type : a.type))] : [],
        );
    incoming.fire({ type: 'ready' });
    incoming.fire({ type: 'send', text: 'Hello' });
    await until(() => kinds(0).some((k) => k.includes('turn_started')), 'the message reaches the view');
    const start = posted.length;
    transport.last.emit(zeroEvent({ type: 'run_start' }));
    await tick();
    // Within a frame of the last post: a plain batch would wait; the first words do not.
    transport.last.emit(zeroEvent({ type: 'text', delta: 'Hi' }));
    await tick();
    assert.deepEqual(kinds(start).flat(), ['run_start', 'text'], 'the first words are posted at once');
    const streaming = posted.length;
    transport.last.emit(zeroEvent({ type: 'text', delta: ' there' }));
    await tick();
    assert.equal(posted.length, streaming, 'later words wait for the batch');
    transport.last.succeed('Hi there');
    await until(() => kinds(streaming).flat().includes('process_exited'), 'the end reaches the view');
    assert.ok(kinds(streaming).flat().includes('final'));
  });

  it("a turn's start and end build no view state for a view whose chat has turns", async () => {
    binding.dispose();
    let built = 0;
    const sidebar = sidebarTarget(controller);
    const counting = { ...sidebar, chatId: '', viewState: () => (built++, sidebar.viewState()) };
    Object.defineProperty(counting, 'chatId', { get: () => sidebar.chatId });
    const lg = log as unknown as vscode.LogOutputChannel;
    const webview = {
      onDidReceiveMessage: incoming.event,
      postMessage: async (m: HostToWebview) => (posted.push(m), true),
    } as unknown as vscode.Webview;
    binding = new ChatWebviewBinding(webview, controller, plainEditor(controller), lg, counting);
    incoming.fire({ type: 'ready' });
    assert.equal(built, 1, 'the snapshot');
    incoming.fire({ type: 'send', text: 'Hello' });
    transport.last.succeed('Hi');
    await until(() => !controller.runs.isBusy(sidebar.chatId), 'the turn ends');
    assert.equal(built, 1, 'no view state built for the activity changes');
  });

  it('a view of an empty chat is refreshed when another chat stops running', async () => {
    incoming.fire({ type: 'ready' });
    incoming.fire({ type: 'send', text: 'Hello' });
    const running = controller.focus.sidebarChatId;
    controller.focus.newChat();
    const snapshots = (): number => posted.filter((m) => m.type === 'snapshot').length;
    const before = snapshots();
    transport.last.succeed('Hi');
    await until(() => !controller.runs.isBusy(running), 'the turn ends');
    await until(() => snapshots() > before, 'a fresh list of recent chats');
  });
});
