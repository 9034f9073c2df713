// History and Continue in Terminal on the real Zero: sessions started by `zero exec` in a terminal are
// listed from the real `zero sessions list --json` as the History picker filters them, and the text the
// product types into Zero's interactive mode names a real session.
import './lib/editorApis';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resumeCommand } from '../../src/host/history/continueInTerminal';
import { isSessionId, listSessions, resumableHere } from '../../src/zero/sessions/sessionsList';
import { productHost, sandboxEnv, type ProductHost } from './lib/productHost';
import { execArgs, makeSandbox, realZeroBin, runZero, type Sandbox } from './lib/realZero';

describe('real Zero: History lists terminal sessions; Continue in Terminal', () => {
  let sandbox: Sandbox;
  let host: ProductHost;
  beforeEach(async () => {
    sandbox = await makeSandbox();
    host = productHost(sandbox);
  });
  afterEach(async () => {
    await host.dispose();
    await sandbox.dispose();
  });

  const terminalRun = async (prompt: string, extra: string[] = []): Promise<string> => {
    const r = await runZero(sandbox, execArgs(prompt, extra));
    assert.equal(r.code, 0, r.stderr);
    return String(r.events.find((e) => e.type === 'run_start')?.sessionId);
  };

  it("a session started in a terminal here is offered; the chat's own, another folder's and a hidden one are not", async () => {
    const started = Date.now();
    await host.send('from the chat scenario:plain');
    const chatSession = host.controller.focus.workingChat.sessionId!;
    const terminal = await terminalRun('from the terminal scenario:plain');
    const other = path.join(sandbox.root, 'other-project');
    fs.mkdirSync(other);
    const elsewhere = await terminalRun('in another folder scenario:plain', ['--cwd', other]);
    const fork = await terminalRun('a fork scenario:plain', [`--fork=${terminal}`]);
    const hidden = await terminalRun('deleted from the history scenario:plain');

    const listed = await listSessions(realZeroBin(), sandboxEnv(sandbox));
    assert.ok(listed.ok, listed.ok ? '' : listed.problem);
    assert.equal(listed.skipped, 0, 'every entry Zero printed parses');
    assert.deepEqual(
      new Set(listed.sessions.map((s) => s.sessionId)),
      new Set([chatSession, terminal, elsewhere, fork, hidden]),
    );

    const offered = resumableHere(listed.sessions, sandbox.workspace, new Set([chatSession, hidden]));
    assert.deepEqual(offered.map((s) => s.sessionId).sort(), [fork, terminal].sort());
    const t = offered.find((s) => s.sessionId === terminal)!;
    assert.equal(t.title, 'from the terminal scenario:plain', 'Zero titles it with the prompt');
    assert.equal(t.kind, '');
    assert.equal(t.cwd, sandbox.workspace);
    assert.ok(t.eventCount >= 3, `events: ${t.eventCount}`);
    assert.ok(
      t.updatedAt >= Math.floor(started / 1000) * 1000 && t.updatedAt <= Date.now(),
      'its time is now (whole seconds)',
    );
    assert.equal(offered.find((s) => s.sessionId === fork)!.kind, 'fork');
  });

  it('Continue in Terminal types /resume with the real id, which Zero accepts to continue that session', async () => {
    const id = await terminalRun('remember the word zebra scenario:plain');
    assert.ok(isSessionId(id), `Zero's id ${id} fits the pattern the product checks before typing it`);
    assert.equal(resumeCommand(id), `/resume ${id}`);
    // Zero's interactive /resume takes the same id its exec --resume does.
    const again = await runZero(sandbox, execArgs('what was the word scenario:plain', [`--resume=${id}`]));
    assert.equal(again.code, 0, again.stderr);
    assert.equal(again.events.find((e) => e.type === 'run_start')?.sessionId, id);
    const sent = (sandbox.server.completions().at(-1)?.body?.messages ?? [])
      .map((m) => JSON.stringify(m.content))
      .join('\n');
    assert.match(sent, /zebra/, 'the continued session carries the earlier message');
  });

  it("an id that is not Zero's is never typed", () => {
    assert.throws(() => resumeCommand('abc; rm -rf ~'), /not a Zero session id/);
  });
});
