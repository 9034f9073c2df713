// /compact on the real Zero: Zero 0.8 compacts a session only in its terminal UI (the TUI lists /compact,
// test/fixtures/zero-0.8.0/tui-slash-commands.json); `zero exec` has no such command and sends "/compact"
// to the model as a message. So the extension says so and offers Continue in Terminal: the product's own
// zero.continueInTerminal command, run as the composer's /compact runs it, opens Zero itself (no shell)
// on the chat's real session with /resume <id> run and /compact typed, not run.
import './lib/editorApis';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { registerCommands, type CommandDeps } from '../../src/host/commands/commands';
import { isAgentTurn, lastUserText } from './lib/zeroTui';
import { productHost, type ProductHost } from './lib/productHost';
import { execArgs, makeSandbox, realZeroBin, runZero, type Sandbox } from './lib/realZero';
import { Uri } from '../unit/shim/vscode';

/* eslint-disable @typescript-eslint/no-explicit-any */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const api = require('vscode') as any;

interface OpenedTerminal {
  readonly options: { shellPath?: string; shellArgs?: string[]; cwd?: string };
  readonly sent: [string, boolean | undefined][];
}

describe('real Zero: /compact has no CLI equivalent; Continue in Terminal with /compact ready', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let host: ProductHost;
  const saved: Record<string, unknown> = {};
  const terminals: OpenedTerminal[] = [];
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  const asked: { text: string; buttons: unknown[] }[] = [];

  beforeEach(async () => {
    sandbox = await makeSandbox();
    host = productHost(sandbox);
    saved.info = api.window.showInformationMessage;
    saved.createTerminal = api.window.createTerminal;
    saved.register = api.commands.registerCommand;
    saved.folders = api.workspace.workspaceFolders;
    api.window.showInformationMessage = async (text: string, ...buttons: unknown[]) => {
      asked.push({ text, buttons });
      return buttons.includes('Continue in Terminal') ? 'Continue in Terminal' : undefined;
    };
    api.window.createTerminal = (options: OpenedTerminal['options']) => {
      const t: OpenedTerminal = { options, sent: [] };
      terminals.push(t);
      return { show: () => undefined, sendText: (text: string, run?: boolean) => t.sent.push([text, run]) };
    };
    api.commands.registerCommand = (id: string, fn: (...args: unknown[]) => unknown) => {
      handlers.set(id, fn);
      return { dispose: () => undefined };
    };
    api.workspace.workspaceFolders = [{ uri: Uri.file(sandbox.workspace), name: 'ws', index: 0 }];
    registerCommands({ controller: host.controller } as unknown as CommandDeps);
  });
  afterEach(async () => {
    api.window.showInformationMessage = saved.info;
    api.window.createTerminal = saved.createTerminal;
    api.commands.registerCommand = saved.register;
    api.workspace.workspaceFolders = saved.folders;
    terminals.length = 0;
    asked.length = 0;
    handlers.clear();
    await host.dispose();
    await sandbox.dispose();
  });

  it('zero exec has no /compact: on the same session it sends "/compact" to the model as typed', async () => {
    await host.send('remember the word zebra scenario:plain');
    const id = host.controller.focus.workingChat.sessionId!;
    const before = sandbox.server.completions().length;
    const r = await runZero(sandbox, execArgs('/compact', [`--resume=${id}`]));
    assert.equal(r.code, 0, r.stderr);
    const turn = sandbox.server.completions().slice(before).find(isAgentTurn);
    // Zero's resume frame around the message: the session so far, whole, then "/compact" as the request.
    const sent = turn ? lastUserText(turn) : '';
    assert.match(sent, /\nCurrent user request:\n\/compact$/);
    assert.match(sent, /remember the word zebra/, 'nothing was compacted');
    const tui = JSON.parse(
      fs.readFileSync(path.join(__dirname, '../fixtures/zero-0.8.0/tui-slash-commands.json'), 'utf8'),
    ) as { commands: { name: string }[] };
    const names = tui.commands.map((c) => c.name);
    assert.ok(names.includes('/compact'), "Zero's terminal UI has /compact");
  });

  it("says so, then opens Zero itself on the chat's real session with /compact typed for the user to run", async () => {
    await host.send('remember the word zebra scenario:plain');
    const id = host.controller.focus.workingChat.sessionId!;
    assert.ok(id, 'the chat has a Zero session');
    await handlers.get('zero.continueInTerminal')!('/compact');
    assert.equal(asked.length, 1);
    assert.match(
      asked[0]!.text,
      /^Zero 0\.8 compacts a session only in its terminal UI: zero exec and zero acp have no \/compact\./,
    );
    assert.deepEqual(asked[0]!.buttons, ['Continue in Terminal']);
    assert.equal(terminals.length, 1);
    const [t] = terminals;
    assert.equal(t!.options.shellPath, realZeroBin(), 'the zero binary itself, no shell');
    assert.deepEqual(t!.options.shellArgs, []);
    assert.equal(t!.options.cwd, sandbox.workspace);
    assert.deepEqual(t!.sent, [
      [`/resume ${id}`, true],
      ['/compact', false],
    ]);
  });

  it('a chat with no session yet: nothing to compact, and no terminal', async () => {
    await handlers.get('zero.continueInTerminal')!('/compact');
    assert.deepEqual(
      asked.map((a) => a.text),
      ['Nothing to compact: this chat has no Zero session yet. It gets one with its first answer.'],
    );
    assert.equal(terminals.length, 0);
  });

  it('Restricted Mode: /compact does not run Zero', async () => {
    api.workspace.isTrusted = false;
    try {
      await handlers.get('zero.continueInTerminal')!('/compact');
    } finally {
      api.workspace.isTrusted = true;
    }
    assert.deepEqual(
      asked.map((a) => a.text),
      ['/compact runs Zero: trust this workspace first.'],
    );
    assert.equal(terminals.length, 0);
  });
});
