// "Copy Session ID" and "Continue in Terminal" on a chat that has a Zero session, through the real
// commands: the clipboard holds the id, and an integrated terminal runs Zero's interactive mode
// (the binary itself, no shell, no arguments) and types `/resume <id>` into it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, freshChat, turnDone, type Sandbox } from './helpers';
import { until } from '../../support/until';

describe('Session commands (extension host, fake zero)', function () {
  let box: Sandbox;
  const opened: vscode.Terminal[] = [];

  beforeEach(async function () {
    box = await freshChat();
  });

  afterEach(() => opened.splice(0).forEach((t) => t.dispose()));

  async function chatWithSession(): Promise<string> {
    const a = await api();
    a.controller.send('scenario:echo remember me');
    assert.equal((await turnDone(a, 1)).status, 'success');
    const id = a.controller.focus.workingChat.sessionId;
    assert.ok(id, 'the first answer gave the chat a Zero session');
    return id;
  }

  it("Copy Session ID puts the chat's session id on the clipboard", async function () {
    const id = await chatWithSession();
    await vscode.env.clipboard.writeText('something else');
    await vscode.commands.executeCommand('zero.copySessionId');
    assert.equal(await vscode.env.clipboard.readText(), id);
  });

  it("Continue in Terminal starts Zero's interactive mode in a terminal and resumes the session there", async function () {
    const id = await chatWithSession();
    await vscode.commands.executeCommand('zero.continueInTerminal');
    const terminal = await until(
      () => vscode.window.terminals.find((t) => t.name.startsWith('Zero: ')),
      'a Zero terminal',
      30_000,
    );
    opened.push(terminal);
    // The fake records its first input line; interactive mode is `zero` with no arguments.
    const run = await until(
      () => box.invocations().find((i) => i.argv.length === 0),
      'zero started in interactive mode',
      30_000,
    );
    assert.equal(run.stdin, `/resume ${id}`);
    assert.equal(box.execs().length, 1, 'nothing else ran: the terminal is Zero itself, not a shell');
  });
});
