// The chat through the real `vscode` API and the real runner, with the fake zero as the CLI.
import * as assert from 'node:assert/strict';
import { api, configure, fakeZeroPath, freshChat, lastTurn, turnDone, type Sandbox } from './helpers';
import { until } from '../../support/until';

describe('Chat (extension host, fake zero)', function () {
  let box: Sandbox;

  beforeEach(async function () {
    box = await freshChat();
  });

  it('finds the configured zero and recognises the demo fake', async function () {
    const a = await api();
    assert.equal(a.controller.view.binary.ok, true);
    assert.equal(a.controller.view.binary.path, fakeZeroPath());
    assert.equal(a.controller.view.binary.demo, true);
  });

  it('sends a prompt on stdin, streams the answer, and ends with success', async function () {
    const a = await api();
    a.controller.send('Say hello scenario:reasoning');
    const t = await turnDone(a, 1);
    assert.equal(t.status, 'success');
    assert.equal(t.exitCode, 0);
    assert.ok(t.finalText && t.finalText.length > 0, 'an answer');
    assert.ok(
      t.items.some((i) => i.kind === 'reasoning'),
      'reasoning kept apart',
    );
    const [inv] = box.execs();
    assert.ok(inv, 'zero was run');
    assert.deepEqual(inv.argv.slice(0, 8), [
      'exec',
      '-o',
      'stream-json',
      '-i',
      'stream-json',
      '--no-notify',
      '--no-completion-gate',
      '--cwd',
    ]);
    // The prompt goes on stdin; only the chat's title, made from its first words, names the new
    // session (`--session-title`, docs/zero-exec.md §20).
    assert.deepEqual(
      inv.argv.filter((x) => x.includes('Say hello')),
      [`--session-title=${a.controller.focus.workingChat.title}`],
      'the prompt never goes in argv, only the chat title',
    );
    assert.match(inv.stdin ?? '', /"content":"Say hello scenario:reasoning"/);
  });

  it('continues the same Zero session with --resume=<id> on the next turn', async function () {
    const a = await api();
    a.controller.send('first question scenario:echo');
    const first = await turnDone(a, 1);
    const sessionId = first.run.sessionId;
    assert.ok(sessionId);
    a.controller.send('second question scenario:resume');
    const second = await turnDone(a, 2);
    assert.equal(second.status, 'success');
    assert.equal(second.run.sessionId, sessionId);
    const argv = box.execs()[1]!.argv;
    assert.ok(argv.includes(`--resume=${sessionId}`), argv.join(' '));
  });

  it('queues a message sent while a run is going, then runs it', async function () {
    const a = await api();
    await configure({ env: box.env({ FAKE_ZERO_DELAY_MS: '20', FAKE_ZERO_SLOW_COUNT: '20' }) });
    a.controller.send('slow one scenario:slow');
    await until(() => a.controller.runs.isBusy(a.controller.focus.workingChatId), 'the run started', 30_000);
    a.controller.send('queued one scenario:echo');
    assert.deepEqual(a.controller.viewState().queued, ['queued one scenario:echo']);
    const second = await turnDone(a, 2, 60_000);
    assert.equal(second.prompt, 'queued one scenario:echo');
    assert.equal(second.status, 'success');
    assert.equal(a.controller.focus.workingChat.turns[0]!.status, 'success');
  });

  it('Stop interrupts a slow run (exit 130) and the process is gone', async function () {
    const a = await api();
    await configure({ env: box.env({ FAKE_ZERO_DELAY_MS: '100' }) });
    a.controller.send('take your time scenario:slow');
    await until(
      () => lastTurn(a.controller.focus.workingChat).items.some((i) => i.kind === 'text'),
      'text streams',
      30_000,
    );
    await a.controller.runs.stop(a.controller.focus.workingChatId);
    const t = await turnDone(a, 1);
    assert.equal(t.status, 'interrupted');
    assert.equal(t.exitCode, 130);
  });

  it('a missing binary fails the turn with a clear message and keeps the prompt', async function () {
    const a = await api();
    const drafts: string[] = [];
    const sub = a.controller.chats.onDidChange((c) => c.kind === 'insertDraft' && drafts.push(c.text));
    try {
      await configure({ path: '/nonexistent/zero' });
      await a.recheckBinary();
      assert.equal(a.controller.view.binary.ok, false);
      assert.match(a.controller.view.binary.problem ?? '', /nonexistent/);
      a.controller.send('please keep me');
      const t = await turnDone(a, 1);
      assert.equal(t.status, 'failed');
      assert.equal(t.prompt, 'please keep me');
      assert.match(t.explanation ?? '', /nonexistent/);
      assert.deepEqual(drafts, ['please keep me']);
    } finally {
      sub.dispose();
    }
  });

  it('a crash without run_end is reported as a crash with the stderr tail', async function () {
    const a = await api();
    a.controller.send('boom scenario:crash');
    const t = await turnDone(a, 1);
    assert.equal(t.status, 'crashed');
    assert.equal(t.exitCode, 1);
    assert.match(t.explanation ?? '', /crash/i);
    assert.match(t.stderrTail ?? '', /zero crashed/);
  });

  it('a provider error shows its code and message, exit 3', async function () {
    const a = await api();
    a.controller.send('fail please scenario:provider-error');
    const t = await turnDone(a, 1);
    assert.equal(t.status, 'error');
    assert.equal(t.exitCode, 3);
    assert.ok(t.items.some((i) => i.kind === 'error' && i.code === 'provider_error'));
  });

  it('saves the chat so it can be reopened from history', async function () {
    const a = await api();
    a.controller.send('remember me scenario:echo');
    await turnDone(a, 1);
    const id = a.controller.focus.workingChat.id;
    a.controller.focus.newChat();
    assert.equal(a.controller.focus.workingChat.turns.length, 0);
    assert.ok(a.controller.viewState().history.some((h) => h.id === id));
    assert.ok(a.controller.openChat(id));
    assert.equal(a.controller.focus.workingChat.turns[0]!.prompt, 'remember me scenario:echo');
  });

  it('images for a model without vision: Zero drops them and the chat says so; the mode and model picked go as flags', async function () {
    const a = await api();
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    a.controller.send('scenario:echo what is this?', {
      images: [{ mediaType: 'image/png', data: png }],
      model: 'text-only-1',
      mode: 'ask',
    });
    const t = await turnDone(a, 1);
    assert.equal(t.status, 'success');
    const notice = t.items.find((i) => i.kind === 'warning' && i.code === 'images-ignored');
    assert.ok(notice && notice.kind === 'warning', JSON.stringify(t.items));
    assert.match(notice.message, /The model text-only-1 cannot see images: Zero ignored 1 image/);
    assert.deepEqual(t.composed, {
      text: 'scenario:echo what is this?',
      chips: [],
      images: 1,
      mode: 'ask',
      model: 'text-only-1',
    });
    assert.equal(t.run.model, 'text-only-1');
  });
});
