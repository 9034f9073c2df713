// The sidebar view resolved again (moved to another container, restored): the old view's dispose
// must not unbind the new one. Real `vscode` API and controller; the two views are stand-ins
// because VS Code offers no command that re-resolves a view on demand.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ChatViewProvider } from '../../../src/host/views/chatViewProvider';
import { plainEditor } from '../../unit/support/editorHandlers';
import { api, EXTENSION_ID } from './helpers';
import { until } from '../../support/until';

interface StandIn {
  readonly view: vscode.WebviewView;
  readonly posted: { type: string }[];
  send(msg: unknown): void;
  dispose(): void;
}

function standInView(): StandIn {
  const posted: { type: string }[] = [];
  const received = new vscode.EventEmitter<unknown>();
  const disposed = new vscode.EventEmitter<void>();
  const webview = {
    options: {},
    html: '',
    cspSource: 'vscode-resource:',
    asWebviewUri: (u: vscode.Uri) => u,
    onDidReceiveMessage: received.event,
    postMessage: async (m: { type: string }) => {
      posted.push(m);
      return true;
    },
  };
  const view = {
    webview,
    onDidDispose: disposed.event,
    onDidChangeVisibility: new vscode.EventEmitter<void>().event,
    show: () => undefined,
    visible: true,
    badge: undefined,
  };
  return {
    view: view as unknown as vscode.WebviewView,
    posted,
    send: (m) => received.fire(m),
    dispose: () => disposed.fire(),
  };
}

describe('Chat view re-resolve (extension host)', function () {
  it("the old view's dispose leaves the new view bound to the chat", async function () {
    const a = await api();
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const log = vscode.window.createOutputChannel('Zero re-resolve test', { log: true });
    const provider = new ChatViewProvider(ext.extensionUri, a.controller, plainEditor(a.controller), log);
    try {
      const first = standInView();
      const second = standInView();
      provider.resolveWebviewView(first.view);
      first.send({ type: 'ready' });
      await until(() => first.posted.some((m) => m.type === 'snapshot'), 'the first view got its snapshot', 30_000);

      // VS Code resolves the moved view, then disposes the old one.
      provider.resolveWebviewView(second.view);
      first.dispose();
      second.send({ type: 'ready' });
      await until(() => second.posted.some((m) => m.type === 'snapshot'), 'the new view got its snapshot', 30_000);

      // Still bound: a change in the chat reaches the new view, and none reaches the old one.
      const before = { first: first.posted.length, second: second.posted.length };
      a.controller.focus.newChat();
      await until(() => second.posted.length > before.second, 'the new view was told about the new chat', 30_000);
      assert.equal(first.posted.length, before.first, 'the disposed view gets nothing');
    } finally {
      provider.dispose();
      log.dispose();
    }
  });
});
