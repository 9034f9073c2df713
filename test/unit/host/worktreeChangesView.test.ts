/**
 * The Worktree view on the vscode shim: it draws its rows again only when what it lists changed.
 * Each redraw makes VS Code drop the rows' commands, so a row clicked just as an identical list was
 * drawn again ran nothing ("Actual command not found, wanted to execute zero.worktree.diff"): showing
 * the view (Enter on the header's worktree button) lists it twice, once on becoming visible and once
 * for the command.
 */
import '../support/worktreeViewApis';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { ChatController } from '../../../src/chats/chatController';
import { WorktreeChangesView } from '../../../src/host/worktrees/worktreeChangesView';
import { ChatStore } from '../../../src/storage/chatStore';
import { createWorktree } from '../../../src/worktrees/worktreeCreate';
import { FakeTransport } from '../support/fakeTransport';
import { tempRepo, type TempRepo } from '../support/gitRepo';
import { RecordingLog, shim } from '../shim/vscode';
import { chatCore } from '../../support/chatCore';

/* eslint-disable @typescript-eslint/no-explicit-any */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const api = require('vscode') as any;

describe('WorktreeChangesView', function () {
  this.timeout(30_000);
  let r: TempRepo;
  let controller: ChatController;
  let view: WorktreeChangesView;
  const saved = { createTreeView: api.window.createTreeView };

  beforeEach(() => {
    shim.reset();
    r = tempRepo({ 'a.txt': 'a\n' });
    // A view that is visible.
    api.window.createTreeView = (...args: unknown[]) =>
      Object.assign(saved.createTreeView(...args), { visible: true, onDidChangeVisibility: () => ({ dispose() {} }) });
    const fake = new FakeTransport();
    controller = chatCore({
      dir: path.join(r.root, 'chats'),
      folder: () => r.repo,
      transport: fake,
      defaultTransport: () => 'exec',
    });
  });
  afterEach(async () => {
    view?.dispose();
    controller.dispose();
    api.window.createTreeView = saved.createTreeView;
    await ChatStore.settled();
    r.dispose();
  });

  it('lists the same files twice and draws them once; a change draws them again', async () => {
    const made = await createWorktree(r.repo, controller.focus.workingChat.id, r.worktrees);
    assert.ok(made.ok, made.ok ? '' : made.why);
    r.write('a.txt', 'a from zero\n', made.value.path);
    view = new WorktreeChangesView(
      controller,
      () => true,
      new RecordingLog() as RecordingLog & vscode.LogOutputChannel,
    );
    let drawn = 0;
    view.onDidChangeTreeData(() => void drawn++);
    controller.chats.commit(controller.focus.workingChat.id, [{ type: 'worktree_created', worktree: made.value }]);
    await view.refresh();
    const first = drawn;
    assert.ok(first >= 1, 'drawn once it lists the file');
    assert.deepEqual(
      view.getChildren().map((n) => n.file.path),
      ['a.txt'],
    );
    await Promise.all([view.refresh(), view.refresh()]);
    await view.refresh();
    assert.equal(drawn, first, 'the same list is not drawn again');
    r.write('b.txt', 'b\n', made.value.path);
    await view.refresh();
    assert.equal(drawn, first + 1);
    assert.deepEqual(
      view.getChildren().map((n) => n.file.path),
      ['a.txt', 'b.txt'],
    );
  });
});
