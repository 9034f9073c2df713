// How long the real Zero's "Allow for this session" lasts, and what the chat does about it: Zero's
// grant ends with the prompt (a new sandbox engine per session/prompt), so the chat remembers it and
// answers Zero's next matching request itself, saying so on the permission card; but only where
// Zero's own grant would have answered. What Zero asks again about on purpose (a network, destructive
// or escalated command, extra sandbox access, request_permissions) opens the dialog.
import * as assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { selected } from '../../src/acp/permissionOptions';
import type { AskAgain } from '../../src/approvals/acpPermissionText';
import { chatFile } from '../../src/storage/chatFiles';
import type { ZeroAcp } from '../../src/acp/zeroAcp';
import { ASKS_AGAIN } from '../fixtures/model-server/acpScenarios';
import { AcpChat, closeRealAcp, openRealAcp, permissionsOf, toolsOf, warningsOf } from './lib/acpChat';
import { productHost } from './lib/productHost';
import type { Sandbox } from './lib/realZero';

describe('real zero acp: "Allow for this session"', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let zero: ZeroAcp;
  let chat: AcpChat;
  beforeEach(async () => ({ sandbox, zero, chat } = await openRealAcp(async () => selected('allow_for_session'))));
  afterEach(async () => closeRealAcp(zero, sandbox));

  it('within one prompt Zero itself does not ask again for the same host, but does for another host', async () => {
    const same = await chat.turn('scenario:double-fetch');
    assert.equal(permissionsOf(same).length, 1, 'Zero asked once for two fetches of example.com');
    assert.ok(toolsOf(same).length >= 2);
    const other = await chat.turn('scenario:double-fetch url=https://example.net/ second=https://example.org/');
    assert.deepEqual(
      permissionsOf(other).map((p) => p.acp?.title),
      ['web_fetch https://example.net/', 'web_fetch https://example.org/'],
    );
  });

  it('in the next message Zero asks again; the chat answers it with the same option, without a dialog, and the card says so', async () => {
    const first = await chat.turn('scenario:fetch');
    assert.equal(permissionsOf(first)[0]!.approval, 'allowed-session');
    assert.equal(chat.asked.length, 1);
    chat.ask = async () => assert.fail('the dialog opened again');
    const second = await chat.turn('scenario:fetch');
    const card = permissionsOf(second);
    assert.equal(card.length, 1, 'Zero sent a new session/request_permission: its grant did not outlive the prompt');
    assert.deepEqual(
      [card[0]!.approval, card[0]!.acp?.chosen, card[0]!.acp?.remembered],
      ['allowed-session', 'allow_for_session', true],
    );
    assert.equal(chat.asked.length, 1, 'no dialog');
    assert.doesNotMatch(toolsOf(second)[0]!.output ?? '', /Permission denied/);
    assert.equal(second.status, 'success');
  });

  it("the chat's memory stays within Zero's scope: another host is asked about", async () => {
    await chat.turn('scenario:fetch');
    chat.ask = async () => selected('deny');
    const other = await chat.turn('scenario:fetch url=https://example.org/');
    assert.equal(chat.asked.length, 2);
    assert.equal(chat.asked[1]!.toolCall.title, 'web_fetch https://example.org/');
    assert.match(toolsOf(other)[0]!.output ?? '', /Permission denied/);
  });

  it('a shell command allowed for the session: Zero does not ask about a plain one in that prompt; in the next message the dialog opens, the choice preselected', async () => {
    const first = await chat.turn('scenario:double-shell cmd=echo+a then=ls');
    assert.equal(
      permissionsOf(first).length,
      1,
      'Zero did not ask about `ls` after `echo a` was allowed for the session',
    );
    const later = await chat.turn('scenario:shell cmd=echo+later');
    assert.equal(
      chat.asked.length,
      2,
      'the dialog opened: the chat cannot tell this command from one Zero asks again about',
    );
    assert.equal(chat.again[1]?.preselect, 'allow_for_session');
    assert.match(chat.again[1]?.why ?? '', /network.*destructive.*outside the sandbox/s);
    assert.equal(permissionsOf(later)[0]?.acp?.remembered, undefined);
    assert.equal(toolsOf(later)[0]!.output, 'output:\nlater\nexit_code: 0');
  });

  it('after a window reload (the product host again on the same chat file, a new zero acp, session/load) the chat still answers for the session', async () => {
    const first = productHost(sandbox, { transport: 'acp', acpAsk: async () => selected('allow_for_session') });
    let turn;
    try {
      turn = await first.send('scenario:fetch');
    } finally {
      await first.dispose();
    }
    assert.equal(permissionsOf(turn)[0]!.approval, 'allowed-session');
    const sessionId = first.controller.focus.workingChat.sessionId;
    const reloaded = productHost(sandbox, {
      transport: 'acp',
      acpAsk: async () => assert.fail('the dialog opened after the reload'),
    });
    try {
      assert.equal(reloaded.controller.focus.workingChat.sessionId, sessionId, 'the chat reopened from its file');
      const again = await reloaded.send('scenario:fetch');
      const card = permissionsOf(again);
      assert.equal(card.length, 1, 'the new zero acp asked again');
      assert.deepEqual(
        [card[0]!.approval, card[0]!.acp?.chosen, card[0]!.acp?.remembered],
        ['allowed-session', 'allow_for_session', true],
      );
      assert.doesNotMatch(toolsOf(again)[0]!.output ?? '', /Permission denied/);
      assert.equal(again.run.sessionId, sessionId, 'session/load of the same session');
    } finally {
      await reloaded.dispose();
    }
  });

  it('after a window reload, a chat saved with a grant for every command (an earlier version) loses it, its card says so, and the next command opens the dialog', async () => {
    const first = productHost(sandbox, { transport: 'acp', acpAsk: async () => selected('allow_for_session') });
    try {
      await first.send('scenario:asks-again first=plain');
    } finally {
      await first.dispose();
    }
    const chatId = first.controller.focus.workingChatId;
    const sessionId = first.controller.focus.workingChat.sessionId;
    assert.equal(first.controller.focus.workingChat.acpGrants, undefined, 'a shell grant is not kept to answer with');
    // What the earlier version appended to the chat's log for that answer.
    const file = chatFile(path.join(sandbox.root, 'chats'), chatId);
    const seq = Math.max(
      ...readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { seq: number }).seq),
    );
    const grant = { optionId: 'allow_for_session', tool: 'exec_command', scope: '' };
    appendFileSync(
      file,
      `${JSON.stringify({ seq: seq + 1, action: { type: 'acp_session_grant', sessionId, grant } })}\n`,
    );
    const asked: acp.RequestPermissionRequest[] = [];
    const reloaded = productHost(sandbox, {
      transport: 'acp',
      acpAsk: async (req) => (asked.push(req), selected('deny')),
    });
    try {
      const reopened = reloaded.controller.focus.workingChat;
      assert.equal(reopened.sessionId, sessionId, 'the chat reopened from its file');
      assert.equal(reopened.acpGrants, undefined, 'the grant is gone');
      const said = warningsOf(reopened.turns.at(-1)!).filter((m) => /Allow for this session/.test(m));
      assert.equal(said.length, 1, warningsOf(reopened.turns.at(-1)!).join('\n'));
      assert.match(said[0]!, /exec_command/);
      assert.match(said[0]!, /no longer/);
      const again = await reloaded.send('scenario:asks-again first=destructive');
      assert.equal(asked.length, 1, 'the dialog opened for the destructive command');
      assert.deepEqual(asked[0]!.toolCall.rawInput, { cmd: 'rm -rf zero-scratch' });
      assert.equal(permissionsOf(again)[0]!.approval, 'denied');
    } finally {
      await reloaded.dispose();
    }
  });

  it('a new session (a new chat) starts with nothing remembered', async () => {
    await chat.turn('scenario:fetch');
    const fresh = new AcpChat(zero, sandbox.workspace);
    fresh.ask = async () => selected('deny');
    const turn = await fresh.turn('scenario:fetch');
    assert.equal(fresh.asked.length, 1);
    assert.equal(permissionsOf(turn)[0]!.approval, 'denied');
  });
});

describe('real zero acp: what Zero asks again about after "Allow for this session" opens the dialog', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let zero: ZeroAcp;
  let chat: AcpChat;
  beforeEach(async () => {
    ({ sandbox, zero, chat } = await openRealAcp(async (req) =>
      selected(req.options.some((o) => o.optionId === 'allow_for_session') ? 'allow_for_session' : 'allow'),
    ));
    mkdirSync(path.join(sandbox.workspace, 'zero-scratch'));
  });
  afterEach(async () => closeRealAcp(zero, sandbox));

  /** The dialog of Zero's `n`-th question: asked, and told why it asks again. */
  const openedFor = (n: number, shape: string): AskAgain => {
    assert.ok(chat.asked.length > n, `the dialog opened for ${shape}`);
    assert.deepEqual(chat.asked[n]!.toolCall.rawInput, withDefaults(ASKS_AGAIN[shape]!.args, shape));
    const again = chat.again[n];
    assert.ok(again, `the dialog for ${shape} says why it asks again`);
    return again;
  };

  it('a plain command, allowed for the session, then another in the next message: the dialog, the choice preselected', async () => {
    await chat.turn('scenario:asks-again first=plain then=plain2');
    assert.equal(chat.asked.length, 1, 'Zero did not ask about the second plain command in that prompt');
    const turn = await chat.turn('scenario:asks-again first=plain2');
    assert.equal(openedFor(1, 'plain2').preselect, 'allow_for_session');
    assert.equal(permissionsOf(turn)[0]!.acp?.remembered, undefined, 'not answered by the chat');
  });

  for (const [shape, what, preselect] of [
    ['destructive', 'a destructive command (rm -rf)', 'allow_for_session'],
    ['network', 'a command that needs the network (curl)', 'allow_for_session'],
    ['escalated', 'a command run outside the sandbox (require_escalated)', null],
    ['additional', 'a command asking for extra sandbox access (additional_permissions)', null],
    ['permissions', 'request_permissions', null],
  ] as const)
    it(`after a plain command allowed for the session, ${what} opens the dialog, in the same prompt and in the next`, async () => {
      const same = await chat.turn(`scenario:asks-again first=plain then=${shape}`);
      assert.equal(permissionsOf(same).length, 2, `Zero asked again about ${shape} within the prompt`);
      const inPrompt = openedFor(1, shape);
      assert.equal(inPrompt.preselect, preselect);
      assert.equal(permissionsOf(same)[1]!.acp?.remembered, undefined);
      if (shape === 'escalated') assert.match(inPrompt.why, /require_escalated/);
      if (shape === 'additional') assert.match(inPrompt.why, /extra sandbox access/);
      if (shape === 'permissions') assert.match(inPrompt.why, /every time/);
      const next = await chat.turn(`scenario:asks-again first=${shape}`);
      assert.equal(chat.asked.length, 3, 'the next message: the dialog again');
      openedFor(2, shape);
      assert.equal(permissionsOf(next)[0]!.acp?.remembered, undefined);
    });
});

describe('real zero acp: a command prefix allowed for the session', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let zero: ZeroAcp;
  let chat: AcpChat;
  beforeEach(async () => {
    ({ sandbox, zero, chat } = await openRealAcp(async (req) =>
      selected(
        req.options.some((o) => o.optionId === 'allow_prefix_for_session') ? 'allow_prefix_for_session' : 'deny',
      ),
    ));
    mkdirSync(path.join(sandbox.workspace, 'zero-scratch'));
    mkdirSync(path.join(sandbox.workspace, 'zero-scratch-two'));
  });
  afterEach(async () => closeRealAcp(zero, sandbox));

  // Zero's prefix grant sets PermissionGranted, which its destructive check honours (sandbox/engine.go
  // Evaluate): the chat answering the same command in the next message covers no more than Zero did.
  it("covers a destructive command starting with it in the prompt (Zero's own grant); in the next message the chat answers the same", async () => {
    const turn = await chat.turn('scenario:asks-again first=destructive then=destructive-more');
    assert.equal(permissionsOf(turn).length, 1, "Zero's prefix grant covered the second rm -rf");
    assert.ok(
      chat.asked[0]!.options.some((o) => o.optionId === 'allow_prefix_for_session'),
      'Zero offered the prefix',
    );
    chat.ask = async () => assert.fail('the dialog opened again');
    const next = await chat.turn('scenario:asks-again first=destructive-more');
    const card = permissionsOf(next);
    assert.equal(card.length, 1, 'a new prompt: Zero asked again');
    assert.deepEqual([card[0]!.acp?.chosen, card[0]!.acp?.remembered], ['allow_prefix_for_session', true]);
  });
});

/** The input Zero sends for a shape: request_permissions gains an empty environment_id. */
function withDefaults(args: Record<string, unknown>, shape: string): Record<string, unknown> {
  return shape === 'permissions' ? { environment_id: '', ...args } : args;
}
