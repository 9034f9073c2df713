// From Zero back to the editor, in a real VS Code: a `scenario:tools` run (FAKE_ZERO_WRITE=1) really
// overwrites a workspace file; the diff shows Zero's checkpoint of it on the left, and "Undo this
// turn" restores it through `zero sessions rewind` once the modal is confirmed.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { api, configure, freshChat, turnDone, withModalAnswers, type Sandbox } from './helpers';
import { until } from '../../support/until';

const BEFORE = 'Notes written before the turn.\n';
const WRITTEN = '# Notes\n\nWritten by the fake zero.\n';
const REL = 'notes/fake-zero.md';

function diffTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputTextDiff);
}

describe('Turn changes: diff and undo (extension host, fake zero)', function () {
  let box: Sandbox;
  let file: string;

  beforeEach(async function () {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder) this.skip();
    box = await freshChat({ FAKE_ZERO_WRITE: '1' });
    file = path.join(folder.uri.fsPath, 'notes', 'fake-zero.md');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, BEFORE);
  });

  afterEach(async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  async function runTools() {
    const a = await api();
    a.controller.send('write the note scenario:tools');
    const t = await turnDone(a, 1);
    assert.equal(t.status, 'success');
    assert.equal(fs.readFileSync(file, 'utf8'), WRITTEN, 'the run changed the file in the workspace');
    return t;
  }

  it("opens a diff whose left side is the file before the turn, read from Zero's checkpoint", async function () {
    const t = await runTools();
    await vscode.commands.executeCommand('zero.openTurnDiff', t.id, REL);
    const tab = await until(() => diffTabs()[0], 'a diff editor opened', 30_000);
    const input = tab.input as vscode.TabInputTextDiff;
    assert.equal(input.original.scheme, 'zero-before');
    assert.equal(input.modified.fsPath, file);
    assert.match(tab.label, /notes\/fake-zero\.md \(before turn ↔ now\)/);
    const left = await vscode.workspace.openTextDocument(input.original);
    assert.equal(left.getText(), BEFORE);
    const right = await vscode.workspace.openTextDocument(input.modified);
    assert.equal(right.getText(), WRITTEN);
  });

  it('Undo this turn: dismissing the modal changes nothing; "Undo Changes" restores the file with zero sessions rewind', async function () {
    const t = await runTools();
    const sequence = t.items.find((i) => i.kind === 'tool' && i.checkpoint)!;
    assert.ok(sequence.kind === 'tool' && sequence.checkpoint);

    await withModalAnswers(
      () => undefined,
      async (calls) => {
        await vscode.commands.executeCommand('zero.undoTurn', t.id);
        assert.equal(calls.length, 1);
        assert.match(calls[0]!.message, /Undo the file changes/);
        assert.match(calls[0]!.detail, /notes\/fake-zero\.md/);
      },
    );
    assert.equal(fs.readFileSync(file, 'utf8'), WRITTEN, 'dismissed: the file is left as the turn wrote it');
    assert.ok(!box.invocations().some((i) => i.argv[0] === 'sessions'), 'zero was not asked to rewind');

    await withModalAnswers(
      (message) => (/Undo the file changes/.test(message) ? 'Undo Changes' : undefined),
      async () => {
        await vscode.commands.executeCommand('zero.undoTurn', t.id);
      },
    );
    assert.equal(fs.readFileSync(file, 'utf8'), BEFORE, 'restored to its state before the turn');
    const undone = (await api()).controller.focus.workingChat.turns.find((x) => x.id === t.id)?.undone;
    assert.match(undone?.summary ?? '', /^Undid the turn .*1 file restored/, 'the chat records the undo');
    const rewind = box.invocations().find((i) => i.argv[0] === 'sessions');
    assert.deepEqual(rewind?.argv, [
      'sessions',
      'rewind',
      t.run.sessionId,
      '--sequence',
      String(sequence.checkpoint.sequence),
      '--exclude-target',
      '--json',
    ]);

    // Zero's session no longer has the checkpoint: a second undo is refused without a modal.
    await withModalAnswers(
      () => 'Undo Changes',
      async (calls) => {
        await vscode.commands.executeCommand('zero.undoTurn', t.id);
        assert.equal(calls.length, 0);
      },
    );
    assert.equal(box.invocations().filter((i) => i.argv[0] === 'sessions').length, 1);
  });

  it('a file the turn created diffs against an empty document, and undo deletes it', async function () {
    fs.rmSync(file);
    const a = await api();
    a.controller.send('write the note scenario:tools');
    const t = await turnDone(a, 1);
    assert.equal(fs.readFileSync(file, 'utf8'), WRITTEN);
    await vscode.commands.executeCommand('zero.openTurnDiff', t.id, REL);
    const tab = await until(() => diffTabs()[0], 'a diff editor opened', 30_000);
    assert.match(tab.label, /\(new file\)/);
    const left = await vscode.workspace.openTextDocument((tab.input as vscode.TabInputTextDiff).original);
    assert.equal(left.getText(), '');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    await withModalAnswers(
      () => 'Undo Changes',
      async (calls) => {
        await vscode.commands.executeCommand('zero.undoTurn', t.id);
        assert.match(calls[0]!.detail, /notes\/fake-zero\.md \(new: deleted\)/);
      },
    );
    assert.equal(fs.existsSync(file), false, 'the new file is gone');
    // The checkpoint went with the rewind: the diff falls back to a message, not a stale diff.
    await vscode.commands.executeCommand('zero.openTurnDiff', t.id, REL);
    assert.equal(diffTabs().length, 0);
  });

  it('refuses to undo while the chat is running', async function () {
    const a = await api();
    const t = await runTools();
    await configure({ env: box.env({ FAKE_ZERO_WRITE: '1', FAKE_ZERO_DELAY_MS: '100' }) });
    a.controller.send('take your time scenario:slow');
    await until(() => a.controller.runs.isBusy(a.controller.focus.workingChatId), 'the second run started', 30_000);
    await withModalAnswers(
      () => 'Undo Changes',
      async (calls) => {
        await vscode.commands.executeCommand('zero.undoTurn', t.id);
        assert.equal(calls.length, 1);
        assert.match(calls[0]!.message, /still working/);
      },
    );
    await a.controller.runs.stop(a.controller.focus.workingChatId);
    await turnDone(a, 2);
    assert.equal(fs.readFileSync(file, 'utf8'), WRITTEN);
  });
});
