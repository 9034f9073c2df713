// Session titles and reasoning effort on the real Zero 0.8: a chat's first exec turn names Zero's session
// after the chat (what `zero sessions list --json` shows in a terminal); Zero keeps that name when the chat
// is renamed (it has no rename command, and --session-title on --resume changes nothing); the composer's
// effort reaches the model request as `reasoning_effort`. Over ACP there is neither: the session is
// "ACP session" and its only options are the mode and the model.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { REASONING_MODEL } from '../fixtures/model-server/server';
import { newChat, reduceChat } from '../../src/conversation/reducer';
import { listModelChoices } from '../../src/zero/config/models';
import { listSessions } from '../../src/zero/sessions/sessionsList';
import { productHost, sandboxEnv, type ProductHost } from './lib/productHost';
import { makeSandbox, realZeroBin, runZero, type Sandbox } from './lib/realZero';
import { until } from '../support/until';

/** Raw JSON-RPC to `zero acp`, one request after the other (stdin stays open: its end cancels Zero's work). */
async function acpAnswers(sandbox: Sandbox, calls: [string, unknown][]): Promise<Record<string, unknown>[]> {
  const child = spawn(realZeroBin(), ['acp'], { cwd: sandbox.workspace, env: sandbox.env, shell: false });
  const answers: Record<string, unknown>[] = [];
  let buffered = '';
  child.stdout.on('data', (c: Buffer) => {
    buffered += c.toString('utf8');
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      const msg = JSON.parse(buffered.slice(0, nl)) as Record<string, unknown>;
      buffered = buffered.slice(nl + 1);
      if (typeof msg.id === 'number') answers.push(msg);
    }
  });
  try {
    for (const [i, [method, params]] of calls.entries()) {
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: i + 1, method, params }) + '\n');
      await until(() => answers.length > i, `the answer to ${method}`, 20_000);
    }
    return answers;
  } finally {
    child.kill('SIGKILL');
  }
}

/** Longer than the chat's 60-character title, so Zero's own title (the prompt, 80 bytes) would differ. */
const LONG = 'Explain why the release notes generator drops entries from merged branches scenario:plain';

describe('real Zero: session titles and reasoning effort', () => {
  let sandbox: Sandbox;
  let host: ProductHost;
  afterEach(async () => {
    await host?.dispose();
    await sandbox?.dispose();
  });

  const titleOf = async (sessionId: string): Promise<string | undefined> => {
    const listed = await listSessions(realZeroBin(), sandboxEnv(sandbox));
    assert.ok(listed.ok, listed.ok ? '' : listed.problem);
    return listed.sessions.find((s) => s.sessionId === sessionId)?.title;
  };
  /** The last model request's body, once this message's run is over. */
  const sendWith = async (text: string, options: Parameters<ProductHost['controller']['send']>[1]) => {
    const before = sandbox.server.completions().length;
    host.controller.send(text, options);
    await until(() => sandbox.server.completions().length > before, 'the model request', 60_000);
    await host.idle();
    return sandbox.server.completions().at(-1)!.body as unknown as Record<string, unknown>;
  };
  /** The title the chat gives itself from its first message (the product's reducer). */
  const chatTitleFor = (message: string) =>
    reduceChat(newChat('c', 0), { type: 'turn_started', turnId: 't', prompt: message, origin: 'prompt', at: 0 }).title;

  it("a chat's first turn names Zero's session after the chat, as zero sessions list --json shows it", async () => {
    sandbox = await makeSandbox();
    host = productHost(sandbox);
    const turn = await host.send(LONG);
    assert.equal(turn.status, 'success', turn.explanation ?? '');
    const title = chatTitleFor(LONG);
    assert.match(title, /^Explain why the release notes .*…$/, 'the chat titles itself from the message, cut');
    assert.equal(await titleOf(turn.run.sessionId!), title);
    assert.ok(
      host.log.lines.some((l) => l.includes('--session-title=<the chat title>')),
      'the log says a title went, without it',
    );
    assert.ok(!host.log.lines.some((l) => l.includes('release notes')), 'the first message is not in the log');
  });

  it('a title that starts with "-" is the title, not a flag', async () => {
    sandbox = await makeSandbox();
    host = productHost(sandbox);
    const turn = await host.send('--help with the changelog scenario:plain');
    assert.equal(turn.status, 'success', turn.explanation ?? '');
    assert.equal(await titleOf(turn.run.sessionId!), '--help with the changelog scenario:plain');
  });

  it('a later turn, and Zero itself on --resume, leave the first title: Zero 0.8 cannot rename a session', async () => {
    sandbox = await makeSandbox();
    host = productHost(sandbox);
    const first = await host.send(LONG);
    const sessionId = first.run.sessionId!;
    const second = await host.send('And the tags? scenario:plain');
    assert.equal(second.status, 'success', second.explanation ?? '');
    assert.equal(second.run.sessionId, sessionId, 'the same session, resumed');
    assert.equal(await titleOf(sessionId), chatTitleFor(LONG));
    // A chat renamed in VS Code could not pass its new name on: Zero ignores --session-title when it resumes.
    const resumed = await runZero(sandbox, [
      'exec',
      '-o',
      'stream-json',
      '--no-notify',
      '--no-completion-gate',
      `--resume=${sessionId}`,
      '--session-title=Release notes work',
      '--',
      'scenario:plain',
    ]);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal(await titleOf(sessionId), chatTitleFor(LONG));
    const sessions = await runZero(sandbox, ['sessions', '--help']);
    assert.match(sessions.stdout, /rewind/, 'the help lists the commands');
    assert.doesNotMatch(sessions.stdout, /rename|title/i, 'no sessions command renames');
  });

  it('the picked effort reaches the model request as reasoning_effort; the default sends none', async () => {
    sandbox = await makeSandbox({ modelsFetch: true, models: [REASONING_MODEL] });
    host = productHost(sandbox);
    const { models } = await listModelChoices(realZeroBin(), sandboxEnv(sandbox));
    assert.deepEqual(
      models.map((m) => [m.id, m.reasoningEfforts]),
      [
        ['scripted-1', []],
        ['scripted-reasoner', ['low', 'medium', 'high']],
      ],
      "the provider's list says which model has efforts",
    );
    const high = await sendWith('Think it through scenario:plain', { model: 'scripted-reasoner', effort: 'high' });
    assert.deepEqual([high.model, high.reasoning_effort], ['scripted-reasoner', 'high']);
    const plain = await sendWith('Again scenario:plain', { model: 'scripted-reasoner' });
    assert.equal(plain.model, 'scripted-reasoner');
    assert.equal('reasoning_effort' in plain, false, 'no effort picked: none sent');
  });

  it('over ACP the session is "ACP session" whatever the chat is called, and Zero offers only mode and model options', async () => {
    sandbox = await makeSandbox();
    host = productHost(sandbox, { transport: 'acp' });
    const turn = await host.send(LONG);
    assert.equal(turn.status, 'success', turn.explanation ?? '');
    const listed = await listSessions(realZeroBin(), sandboxEnv(sandbox));
    assert.ok(listed.ok && listed.sessions.length === 1, 'the chat made one session');
    assert.equal(listed.sessions[0]!.title, 'ACP session');

    const raw = await acpAnswers(sandbox, [
      ['initialize', { protocolVersion: 1, clientCapabilities: { fs: {}, terminal: false } }],
      // A title is not part of Zero's session/new: it is ignored.
      ['session/new', { cwd: sandbox.workspace, mcpServers: [], title: 'My chat' }],
    ]);
    const created = raw[1] as { result?: { sessionId: string; configOptions?: { id: string }[] } } | undefined;
    assert.ok(created?.result, `session/new answered: ${JSON.stringify(raw).slice(0, 300)}`);
    assert.deepEqual(
      created.result.configOptions?.map((o) => o.id),
      ['model', 'mode'],
      'no effort option',
    );
    assert.equal(await titleOf(created.result.sessionId), 'ACP session');
  });
});
