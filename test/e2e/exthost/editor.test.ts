// From the editor to Zero and back, through the real `vscode` API: code actions, selection
// commands, chips, transcripts, export and the status bar.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { api, configure, exportChatTo, freshChat, lastTurn, turnDone, type Sandbox } from './helpers';
import { until } from '../../support/until';

const titles = (actions: (vscode.CodeAction | vscode.Command)[]): string[] => actions.map((a) => a.title);

describe('Editor integration (extension host, fake zero)', function () {
  let box: Sandbox;
  let file: vscode.Uri;
  let editor: vscode.TextEditor;
  const diagnostics = vscode.languages.createDiagnosticCollection('zero-test');

  before(async function () {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder) throw new Error('the integration tests need a workspace folder');
    const dir = path.join(folder.uri.fsPath, 'notes');
    fs.mkdirSync(dir, { recursive: true });
    file = vscode.Uri.file(path.join(dir, 'plan.txt'));
    fs.writeFileSync(file.fsPath, 'first line\nsecond line with café ☕\nthird line\nfourth line\n');
  });

  after(() => diagnostics.dispose());

  beforeEach(async function () {
    box = await freshChat();
    editor = await vscode.window.showTextDocument(file);
    editor.selection = new vscode.Selection(1, 0, 2, 10);
    diagnostics.clear();
  });

  it('offers Ask and Explain on a selection, and Fix only where diagnostics overlap it', async function () {
    const range = new vscode.Range(1, 0, 2, 10);
    const plain = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      file,
      range,
    );
    assert.ok(titles(plain).includes('Ask Zero about selection'), titles(plain).join(', '));
    assert.ok(titles(plain).includes('Explain with Zero'));
    assert.ok(!titles(plain).includes('Fix with Zero'));
    assert.ok(
      plain.filter((a) => a.title.includes('Zero')).every((a) => a.command && !a.command.arguments),
      'commands carry no arguments',
    );
    diagnostics.set(file, [
      new vscode.Diagnostic(new vscode.Range(2, 0, 2, 5), 'Unknown word "third"', vscode.DiagnosticSeverity.Warning),
    ]);
    const withDiag = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      file,
      range,
    );
    assert.ok(titles(withDiag).includes('Fix with Zero'), titles(withDiag).join(', '));
  });

  it('Explain with Zero sends the path, line range, language and text', async function () {
    const a = await api();
    await vscode.commands.executeCommand('zero.explainSelection');
    const t = await turnDone(a, 1);
    assert.match(t.prompt, /^Explain what this code does/);
    assert.match(t.prompt, /File: notes\/plan\.txt, lines 2-3 \(plaintext\)/);
    assert.match(t.prompt, /second line with café ☕\nthird line/);
    assert.match(box.execs()[0]!.stdin ?? '', /notes\/plan\.txt, lines 2-3/);
  });

  it('Fix with Zero carries the diagnostics', async function () {
    const a = await api();
    diagnostics.set(file, [
      new vscode.Diagnostic(new vscode.Range(2, 0, 2, 5), 'Unknown word "third"', vscode.DiagnosticSeverity.Warning),
    ]);
    await vscode.commands.executeCommand('zero.fixSelection');
    const t = await turnDone(a, 1);
    assert.match(t.prompt, /Diagnostics in the selection:\n- warning at 3:1-3:6: Unknown word "third"/);
  });

  it('Add Selection to Zero Chat attaches a chip; the next message carries it', async function () {
    const a = await api();
    await vscode.commands.executeCommand('zero.addSelectionToChat');
    assert.deepEqual(
      a.controller.viewState().attachments.map((x) => x.label),
      ['notes/plan.txt:L2-L3'],
    );
    assert.equal(a.controller.focus.workingChat.turns.length, 0, 'nothing sent yet');
    a.controller.send('What is on these lines?');
    const t = await turnDone(a, 1);
    assert.match(t.prompt, /^What is on these lines\?\n\nFile: notes\/plan\.txt, lines 2-3/);
    assert.deepEqual(a.controller.viewState().attachments, []);
  });

  it('Explorer "Add to Zero Chat" attaches files and folders as chips; the message carries their paths', async function () {
    const a = await api();
    const folder = vscode.Uri.file(path.dirname(file.fsPath));
    await vscode.commands.executeCommand('zero.addToChat', file, [file, folder]);
    assert.deepEqual(
      a.controller.viewState().attachments.map((x) => x.label),
      ['notes/plan.txt', 'notes/'],
    );
    a.controller.send('Summarise these');
    const t = await turnDone(a, 1);
    assert.equal(
      t.prompt,
      'Summarise these\n\nFiles I mentioned (read them as needed):\n- notes/plan.txt\n- notes/ (folder)',
    );
    assert.deepEqual(t.composed?.chips, ['notes/plan.txt', 'notes/']);
    assert.deepEqual(a.controller.viewState().attachments, []);
  });

  it('Open Transcript shows a saved run read-only; a new chat leaves it', async function () {
    const a = await api();
    const transcript = path.join(box.dir, 'run.jsonl');
    fs.copyFileSync(
      path.join(
        vscode.extensions.getExtension('zero-vscode.zero-vscode')!.extensionUri.fsPath,
        'test',
        'fixtures',
        'transcripts',
        'success-tools.jsonl',
      ),
      transcript,
    );
    await vscode.commands.executeCommand('zero.openTranscript', vscode.Uri.file(transcript));
    const state = a.controller.viewState();
    assert.equal(state.readOnly, true);
    assert.equal(state.chat.title, 'Transcript: run.jsonl');
    assert.equal(lastTurn(state.chat).finalText, 'Done: I wrote `notes.txt` ✅.');
    a.controller.focus.newChat();
    assert.equal(a.controller.viewState().readOnly, false);
  });

  it('Export Chat as Markdown writes the chat to the chosen file', async function () {
    const a = await api();
    a.controller.send('export me scenario:echo');
    await turnDone(a, 1);
    const target = vscode.Uri.file(path.join(box.dir, 'chat.md'));
    const md = await exportChatTo(target);
    assert.match(md, /## You\n\nexport me scenario:echo/);
    assert.match(md, /\*\*Status:\*\* success/);
  });

  it('the status bar shows running with elapsed time, then idle', async function () {
    const a = await api();
    await configure({ env: box.env({ FAKE_ZERO_DELAY_MS: '50', FAKE_ZERO_SLOW_COUNT: '30' }) });
    assert.match(a.statusBar.text, /Zero$/);
    a.controller.send('slowly scenario:slow');
    await until(() => /sync~spin\) Zero \d+:\d\d/.test(a.statusBar.text), 'the status bar says running');
    await turnDone(a, 1, 60_000);
    await until(() => a.statusBar.text === '$(hubot) Zero', 'the status bar is idle again', 30_000);
  });
});
