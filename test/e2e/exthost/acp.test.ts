// The `zero acp` transport in a real extension host, against the fake `zero acp` (test/fixtures/
// fake-zero/acp.mjs, on the SDK's agent app): Zero waits for the permission dialog inside
// the turn, so an approval costs no second process and no second prompt turn. The dialog is the real
// modal's call (window.showWarningMessage), answered here as the user would: a button, or Esc (which
// VS Code answers with the close affordance, Zero's reject option).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PermissionItem, TextItem, ToolItem, Turn } from '../../../src/conversation/model';
import { api, configure, freshChat, turnDone, withModalAnswers, type Sandbox } from './helpers';
import { until } from '../../support/until';

/** One permission modal on screen: what it says, and the user's answer (a button label, or Esc). */
interface Asked {
  readonly message: string;
  readonly detail: string;
  readonly labels: string[];
  answered: boolean;
  answer(label: string | 'Esc'): void;
}

const tools = (t: Turn): ToolItem[] => t.items.filter((i): i is ToolItem => i.kind === 'tool');
const perms = (t: Turn): PermissionItem[] => t.items.filter((i): i is PermissionItem => i.kind === 'permission');
const answer = (t: Turn): string =>
  (t.items.filter((i) => i.kind === 'text' && i.answer) as TextItem[]).map((i) => i.text).join('');

describe('ACP transport (extension host, fake zero acp)', function () {
  let box: Sandbox;
  let turnsFile: string;

  const acpProcesses = (): number => box.invocations().filter((i) => i.argv[0] === 'acp').length;
  const execRuns = (): number => box.execs().length;
  const modelTurns = (): number =>
    fs.existsSync(turnsFile) ? fs.readFileSync(turnsFile, 'utf8').trim().split('\n').filter(Boolean).length : 0;

  let asked: Asked[] = [];
  let original: typeof vscode.window.showWarningMessage;
  const open = (): Asked | undefined => asked.find((d) => !d.answered);

  beforeEach(async function () {
    asked = [];
    original = vscode.window.showWarningMessage;
    // The permission modal would block the test: hold it open until the test answers, as a user would.
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = (message: string, ...rest: unknown[]) => {
      if (!message.startsWith('Allow Zero to use '))
        return (original as (...args: unknown[]) => unknown)(message, ...rest);
      const opts = rest[0] as vscode.MessageOptions;
      const items = rest.slice(1) as vscode.MessageItem[];
      return new Promise((resolve) => {
        const d: Asked = {
          message,
          detail: opts.detail ?? '',
          labels: items.map((i) => i.title),
          answered: false,
          answer: (label) => {
            d.answered = true;
            resolve(label === 'Esc' ? items.find((i) => i.isCloseAffordance) : items.find((i) => i.title === label));
          },
        };
        assert.equal(opts.modal, true, 'a modal');
        asked.push(d);
      });
    };
    const a = await api();
    box = await freshChat();
    turnsFile = path.join(box.dir, 'turns.jsonl');
    await configure({ transport: 'acp', env: box.env({ FAKE_ZERO_TURNS: turnsFile }) });
    // A new process for this test's sandbox (env is read when it starts).
    await a.acp.zero.shutdown();
    a.controller.focus.newChat();
  });

  afterEach(async function () {
    const a = await api();
    open()?.answer('Esc');
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = original;
    await until(() => !a.controller.runs.isBusy(a.controller.focus.workingChatId), 'no run', 20_000).catch(
      () => undefined,
    );
    await configure({ transport: 'exec' });
    await a.acp.zero.shutdown();
  });

  /** Waits for the permission modal, then answers `label` as a user would. */
  async function choose(label: string | 'Esc'): Promise<Asked> {
    const d = await until(open, 'the permission dialog', 20_000);
    assert.ok(label === 'Esc' || d.labels.includes(label), `option ${label} offered (got ${d.labels.join(', ')})`);
    d.answer(label);
    return d;
  }

  it('web_fetch: the dialog opens while the turn runs; Allow and the same turn goes on (one zero process, one prompt turn)', async function () {
    const a = await api();
    a.controller.send('fetch the page scenario:permission');
    await until(open, 'the permission dialog', 20_000);
    const during = a.controller.focus.workingChat.turns[0]!;
    assert.equal(during.status, 'running', 'the turn is still running while Zero waits');
    assert.equal(perms(during)[0]?.approval, 'pending');
    assert.ok(a.acpDialogs.busy, 'the status bar shows an approval is needed');
    const dialog = await choose('Allow');
    assert.equal(dialog.message, 'Allow Zero to use web_fetch?');
    assert.match(
      dialog.detail,
      /^Call: web_fetch https:\/\/example\.com\/\nKind: fetch\nURL: https:\/\/example\.com\/\n\nZero is waiting for your answer\. Esc: Reject\.$/,
    );
    assert.deepEqual(
      dialog.labels,
      ['Allow', 'Allow for this session', 'Always allow', 'Reject'],
      "Zero's options, Zero's labels, as the buttons",
    );
    const t = await turnDone(a, 1);
    assert.equal(t.status, 'success');
    assert.equal(t.transport, 'acp');
    assert.equal(tools(t)[0]?.status, 'ok');
    assert.match(answer(t), /^Fetched https:\/\/example.com\/: Example Domain/);
    assert.equal(perms(t)[0]?.approval, 'allowed-once');
    assert.equal(a.controller.focus.workingChat.turns.length, 1, 'one turn: no follow-up run');
    assert.equal(acpProcesses(), 1, 'exactly one zero process');
    assert.equal(execRuns(), 0);
    assert.equal(modelTurns(), 2, 'one prompt turn: the model asked before and after the tool, no retry');
    assert.equal(a.controller.focus.workingChat.transport, 'acp');
  });

  it('Reject (Esc): the turn goes on with the refusal', async function () {
    const a = await api();
    a.controller.send('scenario:permission');
    await choose('Esc');
    const t = await turnDone(a, 1);
    assert.equal(t.status, 'success');
    assert.equal(tools(t)[0]?.status, 'error');
    assert.match(answer(t), /I could not fetch/);
    assert.equal(perms(t)[0]?.approval, 'denied');
    assert.equal(perms(t)[0]?.acp?.chosen, 'deny', "Esc picked Zero's reject option");
  });

  it('"Allow for this session": Zero asks again in the next prompt and the chat answers it, without a dialog', async function () {
    const a = await api();
    a.controller.send('scenario:permission');
    await choose('Allow for this session');
    const t = await turnDone(a, 1);
    assert.equal(perms(t)[0]?.acp?.chosen, 'allow_for_session');
    a.controller.send('scenario:permission');
    const t2 = await turnDone(a, 2);
    assert.equal(perms(t2).length, 1, "Zero's grant ended with the prompt: it asked again");
    assert.equal(perms(t2)[0]?.acp?.remembered, true, 'answered by the chat');
    assert.equal(asked.length, 1, 'no dialog the second time');
    assert.equal(tools(t2)[0]?.status, 'ok');
  });

  it('"Allow for this session" on a shell command: the next message\'s question opens the modal again, saying why, that choice its first button', async function () {
    const a = await api();
    a.controller.send('scenario:shell');
    const first = await choose('Allow for this session');
    assert.equal(first.labels[0], 'Allow', "a new question: Zero's order");
    await turnDone(a, 1);
    a.controller.send('scenario:shell');
    const again = await choose('Allow for this session');
    assert.equal(again.message, 'Allow Zero to use exec_command? (asked again)');
    assert.equal(again.labels[0], 'Allow for this session', 'the earlier choice is the first (default) button');
    assert.match(
      again.detail,
      /^Asked again: You chose "Allow for this session" for exec_command earlier in this chat/,
    );
    assert.match(again.detail, /Command: rm -rf build/);
    const t2 = await turnDone(a, 2);
    assert.equal(perms(t2)[0]?.acp?.remembered, undefined, 'the user answered, not the chat');
  });

  // A modal blocks the workbench, so Stop cannot be pressed while it is open; the turn can still end
  // from elsewhere (a command, the process dying), and VS Code cannot close a modal from code.
  for (const how of ['cancelled from elsewhere', 'zero acp dies'] as const) {
    it(`the turn ends while the modal is open (${how}): the card says cancelled at once, the late answer is dropped, the next message works`, async function () {
      const a = await api();
      a.controller.send('scenario:permission');
      const d = await until(open, 'the permission dialog', 20_000);
      if (how === 'cancelled from elsewhere') await a.controller.runs.stop(a.controller.focus.workingChatId);
      else process.kill(-a.acp.zero.pid!, 'SIGKILL');
      const t = await turnDone(a, 1);
      assert.equal(t.status, how === 'zero acp dies' ? 'crashed' : 'interrupted');
      assert.equal(perms(t)[0]?.approval, 'cancelled', 'the card says the request was cancelled');
      assert.equal(d.answered, false, 'the modal is still open (VS Code cannot close it from code)');
      d.answer('Allow');
      await until(() => !a.acpDialogs.busy, 'the dialog released', 30_000);
      assert.equal(
        perms(a.controller.focus.workingChat.turns[0]!)[0]?.approval,
        'cancelled',
        'the late Allow was dropped',
      );
      assert.equal(perms(a.controller.focus.workingChat.turns[0]!)[0]?.acp?.chosen, null);
      a.controller.send('scenario:echo are you there?');
      const t2 = await turnDone(a, 2);
      assert.equal(t2.status, 'success');
      assert.equal(answer(t2), 'You said: scenario:echo are you there?');
    });
  }

  it('zero acp killed mid-turn: the chat says so and keeps the transcript; the next message restarts it in the same session', async function () {
    const a = await api();
    await configure({ env: box.env({ FAKE_ZERO_TURNS: turnsFile, FAKE_ZERO_DELAY_MS: '100' }) });
    await a.acp.zero.shutdown();
    a.controller.send('scenario:echo remember this');
    const first = await turnDone(a, 1);
    const sessionId = a.controller.focus.workingChat.sessionId;
    assert.ok(sessionId);
    a.controller.send('scenario:slow');
    await until(
      () => a.controller.focus.workingChat.turns[1]?.items.some((i) => i.kind === 'text'),
      'streamed text',
      30_000,
    );
    process.kill(-a.acp.zero.pid!, 'SIGKILL');
    const cut = await turnDone(a, 2);
    assert.equal(cut.status, 'crashed');
    assert.match(cut.explanation ?? '', /zero acp was killed by SIGKILL during this turn/);
    assert.ok(
      cut.items.some((i) => i.kind === 'text'),
      'the transcript is kept',
    );
    assert.equal(first.status, 'success');
    a.controller.send('scenario:resume');
    const next = await turnDone(a, 3);
    assert.equal(a.controller.focus.workingChat.sessionId, sessionId);
    assert.match(
      answer(next),
      new RegExp(`Continuing session ${sessionId}: you previously asked: scenario:echo remember this`),
    );
    assert.equal(acpProcesses(), 2, 'restarted once');
  });

  it('plan mode: set_mode is sent, Zero confirms it, and write tools are refused', async function () {
    const a = await api();
    a.controller.send('scenario:echo hi');
    await turnDone(a, 1);
    assert.deepEqual(
      a.controller.focus.workingChat.acp?.modes.map((m) => m.id),
      ['auto', 'ask', 'plan'],
    );
    const chat = a.controller.focus.workingChat;
    a.controller.chats.commit(chat.id, [{ type: 'acp_mode', mode: 'plan' }]);
    // As the header's picker does (composition.ts): Zero's confirmation or the queued mode goes to the chat.
    await a.acp.setMode(chat, 'plan', (action) => a.controller.chats.commit(chat.id, [action]));
    a.controller.send('scenario:write');
    const t = await turnDone(a, 2);
    assert.equal(a.controller.focus.workingChat.acp?.mode, 'plan');
    assert.match(tools(t)[0]?.output ?? '', /not available in plan mode/);
  });

  it('changing zero.env restarts zero acp: the next message runs with the new environment and continues the session', async function () {
    const a = await api();
    a.controller.send('scenario:echo remember me');
    await turnDone(a, 1);
    const sessionId = a.controller.focus.workingChat.sessionId;
    const oldPid = a.acp.zero.pid;
    assert.ok(oldPid, 'zero acp runs');
    await configure({ env: box.env({ FAKE_ZERO_TURNS: turnsFile, FAKE_ZERO_LABEL: 'changed' }) });
    await until(() => a.acp.zero.pid === undefined, 'the old zero acp stopped (it had the old environment)', 15_000);
    a.controller.send('scenario:resume');
    const t = await turnDone(a, 2);
    const started = box.invocations().filter((i) => i.argv[0] === 'acp');
    assert.equal(started.length, 2, 'a new zero acp for the new settings');
    assert.equal(started[1]?.env.FAKE_ZERO_LABEL, 'changed');
    assert.equal(a.controller.focus.workingChat.sessionId, sessionId);
    assert.match(
      answer(t),
      new RegExp(`Continuing session ${sessionId}: you previously asked: scenario:echo remember me`),
    );
  });

  it('a chat that has not run can switch transport; one that has run keeps its own', async function () {
    const a = await api();
    assert.ok(a.controller.runs.setTransport(a.controller.focus.workingChatId, 'exec'));
    a.controller.send('scenario:echo over exec');
    const t = await turnDone(a, 1);
    assert.notEqual(t.transport, 'acp');
    assert.equal(execRuns(), 1);
    assert.equal(
      a.controller.runs.setTransport(a.controller.focus.workingChatId, 'acp'),
      false,
      'a chat that ran keeps its transport',
    );
    assert.equal(acpProcesses(), 0);
  });

  it('side by side on the approval scenario: exec needs two processes and four model turns, ACP one and two', async function () {
    const a = await api();
    // exec: Zero refuses web_fetch, the dialog's "Allow once" reruns the task with a one-run grant.
    assert.ok(a.controller.runs.setTransport(a.controller.focus.workingChatId, 'exec'));
    await configure({ env: box.env({ FAKE_ZERO_TURNS: turnsFile, FAKE_ZERO_SCENARIO: 'needs-grant' }) });
    const execStart = Date.now();
    const execMs = await withModalAnswers(
      () => 'Allow once',
      async () => {
        a.controller.send('What does the example.com page say?');
        const retry = await turnDone(a, 2, 45_000);
        assert.match(answer(retry), /^Fetched https:\/\/example.com\/: Example Domain/);
        return Date.now() - execStart;
      },
    );
    const execFigures = { processes: execRuns(), modelTurns: modelTurns() };
    fs.rmSync(turnsFile, { force: true });
    // ACP: the same question; Zero waits for "Allow" inside the one turn.
    a.controller.focus.newChat();
    assert.ok(a.controller.runs.setTransport(a.controller.focus.workingChatId, 'acp'));
    await configure({ env: box.env({ FAKE_ZERO_TURNS: turnsFile }) });
    await a.acp.zero.shutdown();
    const acpStart = Date.now();
    a.controller.send('What does the example.com page say? scenario:permission');
    await choose('Allow');
    const t = await turnDone(a, 1);
    const acpMs = Date.now() - acpStart;
    assert.match(answer(t), /^Fetched https:\/\/example.com\/: Example Domain/);
    const acpFigures = { processes: acpProcesses(), modelTurns: modelTurns() };
    // The extension host's console is not the runner's: the figures also go to a file for the report.
    fs.writeFileSync(
      path.join(os.tmpdir(), 'zero-acp-figures.json'),
      JSON.stringify({ exec: { ...execFigures, ms: execMs }, acp: { ...acpFigures, ms: acpMs } }),
    );
    console.log(
      `      approval scenario — exec: ${execFigures.processes} zero processes, ${execFigures.modelTurns} model turns, ${execMs} ms to the answer; acp: ${acpFigures.processes} process, ${acpFigures.modelTurns} model turns, ${acpMs} ms (both include the dialog)`,
    );
    assert.deepEqual(execFigures, { processes: 2, modelTurns: 4 });
    assert.deepEqual(acpFigures, { processes: 1, modelTurns: 2 });
  });
});
