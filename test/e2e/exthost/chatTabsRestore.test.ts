// Chat tabs VS Code restores after a window reload (the WebviewPanelSerializer), through the real
// `vscode` API: a restored panel is bound to the chat its webview state names and shows it; one
// whose state names no chat, a chat that is gone, or a chat already in a tab closes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, freshChat, turnDone } from './helpers';
import { until } from '../../support/until';

const restoredPanel = (): vscode.WebviewPanel =>
  vscode.window.createWebviewPanel('zero.chatPanel', 'Zero', vscode.ViewColumn.Active, {});

function closed(panel: vscode.WebviewPanel): () => boolean {
  let gone = false;
  panel.onDidDispose(() => (gone = true));
  return () => gone;
}

describe('Chat tabs restored after a reload (extension host, fake zero)', function () {
  const opened: vscode.WebviewPanel[] = [];
  beforeEach(() => freshChat());
  afterEach(() => opened.splice(0).forEach((p) => p.dispose()));

  it('binds a restored tab to the chat its state names; closes one naming none, a deleted chat, or a chat already in a tab', async function () {
    const a = await api();
    a.controller.send('scenario:echo restore this tab');
    await turnDone(a, 1);
    const chatId = a.controller.focus.workingChat.id;
    a.controller.focus.newChat();

    const panel = restoredPanel();
    opened.push(panel);
    await a.tabs.deserializeWebviewPanel(panel, { chatId, draft: '' });
    const tab = a.tabs.all.find((t) => t.panel === panel);
    assert.equal(tab?.chatId, chatId, 'the restored tab shows its own chat');
    assert.match(panel.title, /restore this tab/);
    assert.ok(panel.webview.options.enableScripts, 'the chat view can run again');
    assert.equal(
      a.controller.chats.tabChats.includes(chatId),
      true,
      'the tab is in the saved list for the next reload',
    );

    for (const state of [undefined, { chatId: '' }, { chatId: 'chat-that-was-deleted' }, { chatId }]) {
      const other = restoredPanel();
      opened.push(other);
      const isClosed = closed(other);
      await a.tabs.deserializeWebviewPanel(other, state);
      await until(() => isClosed(), `a restored tab with state ${JSON.stringify(state)} closes`, 30_000);
      assert.equal(a.tabs.all.filter((t) => t.chatId === chatId).length, 1);
    }
  });
});
