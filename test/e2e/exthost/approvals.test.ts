// Approvals that really take effect: the fake zero refuses a prompt-gated tool without a grant and
// runs it with one, exactly as real headless `zero exec` does (docs/zero-exec.md §9.2, §15). The
// scenario comes from the environment, so the follow-up run (prompted with the retry message, as a
// real agent would be) attempts the same call again.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { PermissionItem, ToolItem, Turn } from '../../../src/conversation/model';
import { api, configure, freshChat, turnDone, withModalAnswers, type Sandbox } from './helpers';
import { until } from '../../support/until';

const tools = (t: Turn): ToolItem[] => t.items.filter((i): i is ToolItem => i.kind === 'tool');
const perms = (t: Turn): PermissionItem[] => t.items.filter((i): i is PermissionItem => i.kind === 'permission');

describe('Approvals (extension host, fake zero)', function () {
  let box: Sandbox;

  beforeEach(async function () {
    box = await freshChat();
  });

  async function settle(): Promise<void> {
    const a = await api();
    await until(
      () => !a.approvals.busy && !a.controller.runs.isBusy(a.controller.focus.workingChatId),
      'no dialog and no run',
      30_000,
    );
  }

  it('Allow once: a follow-up run on the same session really succeeds, and the grant does not persist', async function () {
    const a = await api();
    await configure({ env: box.env({ FAKE_ZERO_SCENARIO: 'needs-grant' }) });
    await withModalAnswers(
      () => 'Allow once',
      async (calls) => {
        a.controller.send('fetch it scenario:needs-grant');
        const first = await turnDone(a, 1);
        assert.equal(tools(first)[0]?.status, 'error', 'refused without a grant');
        const retry = await turnDone(a, 2, 45_000);
        await settle();
        assert.equal(calls.length, 1);
        assert.match(calls[0]!.message, /web_fetch/);
        assert.match(calls[0]!.detail, /Fetches remote URL content over the network/);
        assert.equal(perms(a.controller.focus.workingChat.turns[0]!)[0]?.approval, 'allowed-once');
        assert.equal(retry.origin, 'retry');
        assert.equal(retry.run.sessionId, first.run.sessionId);
        assert.equal(tools(retry).find((t) => t.name === 'web_fetch')?.status, 'ok', 'the approved call ran');
        const inv = box.execs();
        assert.ok(inv[1]!.argv.includes(`--resume=${first.run.sessionId}`));
        assert.notEqual(inv[1]!.env.ZERO_SANDBOX_GRANTS_PATH, box.grants, 'a temporary grants file');
        assert.ok(!fs.existsSync(inv[1]!.env.ZERO_SANDBOX_GRANTS_PATH!), 'the temporary grants file is cleaned up');
        assert.ok(
          !fs.existsSync(box.grants) || !fs.readFileSync(box.grants, 'utf8').includes('web_fetch'),
          'nothing persisted',
        );
      },
    );
  });

  it('Always allow: persisted through zero, so a new chat does not ask again', async function () {
    const a = await api();
    await configure({ env: box.env({ FAKE_ZERO_SCENARIO: 'needs-grant' }) });
    await withModalAnswers(
      () => 'Always allow',
      async (calls) => {
        a.controller.send('fetch it scenario:needs-grant');
        await turnDone(a, 1);
        const retry = await turnDone(a, 2, 45_000);
        await settle();
        assert.equal(tools(retry).find((t) => t.name === 'web_fetch')?.status, 'ok');
        assert.match(fs.readFileSync(box.grants, 'utf8'), /web_fetch/);
        a.controller.focus.newChat();
        a.controller.send('fetch again scenario:needs-grant');
        const again = await turnDone(a, 1);
        await settle();
        assert.equal(calls.length, 1, 'no second dialog');
        assert.equal(perms(again).filter((p) => p.event === 'permission_request').length, 0);
        assert.equal(tools(again).find((t) => t.name === 'web_fetch')?.status, 'ok');
      },
    );
  });

  it('Deny (or Esc): no follow-up run, the card says denied', async function () {
    const a = await api();
    await configure({ env: box.env({ FAKE_ZERO_SCENARIO: 'needs-grant' }) });
    await withModalAnswers(
      () => undefined,
      async (calls) => {
        a.controller.send('fetch it scenario:needs-grant');
        const first = await turnDone(a, 1);
        await settle();
        // A follow-up would have taken the chat first: the next message's turn is the end signal.
        a.controller.send('and now? scenario:needs-grant');
        const second = await turnDone(a, 2);
        await settle();
        const all = a.controller.focus.workingChat.turns;
        assert.deepEqual(
          all.map((t) => t.origin),
          ['prompt', 'prompt'],
          'no follow-up turn',
        );
        assert.equal(second.prompt, 'and now? scenario:needs-grant');
        assert.equal(calls.length, 2, 'one dialog per message');
        assert.equal(perms(all[0]!)[0]?.approval, 'denied');
        assert.equal(box.execs().length, 2);
        assert.equal(first.status, 'success');
      },
    );
  });

  it('a hard deny by the sandbox opens no dialog', async function () {
    const a = await api();
    await withModalAnswers(
      () => 'Allow once',
      async (calls) => {
        a.controller.send('do it scenario:hard-deny');
        const t = await turnDone(a, 1);
        await settle();
        assert.equal(calls.length, 0);
        assert.ok(perms(t).some((p) => p.event === 'permission_decision' && p.action === 'deny'));
        assert.equal(a.controller.focus.workingChat.turns.length, 1);
      },
    );
  });

  it('two requests in one run are asked one after another, then retried in one run', async function () {
    const a = await api();
    await configure({ env: box.env({ FAKE_ZERO_SCENARIO: 'two-permissions' }) });
    await withModalAnswers(
      () => 'Allow once',
      async (calls) => {
        a.controller.send('two things scenario:two-permissions');
        await turnDone(a, 1);
        const retry = await turnDone(a, 2, 45_000);
        await settle();
        assert.equal(calls.length, 2);
        assert.notEqual(calls[0]!.message, calls[1]!.message);
        assert.equal(a.controller.focus.workingChat.turns.length, 2, 'one follow-up for both');
        assert.equal(retry.origin, 'retry');
      },
    );
  });

  it('allow one, deny the other: the retry does not ask again about the denied tool', async function () {
    const a = await api();
    await configure({ env: box.env({ FAKE_ZERO_SCENARIO: 'two-permissions' }) });
    await withModalAnswers(
      (message) => (/web_fetch/.test(message) ? 'Allow once' : 'Deny'),
      async (calls) => {
        a.controller.send('two things');
        await turnDone(a, 1);
        const retry = await turnDone(a, 2, 45_000);
        await settle();
        assert.equal(calls.length, 2, 'asked once per tool, not again in the retry');
        assert.match(retry.prompt, /web_fetch/);
        assert.doesNotMatch(retry.prompt, /web_search/);
        const again = perms(a.controller.focus.workingChat.turns[1]!).find(
          (p) => p.event === 'permission_request' && p.name === 'web_search',
        );
        assert.equal(again?.approval, 'denied', 'the repeated request is recorded as denied');
        assert.equal(a.controller.focus.workingChat.turns.length, 2, 'no further follow-up');
      },
    );
  });

  it('outside the workspace: Allow once retries with --add-dir for that folder', async function () {
    const a = await api();
    const outside = `${box.dir}/outside/notes.txt`;
    fs.mkdirSync(`${box.dir}/outside`);
    await configure({ env: box.env({ FAKE_ZERO_OUTSIDE_PATH: outside, FAKE_ZERO_SCENARIO: 'outside-workspace' }) });
    await withModalAnswers(
      () => 'Allow once',
      async () => {
        a.controller.send('write there scenario:outside-workspace');
        await turnDone(a, 1);
        const retry = await turnDone(a, 2, 45_000);
        await settle();
        const argv = box.execs()[1]!.argv;
        assert.deepEqual(argv.slice(argv.indexOf('--add-dir'), argv.indexOf('--add-dir') + 2), [
          '--add-dir',
          `${box.dir}/outside`,
        ]);
        assert.equal(tools(retry).find((t) => t.name === 'write_file')?.status, 'ok');
      },
    );
  });

  it('shell network cannot be approved here: the dialog says so and nothing is retried', async function () {
    const a = await api();
    await withModalAnswers(
      () => undefined,
      async (calls) => {
        a.controller.send('curl scenario:shell-network');
        const t = await turnDone(a, 1);
        await settle();
        assert.equal(calls.length, 1);
        assert.match(calls[0]!.message, /cannot be approved/);
        assert.match(calls[0]!.detail, /"network": "allow"/);
        assert.equal(perms(t).find((p) => p.event === 'permission_request')?.approval, 'not-approvable');
        assert.equal(a.controller.focus.workingChat.turns.length, 1);
      },
    );
  });
});
